// The NVIDIA backend's registration (cmake/NereidBackends.cmake): its dialect of layouts
// (nvidia), the NVVM dialect and its translation to LLVM IR, the passes and the pipeline, and
// the target family "cuda".

#include "nereid/Nvidia/IR/Dialect.h"
#include "nereid/Nvidia/NvidiaTargetInfo.h"
#include "nereid/Nvidia/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

namespace mlir::nereid {

void registerNvidiaBackendDialects(DialectRegistry &registry) {
  registry.insert<nvidia::NvidiaDialect, NVVM::NVVMDialect>();
  registerNVVMDialectTranslation(registry);
}

void registerNvidiaBackendPasses() { nvidia::registerNvidiaPassesAndPipelines(); }

void registerNvidiaBackendTargets() {
  registerTargetFamily("cuda", nvidia::NvidiaTargetInfo::create);
}

} // namespace mlir::nereid
