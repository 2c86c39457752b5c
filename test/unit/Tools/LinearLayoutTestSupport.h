#ifndef NEREID_TEST_UNIT_TOOLS_LINEARLAYOUTTESTSUPPORT_H
#define NEREID_TEST_UNIT_TOOLS_LINEARLAYOUTTESTSUPPORT_H

// Random layouts and brute-force references for the LinearLayout property tests: each
// reference computes an operation's definition over every input, independently of the
// algebra under test.

#include "nereid/Tools/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace nereid::layout_test {

using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;
using mlir::nereid::classifyLayoutConversion;
using mlir::nereid::LayoutConversionKind;
using mlir::nereid::LinearLayout;

using DimSize = LinearLayout::DimSize;
using DimValues = SmallVector<LinearLayout::DimValue>;
using Rng = std::mt19937;

/// Random layouts per test.
constexpr int kIterations = 300;

inline const std::vector<std::string> kHardwareDims = {"register", "lane", "warp", "block"};
inline const std::vector<std::string> kTensorDims = {"dim0", "dim1", "dim2"};

inline unsigned testSeed() {
  if (const char *seed = std::getenv("NEREID_TEST_SEED"))
    return unsigned(std::strtoul(seed, nullptr, 10));
  return std::random_device{}();
}

inline std::string seedMessage(unsigned seed) {
  return "seed " + std::to_string(seed) + "; replay with NEREID_TEST_SEED=" + std::to_string(seed);
}

inline int uniform(Rng &rng, int low, int high) {
  return std::uniform_int_distribution<int>(low, high)(rng);
}

inline bool coin(Rng &rng, double probability = 0.5) {
  return std::bernoulli_distribution(probability)(rng);
}

//===----------------------------------------------------------------------===//
// Random layouts
//===----------------------------------------------------------------------===//

/// `names` with random sizes 2^0..2^maxBits; with `subset`, each name is kept with probability
/// 3/4 (the order is kept).
inline SmallVector<DimSize> randomDims(Rng &rng, ArrayRef<std::string> names, int maxBits,
                                bool subset = false) {
  SmallVector<DimSize> dims;
  for (const std::string &name : names)
    if (!subset || coin(rng, 0.75))
      dims.emplace_back(name, 1 << uniform(rng, 0, maxBits));
  return dims;
}

/// A random coordinate in [0, size): zero, a power of two or anything, a third of the time each,
/// so that random layouts have broadcasts and blocked-like unit bases as well as mixtures.
inline int32_t randomCoordinate(Rng &rng, int32_t size) {
  switch (uniform(rng, 0, 2)) {
  case 0:
    return 0;
  case 1:
    return size == 1 ? 0 : 1 << uniform(rng, 0, llvm::Log2_32(size) - 1);
  default:
    return uniform(rng, 0, size - 1);
  }
}

inline LinearLayout randomLayout(Rng &rng, ArrayRef<DimSize> ins, ArrayRef<DimSize> outs) {
  SmallVector<LinearLayout::InDim> inDims;
  for (const DimSize &in : ins) {
    LinearLayout::InDim dim{in.first, {}};
    for (int32_t bit = 1; bit < in.second; bit <<= 1) {
      LinearLayout::Basis basis;
      for (const DimSize &out : outs)
        basis.push_back(randomCoordinate(rng, out.second));
      dim.bases.push_back(basis);
    }
    inDims.push_back(dim);
  }
  return LinearLayout(inDims, outs);
}

/// A random distributed layout: some of the hardware dimensions to one to three tensor
/// dimensions, each of at most 2^maxBits indices.
inline LinearLayout randomHardwareLayout(Rng &rng, int maxBits = 2) {
  ArrayRef<std::string> outNames = ArrayRef(kTensorDims).take_front(uniform(rng, 1, 3));
  return randomLayout(rng, randomDims(rng, kHardwareDims, maxBits, /*subset=*/true),
                      randomDims(rng, outNames, maxBits));
}

/// Random sizes for `names` with `totalBits` bits in all: each bit goes to a random name.
inline SmallVector<DimSize> randomSplit(Rng &rng, ArrayRef<std::string> names, int totalBits) {
  SmallVector<int> bits(names.size(), 0);
  for (int bit = 0; bit < totalBits; ++bit)
    ++bits[uniform(rng, 0, names.size() - 1)];
  SmallVector<DimSize> dims;
  for (auto [name, count] : llvm::zip_equal(names, bits))
    dims.emplace_back(name, 1 << count);
  return dims;
}

/// A random invertible n x n matrix over GF(2), as its columns: each column is drawn outside
/// the span of the previous ones, which is tracked by brute force (independently of the
/// library's elimination).
inline std::vector<uint64_t> randomInvertibleColumns(Rng &rng, int n) {
  std::vector<char> inSpan(size_t(1) << n, 0);
  inSpan[0] = 1;
  std::vector<uint64_t> columns;
  for (int column = 0; column < n; ++column) {
    uint64_t value;
    do
      value = uniform(rng, 1, (1 << n) - 1);
    while (inSpan[value]);
    std::vector<char> next = inSpan;
    for (uint64_t x = 0; x < inSpan.size(); ++x)
      if (inSpan[x])
        next[x ^ value] = 1;
    inSpan = next;
    columns.push_back(value);
  }
  return columns;
}

