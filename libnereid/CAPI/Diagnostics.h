#ifndef NEREID_LIB_CAPI_DIAGNOSTICS_H
#define NEREID_LIB_CAPI_DIAGNOSTICS_H

#include "nereid-c/Nereid.h"

#include "mlir/IR/Diagnostics.h"

#include <string>
#include <vector>

/// The storage behind a NereidDiagnostics handle: records that own their strings.
struct NereidDiagnostics {
  struct Record {
    NereidSeverity severity;
    std::string message;
    std::string file;
    uint32_t line;
    uint32_t column;
  };
  std::vector<Record> records;

  /// Appends a record without a source location.
  void addError(std::string message);
};

namespace mlir::nereid::capi {

/// While alive, routes every diagnostic emitted in `context` into `diagnostics` (which may be
/// null, in which case they are dropped), notes included, each with the file location found in
/// its `Location`.
class DiagnosticCollector {
public:
  DiagnosticCollector(MLIRContext *context, NereidDiagnostics *diagnostics);

private:
  ScopedDiagnosticHandler handler;
};

} // namespace mlir::nereid::capi

#endif // NEREID_LIB_CAPI_DIAGNOSTICS_H
