#ifndef NEREID_CPU_CPUTARGETINFO_H
#define NEREID_CPU_CPUTARGETINFO_H

#include "nereid/Target/TargetInfo.h"

namespace mlir::nereid::cpu {

/// A CPU core: a lane is one SIMD lane of a vector register, a warp is the whole core (one per
/// program), and there is no shared memory. The vector width comes from the features of the
/// target string: AVX-512 (512 bits), AVX2 (256) on x86_64, NEON (128) on aarch64.
class CpuTargetInfo : public TargetInfo {
public:
  /// A CPU of architecture `arch` ("x86_64", "aarch64") with `feature` ("avx512", "avx2",
  /// "neon") whose vector registers have `vectorBits` bits.
  CpuTargetInfo(llvm::StringRef arch, llvm::StringRef feature, unsigned vectorBits)
      : TargetInfo(TypeID::get<CpuTargetInfo>()), arch(arch.str()), feature(feature.str()),
        vectorBits(vectorBits) {}

  /// The CPU that `target` (family "cpu") names: cpu:x86_64:avx512, cpu:x86_64:avx2 or
  /// cpu:aarch64:neon; any other is an error that lists them.
  static llvm::Expected<std::unique_ptr<TargetInfo>> create(const TargetString &target);

  std::string getName() const override { return "cpu:" + arch + ":" + feature; }
  unsigned getNumLanes(Type elementType) const override;
  LaneModel getLaneModel() const override { return LaneModel::VectorElement; }
  unsigned getMaxWarps() const override { return 1; }
  std::optional<unsigned> getFixedNumWarps() const override { return 1; }
  unsigned getVectorWidthBits(Type elementType) const override { return vectorBits; }
  bool requiresAlignedVectorAccesses() const override { return false; }
  std::optional<unsigned> getSharedMemoryBytes() const override { return std::nullopt; }

  /// "x86_64" or "aarch64".
  llvm::StringRef getArch() const { return arch; }

  /// "avx512", "avx2" or "neon".
  llvm::StringRef getFeature() const { return feature; }

  /// Whether masked vector loads and stores cost about what plain ones do: AVX-512's, which
  /// take a mask register. AVX2's `vmaskmovps` is several times slower than a plain access, and
  /// NEON has none (LLVM splits them into one branch per lane).
  bool hasCheapMaskedAccesses() const { return feature == "avx512"; }

  /// How many vector registers the code may use: 32 with AVX-512 (zmm0-31) and on AArch64
  /// (v0-31), 16 with AVX2 (ymm0-15).
  unsigned getNumVectorRegisters() const { return feature == "avx2" ? 16 : 32; }

  static bool classof(const TargetInfo *info) {
    return info->getTypeID() == TypeID::get<CpuTargetInfo>();
  }

private:
  std::string arch;
  std::string feature;
  unsigned vectorBits;
};

} // namespace mlir::nereid::cpu

MLIR_DECLARE_EXPLICIT_TYPE_ID(mlir::nereid::cpu::CpuTargetInfo)

#endif // NEREID_CPU_CPUTARGETINFO_H
