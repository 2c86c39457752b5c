// nereid_host_target: the machine this process runs on, in LLVM's terms and as the `ttg.target`
// that the CPU lowering takes.

#include "nereid-c/Nereid.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <string>

namespace {

/// The host, computed once; its strings back the NereidTarget handed out.
struct HostTarget {
  std::string triple, cpu, features, ttgTarget;

  HostTarget() {
    triple = llvm::Triple::normalize(llvm::sys::getDefaultTargetTriple());
    cpu = llvm::sys::getHostCPUName().str();
    llvm::StringMap<bool> enabled = llvm::sys::getHostCPUFeatures();
    // Sorted, so that the same machine always gives the same string (it keys the kernel cache).
    llvm::SmallVector<std::string> flags;
    for (const auto &feature : enabled)
      flags.push_back((feature.getValue() ? "+" : "-") + feature.getKey().str());
    std::sort(flags.begin(), flags.end(), [](const std::string &a, const std::string &b) {
      return a.substr(1) < b.substr(1);
    });
    for (const std::string &flag : flags)
      features += (features.empty() ? "" : ",") + flag;

    llvm::Triple parsed(triple);
    if (parsed.getArch() == llvm::Triple::x86_64) {
      if (enabled.lookup("avx512f"))
        ttgTarget = "cpu:x86_64:avx512";
      else if (enabled.lookup("avx2"))
        ttgTarget = "cpu:x86_64:avx2";
    } else if (parsed.getArch() == llvm::Triple::aarch64) {
      ttgTarget = "cpu:aarch64:neon"; // NEON is part of the AArch64 base architecture.
    }
  }
};

} // namespace

extern "C" {

NereidTarget nereid_host_target(void) {
  static const HostTarget host;
  return {host.triple.c_str(), host.cpu.c_str(), host.features.c_str(), host.ttgTarget.c_str(),
          /*chip=*/"", /*isa_version=*/""};
}

} // extern "C"
