// Contexts, modules and pass pipelines behind the C API.

#include "nereid-c/Nereid.h"

#include "CrashRecovery.h"
#include "Diagnostics.h"
#include "Handles.h"
#include "nereid/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
using mlir::nereid::capi::runRecoverably;

/// The deepest bracket nesting that IR text may have. MLIR's parser recurses once per level of
/// nested types, attributes and regions, so deeper text could exhaust the stack; real kernels
/// stay far below this.
static constexpr size_t kMaxNestingDepth = 256;

/// The deepest nesting of (), [], {} and <> in `text`, outside string literals. The `>` of an
/// arrow `->` closes nothing.
static size_t getNestingDepth(llvm::StringRef text) {
  size_t depth = 0, deepest = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    switch (c) {
    case '"':
      inString = true;
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      deepest = std::max(deepest, ++depth);
      break;
    case '>':
      if (i > 0 && text[i - 1] == '-')
        break;
      [[fallthrough]];
    case ')':
    case ']':
    case '}':
      depth = depth > 0 ? depth - 1 : 0;
      break;
    default:
      break;
    }
  }
  return deepest;
}

/// The largest result number that IR text may name (`%x#N`). MLIR's parser keeps a slot for
/// every result number up to the largest one used before the definition, so `%x#1073741824`
/// alone would allocate 16 GiB (and 2^32 - 1 would wrap around); real ops have far fewer
/// results.
static constexpr uint64_t kMaxResultNumber = 1 << 16;

/// The first `%name#N` in `text` with N above kMaxResultNumber, outside string literals and
/// comments, or an empty string.
static llvm::StringRef findLargeResultNumber(llvm::StringRef text) {
  auto isIdentifier = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '/' && text.substr(i).starts_with("//")) {
      i = std::min(text.find('\n', i), text.size());
      continue;
    }
    if (c != '%')
      continue;
    size_t begin = i;
    while (i + 1 < text.size() && isIdentifier(text[i + 1]))
      ++i;
    if (i + 1 >= text.size() || text[i + 1] != '#')
      continue;
    size_t digits = i + 2, end = digits;
    while (end < text.size() && llvm::isDigit(text[end]))
      ++end;
    uint64_t number = 0;
    if (end > digits && (text.slice(digits, end).getAsInteger(10, number) ||
                         number > kMaxResultNumber))
      return text.slice(begin, end);
    i = end - 1;
  }
  return "";
}

