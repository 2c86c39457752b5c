#ifndef NEREID_ANALYSIS_PASSES_H
#define NEREID_ANALYSIS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::nereid {

#define GEN_PASS_DECL
#include "nereid/Analysis/Passes.h.inc"

/// Registers the passes that print analyses for tests (test-print-axis-info).
#define GEN_PASS_REGISTRATION
#include "nereid/Analysis/Passes.h.inc"

} // namespace mlir::nereid

#endif // NEREID_ANALYSIS_PASSES_H
