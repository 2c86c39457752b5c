#include "nereid/Target/TargetInfo.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::nereid;

TargetInfo::~TargetInfo() = default;

unsigned mlir::nereid::getElementBitWidth(Type type) {
  if (type.isIntOrFloat())
    return llvm::PowerOf2Ceil(std::max(type.getIntOrFloatBitWidth(), 8u));
  // index and pointers (tt.ptr): every target Nereid compiles for has 64-bit addresses.
  return 64;
}

unsigned CpuTargetInfo::getNumLanes(Type elementType) const {
  return std::max(vectorBits / getElementBitWidth(elementType), 1u);
}

namespace {

llvm::Error unknownTarget(StringRef target, StringRef why) {
  return llvm::createStringError("unknown target '" + target + "': " + why);
}

} // namespace

llvm::Expected<std::unique_ptr<TargetInfo>> mlir::nereid::createTargetInfo(StringRef target) {
  auto [family, rest] = target.split(':');
  if (family == "cpu") {
    auto [arch, feature] = rest.split(':');
    unsigned vectorBits = 0;
    if (arch == "x86_64")
      vectorBits =
          llvm::StringSwitch<unsigned>(feature).Case("avx512", 512).Case("avx2", 256).Default(0);
    else if (arch == "aarch64")
      vectorBits = llvm::StringSwitch<unsigned>(feature).Case("neon", 128).Default(0);
    if (vectorBits == 0)
      return unknownTarget(target, "CPU targets are cpu:x86_64:avx512, cpu:x86_64:avx2 and "
                                   "cpu:aarch64:neon");
    return std::make_unique<CpuTargetInfo>(arch, feature, vectorBits);
  }
  if (family == "cuda") {
    // The shared memory of one SM (a program may use up to 1 KiB less).
    unsigned sharedKiB = llvm::StringSwitch<unsigned>(rest)
                             .Case("80", 164)
                             .Case("86", 100)
                             .Case("89", 100)
                             .Case("90", 228)
                             .Default(0);
    if (sharedKiB == 0)
      return unknownTarget(target, "NVIDIA targets are cuda:80, cuda:86, cuda:89 and cuda:90");
    unsigned computeCapability = 0;
    rest.getAsInteger(10, computeCapability);
    return std::make_unique<NvidiaTargetInfo>(computeCapability, sharedKiB * 1024);
  }
  if (family == "hip") {
    unsigned ldsKiB =
        llvm::StringSwitch<unsigned>(rest).Case("gfx90a", 64).Case("gfx942", 64).Default(0);
    if (ldsKiB == 0)
      return unknownTarget(target, "AMD targets are hip:gfx90a and hip:gfx942");
    return std::make_unique<AmdTargetInfo>(rest, ldsKiB * 1024);
  }
  return unknownTarget(target, "expected cpu:<arch>:<features>, cuda:<compute capability> or "
                               "hip:<gfx arch>");
}
