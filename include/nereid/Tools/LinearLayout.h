#ifndef NEREID_TOOLS_LINEARLAYOUT_H
#define NEREID_TOOLS_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::nereid {

/// A linear map over GF(2) from named input dimensions to named output dimensions: the one
/// description of a layout that every encoding converts to and that the shared passes reason in
/// (docs/layouts.md, "The algebra").
///
/// The input dimensions are hardware indices ("register", "lane", "warp", "block", or "offset"
/// for a memory layout); the output dimensions are tensor dimensions ("dim0", "dim1", ...). Every
/// dimension has a power-of-two size. An input dimension of size 2^k is described by k basis
/// vectors: basis i is the image of input index 2^i (all other inputs 0), one coordinate per
/// output dimension. The image of any input is the XOR of the bases of its set bits, taken over
/// all input dimensions. A zero basis means that the bit does not matter (broadcast: several
/// hardware indices hold the same element).
///
/// Example: four registers of one lane hold the four columns of a row, and eight lanes hold the
/// rows, of an 8x4 tensor ("dim0" rows, "dim1" columns):
///
///   LinearLayout({{"register", {{0, 1}, {0, 2}}}, {"lane", {{1, 0}, {2, 0}, {4, 0}}}},
///                {{"dim0", 8}, {"dim1", 4}})
///
/// Wherever dimensions are flattened into one index (reshapeIns, reshapeOuts, applyFlat), the
/// first dimension in the layout's order holds the least significant bits. To flatten a tensor
/// in row-major order (the last tensor dimension fastest), transposeOuts to the reversed order
/// first.
///
/// The class owns its names (std::string), so it needs no MLIRContext and is usable from any
/// pass and from tests. StringRefs that it returns point into the layout and live as long as it.
/// Each dimension holds at most 2^30 indices, and all inputs (and all outputs) together at most
/// 2^62. Operations that can fail on valid layouts (inverting a non-bijective layout, reshaping
/// to other sizes) return std::nullopt; misuse (an unknown dimension name, a size that is not a
/// power of two) is a programmer error and stops the program with a message.
class LinearLayout {
public:
  /// The image of one power-of-two input index: one coordinate per output dimension, in
  /// getOutDimNames() order.
  using Basis = llvm::SmallVector<int32_t, 4>;

  /// A named dimension and its size, or a named coordinate (the pairs of apply and reshape).
  using DimSize = std::pair<std::string, int32_t>;
  using DimValue = std::pair<std::string, int32_t>;

  /// An input dimension: its name and its basis vectors, bases[i] being the image of index 2^i.
  /// The dimension's size is 2^bases.size().
  struct InDim {
    std::string name;
    llvm::SmallVector<Basis> bases;

    /// Same name and same bases.
    bool operator==(const InDim &other) const { return name == other.name && bases == other.bases; }
    bool operator!=(const InDim &other) const { return !(*this == other); }
  };

  /// The names that the shared passes give the hardware dimensions; the conversion
  /// classification and equalUpToRegisterOrder treat "register" and "lane" specially.
  static constexpr llvm::StringLiteral kRegister = "register";
  static constexpr llvm::StringLiteral kLane = "lane";
  static constexpr llvm::StringLiteral kWarp = "warp";
  static constexpr llvm::StringLiteral kBlock = "block";

  /// The largest size of one dimension (coordinates stay in int32_t) and the most bits that all
  /// input or all output dimensions together may have (flattened indices stay in int64_t).
  static constexpr int kMaxDimSizeLog2 = 30;
  static constexpr int kMaxTotalSizeLog2 = 62;

  //===--------------------------------------------------------------------===//
  // Construction
  //===--------------------------------------------------------------------===//

  /// The empty layout: no input and no output dimensions. It maps the single (empty) input to
  /// the single (empty) output, and it is the unit of operator*.
  LinearLayout() = default;
  /// The empty layout, by name.
  static LinearLayout empty() { return LinearLayout(); }

  /// A layout from explicit bases and output dimension sizes, which may be larger than what the
  /// bases reach (a non-surjective layout). Stops the program if the description is invalid;
  /// use create() where the description comes from input that may be wrong.
  LinearLayout(llvm::ArrayRef<InDim> inDims, llvm::ArrayRef<DimSize> outDims);

  /// Like the constructor, but returns std::nullopt and sets `error` (when given) to the reason
  /// if the description is invalid: a size that is not a power of two or too large, a repeated
  /// name, a basis with the wrong number of coordinates, or a coordinate outside its dimension.
  static std::optional<LinearLayout> create(llvm::ArrayRef<InDim> inDims,
                                            llvm::ArrayRef<DimSize> outDims,
                                            std::string *error = nullptr);