/// Rejects ops with operands or results directly in a module, whose body is a graph region:
/// there an op may use its own result (`%z = tt.reshape %z`), and canonicalization folds such an
/// op into itself forever (found by nereid-fuzz). Kernels and the stages after them hold only
/// functions and globals there.
static LogicalResult verifyModuleBodies(ModuleOp module) {
  WalkResult result = module->walk([](ModuleOp nested) {
    for (Operation &op : nested.getBody()->getOperations()) {
      if (op.getNumOperands() == 0 && op.getNumResults() == 0)
        continue;
      op.emitError() << "'" << op.getName()
                     << "' at the top level of a module: ops with operands or results belong "
                        "inside a function";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Pass registration is global and must happen once per process before pipelines are parsed.
static void registerPassesOnce() {
  static std::once_flag once;
  std::call_once(once, [] { mlir::nereid::registerAllPasses(); });
}

extern "C" {

int32_t nereid_api_version(void) { return NEREID_C_API_VERSION; }

const char *nereid_backends(void) { return mlir::nereid::getRegisteredBackendNames(); }

NereidContext *nereid_context_create(void) { return new NereidContext(); }

void nereid_context_destroy(NereidContext *context) {
  // A context broken by a crash may be in any state: leave its memory alone.
  if (context && context->internalError.empty())
    delete context;
}

NereidModule *nereid_module_parse(NereidContext *context, const char *text, size_t length,
                                  const char *filename, NereidDiagnostics *diagnostics) {
  if (!context || (!text && length != 0)) {
    if (diagnostics)
      diagnostics->addError("nereid_module_parse: null context or text");
    return nullptr;
  }
  llvm::StringRef source(text ? text : "", length);
  if (getNestingDepth(source) > kMaxNestingDepth) {
    if (diagnostics)
      diagnostics->addError("IR text nests brackets more than " + std::to_string(kMaxNestingDepth) +
                            " levels deep");
    return nullptr;
  }
  if (llvm::StringRef use = findLargeResultNumber(source); !use.empty()) {
    if (diagnostics)
      diagnostics->addError("IR text names result '" + use.str() + "'; at most " +
                            std::to_string(kMaxResultNumber) + " results are supported");
    return nullptr;
  }
  OwningOpRef<ModuleOp> module;
  NereidStatus status = runRecoverably(*context, diagnostics, "nereid_module_parse", [&] {
    // A copy, so that the parser sees a NUL-terminated buffer whatever the caller passed.
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(source, filename ? filename : "<string>"),
        llvm::SMLoc());
    module = parseSourceFile<ModuleOp>(sourceMgr, &context->context);
    return success(module && succeeded(verifyModuleBodies(*module)));
  });
  if (status != NEREID_SUCCESS)
    return nullptr; // A module that parsed but failed verifyModuleBodies is destroyed here.
  return new NereidModule{std::move(module), "", context};
}

void nereid_module_destroy(NereidModule *module) {
  if (!module)
    return;
  // The IR of a broken context may be half rewritten: leave it alone.
  if (!module->owner->internalError.empty())
    (void)module->module.release();
  delete module;
}

NereidStatus nereid_module_verify(NereidModule *module, NereidDiagnostics *diagnostics) {
  if (!module) {
    if (diagnostics)
      diagnostics->addError("nereid_module_verify: null module");
    return NEREID_FAILURE;
  }
  return runRecoverably(*module->owner, diagnostics, "nereid_module_verify",
                        [&] { return verify(*module->module); });
}

const char *nereid_module_print(NereidModule *module, int with_locations) {
  if (!module)
    return "";
  module->printed.clear();
  NereidStatus status =
      runRecoverably(*module->owner, /*diagnostics=*/nullptr, "nereid_module_print", [&] {
        llvm::raw_string_ostream stream(module->printed);
        OpPrintingFlags flags;
        if (with_locations)
          flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
        module->module->print(stream, flags);
        return success();
      });
  if (status != NEREID_SUCCESS)
    module->printed.clear();
  return module->printed.c_str();
}

NereidStatus nereid_module_run_pipeline(NereidModule *module, const char *pipeline,
                                        NereidDiagnostics *diagnostics) {
  if (!module || !pipeline) {
    if (diagnostics)
      diagnostics->addError("nereid_module_run_pipeline: null module or pipeline");
    return NEREID_FAILURE;
  }
  registerPassesOnce();
  return runRecoverably(*module->owner, diagnostics, "nereid_module_run_pipeline", [&] {
    std::string parseErrors;
    llvm::raw_string_ostream errorStream(parseErrors);
    FailureOr<OpPassManager> parsed = parsePassPipeline(pipeline, errorStream);
    if (failed(parsed)) {
      if (diagnostics)
        diagnostics->addError("invalid pass pipeline '" + std::string(pipeline) +
                              "': " + parseErrors);
      return failure();
    }
    if (parsed->getOpAnchorName() != ModuleOp::getOperationName()) {
      if (diagnostics)
        diagnostics->addError("pass pipeline '" + std::string(pipeline) +
                              "' must be anchored on builtin.module, as in "
                              "'builtin.module(canonicalize)'");
      return failure();
    }
    PassManager passManager(module->module->getContext(), ModuleOp::getOperationName());
    static_cast<OpPassManager &>(passManager) = *parsed;
    return passManager.run(*module->module);
  });
}

} // extern "C"
