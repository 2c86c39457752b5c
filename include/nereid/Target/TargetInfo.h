#ifndef NEREID_TARGET_TARGETINFO_H
#define NEREID_TARGET_TARGETINFO_H

#include "mlir/IR/Types.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::nereid {

/// What lanes are on a target, which decides how a layout spreads elements over them.
enum class LaneModel {
  /// A lane is one element of a vector register (a CPU): contiguous elements go to
  /// consecutive lanes, one each, and a layout may use fewer lanes than a register has (a
  /// narrower vector).
  VectorElement,
  /// A lane is a thread of a warp (a GPU): each thread holds its contiguous elements in its own
  /// registers, and a layout uses every thread of the warp.
  Thread,
};

/// What a backend tells the shared passes about its hardware: what the `lane` and `warp`
/// dimensions of a LinearLayout are on it, how wide its vector accesses are and how much
/// on-chip shared memory a program has (DESIGN.md, "Layouts are backend-neutral"). The shared
/// passes ask these questions instead of asking which target they compile for; core knows no
/// backend's subclass.
///
/// A TargetInfo is made from the module attribute `ttg.target` by createTargetInfo, through
/// the factory that the target's backend registered for its family (registerTargetFamily).
class TargetInfo {
public:
  virtual ~TargetInfo();

  /// The canonical `ttg.target` string of this target ("cpu:x86_64:avx512", "cuda:90");
  /// createTargetInfo(getName()) makes the same target again.
  virtual std::string getName() const = 0;

  /// The size of the `lane` dimension for elements of `elementType`: the threads of a warp on
  /// a GPU (the same for every type), the elements of one vector register on a CPU (16 for f32
  /// with AVX-512, 64 for i8).
  virtual unsigned getNumLanes(Type elementType) const = 0;

  /// What a lane is (LaneModel).
  virtual LaneModel getLaneModel() const = 0;

  /// The largest `warp` dimension of one program: 1 on a CPU, where a program runs on one core.
  virtual unsigned getMaxWarps() const = 0;

  /// The `warp` dimension every program has whatever `num_warps` asks (1 on a CPU), or
  /// std::nullopt when the launch chooses it.
  virtual std::optional<unsigned> getFixedNumWarps() const = 0;

  /// The widest access in bits that one lane's registers make to memory for `elementType` in
  /// one instruction: the vector register on a CPU, a 128-bit vector load or store per thread
  /// on a GPU. A layout whose lanes hold fewer contiguous bits leaves bandwidth unused.
  virtual unsigned getVectorWidthBits(Type elementType) const = 0;

  /// Whether a vector access must be aligned to its width (a GPU's ld.global.v4), so that only
  /// the proven alignment of an address, not its contiguity alone, allows a wide access. x86-64
  /// and AArch64 take unaligned vector accesses at the same cost.
  virtual bool requiresAlignedVectorAccesses() const = 0;

  /// The on-chip memory that the warps of a program share (NVIDIA shared memory, AMD LDS), in
  /// bytes, or std::nullopt on a CPU, which has none: layout conversions that need memory
  /// go through the stack there.
  virtual std::optional<unsigned> getSharedMemoryBytes() const = 0;

  /// The TypeID of the concrete class, for LLVM-style casts (isa, dyn_cast) to a backend's own
  /// subclass inside that backend: `static bool classof(const TargetInfo *info) { return
  /// info->getTypeID() == TypeID::get<MyTargetInfo>(); }`.
  TypeID getTypeID() const { return typeID; }

protected:
  explicit TargetInfo(TypeID typeID) : typeID(typeID) {}

private:
  TypeID typeID;
};

/// The width in bits that an element of `type` occupies in registers and in memory: the width
/// of an integer or float (i1 counts as i8, as Triton stores it), rounded up to a power of two
/// as LLVM allocates it (i7: 8, i44: 64, f80: 128), so that a vector holds a power of two of
/// them; 64 for index and pointers.
unsigned getElementBitWidth(Type type);

/// A `ttg.target` string taken apart: the family, then the fields its backend reads, all
/// separated by ':' ("cpu:x86_64:avx512": family "cpu", fields {"x86_64", "avx512"};
/// "cuda:90": family "cuda", fields {"90"}). The family is the vendor name that upstream
/// Triton's target strings use.
struct TargetString {
  /// The whole string.
  std::string text;
  /// The part before the first ':'.
  std::string family;
  /// The parts after it.
  std::vector<std::string> fields;
};

/// Takes `text` apart; an empty string, an empty family or an empty field is an error.
llvm::Expected<TargetString> parseTargetString(llvm::StringRef text);

/// Makes the TargetInfo of a target of one family, or explains why `target` names none.
using TargetInfoFactory =
    std::function<llvm::Expected<std::unique_ptr<TargetInfo>>(const TargetString &target)>;

/// Makes `factory` the maker of targets whose family is `family`; each backend registers its
/// families once, when it is registered. Registering a family twice replaces its factory.
void registerTargetFamily(llvm::StringRef family, TargetInfoFactory factory);

/// The families registered so far, sorted.
llvm::SmallVector<std::string> getRegisteredTargetFamilies();

/// The TargetInfo that a `ttg.target` string names, from the factory of its family. A
/// malformed string, or one whose family no backend registered, is an error that names the
/// registered families.
llvm::Expected<std::unique_ptr<TargetInfo>> createTargetInfo(llvm::StringRef target);

} // namespace mlir::nereid

#endif // NEREID_TARGET_TARGETINFO_H