/// Splits a flat value into coordinates of `dims`, the first in the low bits.
inline LinearLayout::Basis splitFlat(uint64_t flat, ArrayRef<DimSize> dims) {
  LinearLayout::Basis coords;
  for (const DimSize &dim : dims) {
    coords.push_back(int32_t(flat % dim.second));
    flat /= dim.second;
  }
  return coords;
}

/// A random bijective layout from `inNames` to `outNames` with at most 2^maxBits indices:
/// a random invertible matrix, its columns split among the inputs and its rows among the
/// outputs.
inline LinearLayout randomBijective(Rng &rng, ArrayRef<std::string> inNames,
                             ArrayRef<std::string> outNames, int maxBits) {
  int n = uniform(rng, 0, maxBits);
  std::vector<uint64_t> columns = randomInvertibleColumns(rng, n);
  SmallVector<DimSize> ins = randomSplit(rng, inNames, n);
  SmallVector<DimSize> outs = randomSplit(rng, outNames, n);
  SmallVector<LinearLayout::InDim> inDims;
  size_t next = 0;
  for (const DimSize &in : ins) {
    LinearLayout::InDim dim{in.first, {}};
    for (int32_t bit = 1; bit < in.second; bit <<= 1)
      dim.bases.push_back(splitFlat(columns[next++], outs));
    inDims.push_back(dim);
  }
  return LinearLayout(inDims, outs);
}

/// The identity on `dims`.
inline LinearLayout identityOn(ArrayRef<DimSize> dims) {
  LinearLayout identity;
  for (const DimSize &dim : dims)
    identity *= LinearLayout::identity1D(dim.second, dim.first, dim.first);
  return identity;
}

/// XOR of a random subset of `pool` (all coordinates in the same output order).
inline LinearLayout::Basis randomCombination(Rng &rng, ArrayRef<LinearLayout::Basis> pool,
                                      size_t numOuts) {
  LinearLayout::Basis sum(numOuts, 0);
  for (const LinearLayout::Basis &basis : pool)
    if (coin(rng))
      for (auto [value, coord] : llvm::zip_equal(sum, basis))
        value ^= coord;
  return sum;
}

//===----------------------------------------------------------------------===//
// Brute force
//===----------------------------------------------------------------------===//

/// The named input at a flat index of `dims` (the first dimension in the low bits).
inline DimValues inputAt(ArrayRef<DimSize> dims, uint64_t flat) {
  DimValues values;
  for (auto [dim, coord] : llvm::zip_equal(dims, splitFlat(flat, dims)))
    values.emplace_back(dim.first, coord);
  return values;
}

/// The flat index of `values` in `frame` (looked up by name, 0 where absent).
inline uint64_t flatOf(ArrayRef<DimSize> frame, const DimValues &values) {
  uint64_t flat = 0, scale = 1;
  for (const DimSize &dim : frame) {
    for (const auto &value : values)
      if (value.first == dim.first)
        flat += value.second * scale;
    scale *= dim.second;
  }
  return flat;
}

/// images[x]: the flat output (in the layout's output order) of flat input x, through apply.
inline std::vector<uint64_t> imagesOf(const LinearLayout &layout) {
  std::vector<uint64_t> images;
  SmallVector<DimSize> ins = layout.getInDims(), outs = layout.getOutDims();
  for (uint64_t x = 0; x < uint64_t(layout.getTotalInDimSize()); ++x)
    images.push_back(flatOf(outs, layout.apply(inputAt(ins, x))));
  return images;
}

/// The outputs as a map, to compare outputs listed in different orders.
inline std::map<std::string, int32_t> byName(const DimValues &values) {
  return std::map<std::string, int32_t>(values.begin(), values.end());
}

inline int32_t inDimSizeOrOne(const LinearLayout &layout, StringRef name) {
  return layout.hasInDim(name) ? layout.getInDimSize(name) : 1;
}

inline SmallVector<std::string> inDimsOfEither(const LinearLayout &a, const LinearLayout &b) {
  SmallVector<std::string> names;
  for (const LinearLayout *layout : {&a, &b})
    for (StringRef name : layout->getInDimNames())
      if (!llvm::is_contained(names, name.str()))
        names.push_back(name.str());
  return names;
}

/// For every index along `local` (flat), the outputs (flattened in `frame`) at every index of
/// `outer` (flat): table[l][o].
inline std::vector<std::vector<uint64_t>> tableOf(const LinearLayout &layout, ArrayRef<DimSize> local,
                                           ArrayRef<DimSize> outer, ArrayRef<DimSize> frame) {
  auto count = [](ArrayRef<DimSize> dims) {
    uint64_t total = 1;
    for (const DimSize &dim : dims)
      total *= dim.second;
    return total;
  };
  std::vector<std::vector<uint64_t>> table;
  for (uint64_t l = 0; l < count(local); ++l) {
    table.emplace_back();
    for (uint64_t o = 0; o < count(outer); ++o) {
      DimValues inputs;
      for (const auto &value : inputAt(local, l))
        if (layout.hasInDim(value.first))
          inputs.push_back(value);
      for (const auto &value : inputAt(outer, o))
        if (layout.hasInDim(value.first))
          inputs.push_back(value);
      table.back().push_back(flatOf(frame, layout.apply(inputs)));
    }
  }
  return table;
}

