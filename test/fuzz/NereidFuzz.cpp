// nereid-fuzz: libFuzzer over the C API as a compiler driver calls it. The input is IR text;
// the target parses it (which verifies), prints it, and when it parses runs the CPU backend's
// stages from tt IR to ttg IR for `cpu:x86_64:avx2` (NEREID_FUZZ_STAGES=llvm: on to the LLVM
// dialect), each on the result of the one before. Any crash, sanitizer report or LLVM fatal
// error is a finding: the C API must answer every input with a result or a diagnostic. Half
// the mutations are structural (numbers, element types, lines), so that more inputs parse.
//
// Built only in a tree configured for fuzzing (make fuzz, build-fuzz/); crash recovery is off
// there, so that a fatal error aborts where libFuzzer and the sanitizers can see it.

#include "nereid-c/Nereid.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

/// The stages of backends/cpu/python/nereid_cpu/compiler.py (STAGES), with the target filled in
/// and the launch-dependent options at their defaults.
const char *const kStages[] = {
    "builtin.module(nereid-ttir-pipeline)",
    "builtin.module(nereid-ttg-pipeline{target=cpu:x86_64:avx2 num-warps=1})",
    "builtin.module(nereid-cpu-to-vector{target=cpu:x86_64:avx2})",
    "builtin.module(nereid-cpu-to-llvm{target=cpu:x86_64:avx2})",
};

/// How many of kStages run: 2 (to ttg IR) unless NEREID_FUZZ_STAGES=llvm asks for all.
size_t stageCount = 2;

/// Whether every mutation is structural (NEREID_FUZZ_STRUCTURAL=1): from the seed corpus, a run
/// that stays among inputs that parse, to go deeper into the passes.
bool structuralOnly = false;

/// How many inputs parsed, and how many went through every stage, of how many: printed at exit
/// when NEREID_FUZZ_STATS is set, to tell how deep the run went.
size_t inputCount = 0, parsedCount = 0, compiledCount = 0;

void printStats() {
  std::fprintf(stderr, "nereid-fuzz: %zu inputs, %zu parsed, %zu through all %zu stages\n",
               inputCount, parsedCount, compiledCount, stageCount);
}

/// One context for the whole run: creating one per input (loading every dialect) would cost
/// more than the compile. Types and attributes that inputs create stay uniqued in it, which
/// libFuzzer's RSS limit bounds.
NereidContext *context = nullptr;

/// Sizes and values at the edges: of a power of two, of a layout dimension (2^30), of i32 and
/// i64.
const char *const kInterestingNumbers[] = {"0",
                                           "1",
                                           "2",
                                           "3",
                                           "4",
                                           "7",
                                           "16",
                                           "31",
                                           "32",
                                           "33",
                                           "63",
                                           "64",
                                           "128",
                                           "1024",
                                           "4096",
                                           "65536",
                                           "1073741824",
                                           "2147483647",
                                           "2147483648",
                                           "4294967296",
                                           "-1",
                                           "-2",
                                           "-2147483648",
                                           "9223372036854775807",
                                           "18446744073709551616"};

/// Element types that a mutation may swap for one another.
const char *const kElementTypes[] = {"i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"};

/// The spans [begin, end) of `text` where `isPart` holds, each as long as it goes.
template <typename Predicate>
std::vector<std::pair<size_t, size_t>> findRuns(const std::string &text, Predicate isPart) {
  std::vector<std::pair<size_t, size_t>> runs;
  for (size_t i = 0; i < text.size();) {
    if (!isPart(i)) {
      ++i;
      continue;
    }
    size_t begin = i;
    while (i < text.size() && isPart(i))
      ++i;
    runs.emplace_back(begin, i);
  }
  return runs;
}

/// Whether text[i] may continue a name (of an SSA value, a block, an attribute alias).
bool isNameChar(const std::string &text, size_t i) {
  char c = text[i];
  return std::isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.' || c == '%' ||
         c == '#' || c == '^';
}

