// The CPU pipeline, registered as `nereid-cpu-lower{target=...}` so that one nereid-opt line
// reproduces it: tt IR in, an LLVM-dialect module with the launch entries out.

#include "nereid/CPU/Passes.h"
#include "nereid/Conversion/Pipelines.h"
#include "nereid/Dialect/Triton/Transforms/Passes.h"
#include "nereid/Dialect/Triton/Transforms/Pipeline.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::nereid::cpu {

namespace {

/// The canonicalizer as `canonicalize` runs it, without MLIR 22's
/// RemoveDuplicateSuccessorInputUses, a pattern of region branch ops whose time grows with the
/// square of a loop's arguments. A loop that carries a tile as its register chunks has
/// hundreds (flash attention's, 528: 24 of its 31 s of compilation went there), and the
/// pattern found nothing to do in them. Patterns are named by their debug names; under
/// another name the pattern would run again, slowly but correctly.
std::unique_ptr<Pass> createCpuCanonicalizerPass() {
  GreedyRewriteConfig config;
  config.setUseTopDownTraversal(true);
  return createCanonicalizerPass(config,
                                 {"(anonymous namespace)::RemoveDuplicateSuccessorInputUses"});
}

} // namespace

void buildCpuToVectorPipeline(OpPassManager &pm, const CpuPipelineOptions &options) {
  pm.addPass(createCpuRebaseLoopPointersPass());
  pm.addPass(createCpuAccumulateDotsInMemoryPass());
  pm.addPass(createCpuComputeCostlyTilesByRowsPass());
  pm.addPass(createCpuLoadDotOperandsByRowsPass({options.bf16DotPairs}));
  pm.addPass(createCpuTransposeTilesInMemoryPass());
  pm.addPass(createCpuScanTilesInMemoryPass());
  pm.addPass(createCpuStoreTilesByRowsPass());
  pm.addPass(createCpuVersionLoopsOnContiguousOffsetsPass());
  pm.addPass(createCpuReduceLoopAccumulatorsPass());
  pm.addPass(createCpuReduceTilesByRowsPass());
  pm.addPass(createCpuCarryLoopTilesInMemoryPass({options.target}));
  pm.addPass(createCpuPredicateTileBranchesPass({options.target}));
  pm.addPass(createCpuStripMineTilesPass({options.target}));
  pm.addPass(createCpuVersionLoopsOnMasksPass());
  pm.addPass(createCpuStreamLargeStoresPass({options.streamingStoreBytes}));
  pm.addPass(createCpuTraceAccessBoundsPass());
  pm.addPass(createCpuConvertToVectorPass({options.target, options.bf16DotPairs}));
  pm.addPass(createCpuLimitStackBuffersPass());
  // math.ipowi and math.fpowi become functions of square-and-multiply loops, whose integer
  // divisions tt-guard-arith then guards like any other.
  pm.addPass(createConvertMathToFuncs());
  pm.addPass(tt::createGuardArithPass());
  pm.addPass(createCpuCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCpuScalarizeLaneExtractsPass());
  // After the chunks' glue is folded: on unfolded glue, canonicalization of the split loops
  // took minutes.
  pm.addPass(createCpuSplitLoopTilesPass({options.target}));
  pm.addPass(createCpuCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createCpuScheduleChunksPass());
  pm.addPass(createCpuBranchOnContiguousPointersPass());
  pm.addPass(createCpuBranchOnFullMasksPass({options.target}));
  pm.addPass(createCpuPrefetchNextRowsPass());
}

void buildCpuVectorToLLVMPipeline(OpPassManager &pm, const CpuPipelineOptions &options) {
  pm.addPass(createCpuAddLaunchEntriesPass());
  pm.addPass(createCpuLowerMathPass({options.target}));
  pm.addPass(createCpuExpandArithPass());
  pm.addPass(createConvertSCFToOpenMPPass());
  pm.addPass(createSCFToControlFlowPass());
  // Slices of local-memory buffers (memref.subview) become offset arithmetic on their base.
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  ConvertVectorToLLVMPassOptions vectorToLLVM;
  vectorToLLVM.x86Vector = true; // x86vector.avx512.dot, of bf16 dots in pairs
  pm.addPass(createConvertVectorToLLVMPass(vectorToLLVM));
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCpuCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void buildCpuPipeline(OpPassManager &pm, const CpuPipelineOptions &options) {
  tt::buildTritonPipeline(pm);
  if (options.checkBounds)
    pm.addPass(createCpuCheckBoundsPass());
  TritonGPUPipelineOptions layoutOptions;
  layoutOptions.target = options.target;
  layoutOptions.numWarps = 1;
  buildTritonGPUPipeline(pm, layoutOptions);
  buildCpuToVectorPipeline(pm, options);
  buildCpuVectorToLLVMPipeline(pm, options);
}

namespace {

struct CpuPipelineCommandLineOptions : PassPipelineOptions<CpuPipelineCommandLineOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("the ttg.target of the CPU, e.g. cpu:x86_64:avx512; "
                                            "by default the module's"),
                             llvm::cl::init("")};
  Option<int64_t> streamingStoreBytes{
      *this, "streaming-store-bytes",
      llvm::cl::desc("the bytes a launch must store for its stores to bypass the caches (0: "
                     "never; cpu-stream-large-stores)"),
      llvm::cl::init(0)};
  Option<bool> bf16DotPairs{
      *this, "bf16-dot-pairs",
      llvm::cl::desc("bf16 dots multiply pairs of K with vdpbf16ps (the target must have "
                     "AVX-512 BF16)"),
      llvm::cl::init(false)};
  Option<bool> checkBounds{
      *this, "check-bounds",
      llvm::cl::desc("checks every access against its argument's buffer (cpu-check-bounds)"),
      llvm::cl::init(false)};

  CpuPipelineOptions get() const {
    return CpuPipelineOptions{target, streamingStoreBytes, bf16DotPairs, checkBounds};
  }
};

} // namespace

void registerCpuPassesAndPipelines() {
  registerNereidCpuPasses();
  PassPipelineRegistration<CpuPipelineCommandLineOptions>(
      "nereid-cpu-lower",
      "Lowers a tt module to the LLVM dialect with the CPU's launch entries: "
      "nereid-ttir-pipeline, cpu-check-bounds (with check-bounds), nereid-ttg-pipeline, "
      "nereid-cpu-to-vector and nereid-cpu-to-llvm",
      [](OpPassManager &pm, const CpuPipelineCommandLineOptions &options) {
        buildCpuPipeline(pm, options.get());
      });
  PassPipelineRegistration<CpuPipelineCommandLineOptions>(
      "nereid-cpu-to-vector", "Lowers ttg IR with CPU layouts to vector code in register chunks",
      [](OpPassManager &pm, const CpuPipelineCommandLineOptions &options) {
        buildCpuToVectorPipeline(pm, options.get());
      });
  PassPipelineRegistration<CpuPipelineCommandLineOptions>(
      "nereid-cpu-to-llvm",
      "Adds the launch entries and lowers the CPU's vector code to the LLVM dialect",
      [](OpPassManager &pm, const CpuPipelineCommandLineOptions &options) {
        buildCpuVectorToLLVMPipeline(pm, options.get());
      });
}

} // namespace mlir::nereid::cpu
