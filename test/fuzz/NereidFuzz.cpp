// nereid-fuzz: libFuzzer over the C API as a compiler driver calls it. The input is IR text;
// the target parses it (which verifies), prints it, and when it parses runs the CPU backend's
// stages from tt IR to ttg IR for `cpu:x86_64:avx2` (NEREID_FUZZ_STAGES=llvm: on to the LLVM
// dialect), each on the result of the one before. Any crash, sanitizer report or LLVM fatal
// error is a finding: the C API must answer every input with a result or a diagnostic.
//
// Built only in a tree configured for fuzzing (make fuzz, build-fuzz/); crash recovery is off
// there, so that a fatal error aborts where libFuzzer and the sanitizers can see it.

#include "nereid-c/Nereid.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

/// The stages of backends/cpu/python/nereid_cpu/compiler.py (STAGES), with the target filled in
/// and the launch-dependent options at their defaults.
const char *const kStages[] = {
    "builtin.module(inline,tt-cpu-lower-tensor-descriptors,canonicalize,cse,symbol-dce)",
    "builtin.module(nereid-ttg-pipeline{target=cpu:x86_64:avx2 num-warps=1})",
    "builtin.module(nereid-cpu-to-vector{target=cpu:x86_64:avx2})",
    "builtin.module(nereid-cpu-to-llvm{target=cpu:x86_64:avx2})",
};

/// How many of kStages run: 2 (to ttg IR) unless NEREID_FUZZ_STAGES=llvm asks for all.
size_t stageCount = 2;

/// One context for the whole run: creating one per input (loading every dialect) would cost
/// more than the compile. Types and attributes that inputs create stay uniqued in it, which
/// libFuzzer's RSS limit bounds.
NereidContext *context = nullptr;

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // A fatal error must abort here, not become a diagnostic (lib/CAPI/CrashRecovery.cpp).
  setenv("NEREID_DISABLE_CRASH_RECOVERY", "1", /*overwrite=*/1);
  if (const char *stages = std::getenv("NEREID_FUZZ_STAGES"))
    if (std::strcmp(stages, "llvm") == 0)
      stageCount = std::size(kStages);
  context = nereid_context_create();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  NereidDiagnostics *diagnostics = nereid_diagnostics_create();
  NereidModule *module = nereid_module_parse(context, reinterpret_cast<const char *>(data), size,
                                             "fuzz.mlir", diagnostics);
  bool failed = !module;
  if (module) {
    // Printing must round-trip whatever parsed; the printer walks every attribute and type.
    (void)nereid_module_print(module, /*with_locations=*/1);
    for (size_t stage = 0; stage < stageCount; ++stage)
      if (nereid_module_run_pipeline(module, kStages[stage], diagnostics) != NEREID_SUCCESS) {
        failed = true;
        break;
      }
    nereid_module_destroy(module);
  }
  // Every diagnostic must be readable, and a failure must say why.
  bool hasError = false;
  size_t count = nereid_diagnostics_count(diagnostics);
  for (size_t i = 0; i < count; ++i) {
    NereidDiagnostic diagnostic = nereid_diagnostics_get(diagnostics, i);
    if (!diagnostic.message || !diagnostic.file) {
      std::fprintf(stderr, "nereid-fuzz: diagnostic %zu has no message\n", i);
      std::abort();
    }
    hasError |= diagnostic.severity == NEREID_SEVERITY_ERROR;
  }
  if (failed && !hasError) {
    std::fprintf(stderr, "nereid-fuzz: a call failed without an error diagnostic\n");
    std::abort();
  }
  nereid_diagnostics_destroy(diagnostics);
  return 0;
}