/// One mutation that keeps IR text mostly well formed, so that more inputs get past the parser
/// into the verifiers and passes than byte-level mutations alone let through: a number
/// replaced by an interesting one, an element type by another, a use of an SSA value by another
/// value, a line deleted or copied to another place. Returns false when `text` offers nothing
/// to mutate.
bool mutateStructurally(std::string &text, std::minstd_rand &random) {
  auto pick = [&](size_t n) { return static_cast<size_t>(random() % n); };
  switch (pick(5)) {
  case 0: {
    // Numbers, not the digits of names such as %c0_i32 or %5.
    auto runs = findRuns(text, [&](size_t i) { return std::isdigit((unsigned char)text[i]); });
    std::vector<std::pair<size_t, size_t>> numbers;
    for (auto [begin, end] : runs)
      if (begin == 0 || (!isNameChar(text, begin - 1) || text[begin - 1] == '.'))
        numbers.emplace_back(begin, end);
    if (numbers.empty())
      return false;
    auto [begin, end] = numbers[pick(numbers.size())];
    text.replace(begin, end - begin, kInterestingNumbers[pick(std::size(kInterestingNumbers))]);
    return true;
  }
  case 1: {
    std::vector<size_t> found;
    for (const char *type : kElementTypes)
      for (size_t at = text.find(type); at != std::string::npos; at = text.find(type, at + 1))
        if ((at == 0 || !isNameChar(text, at - 1)) && !isNameChar(text, at + std::strlen(type)))
          found.push_back(at);
    if (found.empty())
      return false;
    size_t at = found[pick(found.size())];
    size_t length = 0;
    while (std::isalnum((unsigned char)text[at + length]))
      ++length;
    text.replace(at, length, kElementTypes[pick(std::size(kElementTypes))]);
    return true;
  }
  case 2: {
    std::vector<std::pair<size_t, size_t>> values;
    for (auto [begin, end] : findRuns(text, [&](size_t i) { return isNameChar(text, i); }))
      if (text[begin] == '%')
        values.emplace_back(begin, std::min(end, text.find_first_of(":#", begin)));
    if (values.size() < 2)
      return false;
    auto [begin, end] = values[pick(values.size())];
    auto [otherBegin, otherEnd] = values[pick(values.size())];
    text.replace(begin, end - begin, text.substr(otherBegin, otherEnd - otherBegin));
    return true;
  }
  default: {
    auto lines = findRuns(text, [&](size_t i) { return text[i] != '\n'; });
    if (lines.size() < 2)
      return false;
    auto [begin, end] = lines[pick(lines.size())];
    if (pick(2) == 0) {
      text.erase(begin, end - begin + (end < text.size() ? 1 : 0));
    } else {
      std::string line = text.substr(begin, end - begin) + "\n";
      text.insert(lines[pick(lines.size())].first, line);
    }
    return true;
  }
  }
}

} // namespace

// libFuzzer's own mutation, for the inputs that structural mutation does not take.
extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t maxSize,
                                          unsigned int seed) {
  std::minstd_rand random(seed);
  if (structuralOnly || random() % 2 == 0) {
    std::string text(reinterpret_cast<const char *>(data), size);
    if (mutateStructurally(text, random) && text.size() <= maxSize) {
      std::memcpy(data, text.data(), text.size());
      return text.size();
    }
  }
  return LLVMFuzzerMutate(data, size, maxSize);
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // A fatal error must abort here, not become a diagnostic (libnereid/CAPI/CrashRecovery.cpp).
  setenv("NEREID_DISABLE_CRASH_RECOVERY", "1", /*overwrite=*/1);
  if (const char *stages = std::getenv("NEREID_FUZZ_STAGES"))
    if (std::strcmp(stages, "llvm") == 0)
      stageCount = std::size(kStages);
  structuralOnly = std::getenv("NEREID_FUZZ_STRUCTURAL") != nullptr;
  if (std::getenv("NEREID_FUZZ_STATS"))
    std::atexit(printStats);
  context = nereid_context_create();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  NereidDiagnostics *diagnostics = nereid_diagnostics_create();
  NereidModule *module = nereid_module_parse(context, reinterpret_cast<const char *>(data), size,
                                             "fuzz.mlir", diagnostics);
  bool failed = !module;
  ++inputCount;
  if (module) {
    ++parsedCount;
    // Printing must round-trip whatever parsed; the printer walks every attribute and type.
    (void)nereid_module_print(module, /*with_locations=*/1);
    for (size_t stage = 0; stage < stageCount; ++stage)
      if (nereid_module_run_pipeline(module, kStages[stage], diagnostics) != NEREID_SUCCESS) {
        failed = true;
        break;
      }
    compiledCount += !failed;
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
