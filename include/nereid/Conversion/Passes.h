#ifndef NEREID_CONVERSION_PASSES_H
#define NEREID_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::nereid {

/// The declarations of the shared conversions (Passes.td).
#define GEN_PASS_DECL
#include "nereid/Conversion/Passes.h.inc"

/// registerNereidConversionPasses(): makes every shared conversion known to textual pipelines.
#define GEN_PASS_REGISTRATION
#include "nereid/Conversion/Passes.h.inc"

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_PASSES_H
