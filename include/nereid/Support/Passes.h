#ifndef NEREID_SUPPORT_PASSES_H
#define NEREID_SUPPORT_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::nereid {

#define GEN_PASS_DECL
#include "nereid/Support/Passes.h.inc"

/// Registers the passes that tests use to reach failure paths (test-nereid-crash).
#define GEN_PASS_REGISTRATION
#include "nereid/Support/Passes.h.inc"

} // namespace mlir::nereid

#endif // NEREID_SUPPORT_PASSES_H
