#include "CpuTarget.h"

namespace mlir::nereid::cpu {

FailureOr<std::unique_ptr<CpuTargetInfo>> parseCpuTarget(Operation *op, StringRef target,
                                                         StringRef passName) {
  llvm::Expected<std::unique_ptr<TargetInfo>> info = createTargetInfo(target);
  if (!info) {
    op->emitError(llvm::toString(info.takeError()));
    return failure();
  }
  if (!isa<CpuTargetInfo>(**info)) {
    op->emitError() << passName << " needs a CPU target; got " << target;
    return failure();
  }
  return std::unique_ptr<CpuTargetInfo>(cast<CpuTargetInfo>(info->release()));
}

int64_t getChunkWidth(const CpuTargetInfo &cpu) {
  // A CPU's vector registers have one width for every element type.
  return cpu.getVectorWidthBits(Type()) / 32;
}

} // namespace mlir::nereid::cpu