  /// The identity map from [0, size) in `inDim` to [0, size) in `outDim`.
  static LinearLayout identity1D(int32_t size, llvm::StringRef inDim, llvm::StringRef outDim);

  /// Every index of [0, size) in `inDim` maps to 0 of `outDim` (of size `outDimSize`): the
  /// layout of a dimension that is broadcast, such as warps that all hold the same elements.
  static LinearLayout zeros1D(int32_t size, llvm::StringRef inDim, llvm::StringRef outDim,
                              int32_t outDimSize = 1);

  //===--------------------------------------------------------------------===//
  // Dimensions and bases
  //===--------------------------------------------------------------------===//

  /// How many input (output) dimensions the layout has, of any size.
  int getNumInDims() const { return inDims.size(); }
  int getNumOutDims() const { return outDims.size(); }

  /// The dimension names, in the layout's order (the first is the most minor when flattening).
  llvm::SmallVector<llvm::StringRef> getInDimNames() const;
  llvm::SmallVector<llvm::StringRef> getOutDimNames() const;

  /// The dimensions with their sizes, in the layout's order; what reshapeIns and reshapeOuts
  /// take, so that a reshape can be undone.
  llvm::SmallVector<DimSize> getInDims() const;
  llvm::SmallVector<DimSize> getOutDims() const;

  /// Whether the layout has a dimension of that name (of any size, 1 included).
  bool hasInDim(llvm::StringRef name) const { return findInDim(name) >= 0; }
  bool hasOutDim(llvm::StringRef name) const { return findOutDim(name) >= 0; }

  /// The size of a dimension, which must exist (a missing dimension is a programmer error, so
  /// that a misspelled name does not pass as size 1).
  int32_t getInDimSizeLog2(llvm::StringRef name) const;
  int32_t getInDimSize(llvm::StringRef name) const { return 1 << getInDimSizeLog2(name); }
  int32_t getOutDimSizeLog2(llvm::StringRef name) const;
  int32_t getOutDimSize(llvm::StringRef name) const { return 1 << getOutDimSizeLog2(name); }

  /// The number of bits of all input (output) dimensions together: log2 of the number of
  /// hardware indices (tensor elements).
  int getTotalInDimSizeLog2() const;
  int getTotalOutDimSizeLog2() const;
  int64_t getTotalInDimSize() const { return int64_t(1) << getTotalInDimSizeLog2(); }
  int64_t getTotalOutDimSize() const { return int64_t(1) << getTotalOutDimSizeLog2(); }

  /// The position of a dimension in the layout's order, or -1 if it is absent.
  int findInDim(llvm::StringRef name) const;
  int findOutDim(llvm::StringRef name) const;

  /// The basis vectors of an input dimension, which must exist.
  llvm::ArrayRef<Basis> getBases(llvm::StringRef inDim) const;
  /// The image of index 2^pos of `inDim`, one coordinate per output dimension.
  llvm::ArrayRef<int32_t> getBasis(llvm::StringRef inDim, int pos) const;
  /// One coordinate of that image.
  int32_t getBasis(llvm::StringRef inDim, int pos, llvm::StringRef outDim) const;
  /// All input dimensions with their bases, in order.
  llvm::ArrayRef<InDim> getInDimsWithBases() const { return inDims; }

  //===--------------------------------------------------------------------===//
  // Evaluation
  //===--------------------------------------------------------------------===//

  /// The output coordinates of the given input coordinates, one per output dimension in the
  /// layout's order. Input dimensions that are not named are 0; naming an unknown dimension,
  /// naming one twice, or a coordinate outside its dimension is a programmer error.
  llvm::SmallVector<DimValue> apply(llvm::ArrayRef<DimValue> ins) const;

  /// apply on flattened indices: the input dimensions concatenated with the first one in the
  /// least significant bits, and likewise the output. Brute-force checks and the printing of
  /// layouts use it.
  uint64_t applyFlat(uint64_t flatInput) const;

  //===--------------------------------------------------------------------===//
  // Algebra
  //===--------------------------------------------------------------------===//

  /// The direct product: `lhs` acts on the low part of the input and output, `rhs` on the high
  /// part. The result has lhs's dimensions followed by rhs's new ones. A dimension in both has
  /// the product of the sizes; in an input dimension lhs's bases come first (the low bits), in
  /// an output dimension rhs's coordinates are shifted above lhs's (rhs occupies the high bits),
  /// as in Triton. For example identity1D(4, "i", "o") * identity1D(2, "i", "o") is
  /// identity1D(8, "i", "o"), and identity1D(4, "i", "o") * zeros1D(2, "i", "o") maps x to
  /// x % 4 over [0, 8). The empty layout is the unit; the product is associative, not
  /// commutative. Stops the program if the result exceeds the size limits.
  friend LinearLayout operator*(const LinearLayout &lhs, const LinearLayout &rhs);
  /// *this = *this * rhs, for building a layout factor by factor.
  LinearLayout &operator*=(const LinearLayout &rhs) { return *this = *this * rhs; }

