// nereid-ttg-pipeline: tt IR to ttg IR with layouts for one target.

#include "nereid/Conversion/Pipelines.h"

#include "nereid/Conversion/Passes.h"
#include "nereid/Dialect/Triton/Transforms/Passes.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::nereid {

void buildTritonGPUPipeline(OpPassManager &pm, const TritonGPUPipelineOptions &options) {
  pm.addPass(tt::createFoldDotAdditionsPass());
  ConvertTritonToTritonGPUPassOptions conversionOptions;
  conversionOptions.target = options.target;
  conversionOptions.numWarps = options.numWarps;
  pm.addPass(createConvertTritonToTritonGPUPass(conversionOptions));
  pm.addPass(ttg::createCoalescePass());
  pm.addPass(ttg::createRemoveLayoutConversionsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void registerTritonGPUPipeline() {
  PassPipelineRegistration<TritonGPUPipelineOptions>(
      "nereid-ttg-pipeline",
      "tt IR to ttg IR for a target: folding of dot additions, layout assignment, "
      "coalescing, removal of layout conversions, canonicalization and CSE",
      buildTritonGPUPipeline);
}

} // namespace mlir::nereid
