// The LinearLayout algebra. Linear algebra over GF(2) works on flattened indices: the input
// (output) dimensions concatenated with the first one in the least significant bits, each
// flattened input bit a column whose value is its flattened image.

#include "nereid/Tools/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <array>

using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;

namespace mlir::nereid {

namespace {

/// Misuse of the API: stop with a message, in release builds too, rather than index out of
/// bounds.
[[noreturn]] void fatal(const llvm::Twine &message) {
  llvm::report_fatal_error(llvm::Twine("LinearLayout: ") + message);
}

bool isValidDimSize(int64_t size) {
  return size >= 1 && size <= (int64_t(1) << LinearLayout::kMaxDimSizeLog2) &&
         llvm::isPowerOf2_64(size);
}

int sizeLog2(int64_t size) { return llvm::Log2_64(size); }

/// A basis of a subspace of GF(2)^64 in echelon form, keyed by each vector's highest set bit,
/// remembering for each vector the combination of inserted inputs that produced it.
class EchelonBasis {
public:
  /// Adds `vector`, the image of the input combination `combination`. Returns whether it was
  /// independent of the vectors inserted before.
  bool insert(uint64_t vector, uint64_t combination) {
    for (int bit = 63; bit >= 0 && vector; --bit) {
      if (!(vector >> bit & 1))
        continue;
      if (!vectors[bit]) {
        vectors[bit] = vector;
        combinations[bit] = combination;
        ++rank;
        return true;
      }
      vector ^= vectors[bit];
      combination ^= combinations[bit];
    }
    return false;
  }

  /// The combination of inserted inputs whose images XOR to `vector`, built only from inputs
  /// that were independent when inserted; std::nullopt if `vector` is outside the span.
  std::optional<uint64_t> solve(uint64_t vector) const {
    uint64_t combination = 0;
    for (int bit = 63; bit >= 0 && vector; --bit) {
      if (!(vector >> bit & 1))
        continue;
      if (!vectors[bit])
        return std::nullopt;
      vector ^= vectors[bit];
      combination ^= combinations[bit];
    }
    return combination;
  }

