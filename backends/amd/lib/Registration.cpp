// The AMD backend's registration (cmake/NereidBackends.cmake): its dialect of layouts (amd)
// and its target family "hip".

#include "nereid/Amd/AmdTargetInfo.h"
#include "nereid/Amd/IR/Dialect.h"

#include "mlir/IR/DialectRegistry.h"

namespace mlir::nereid {

void registerAmdBackendDialects(DialectRegistry &registry) { registry.insert<amd::AmdDialect>(); }

void registerAmdBackendPasses() {}

void registerAmdBackendTargets() { registerTargetFamily("hip", amd::AmdTargetInfo::create); }

} // namespace mlir::nereid
