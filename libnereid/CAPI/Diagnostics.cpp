#include "Diagnostics.h"

#include "nereid/Support/Location.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"

using namespace mlir;

void NereidDiagnostics::addError(std::string message) {
  records.push_back({NEREID_SEVERITY_ERROR, std::move(message), "", 0, 0});
}

static NereidSeverity toNereidSeverity(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Note:
    return NEREID_SEVERITY_NOTE;
  case DiagnosticSeverity::Warning:
    return NEREID_SEVERITY_WARNING;
  case DiagnosticSeverity::Error:
    return NEREID_SEVERITY_ERROR;
  case DiagnosticSeverity::Remark:
    return NEREID_SEVERITY_REMARK;
  }
  return NEREID_SEVERITY_ERROR;
}

static void append(NereidDiagnostics &diagnostics, Diagnostic &diagnostic) {
  NereidDiagnostics::Record record{toNereidSeverity(diagnostic.getSeverity()),
                                   diagnostic.str(), "", 0, 0};
  if (auto fileLocation = mlir::nereid::findFileLocation(diagnostic.getLocation())) {
    record.file = fileLocation->getFilename().str();
    record.line = fileLocation->getLine();
    record.column = fileLocation->getColumn();
  }
  diagnostics.records.push_back(std::move(record));
  for (Diagnostic &note : diagnostic.getNotes())
    append(diagnostics, note);
}

namespace mlir::nereid::capi {

DiagnosticCollector::DiagnosticCollector(MLIRContext *context, NereidDiagnostics *diagnostics)
    : handler(context, [diagnostics](Diagnostic &diagnostic) {
        if (diagnostics)
          append(*diagnostics, diagnostic);
        return success();
      }) {}

} // namespace mlir::nereid::capi

extern "C" {

NereidDiagnostics *nereid_diagnostics_create(void) { return new NereidDiagnostics(); }

void nereid_diagnostics_destroy(NereidDiagnostics *diagnostics) { delete diagnostics; }

size_t nereid_diagnostics_count(const NereidDiagnostics *diagnostics) {
  return diagnostics ? diagnostics->records.size() : 0;
}

NereidDiagnostic nereid_diagnostics_get(const NereidDiagnostics *diagnostics, size_t index) {
  if (!diagnostics || index >= diagnostics->records.size())
    return {NEREID_SEVERITY_ERROR, nullptr, nullptr, 0, 0};
  const NereidDiagnostics::Record &record = diagnostics->records[index];
  return {record.severity, record.message.c_str(), record.file.c_str(), record.line,
          record.column};
}

} // extern "C"