  bool contains(uint64_t vector) const { return solve(vector).has_value(); }
  int getRank() const { return rank; }

private:
  std::array<uint64_t, 64> vectors{};
  std::array<uint64_t, 64> combinations{};
  int rank = 0;
};

/// The basis of the columns, inserted in order, so that a column dependent on earlier ones is
/// never used by solve: the solution with those inputs 0 is the smallest one.
EchelonBasis columnBasis(ArrayRef<uint64_t> columns) {
  EchelonBasis basis;
  for (auto [index, column] : llvm::enumerate(columns))
    basis.insert(column, uint64_t(1) << index);
  return basis;
}

std::string describeSize(StringRef name, int64_t size) {
  return ("'" + name + "' (size " + llvm::Twine(size) + ")").str();
}

} // namespace

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

LinearLayout::LinearLayout(ArrayRef<InDim> inDims, ArrayRef<DimSize> outDims) {
  std::string error;
  std::optional<LinearLayout> layout = create(inDims, outDims, &error);
  if (!layout)
    fatal(error);
  *this = std::move(*layout);
}

std::optional<LinearLayout> LinearLayout::create(ArrayRef<InDim> inDims, ArrayRef<DimSize> outDims,
                                                 std::string *error) {
  auto fail = [&](const llvm::Twine &message) -> std::optional<LinearLayout> {
    if (error)
      *error = message.str();
    return std::nullopt;
  };

  int totalOut = 0;
  for (auto [index, outDim] : llvm::enumerate(outDims)) {
    if (!isValidDimSize(outDim.second))
      return fail("output dimension " + describeSize(outDim.first, outDim.second) +
                  " is not a power of two in [1, 2^30]");
    for (const DimSize &earlier : outDims.take_front(index))
      if (earlier.first == outDim.first)
        return fail("output dimension '" + outDim.first + "' appears twice");
    totalOut += sizeLog2(outDim.second);
  }
  if (totalOut > kMaxTotalSizeLog2)
    return fail("the output dimensions have more than 2^62 elements");

  int totalIn = 0;
  for (auto [index, inDim] : llvm::enumerate(inDims)) {
    for (const InDim &earlier : inDims.take_front(index))
      if (earlier.name == inDim.name)
        return fail("input dimension '" + inDim.name + "' appears twice");
    if (inDim.bases.size() > size_t(kMaxDimSizeLog2))
      return fail("input dimension '" + inDim.name + "' has more than 2^30 indices");
    totalIn += inDim.bases.size();
    for (auto [pos, basis] : llvm::enumerate(inDim.bases)) {
      std::string where = "basis " + std::to_string(pos) + " of '" + inDim.name + "'";
      if (basis.size() != outDims.size())
        return fail(where + " has " + llvm::Twine(basis.size()) + " coordinates for " +
                    llvm::Twine(outDims.size()) + " output dimensions");
      for (auto [coord, outDim] : llvm::zip_equal(basis, outDims))
        if (coord < 0 || coord >= outDim.second)
          return fail(where + " has coordinate " + llvm::Twine(coord) + " outside " +
                      describeSize(outDim.first, outDim.second));
    }
  }
  if (totalIn > kMaxTotalSizeLog2)
    return fail("the input dimensions have more than 2^62 indices");

  LinearLayout layout;
  layout.inDims.assign(inDims.begin(), inDims.end());
  layout.outDims.assign(outDims.begin(), outDims.end());
  return layout;
}

LinearLayout LinearLayout::identity1D(int32_t size, StringRef inDim, StringRef outDim) {
  if (!isValidDimSize(size))
    fatal("identity1D: size " + llvm::Twine(size) + " is not a power of two in [1, 2^30]");
  InDim dim{inDim.str(), {}};
  for (int32_t value = 1; value < size; value <<= 1)
    dim.bases.push_back({value});
  return LinearLayout({dim}, {{outDim.str(), size}});
}

LinearLayout LinearLayout::zeros1D(int32_t size, StringRef inDim, StringRef outDim,
                                   int32_t outDimSize) {
  if (!isValidDimSize(size))
    fatal("zeros1D: size " + llvm::Twine(size) + " is not a power of two in [1, 2^30]");
  InDim dim{inDim.str(), SmallVector<Basis>(sizeLog2(size), Basis{0})};
  return LinearLayout({dim}, {{outDim.str(), outDimSize}});
}

//===----------------------------------------------------------------------===//
// Dimensions and bases
//===----------------------------------------------------------------------===//

SmallVector<StringRef> LinearLayout::getInDimNames() const {
  return llvm::map_to_vector(inDims, [](const InDim &dim) { return StringRef(dim.name); });
}

SmallVector<StringRef> LinearLayout::getOutDimNames() const {
  return llvm::map_to_vector(outDims, [](const DimSize &dim) { return StringRef(dim.first); });
}

SmallVector<LinearLayout::DimSize> LinearLayout::getInDims() const {
  return llvm::map_to_vector(
      inDims, [](const InDim &dim) { return DimSize(dim.name, int32_t(1) << dim.bases.size()); });
}

SmallVector<LinearLayout::DimSize> LinearLayout::getOutDims() const {
  return SmallVector<DimSize>(outDims.begin(), outDims.end());
}

int LinearLayout::findInDim(StringRef name) const {
  for (auto [index, dim] : llvm::enumerate(inDims))
    if (dim.name == name)
      return index;
  return -1;
}

int LinearLayout::findOutDim(StringRef name) const {
  for (auto [index, dim] : llvm::enumerate(outDims))
    if (dim.first == name)
      return index;
  return -1;
}

int32_t LinearLayout::getInDimSizeLog2(StringRef name) const { return getBases(name).size(); }

int32_t LinearLayout::getOutDimSizeLog2(StringRef name) const {
  int index = findOutDim(name);
  if (index < 0)
    fatal("no output dimension '" + name + "'");
  return sizeLog2(outDims[index].second);
}

int LinearLayout::getTotalInDimSizeLog2() const {
  int total = 0;
  for (const InDim &dim : inDims)
    total += dim.bases.size();
  return total;
}

int LinearLayout::getTotalOutDimSizeLog2() const {
  int total = 0;
  for (const DimSize &dim : outDims)
    total += sizeLog2(dim.second);
  return total;
}

ArrayRef<LinearLayout::Basis> LinearLayout::getBases(StringRef inDim) const {
  int index = findInDim(inDim);
  if (index < 0)
    fatal("no input dimension '" + inDim + "'");
  return inDims[index].bases;
}

ArrayRef<int32_t> LinearLayout::getBasis(StringRef inDim, int pos) const {
  ArrayRef<Basis> bases = getBases(inDim);
  if (pos < 0 || size_t(pos) >= bases.size())
    fatal("no basis " + llvm::Twine(pos) + " of input dimension '" + inDim + "'");
  return bases[pos];
}

int32_t LinearLayout::getBasis(StringRef inDim, int pos, StringRef outDim) const {
  int index = findOutDim(outDim);
  if (index < 0)
    fatal("no output dimension '" + outDim + "'");
  return getBasis(inDim, pos)[index];
}

//===----------------------------------------------------------------------===//
// Flattening and evaluation
//===----------------------------------------------------------------------===//

uint64_t LinearLayout::flattenOut(ArrayRef<int32_t> coords) const {
  uint64_t flat = 0;
  int shift = 0;
  for (auto [coord, dim] : llvm::zip_equal(coords, outDims)) {
    flat |= uint64_t(coord) << shift;
    shift += sizeLog2(dim.second);
  }
  return flat;
}

LinearLayout::Basis LinearLayout::unflattenOut(uint64_t flat) const {
  Basis coords;
  for (const DimSize &dim : outDims) {
    coords.push_back(int32_t(flat & uint64_t(dim.second - 1)));
    flat >>= sizeLog2(dim.second);
  }
  return coords;
}

SmallVector<uint64_t> LinearLayout::flatColumns() const {
  SmallVector<uint64_t> columns;
  for (const InDim &dim : inDims)
    for (const Basis &basis : dim.bases)
      columns.push_back(flattenOut(basis));
  return columns;
}

SmallVector<LinearLayout::DimValue> LinearLayout::apply(ArrayRef<DimValue> ins) const {
  Basis out(outDims.size(), 0);
  for (auto [index, in] : llvm::enumerate(ins)) {
    int dim = findInDim(in.first);
    if (dim < 0)
      fatal("apply: no input dimension '" + in.first + "'");
    for (const DimValue &earlier : ins.take_front(index))
      if (earlier.first == in.first)
        fatal("apply: input dimension '" + in.first + "' given twice");
    const InDim &inDim = inDims[dim];
    if (in.second < 0 || in.second >= (int64_t(1) << inDim.bases.size()))
      fatal("apply: index " + llvm::Twine(in.second) + " outside input dimension " +
            describeSize(inDim.name, int64_t(1) << inDim.bases.size()));
    for (auto [bit, basis] : llvm::enumerate(inDim.bases))
      if (in.second >> bit & 1)
        for (auto [value, coord] : llvm::zip_equal(out, basis))
          value ^= coord;
  }
  SmallVector<DimValue> result;
  for (auto [value, dim] : llvm::zip_equal(out, outDims))
    result.emplace_back(dim.first, value);
  return result;
}

uint64_t LinearLayout::applyFlat(uint64_t flatInput) const {
  uint64_t flat = 0;
  for (auto [bit, column] : llvm::enumerate(flatColumns()))
    if (flatInput >> bit & 1)
      flat ^= column;
  return flat;
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

LinearLayout operator*(const LinearLayout &lhs, const LinearLayout &rhs) {
  using DimSize = LinearLayout::DimSize;
  using InDim = LinearLayout::InDim;
  using Basis = LinearLayout::Basis;

  auto outSizeOrOne = [](const LinearLayout &layout, StringRef name) -> int64_t {
    int index = layout.findOutDim(name);
    return index < 0 ? 1 : layout.outDims[index].second;
  };
  SmallVector<DimSize> outDims;
  for (const DimSize &dim : lhs.outDims) {
    int64_t size = dim.second * outSizeOrOne(rhs, dim.first);
    if (!isValidDimSize(size))
      fatal("product: output dimension '" + dim.first + "' would have more than 2^30 elements");
    outDims.emplace_back(dim.first, int32_t(size));
  }
  for (const DimSize &dim : rhs.outDims)
    if (!lhs.hasOutDim(dim.first))
      outDims.push_back(dim);

  // One factor's basis in the result's output order; rhs's coordinates go above lhs's.
  auto convert = [&](const LinearLayout &from, const Basis &basis, bool isRhs) {
    Basis result(outDims.size(), 0);
    for (auto [coord, dim] : llvm::zip_equal(basis, from.outDims)) {
      int shift = isRhs ? sizeLog2(outSizeOrOne(lhs, dim.first)) : 0;
      for (auto [index, outDim] : llvm::enumerate(outDims))
        if (outDim.first == dim.first)
          result[index] = int32_t(int64_t(coord) << shift);
    }
    return result;
  };
  SmallVector<InDim> inDims;
  auto addBases = [&](const LinearLayout &from, bool isRhs) {
    for (const InDim &dim : from.inDims) {
      auto found = llvm::find_if(inDims, [&](const InDim &d) { return d.name == dim.name; });
      if (found == inDims.end()) {
        inDims.push_back({dim.name, {}});
        found = std::prev(inDims.end());
      }
      for (const Basis &basis : dim.bases)
        found->bases.push_back(convert(from, basis, isRhs));
    }
  };
  addBases(lhs, false);
  addBases(rhs, true);

  std::string error;
  std::optional<LinearLayout> result = LinearLayout::create(inDims, outDims, &error);
  if (!result)
    fatal("product: " + error);
  return std::move(*result);
}

std::optional<LinearLayout> LinearLayout::compose(const LinearLayout &outer) const {
  // Where each of this's outputs enters `outer`.
  SmallVector<const InDim *> outerIns;
  for (const DimSize &dim : outDims) {
    int index = outer.findInDim(dim.first);
    if (index < 0 || dim.second > (int64_t(1) << outer.inDims[index].bases.size()))
      return std::nullopt;
    outerIns.push_back(&outer.inDims[index]);
  }
  SmallVector<InDim> resultIns;
  for (const InDim &dim : inDims) {
    InDim composed{dim.name, {}};
    for (const Basis &basis : dim.bases) {
      Basis image(outer.outDims.size(), 0);
      for (auto [coord, outerIn] : llvm::zip_equal(basis, outerIns))
        for (auto [bit, outerBasis] : llvm::enumerate(outerIn->bases))
          if (coord >> bit & 1)
            for (auto [value, outerCoord] : llvm::zip_equal(image, outerBasis))
              value ^= outerCoord;
      composed.bases.push_back(std::move(image));
    }
    resultIns.push_back(std::move(composed));
  }
  return LinearLayout(resultIns, outer.outDims);
}

std::optional<LinearLayout> LinearLayout::invertAndCompose(const LinearLayout &other) const {
  // other's coordinates must be coordinates of this, within this's sizes.
  SmallVector<int> outIndex;
  for (const DimSize &dim : other.outDims) {
    int index = findOutDim(dim.first);
    if (index < 0 || dim.second > outDims[index].second)
      return std::nullopt;
    outIndex.push_back(index);
  }
  EchelonBasis basis = columnBasis(flatColumns());

  SmallVector<DimSize> resultOuts = getInDims();
  SmallVector<InDim> resultIns;
  for (const InDim &dim : other.inDims) {
    InDim solved{dim.name, {}};
    for (const Basis &otherBasis : dim.bases) {
      Basis coords(outDims.size(), 0);
      for (auto [coord, index] : llvm::zip_equal(otherBasis, outIndex))
        coords[index] = coord;
      std::optional<uint64_t> preimage = basis.solve(flattenOut(coords));
      if (!preimage)
        return std::nullopt;
      // Split the flattened preimage into this's input dimensions.
      Basis image;
      for (const InDim &in : inDims) {
        image.push_back(int32_t(*preimage & ((uint64_t(1) << in.bases.size()) - 1)));
        *preimage >>= in.bases.size();
      }
      solved.bases.push_back(std::move(image));
    }
    resultIns.push_back(std::move(solved));
  }
  return LinearLayout(resultIns, resultOuts);
}

std::optional<LinearLayout> LinearLayout::pseudoinvert() const {
  if (!isSurjective())
    return std::nullopt;
  LinearLayout identity;
  for (const DimSize &dim : outDims)
    identity *= identity1D(dim.second, dim.first, dim.first);
  return invertAndCompose(identity);
}

std::optional<LinearLayout> LinearLayout::invert() const {
  if (!isInjective())
    return std::nullopt;
  return pseudoinvert();
}

//===----------------------------------------------------------------------===//
// Reshaping and restriction
//===----------------------------------------------------------------------===//

namespace {

/// Whether `dims` are valid dimensions (powers of two, distinct names) with `totalLog2` bits.
bool isValidReshape(ArrayRef<LinearLayout::DimSize> dims, int totalLog2) {
  int total = 0;
  for (auto [index, dim] : llvm::enumerate(dims)) {
    if (!isValidDimSize(dim.second))
      return false;
    for (const LinearLayout::DimSize &earlier : dims.take_front(index))
      if (earlier.first == dim.first)
        return false;
    total += sizeLog2(dim.second);
  }
  return total == totalLog2;
}

/// `order` is a permutation of `names`.
void checkPermutation(ArrayRef<StringRef> order, ArrayRef<StringRef> names, const char *what) {
  bool isPermutation = order.size() == names.size() && llvm::all_of(names, [&](StringRef name) {
                         return llvm::count(order, name) == 1;
                       });
  if (!isPermutation)
    fatal(llvm::Twine(what) + ": the order is not a permutation of the dimensions");
}

} // namespace

std::optional<LinearLayout> LinearLayout::reshapeIns(ArrayRef<DimSize> newInDims) const {
  if (!isValidReshape(newInDims, getTotalInDimSizeLog2()))
    return std::nullopt;
  SmallVector<Basis> flatBases;
  for (const InDim &dim : inDims)
    llvm::append_range(flatBases, dim.bases);
  SmallVector<InDim> resultIns;
  ArrayRef<Basis> remaining = flatBases;
  for (const DimSize &dim : newInDims) {
    int bits = sizeLog2(dim.second);
    ArrayRef<Basis> own = remaining.take_front(bits);
    resultIns.push_back({dim.first, SmallVector<Basis>(own.begin(), own.end())});
    remaining = remaining.drop_front(bits);
  }
  return LinearLayout(resultIns, outDims);
}

std::optional<LinearLayout> LinearLayout::reshapeOuts(ArrayRef<DimSize> newOutDims) const {
  if (!isValidReshape(newOutDims, getTotalOutDimSizeLog2()))
    return std::nullopt;
  SmallVector<InDim> resultIns;
  for (const InDim &dim : inDims) {
    InDim reshaped{dim.name, {}};
    for (const Basis &basis : dim.bases) {
      uint64_t flat = flattenOut(basis);
      Basis coords;
      for (const DimSize &outDim : newOutDims) {
        coords.push_back(int32_t(flat & uint64_t(outDim.second - 1)));
        flat >>= sizeLog2(outDim.second);
      }
      reshaped.bases.push_back(std::move(coords));
    }
    resultIns.push_back(std::move(reshaped));
  }
  return LinearLayout(resultIns, newOutDims);
}

LinearLayout LinearLayout::transposeIns(ArrayRef<StringRef> order) const {
  checkPermutation(order, getInDimNames(), "transposeIns");
  LinearLayout result;
  result.outDims = outDims;
  for (StringRef name : order)
    result.inDims.push_back(inDims[findInDim(name)]);
  return result;
}

LinearLayout LinearLayout::transposeOuts(ArrayRef<StringRef> order) const {
  checkPermutation(order, getOutDimNames(), "transposeOuts");
  SmallVector<int> permutation =
      llvm::map_to_vector(order, [&](StringRef name) { return findOutDim(name); });
  LinearLayout result;
  for (int index : permutation)
    result.outDims.push_back(outDims[index]);
  for (const InDim &dim : inDims) {
    InDim permuted{dim.name, {}};
    for (const Basis &basis : dim.bases)
      permuted.bases.push_back(
          llvm::map_to_vector<4>(permutation, [&](int index) { return basis[index]; }));
    result.inDims.push_back(std::move(permuted));
  }
  return result;
}

LinearLayout LinearLayout::sublayout(ArrayRef<StringRef> inDimNames,
                                     ArrayRef<StringRef> outDimNames) const {
  for (StringRef name : inDimNames)
    if (!hasInDim(name))
      fatal("sublayout: no input dimension '" + name + "'");
  for (StringRef name : outDimNames)
    if (!hasOutDim(name))
      fatal("sublayout: no output dimension '" + name + "'");
  SmallVector<int> keptOuts;
  LinearLayout result;
  for (auto [index, dim] : llvm::enumerate(outDims)) {
    if (llvm::is_contained(outDimNames, dim.first)) {
      keptOuts.push_back(index);
      result.outDims.push_back(dim);
    }
  }
  for (const InDim &dim : inDims) {
    if (!llvm::is_contained(inDimNames, dim.name))
      continue;
    InDim kept{dim.name, {}};
    for (const Basis &basis : dim.bases)
      kept.bases.push_back(
          llvm::map_to_vector<4>(keptOuts, [&](int index) { return basis[index]; }));
    result.inDims.push_back(std::move(kept));
  }
  return result;
}

LinearLayout LinearLayout::removeInDim(StringRef name) const {
  if (!hasInDim(name))
    fatal("removeInDim: no input dimension '" + name + "'");
  SmallVector<StringRef> kept = getInDimNames();
  llvm::erase(kept, name);
  return sublayout(kept, getOutDimNames());
}

LinearLayout LinearLayout::removeOutDim(StringRef name) const {
  if (!hasOutDim(name))
    fatal("removeOutDim: no output dimension '" + name + "'");
  SmallVector<StringRef> kept = getOutDimNames();
  llvm::erase(kept, name);
  return sublayout(getInDimNames(), kept);
}

LinearLayout LinearLayout::removeZeroBases(StringRef inDim) const {
  int index = findInDim(inDim);
  if (index < 0)
    fatal("removeZeroBases: no input dimension '" + inDim + "'");
  LinearLayout result = *this;
  llvm::erase_if(result.inDims[index].bases, [](const Basis &basis) {
    return llvm::all_of(basis, [](int32_t c) { return c == 0; });
  });
  return result;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

int LinearLayout::getRank() const { return columnBasis(flatColumns()).getRank(); }

int32_t LinearLayout::getNumConsecutiveInOut(StringRef inDim, StringRef outDim) const {
  int in = findInDim(inDim);
  int out = findOutDim(outDim);
  if (in < 0 || out < 0)
    return 1;
  // The prefix of bases that are the unit vectors 1, 2, 4, ... of outDim.
  ArrayRef<Basis> bases = inDims[in].bases;
  int prefix = 0;
  for (const Basis &basis : bases) {
    bool isUnit = llvm::all_of(llvm::enumerate(basis), [&](auto indexed) {
      return indexed.value() == (int(indexed.index()) == out ? (1 << prefix) : 0);
    });
    if (!isUnit)
      break;
    ++prefix;
  }
  // Any other basis with low bits along outDim would put the elements out of order.
  int consecutive = prefix;
  for (auto [dimIndex, dim] : llvm::enumerate(inDims))
    for (auto [pos, basis] : llvm::enumerate(dim.bases))
      if ((int(dimIndex) != in || int(pos) >= prefix) && basis[out] != 0)
        consecutive = std::min(consecutive, int(llvm::countr_zero(uint32_t(basis[out]))));
  return int32_t(1) << consecutive;
}

int32_t LinearLayout::getNumConsecutiveInOut() const {
  if (inDims.empty() || outDims.empty())
    return 1;
  return getNumConsecutiveInOut(inDims.front().name, outDims.front().first);
}

namespace {

/// The layouts have the same output dimensions by name and size, in any order.
bool haveSameOutDims(const LinearLayout &a, const LinearLayout &b) {
  if (a.getNumOutDims() != b.getNumOutDims())
    return false;
  return llvm::all_of(a.getOutDims(), [&](const LinearLayout::DimSize &dim) {
    return b.hasOutDim(dim.first) && b.getOutDimSize(dim.first) == dim.second;
  });
}

/// The bases of `inDim` in `layout` (none if it lacks the dimension), each flattened in the
/// output order of `frame`, which has the same output dimensions.
SmallVector<uint64_t> flatBasesIn(const LinearLayout &frame, const LinearLayout &layout,
                                  StringRef inDim) {
  SmallVector<uint64_t> flat;
  if (!layout.hasInDim(inDim))
    return flat;
  SmallVector<LinearLayout::DimSize> frameOuts = frame.getOutDims();
  SmallVector<int> index = llvm::map_to_vector(
      frameOuts, [&](const LinearLayout::DimSize &dim) { return layout.findOutDim(dim.first); });
  for (ArrayRef<int32_t> basis : layout.getBases(inDim)) {
    uint64_t value = 0;
    int shift = 0;
    for (auto [dim, position] : llvm::zip_equal(frameOuts, index)) {
      value |= uint64_t(basis[position]) << shift;
      shift += sizeLog2(dim.second);
    }
    flat.push_back(value);
  }
  return flat;
}

/// All input dimension names of either layout, besides `skip`.
SmallVector<StringRef> inDimsOfEither(const LinearLayout &a, const LinearLayout &b,
                                      ArrayRef<StringRef> skip) {
  SmallVector<StringRef> names;
  for (const LinearLayout *layout : {&a, &b})
    for (StringRef name : layout->getInDimNames())
      if (!llvm::is_contained(skip, name) && !llvm::is_contained(names, name))
        names.push_back(name);
  return names;
}

/// Every input dimension other than `skip` has the same flattened bases in both layouts.
bool agreeOutside(const LinearLayout &a, const LinearLayout &b, ArrayRef<StringRef> skip) {
  return llvm::all_of(inDimsOfEither(a, b, skip), [&](StringRef name) {
    return flatBasesIn(a, a, name) == flatBasesIn(a, b, name);
  });
}

/// span(inner's bases of `dims`) is a subspace of span(outer's bases of `dims`).
bool spanContains(const LinearLayout &frame, const LinearLayout &outer, const LinearLayout &inner,
                  ArrayRef<StringRef> dims) {
  EchelonBasis span;
  for (StringRef dim : dims)
    for (uint64_t basis : flatBasesIn(frame, outer, dim))
      span.insert(basis, 0);
  return llvm::all_of(dims, [&](StringRef dim) {
    return llvm::all_of(flatBasesIn(frame, inner, dim),
                        [&](uint64_t basis) { return span.contains(basis); });
  });
}

int32_t inDimSizeOrOne(const LinearLayout &layout, StringRef name) {
  return layout.hasInDim(name) ? layout.getInDimSize(name) : 1;
}

} // namespace

bool LinearLayout::equalUpToRegisterOrder(const LinearLayout &other) const {
  StringRef registers[] = {kRegister};
  return haveSameOutDims(*this, other) &&
         inDimSizeOrOne(*this, kRegister) == inDimSizeOrOne(other, kRegister) &&
         agreeOutside(*this, other, registers) && spanContains(*this, *this, other, registers) &&
         spanContains(*this, other, *this, registers);
}

LayoutConversionKind classifyLayoutConversion(const LinearLayout &src, const LinearLayout &dst) {
  if (!haveSameOutDims(src, dst))
    fatal("classifyLayoutConversion: the layouts have different output dimensions");
  StringRef registers[] = {LinearLayout::kRegister};
  StringRef registersAndLanes[] = {LinearLayout::kRegister, LinearLayout::kLane};
  if (agreeOutside(src, dst, registers) && spanContains(src, src, dst, registers))
    return LayoutConversionKind::NoDataMovement;
  if (agreeOutside(src, dst, registersAndLanes) && spanContains(src, src, dst, registersAndLanes))
    return LayoutConversionKind::LaneShuffles;
  return LayoutConversionKind::Memory;
}

StringRef stringifyLayoutConversionKind(LayoutConversionKind kind) {
  switch (kind) {
  case LayoutConversionKind::NoDataMovement:
    return "NoDataMovement";
  case LayoutConversionKind::LaneShuffles:
    return "LaneShuffles";
  case LayoutConversionKind::Memory:
    return "Memory";
  }
  llvm_unreachable("unknown LayoutConversionKind");
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

void LinearLayout::print(llvm::raw_ostream &os) const {
  os << "(";
  llvm::interleaveComma(inDims, os, [&](const InDim &dim) {
    os << dim.name << "[" << (int64_t(1) << dim.bases.size()) << "]";
  });
  os << ") -> (";
  llvm::interleaveComma(outDims, os,
                        [&](const DimSize &dim) { os << dim.first << "[" << dim.second << "]"; });
  os << ")\n";
  for (const InDim &dim : inDims) {
    for (auto [bit, basis] : llvm::enumerate(dim.bases)) {
      os << "  " << dim.name << " " << (int64_t(1) << bit) << " -> (";
      llvm::interleaveComma(llvm::zip_equal(outDims, basis), os, [&](auto pair) {
        os << std::get<0>(pair).first << "=" << std::get<1>(pair);
      });
      os << ")\n";
    }
  }
}

std::string LinearLayout::toString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os);
  return text;
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const LinearLayout &layout) {
  layout.print(os);
  return os;
}

} // namespace mlir::nereid
