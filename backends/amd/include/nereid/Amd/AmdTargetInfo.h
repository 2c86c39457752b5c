#ifndef NEREID_AMD_AMDTARGETINFO_H
#define NEREID_AMD_AMDTARGETINFO_H

#include "nereid/Target/TargetInfo.h"

namespace mlir::nereid::amd {

/// An AMD GPU: 64 threads per wavefront (warp), up to 16 wavefronts (1024 threads) per
/// program, and the LDS of one compute unit of its gfx arch. Its target strings are upstream
/// Triton's, "hip:<gfx arch>".
class AmdTargetInfo : public TargetInfo {
public:
  /// A GPU of gfx arch `arch` ("gfx90a", "gfx942") with `ldsBytes` of LDS.
  AmdTargetInfo(llvm::StringRef arch, unsigned ldsBytes)
      : TargetInfo(TypeID::get<AmdTargetInfo>()), arch(arch.str()), ldsBytes(ldsBytes) {}

  /// The GPU that `target` (family "hip") names: hip:gfx90a or hip:gfx942; any other is an
  /// error that lists them.
  static llvm::Expected<std::unique_ptr<TargetInfo>> create(const TargetString &target);

  std::string getName() const override { return "hip:" + arch; }
  unsigned getNumLanes(Type) const override { return 64; }
  LaneModel getLaneModel() const override { return LaneModel::Thread; }
  unsigned getMaxWarps() const override { return 16; }
  std::optional<unsigned> getFixedNumWarps() const override { return std::nullopt; }
  unsigned getVectorWidthBits(Type) const override { return 128; }
  bool requiresAlignedVectorAccesses() const override { return true; }
  std::optional<unsigned> getSharedMemoryBytes() const override { return ldsBytes; }

  /// "gfx90a", "gfx942", ...
  llvm::StringRef getArch() const { return arch; }

  static bool classof(const TargetInfo *info) {
    return info->getTypeID() == TypeID::get<AmdTargetInfo>();
  }

private:
  std::string arch;
  unsigned ldsBytes;
};

} // namespace mlir::nereid::amd

MLIR_DECLARE_EXPLICIT_TYPE_ID(mlir::nereid::amd::AmdTargetInfo)

#endif // NEREID_AMD_AMDTARGETINFO_H
