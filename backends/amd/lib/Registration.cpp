// The AMD backend's registration (cmake/NereidBackends.cmake): its target family "hip".

#include "nereid/Amd/AmdTargetInfo.h"

#include "mlir/IR/DialectRegistry.h"

namespace mlir::nereid {

void registerAmdBackendDialects(DialectRegistry &) {}

void registerAmdBackendPasses() {}

void registerAmdBackendTargets() { registerTargetFamily("hip", amd::AmdTargetInfo::create); }

} // namespace mlir::nereid
