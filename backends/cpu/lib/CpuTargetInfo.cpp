#include "nereid/CPU/CpuTargetInfo.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

MLIR_DEFINE_EXPLICIT_TYPE_ID(mlir::nereid::cpu::CpuTargetInfo)

namespace mlir::nereid::cpu {

unsigned CpuTargetInfo::getNumLanes(Type elementType) const {
  return std::max(vectorBits / getElementBitWidth(elementType), 1u);
}

llvm::Expected<std::unique_ptr<TargetInfo>> CpuTargetInfo::create(const TargetString &target) {
  unsigned vectorBits = 0;
  if (target.fields.size() == 2) {
    llvm::StringRef arch = target.fields[0], feature = target.fields[1];
    if (arch == "x86_64")
      vectorBits =
          llvm::StringSwitch<unsigned>(feature).Case("avx512", 512).Case("avx2", 256).Default(0);
    else if (arch == "aarch64")
      vectorBits = llvm::StringSwitch<unsigned>(feature).Case("neon", 128).Default(0);
  }
  if (vectorBits == 0)
    return llvm::createStringError("unknown target '" + target.text +
                                   "': CPU targets are cpu:x86_64:avx512, cpu:x86_64:avx2 and "
                                   "cpu:aarch64:neon");
  return std::make_unique<CpuTargetInfo>(target.fields[0], target.fields[1], vectorBits);
}

} // namespace mlir::nereid::cpu