  /// This layout followed by `outer`: the result maps this's inputs to outer's outputs,
  /// x -> outer(this(x)). Every output dimension of this must be an input dimension of `outer`
  /// and fit in it (outer's other input dimensions are 0); otherwise std::nullopt.
  std::optional<LinearLayout> compose(const LinearLayout &outer) const;

  /// The inverse map, from this's outputs to its inputs, if this layout is bijective
  /// (injective and surjective); otherwise std::nullopt.
  std::optional<LinearLayout> invert() const;

  /// A right inverse P of a surjective layout L, so that L(P(y)) == y for every output y; for a
  /// bijective layout it is the inverse. Of the preimages of y, P picks the one that is smallest
  /// as a flattened index (free input bits are 0, high ones first). std::nullopt if this layout
  /// is not surjective.
  std::optional<LinearLayout> pseudoinvert() const;

  /// Which index of this layout holds each element of `other`: a map R from other's inputs to
  /// this's inputs with this(R(y)) == other(y) for every input y of `other`, that is
  /// this^-1 composed after `other`. With this a register layout and `other` another register
  /// layout of the same tensor, R answers "which (register, lane, warp) of this layout holds the
  /// element that (register, lane, warp) of other holds". Every output dimension of `other`
  /// must be one of this, and every image of `other` must be in the image of this (true when
  /// this is surjective onto other's outputs); otherwise std::nullopt. Where several indices of
  /// this hold an element, R picks the one pseudoinvert picks (the smallest flattened index).
  ///
  /// Note the direction: Triton's A.invertAndCompose(B) inverts its argument B; here the
  /// receiver is inverted, so Triton's A.invertAndCompose(B) is B.invertAndCompose(A) here.
  std::optional<LinearLayout> invertAndCompose(const LinearLayout &other) const;

  //===--------------------------------------------------------------------===//
  // Reshaping and restriction
  //===--------------------------------------------------------------------===//

  /// Flattens the input dimensions into one index (the first dimension in the least
  /// significant bits) and splits it again into `newInDims` (the first again least
  /// significant). std::nullopt if the total sizes differ or a size is not a power of two.
  std::optional<LinearLayout> reshapeIns(llvm::ArrayRef<DimSize> newInDims) const;
  /// The same for the output dimensions.
  std::optional<LinearLayout> reshapeOuts(llvm::ArrayRef<DimSize> newOutDims) const;

  /// The same layout with its dimensions listed in `order`, which must be a permutation of
  /// the names. It only matters to flattening (reshape) and to printing.
  LinearLayout transposeIns(llvm::ArrayRef<llvm::StringRef> order) const;
  LinearLayout transposeOuts(llvm::ArrayRef<llvm::StringRef> order) const;

  /// The layout restricted to some dimensions: the input dimensions not named are fixed at 0
  /// and the output dimensions not named are dropped. The names must exist; the result keeps
  /// the layout's order and the output sizes.
  LinearLayout sublayout(llvm::ArrayRef<llvm::StringRef> inDimNames,
                         llvm::ArrayRef<llvm::StringRef> outDimNames) const;

  /// Drops an input dimension, which must exist (fixes it at 0).
  LinearLayout removeInDim(llvm::StringRef name) const;

  /// Drops an output dimension, which must exist: slicing a dimension away, as the slice
  /// encoding does. The hardware indices that differed only along that dimension then hold the
  /// same element; removeZeroBases drops the registers that became duplicates.
  LinearLayout removeOutDim(llvm::StringRef name) const;

  /// Drops the zero bases of an input dimension, which must exist: the indices that only
  /// repeat what others hold. The remaining bases keep their order.
  LinearLayout removeZeroBases(llvm::StringRef inDim) const;

  //===--------------------------------------------------------------------===//
  // Queries
  //===--------------------------------------------------------------------===//

  /// The rank of the map over GF(2): the number of output bits its image spans.
  int getRank() const;

  /// Every output index is the image of some input index (every tensor element is held).
  bool isSurjective() const { return getRank() == getTotalOutDimSizeLog2(); }
  /// No two input indices hold the same output index (no element is held twice).
  bool isInjective() const { return getRank() == getTotalInDimSizeLog2(); }
  bool isBijective() const { return isSurjective() && isInjective(); }

