#ifndef NEREID_TARGET_TARGETINFO_H
#define NEREID_TARGET_TARGETINFO_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::nereid {

/// What a backend tells the shared passes about its hardware: what the `lane` and `warp`
/// dimensions of a LinearLayout are on it, how wide its vector accesses are and how much
/// on-chip shared memory a program has (DESIGN.md, "Layouts are backend-neutral"). The shared
/// passes ask these questions instead of asking which target they compile for.
///
/// A TargetInfo is made from the module attribute `ttg.target` by createTargetInfo.
class TargetInfo {
public:
  /// The family of a target, for LLVM-style casts (isa, dyn_cast) to the subclasses.
  enum class Kind { Cpu, Nvidia, Amd };

  virtual ~TargetInfo();

  /// The family of this target.
  Kind getKind() const { return kind; }

  /// The canonical `ttg.target` string of this target ("cpu:x86_64:avx512", "cuda:90",
  /// "hip:gfx942"); createTargetInfo(getName()) makes the same target again.
  virtual std::string getName() const = 0;

  /// The size of the `lane` dimension for elements of `elementType`: the threads of a warp on
  /// a GPU (the same for every type), the elements of one vector register on a CPU (16 for f32
  /// with AVX-512, 64 for i8).
  virtual unsigned getNumLanes(Type elementType) const = 0;

  /// The largest `warp` dimension of one program: 1 on a CPU, where a program runs on one core.
  virtual unsigned getMaxWarps() const = 0;

  /// The widest access in bits that one lane's registers make to memory for `elementType` in
  /// one instruction: the vector register on a CPU, a 128-bit vector load or store per thread
  /// on a GPU. A layout whose lanes hold fewer contiguous bits leaves bandwidth unused.
  virtual unsigned getVectorWidthBits(Type elementType) const = 0;

  /// The on-chip memory that the warps of a program share (NVIDIA shared memory, AMD LDS), in
  /// bytes, or std::nullopt on a CPU, which has none: layout conversions that need memory
  /// go through the stack there.
  virtual std::optional<unsigned> getSharedMemoryBytes() const = 0;

protected:
  explicit TargetInfo(Kind kind) : kind(kind) {}

private:
  Kind kind;
};

/// The width in bits that an element of `type` occupies in registers and in memory: the width
/// of an integer or float (i1 counts as i8, as Triton stores it), rounded up to a power of two
/// as LLVM allocates it (i7: 8, i44: 64, f80: 128), so that a vector holds a power of two of
/// them; 64 for index and pointers.
unsigned getElementBitWidth(Type type);

/// A CPU core: a lane is one SIMD lane of a vector register, a warp is the whole core (one per
/// program), and there is no shared memory. The vector width comes from the features of the
/// target string: AVX-512 (512 bits), AVX2 (256) on x86_64, NEON (128) on aarch64.
class CpuTargetInfo : public TargetInfo {
public:
  /// A CPU of architecture `arch` ("x86_64", "aarch64") with `feature` ("avx512", "avx2",
  /// "neon") whose vector registers have `vectorBits` bits.
  CpuTargetInfo(llvm::StringRef arch, llvm::StringRef feature, unsigned vectorBits)
      : TargetInfo(Kind::Cpu), arch(arch.str()), feature(feature.str()), vectorBits(vectorBits) {}

  std::string getName() const override { return "cpu:" + arch + ":" + feature; }
  unsigned getNumLanes(Type elementType) const override;
  unsigned getMaxWarps() const override { return 1; }
  unsigned getVectorWidthBits(Type elementType) const override { return vectorBits; }
  std::optional<unsigned> getSharedMemoryBytes() const override { return std::nullopt; }

  /// "x86_64" or "aarch64".
  llvm::StringRef getArch() const { return arch; }

  /// Whether masked vector loads and stores cost about what plain ones do: AVX-512's, which
  /// take a mask register. AVX2's `vmaskmovps` is several times slower than a plain access, and
  /// NEON has none (LLVM splits them into one branch per lane).
  bool hasCheapMaskedAccesses() const { return feature == "avx512"; }

  /// How many vector registers the code may use: 32 with AVX-512 (zmm0-31) and on AArch64
  /// (v0-31), 16 with AVX2 (ymm0-15).
  unsigned getNumVectorRegisters() const { return feature == "avx2" ? 16 : 32; }

  static bool classof(const TargetInfo *info) { return info->getKind() == Kind::Cpu; }

private:
  std::string arch;
  std::string feature;
  unsigned vectorBits;
};

/// An NVIDIA GPU: 32 threads per warp, up to 32 warps (1024 threads) per program, and the
/// shared memory of one SM of its compute capability.
class NvidiaTargetInfo : public TargetInfo {
public:
  /// A GPU of compute capability `computeCapability` (80 for sm_80, 90 for sm_90) with
  /// `sharedMemoryBytes` of shared memory per SM.
  NvidiaTargetInfo(unsigned computeCapability, unsigned sharedMemoryBytes)
      : TargetInfo(Kind::Nvidia), computeCapability(computeCapability),
        sharedMemoryBytes(sharedMemoryBytes) {}

  std::string getName() const override { return "cuda:" + std::to_string(computeCapability); }
  unsigned getNumLanes(Type) const override { return 32; }
  unsigned getMaxWarps() const override { return 32; }
  unsigned getVectorWidthBits(Type) const override { return 128; }
  std::optional<unsigned> getSharedMemoryBytes() const override { return sharedMemoryBytes; }

  /// 80 for sm_80, 90 for sm_90, ...
  unsigned getComputeCapability() const { return computeCapability; }

  static bool classof(const TargetInfo *info) { return info->getKind() == Kind::Nvidia; }

private:
  unsigned computeCapability;
  unsigned sharedMemoryBytes;
};

/// An AMD GPU: 64 threads per wavefront (warp), up to 16 wavefronts (1024 threads) per
/// program, and the LDS of one compute unit of its gfx arch.
class AmdTargetInfo : public TargetInfo {
public:
  /// A GPU of gfx arch `arch` ("gfx90a", "gfx942") with `ldsBytes` of LDS.
  AmdTargetInfo(llvm::StringRef arch, unsigned ldsBytes)
      : TargetInfo(Kind::Amd), arch(arch.str()), ldsBytes(ldsBytes) {}

  std::string getName() const override { return "hip:" + arch; }
  unsigned getNumLanes(Type) const override { return 64; }
  unsigned getMaxWarps() const override { return 16; }
  unsigned getVectorWidthBits(Type) const override { return 128; }
  std::optional<unsigned> getSharedMemoryBytes() const override { return ldsBytes; }

  /// "gfx90a", "gfx942", ...
  llvm::StringRef getArch() const { return arch; }

  static bool classof(const TargetInfo *info) { return info->getKind() == Kind::Amd; }

private:
  std::string arch;
  unsigned ldsBytes;
};

/// The TargetInfo that a `ttg.target` string names: "cpu:x86_64:avx512", "cpu:x86_64:avx2",
/// "cpu:aarch64:neon", "cuda:80", "cuda:86", "cuda:89", "cuda:90", "hip:gfx90a" or
/// "hip:gfx942". Any other string is an error that says what is supported.
llvm::Expected<std::unique_ptr<TargetInfo>> createTargetInfo(llvm::StringRef target);

} // namespace mlir::nereid

#endif // NEREID_TARGET_TARGETINFO_H
