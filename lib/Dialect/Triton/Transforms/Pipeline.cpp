// nereid-ttir-pipeline: tt IR as the frontend emits it to tt IR ready for layout assignment.

#include "nereid/Dialect/Triton/Transforms/Pipeline.h"

#include "nereid/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::nereid::tt {

void buildTritonPipeline(OpPassManager &pm,
                         llvm::function_ref<void(OpPassManager &)> addDescriptorPasses) {
  pm.addPass(createInlinerPass());
  if (addDescriptorPasses)
    addDescriptorPasses(pm);
  pm.addPass(createLowerTensorDescriptorsPass(
      LowerTensorDescriptorsPassOptions{/*keepParameters=*/bool(addDescriptorPasses)}));
  pm.addPass(createDecomposeScaledDotPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
}

void registerTritonPipeline() {
  PassPipelineRegistration<>("nereid-ttir-pipeline",
                             "tt IR as the frontend emits it to tt IR ready for layout "
                             "assignment: inlining, the pointer fallback of tensor descriptors, "
                             "the decomposition of scaled dots, canonicalization, CSE and "
                             "removal of unused functions",
                             [](OpPassManager &pm) { buildTritonPipeline(pm); });
}

} // namespace mlir::nereid::tt
