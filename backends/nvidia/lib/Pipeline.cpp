// The NVIDIA pipeline, registered as `nereid-nvidia-lower{target=... num-warps=...}`: tt IR in,
// the LLVM and NVVM dialects out, ready for LLVM's NVPTX code generator.

#include "nereid/Nvidia/Passes.h"
#include "nereid/Nvidia/NvidiaTargetInfo.h"
#include "nereid/Target/TargetInfo.h"

#include "nereid/Conversion/Pipelines.h"
#include "nereid/Dialect/Triton/Transforms/Passes.h"
#include "nereid/Dialect/Triton/Transforms/Pipeline.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::nereid::nvidia {

void buildNvidiaToLLVMPipeline(OpPassManager &pm) {
  // The integer cases that LLVM leaves undefined get the language's values (PTX's division by
  // zero, and LLVM's 32-bit division of 64-bit operands that fit, disagree with it);
  // max.f32 and min.f32 already order -0 below +0.
  tt::GuardArithPassOptions guardOptions;
  guardOptions.guardMinMax = false;
  pm.addPass(tt::createGuardArithPass(guardOptions));
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createNvidiaConvertTritonGPUToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

/// The compute capability of the pipeline's target, or std::nullopt for the module's own (an
/// empty `target`).
static std::optional<unsigned> getComputeCapability(const NvidiaPipelineOptions &options) {
  auto target = createTargetInfo(options.target);
  if (!target) {
    llvm::consumeError(target.takeError());
    return std::nullopt;
  }
  if (auto *nvidia = dyn_cast<NvidiaTargetInfo>(target->get()))
    return nvidia->getComputeCapability();
  return std::nullopt;
}

void buildNvidiaTritonGPUPipeline(OpPassManager &pm, const NvidiaPipelineOptions &options) {
  TritonGPUPipelineOptions layoutOptions;
  layoutOptions.target = options.target;
  layoutOptions.numWarps = options.numWarps;
  buildTritonGPUPipeline(pm, layoutOptions);
  // The tensor-core layouts of dots, then the conversions to them folded where they can be.
  pm.addPass(createNvidiaAssignMmaLayoutsPass());
  pm.addPass(ttg::createRemoveLayoutConversionsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // From num_stages 2 on, loops' tiles travel ahead of the iteration that uses them: on sm_90
  // through shared memory, num_stages - 1 iterations ahead (cp.async), the wgmma of each
  // iteration running on into the next; before, one iteration ahead through registers.
  std::optional<unsigned> computeCapability = getComputeCapability(options);
  bool hopper = computeCapability && *computeCapability >= 90;
  if (options.numStages >= 2 && !hopper)
    pm.addPass(ttg::createPrefetchLoopLoadsPass());
  pm.addPass(ttg::createStageDotOperandsInSharedPass());
  if (options.numStages >= 2 && hopper) {
    pm.addPass(ttg::createPipelineAsyncCopiesPass(
        ttg::PipelineAsyncCopiesPassOptions{int64_t(options.numStages)}));
    pm.addPass(createNvidiaPipelineWarpgroupDotsPass());
  }
  // Last: barriers between a program's global accesses that its threads could reorder.
  pm.addPass(ttg::createOrderGlobalMemoryPass());
}

void buildNvidiaPipeline(OpPassManager &pm, const NvidiaPipelineOptions &options) {
  tt::buildTritonPipeline(pm);
  buildNvidiaTritonGPUPipeline(pm, options);
  buildNvidiaToLLVMPipeline(pm);
}

namespace {

struct NvidiaPipelineCommandLineOptions
    : PassPipelineOptions<NvidiaPipelineCommandLineOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("the ttg.target of the GPU, e.g. cuda:90; by "
                                            "default the module's"),
                             llvm::cl::init("")};
  Option<unsigned> numWarps{*this, "num-warps", llvm::cl::desc("the warps of one program"),
                            llvm::cl::init(4)};
  Option<unsigned> numStages{*this, "num-stages",
                             llvm::cl::desc("the stages of loops' software pipeline (1: none)"),
                             llvm::cl::init(3)};
};

#define GEN_PASS_REGISTRATION
#include "nereid/Nvidia/Passes.h.inc"

} // namespace

void registerNvidiaPassesAndPipelines() {
  registerNereidNvidiaPasses();
  PassPipelineRegistration<NvidiaPipelineCommandLineOptions>(
      "nereid-nvidia-lower",
      "Lowers a tt module for an NVIDIA GPU to the LLVM and NVVM dialects: "
      "nereid-ttir-pipeline, nereid-nvidia-ttg-pipeline and nereid-nvidia-to-llvm",
      [](OpPassManager &pm, const NvidiaPipelineCommandLineOptions &options) {
        buildNvidiaPipeline(pm, NvidiaPipelineOptions{options.target, options.numWarps, options.numStages});
      });
  PassPipelineRegistration<NvidiaPipelineCommandLineOptions>(
      "nereid-nvidia-ttg-pipeline",
      "tt IR to ttg IR for an NVIDIA GPU: nereid-ttg-pipeline, then nvidia-assign-mma-layouts, "
      "ttg-remove-layout-conversions, canonicalize, cse, ttg-prefetch-loop-loads (before "
      "sm_90), ttg-stage-dot-operands-in-shared, ttg-pipeline-async-copies and "
      "nvidia-pipeline-warpgroup-dots (sm_90), and ttg-order-global-memory",
      [](OpPassManager &pm, const NvidiaPipelineCommandLineOptions &options) {
        buildNvidiaTritonGPUPipeline(pm, NvidiaPipelineOptions{options.target, options.numWarps, options.numStages});
      });
  PassPipelineRegistration<>(
      "nereid-nvidia-to-llvm",
      "Lowers ttg IR for an NVIDIA GPU to the LLVM and NVVM dialects: "
      "tt-guard-arith{min-max=false}, convert-scf-to-cf, "
      "nvidia-convert-ttg-to-llvm, reconcile-unrealized-casts, canonicalize, cse",
      buildNvidiaToLLVMPipeline);
}

} // namespace mlir::nereid::nvidia
