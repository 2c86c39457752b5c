#include "nereid/Nvidia/NvidiaTargetInfo.h"

#include "llvm/ADT/StringSwitch.h"

MLIR_DEFINE_EXPLICIT_TYPE_ID(mlir::nereid::nvidia::NvidiaTargetInfo)

namespace mlir::nereid::nvidia {

llvm::Expected<std::unique_ptr<TargetInfo>> NvidiaTargetInfo::create(const TargetString &target) {
  // The shared memory of one SM (a program may use up to 1 KiB less).
  unsigned sharedKiB = 0;
  if (target.fields.size() == 1)
    sharedKiB = llvm::StringSwitch<unsigned>(target.fields[0])
                    .Case("80", 164)
                    .Case("86", 100)
                    .Case("89", 100)
                    .Case("90", 228)
                    .Default(0);
  if (sharedKiB == 0)
    return llvm::createStringError("unknown target '" + target.text +
                                   "': NVIDIA targets are cuda:80, cuda:86, cuda:89 and cuda:90");
  unsigned computeCapability = std::stoi(target.fields[0]);
  return std::make_unique<NvidiaTargetInfo>(computeCapability, sharedKiB * 1024);
}

} // namespace mlir::nereid::nvidia
