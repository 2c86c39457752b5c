// nereid_link_shared_library: lld's ELF linker in this process, so that the CPU backend links
// kernels on machines that have no LLVM toolchain (a wheel installed on a server).

#include "nereid-c/Nereid.h"

#include "Diagnostics.h"

#include "lld/Common/Driver.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <string>

LLD_HAS_DRIVER(elf)

namespace {

/// lld keeps its state in globals: one link at a time.
std::mutex linkMutex;
/// Set when lld said that it cannot run again in this process (it crashed inside a link).
bool lldUnusable = false;

} // namespace

NereidStatus nereid_link_shared_library(const char *const *arguments, size_t num_arguments,
                                        NereidDiagnostics *diagnostics) {
  auto fail = [&](std::string message) {
    if (diagnostics)
      diagnostics->addError(std::move(message));
    return NEREID_FAILURE;
  };
  if (!arguments && num_arguments)
    return fail("nereid_link_shared_library: arguments is NULL");
  llvm::SmallVector<const char *> argv{"ld.lld"};
  for (size_t i = 0; i < num_arguments; ++i) {
    if (!arguments[i])
      return fail("nereid_link_shared_library: argument " + std::to_string(i) + " is NULL");
    argv.push_back(arguments[i]);
  }
  std::lock_guard<std::mutex> lock(linkMutex);
  if (lldUnusable)
    return fail("lld cannot link again in this process: an earlier link crashed inside it");
  std::string output;
  llvm::raw_string_ostream stream(output);
  lld::Result result = lld::lldMain(argv, stream, stream, {{lld::Gnu, &lld::elf::link}});
  lldUnusable = !result.canRunAgain;
  if (result.retCode == 0)
    return NEREID_SUCCESS;
  return fail(llvm::StringRef(output).trim().str());
}
