#ifndef NEREID_NVIDIA_NVIDIATARGETINFO_H
#define NEREID_NVIDIA_NVIDIATARGETINFO_H

#include "nereid/Target/TargetInfo.h"

namespace mlir::nereid::nvidia {

/// An NVIDIA GPU: 32 threads per warp, up to 32 warps (1024 threads) per program, and the
/// shared memory of one SM of its compute capability. Its target strings are upstream Triton's,
/// "cuda:<compute capability>".
class NvidiaTargetInfo : public TargetInfo {
public:
  /// A GPU of compute capability `computeCapability` (80 for sm_80, 90 for sm_90) with
  /// `sharedMemoryBytes` of shared memory per SM.
  NvidiaTargetInfo(unsigned computeCapability, unsigned sharedMemoryBytes)
      : TargetInfo(TypeID::get<NvidiaTargetInfo>()), computeCapability(computeCapability),
        sharedMemoryBytes(sharedMemoryBytes) {}

  /// The GPU that `target` (family "cuda") names: cuda:80, cuda:86, cuda:89 or cuda:90; any
  /// other is an error that lists them.
  static llvm::Expected<std::unique_ptr<TargetInfo>> create(const TargetString &target);

  std::string getName() const override { return "cuda:" + std::to_string(computeCapability); }
  unsigned getNumLanes(Type) const override { return 32; }
  LaneModel getLaneModel() const override { return LaneModel::Thread; }
  unsigned getMaxWarps() const override { return 32; }
  std::optional<unsigned> getFixedNumWarps() const override { return std::nullopt; }
  unsigned getVectorWidthBits(Type) const override { return 128; }
  bool requiresAlignedVectorAccesses() const override { return true; }
  std::optional<unsigned> getSharedMemoryBytes() const override { return sharedMemoryBytes; }

  /// 80 for sm_80, 90 for sm_90, ...
  unsigned getComputeCapability() const { return computeCapability; }

  static bool classof(const TargetInfo *info) {
    return info->getTypeID() == TypeID::get<NvidiaTargetInfo>();
  }

private:
  unsigned computeCapability;
  unsigned sharedMemoryBytes;
};

} // namespace mlir::nereid::nvidia

MLIR_DECLARE_EXPLICIT_TYPE_ID(mlir::nereid::nvidia::NvidiaTargetInfo)

#endif // NEREID_NVIDIA_NVIDIATARGETINFO_H