/// The definition of a conversion that stays within `localNames`: the dimensions not in
/// `localNames` have the same sizes in both layouts, and a fixed map from dst's local indices
/// to src's ones delivers every element: for every dst local index d there is a src local index
/// s such that src(s, o) == dst(d, o) for every index o of the other dimensions.
inline bool deliveredWithin(const LinearLayout &src, const LinearLayout &dst,
                     ArrayRef<std::string> localNames) {
  SmallVector<DimSize> srcLocal, dstLocal, outer;
  for (const std::string &name : inDimsOfEither(src, dst)) {
    if (llvm::is_contained(localNames, name)) {
      srcLocal.emplace_back(name, inDimSizeOrOne(src, name));
      dstLocal.emplace_back(name, inDimSizeOrOne(dst, name));
    } else {
      if (inDimSizeOrOne(src, name) != inDimSizeOrOne(dst, name))
        return false;
      outer.emplace_back(name, inDimSizeOrOne(src, name));
    }
  }
  SmallVector<DimSize> frame = src.getOutDims();
  auto srcTable = tableOf(src, srcLocal, outer, frame);
  std::set<std::vector<uint64_t>> srcRows(srcTable.begin(), srcTable.end());
  for (const std::vector<uint64_t> &row : tableOf(dst, dstLocal, outer, frame))
    if (!srcRows.count(row))
      return false;
  return true;
}

inline LayoutConversionKind bruteForceKind(const LinearLayout &src, const LinearLayout &dst) {
  if (deliveredWithin(src, dst, {"register"}))
    return LayoutConversionKind::NoDataMovement;
  if (deliveredWithin(src, dst, {"register", "lane"}))
    return LayoutConversionKind::LaneShuffles;
  return LayoutConversionKind::Memory;
}

/// The definition of equality up to register order: the same output dimensions, the same
/// sizes of every input dimension, and a permutation of the registers, the same for every
/// other index, that turns one layout into the other (the register rows are equal as
/// multisets).
inline bool bruteForceEqualUpToRegisterOrder(const LinearLayout &a, const LinearLayout &b) {
  if (byName(a.getOutDims()) != byName(b.getOutDims()))
    return false;
  SmallVector<DimSize> registers = {{"register", inDimSizeOrOne(a, "register")}}, outer;
  for (const std::string &name : inDimsOfEither(a, b)) {
    if (inDimSizeOrOne(a, name) != inDimSizeOrOne(b, name))
      return false;
    if (name != "register")
      outer.emplace_back(name, inDimSizeOrOne(a, name));
  }
  SmallVector<DimSize> frame = a.getOutDims();
  auto rowsA = tableOf(a, registers, outer, frame);
  auto rowsB = tableOf(b, registers, outer, frame);
  std::sort(rowsA.begin(), rowsA.end());
  std::sort(rowsB.begin(), rowsB.end());
  return rowsA == rowsB;
}

/// The largest V = 2^k such that L(x + v) == L(x) + v along `outDim` for every input x whose
/// `inDim` index is a multiple of V and every v < V.
inline int32_t bruteForceConsecutive(const LinearLayout &layout, StringRef inDim, StringRef outDim) {
  if (!layout.hasInDim(inDim) || !layout.hasOutDim(outDim))
    return 1;
  SmallVector<DimSize> ins = layout.getInDims();
  for (int32_t width = layout.getInDimSize(inDim); width > 1; width /= 2) {
    bool holds = true;
    for (uint64_t x = 0; x < uint64_t(layout.getTotalInDimSize()) && holds; ++x) {
      DimValues input = inputAt(ins, x);
      auto &index = llvm::find_if(input, [&](auto &v) { return v.first == inDim; })->second;
      if (index % width)
        continue;
      std::map<std::string, int32_t> base = byName(layout.apply(input));
      for (int32_t v = 1; v < width && holds; ++v) {
        DimValues shifted = input;
        llvm::find_if(shifted, [&](auto &value) { return value.first == inDim; })->second += v;
        std::map<std::string, int32_t> expected = base;
        expected[outDim.str()] += v;
        holds = byName(layout.apply(shifted)) == expected;
      }
    }
    if (holds)
      return width;
  }
  return 1;
}

/// For every output value, its smallest flat preimage (or none).
inline std::map<uint64_t, uint64_t> smallestPreimages(const LinearLayout &layout) {
  std::map<uint64_t, uint64_t> preimage;
  std::vector<uint64_t> images = imagesOf(layout);
  for (uint64_t x = 0; x < images.size(); ++x)
    preimage.emplace(images[x], x); // keeps the first, smallest x
  return preimage;
}

} // namespace nereid::layout_test

#endif // NEREID_TEST_UNIT_TOOLS_LINEARLAYOUTTESTSUPPORT_H