  /// How many consecutive indices of `inDim`, starting at any multiple of the result, hold
  /// consecutive elements of `outDim`, with the other coordinates fixed: the largest V = 2^k
  /// such that L(x + v) == L(x) + v along `outDim` for every input x whose `inDim` index is a
  /// multiple of V and every v < V. Lowering uses it for vector width: a lane holds V
  /// contiguous elements of the fastest dimension in V consecutive registers.
  ///
  /// Structurally: the first k bases of `inDim` are the unit vectors 1, 2, ..., 2^(k-1) of
  /// `outDim`, and no other basis has any of those k low bits set along `outDim` (which holds
  /// for every injective layout built from blocked pieces; a basis that sets them would make
  /// the elements land in another order). 1 if either dimension is absent.
  int32_t getNumConsecutiveInOut(llvm::StringRef inDim, llvm::StringRef outDim) const;
  /// The same for the first input dimension (by convention "register") and the first output
  /// dimension (the most minor one in this layout's order).
  int32_t getNumConsecutiveInOut() const;

  /// Both layouts hold the same elements in every (lane, warp, block, ...), in the same number
  /// of registers, only in another register order that is the same for all of them: a
  /// convert_layout between them moves no data. Dimensions are compared by name, in any order,
  /// and a missing input dimension counts as one of size 1. Exactly: the same output dimensions
  /// and sizes, the same register count, the same bases for every input dimension other than
  /// "register", and register bases that span the same space (not necessarily the same bases:
  /// registers 0, 1, 3, 2 are a reordering too).
  bool equalUpToRegisterOrder(const LinearLayout &other) const;

  /// Structural equality: the same dimensions in the same order with the same bases and sizes.
  bool operator==(const LinearLayout &other) const {
    return inDims == other.inDims && outDims == other.outDims;
  }
  /// Structural inequality.
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  //===--------------------------------------------------------------------===//
  // Printing
  //===--------------------------------------------------------------------===//

  /// A readable multi-line description: the dimensions with their sizes, then one line per
  /// basis, e.g. "  lane 4 -> (dim0=1, dim1=0)".
  std::string toString() const;
  /// Writes toString() to `os`.
  void print(llvm::raw_ostream &os) const;

private:
  /// The coordinates `coords` (in this layout's output order), flattened.
  uint64_t flattenOut(llvm::ArrayRef<int32_t> coords) const;
  /// The inverse of flattenOut.
  Basis unflattenOut(uint64_t flat) const;
  /// One flattened output per flattened input bit.
  llvm::SmallVector<uint64_t> flatColumns() const;

  llvm::SmallVector<InDim, 4> inDims;
  llvm::SmallVector<DimSize, 4> outDims;
};

/// Prints a layout as LinearLayout::print does, for debugging output (LLVM_DEBUG, dbgs()).
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const LinearLayout &layout);

/// What a convert_layout between two layouts of the same tensor must do to move the elements.
enum class LayoutConversionKind {
  /// Every (lane, warp, block, ...) already holds the elements it needs; at most the registers
  /// are renamed or dropped, the same way for all of them.
  NoDataMovement,
  /// Every warp (and block) already holds the elements it needs, so that exchanging registers
  /// between the lanes of a warp (shuffles; on a CPU, SIMD permutes) suffices.
  LaneShuffles,
  /// Elements cross warps or blocks: the conversion goes through memory.
  Memory,
};

/// Classifies the conversion from `src` to `dst`, two layouts with the same output dimensions
/// (by name and size; anything else is a programmer error). An input dimension that one layout
/// lacks counts as size 1. With R the "register" bases, L the "lane" bases and O all others
/// ("warp", "block", ...), and span() the space of tensor indices that bases reach:
///   - NoDataMovement: L and O agree, and span(dst R) is in span(src R);
///   - LaneShuffles: O agrees, and span(dst R + dst L) is in span(src R + src L);
///   - Memory: otherwise.
/// These are exactly the conditions under which a fixed map from dst's registers (and lanes)
/// to src's ones, the same for every lane and warp (every warp), delivers every element; the
/// tests check them against that definition by brute force. Layouts equal up to register
/// order need no data movement.
LayoutConversionKind classifyLayoutConversion(const LinearLayout &src, const LinearLayout &dst);

/// The name of a kind, for printing ("NoDataMovement", ...).
llvm::StringRef stringifyLayoutConversionKind(LayoutConversionKind kind);

} // namespace mlir::nereid

#endif // NEREID_TOOLS_LINEARLAYOUT_H
