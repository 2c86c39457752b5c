// The NVIDIA backend's registration (cmake/NereidBackends.cmake): its target family "cuda".

#include "nereid/Nvidia/NvidiaTargetInfo.h"

#include "mlir/IR/DialectRegistry.h"

namespace mlir::nereid {

void registerNvidiaBackendDialects(DialectRegistry &) {}

void registerNvidiaBackendPasses() {}

void registerNvidiaBackendTargets() {
  registerTargetFamily("cuda", nvidia::NvidiaTargetInfo::create);
}

} // namespace mlir::nereid
