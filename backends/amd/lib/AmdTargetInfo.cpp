#include "nereid/Amd/AmdTargetInfo.h"

#include "llvm/ADT/StringSwitch.h"

MLIR_DEFINE_EXPLICIT_TYPE_ID(mlir::nereid::amd::AmdTargetInfo)

namespace mlir::nereid::amd {

llvm::Expected<std::unique_ptr<TargetInfo>> AmdTargetInfo::create(const TargetString &target) {
  unsigned ldsKiB = 0;
  if (target.fields.size() == 1)
    ldsKiB = llvm::StringSwitch<unsigned>(target.fields[0])
                 .Case("gfx90a", 64)
                 .Case("gfx942", 64)
                 .Default(0);
  if (ldsKiB == 0)
    return llvm::createStringError("unknown target '" + target.text +
                                   "': AMD targets are hip:gfx90a and hip:gfx942");
  return std::make_unique<AmdTargetInfo>(target.fields[0], ldsKiB * 1024);
}

} // namespace mlir::nereid::amd
