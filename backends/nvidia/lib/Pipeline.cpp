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

/// The pipeline's target, or null for the module's own (an empty `target`).
static std::unique_ptr<NvidiaTargetInfo> getTarget(const NvidiaPipelineOptions &options) {
  auto target = createTargetInfo(options.target);
  if (!target) {
    llvm::consumeError(target.takeError());
    return nullptr;
  }
  if (!isa<NvidiaTargetInfo>(target->get()))
    return nullptr;
  return std::unique_ptr<NvidiaTargetInfo>(cast<NvidiaTargetInfo>(target->release()));
}

/// Whether the pipeline's target is sm_90 (an empty `target`, the module's own, is not known
/// to be).
static bool isHopper(const NvidiaPipelineOptions &options) {
  std::unique_ptr<NvidiaTargetInfo> target = getTarget(options);
  return target && target->getComputeCapability() >= 90;
}

void buildNvidiaTritonPipeline(OpPassManager &pm, const NvidiaPipelineOptions &options) {
  if (!isHopper(options))
    return tt::buildTritonPipeline(pm);
  // Loads of strided pointer tiles become descriptor loads (implicit TMA, unless turned off);
  // the descriptors whose loads the tensor copy engine takes become tensor map parameters.
  tt::buildTritonPipeline(pm, [&](OpPassManager &pm) {
    if (options.implicitTma)
      pm.addPass(tt::createImplicitTensorDescriptorsPass());
    pm.addPass(createNvidiaTensorMapParametersPass());
  });
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
  // From num_stages 2 on, loops' tiles travel ahead of the iteration that uses them: those of
  // the dots' operands through shared memory, num_stages - 1 iterations ahead (cp.async), the
  // wgmma of each iteration running on into the next on sm_90; before sm_90, the other loads
  // of loops without such copies one iteration ahead through registers.
  // The buffers get the shared memory that a program may have: the SM's less the 1 KiB that the
  // driver keeps per block.
  std::unique_ptr<NvidiaTargetInfo> target = getTarget(options);
  bool hopper = isHopper(options);
  int64_t sharedBytes = target ? int64_t(*target->getSharedMemoryBytes()) - 1024 : 0;
  // On sm_90, the loads of tensor maps copy through the tensor copy engine, into the dots'
  // buffers where they feed one.
  if (hopper)
    pm.addPass(createNvidiaTmaLoadsPass());
  pm.addPass(ttg::createStageDotOperandsInSharedPass());
  if (options.numStages >= 2) {
    pm.addPass(ttg::createPipelineAsyncCopiesPass(
        ttg::PipelineAsyncCopiesPassOptions{int64_t(options.numStages), sharedBytes}));
    if (hopper) {
      pm.addPass(createNvidiaPipelineTmaLoadsPass(
          NvidiaPipelineTmaLoadsPassOptions{int64_t(options.numStages), sharedBytes}));
      pm.addPass(createNvidiaPipelineWarpgroupDotsPass());
    } else
      pm.addPass(ttg::createPrefetchLoopLoadsPass());
  }
  // Last: barriers between a program's global accesses that its threads could reorder.
  pm.addPass(ttg::createOrderGlobalMemoryPass());
}

void buildNvidiaPipeline(OpPassManager &pm, const NvidiaPipelineOptions &options) {
  buildNvidiaTritonPipeline(pm, options);
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
  Option<bool> implicitTma{*this, "implicit-tma",
                           llvm::cl::desc("on sm_90, loads of strided pointer tiles of a "
                                          "parameter through the tensor copy engine"),
                           llvm::cl::init(true)};
};

NvidiaPipelineOptions getOptions(const NvidiaPipelineCommandLineOptions &options) {
  return NvidiaPipelineOptions{options.target, options.numWarps, options.numStages,
                               options.implicitTma};
}

#define GEN_PASS_REGISTRATION
#include "nereid/Nvidia/Passes.h.inc"

} // namespace

void registerNvidiaPassesAndPipelines() {
  registerNereidNvidiaPasses();
  PassPipelineRegistration<NvidiaPipelineCommandLineOptions>(
      "nereid-nvidia-lower",
      "Lowers a tt module for an NVIDIA GPU to the LLVM and NVVM dialects: "
      "nereid-nvidia-ttir-pipeline, nereid-nvidia-ttg-pipeline and nereid-nvidia-to-llvm",
      [](OpPassManager &pm, const NvidiaPipelineCommandLineOptions &options) {
        buildNvidiaPipeline(pm, getOptions(options));
      });
  PassPipelineRegistration<NvidiaPipelineCommandLineOptions>(
      "nereid-nvidia-ttir-pipeline",
      "tt IR as the frontend emits it to tt IR for an NVIDIA GPU: nereid-ttir-pipeline, with "
      "nvidia-tensor-map-parameters before the pointer fallback of descriptors on sm_90",
      [](OpPassManager &pm, const NvidiaPipelineCommandLineOptions &options) {
        buildNvidiaTritonPipeline(pm, getOptions(options));
      });
  PassPipelineRegistration<NvidiaPipelineCommandLineOptions>(
      "nereid-nvidia-ttg-pipeline",
      "tt IR to ttg IR for an NVIDIA GPU: nereid-ttg-pipeline, then nvidia-assign-mma-layouts, "
      "ttg-remove-layout-conversions, canonicalize, cse, nvidia-tma-loads (sm_90), "
      "ttg-stage-dot-operands-in-shared, "
      "ttg-pipeline-async-copies, nvidia-pipeline-tma-loads and "
      "nvidia-pipeline-warpgroup-dots (sm_90) or "
      "ttg-prefetch-loop-loads (before), and ttg-order-global-memory",
      [](OpPassManager &pm, const NvidiaPipelineCommandLineOptions &options) {
        buildNvidiaTritonGPUPipeline(pm, getOptions(options));
      });
  PassPipelineRegistration<>(
      "nereid-nvidia-to-llvm",
      "Lowers ttg IR for an NVIDIA GPU to the LLVM and NVVM dialects: "
      "tt-guard-arith{min-max=false}, convert-scf-to-cf, "
      "nvidia-convert-ttg-to-llvm, reconcile-unrealized-casts, canonicalize, cse",
      buildNvidiaToLLVMPipeline);
}

} // namespace mlir::nereid::nvidia
