// Property-style tests of LinearLayout over many random layouts, each checked against the
// definition of the operation by brute force over every input. Every test draws a fresh seed
// from std::random_device and names it on failure; NEREID_TEST_SEED=<seed> replays it.

#include "LinearLayoutPrinting.h"

#include "nereid/Tools/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::StringRef;
using mlir::nereid::classifyLayoutConversion;
using mlir::nereid::LayoutConversionKind;
using mlir::nereid::LinearLayout;

namespace {

using DimSize = LinearLayout::DimSize;
using DimValues = SmallVector<LinearLayout::DimValue>;
using Rng = std::mt19937;

/// Random layouts per test.
constexpr int kIterations = 300;

const std::vector<std::string> kHardwareDims = {"register", "lane", "warp", "block"};
const std::vector<std::string> kTensorDims = {"dim0", "dim1", "dim2"};

unsigned testSeed() {
  if (const char *seed = std::getenv("NEREID_TEST_SEED"))
    return unsigned(std::strtoul(seed, nullptr, 10));
  return std::random_device{}();
}

std::string seedMessage(unsigned seed) {
  return "seed " + std::to_string(seed) + "; replay with NEREID_TEST_SEED=" + std::to_string(seed);
}

int uniform(Rng &rng, int low, int high) {
  return std::uniform_int_distribution<int>(low, high)(rng);
}

bool coin(Rng &rng, double probability = 0.5) {
  return std::bernoulli_distribution(probability)(rng);
}

//===----------------------------------------------------------------------===//
// Random layouts
//===----------------------------------------------------------------------===//

/// `names` with random sizes 2^0..2^maxBits; with `subset`, each name is kept with probability
/// 3/4 (the order is kept).
SmallVector<DimSize> randomDims(Rng &rng, ArrayRef<std::string> names, int maxBits,
                                bool subset = false) {
  SmallVector<DimSize> dims;
  for (const std::string &name : names)
    if (!subset || coin(rng, 0.75))
      dims.emplace_back(name, 1 << uniform(rng, 0, maxBits));
  return dims;
}

/// A random coordinate in [0, size): zero, a power of two or anything, a third of the time each,
/// so that random layouts have broadcasts and blocked-like unit bases as well as mixtures.
int32_t randomCoordinate(Rng &rng, int32_t size) {
  switch (uniform(rng, 0, 2)) {
  case 0:
    return 0;
  case 1:
    return size == 1 ? 0 : 1 << uniform(rng, 0, llvm::Log2_32(size) - 1);
  default:
    return uniform(rng, 0, size - 1);
  }
}

LinearLayout randomLayout(Rng &rng, ArrayRef<DimSize> ins, ArrayRef<DimSize> outs) {
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
LinearLayout randomHardwareLayout(Rng &rng, int maxBits = 2) {
  ArrayRef<std::string> outNames = ArrayRef(kTensorDims).take_front(uniform(rng, 1, 3));
  return randomLayout(rng, randomDims(rng, kHardwareDims, maxBits, /*subset=*/true),
                      randomDims(rng, outNames, maxBits));
}

/// Random sizes for `names` with `totalBits` bits in all: each bit goes to a random name.
SmallVector<DimSize> randomSplit(Rng &rng, ArrayRef<std::string> names, int totalBits) {
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
std::vector<uint64_t> randomInvertibleColumns(Rng &rng, int n) {
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
LinearLayout::Basis splitFlat(uint64_t flat, ArrayRef<DimSize> dims) {
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
LinearLayout randomBijective(Rng &rng, ArrayRef<std::string> inNames,
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
LinearLayout identityOn(ArrayRef<DimSize> dims) {
  LinearLayout identity;
  for (const DimSize &dim : dims)
    identity *= LinearLayout::identity1D(dim.second, dim.first, dim.first);
  return identity;
}

/// XOR of a random subset of `pool` (all coordinates in the same output order).
LinearLayout::Basis randomCombination(Rng &rng, ArrayRef<LinearLayout::Basis> pool,
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
DimValues inputAt(ArrayRef<DimSize> dims, uint64_t flat) {
  DimValues values;
  for (auto [dim, coord] : llvm::zip_equal(dims, splitFlat(flat, dims)))
    values.emplace_back(dim.first, coord);
  return values;
}

/// The flat index of `values` in `frame` (looked up by name, 0 where absent).
uint64_t flatOf(ArrayRef<DimSize> frame, const DimValues &values) {
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
std::vector<uint64_t> imagesOf(const LinearLayout &layout) {
  std::vector<uint64_t> images;
  SmallVector<DimSize> ins = layout.getInDims(), outs = layout.getOutDims();
  for (uint64_t x = 0; x < uint64_t(layout.getTotalInDimSize()); ++x)
    images.push_back(flatOf(outs, layout.apply(inputAt(ins, x))));
  return images;
}

/// The outputs as a map, to compare outputs listed in different orders.
std::map<std::string, int32_t> byName(const DimValues &values) {
  return std::map<std::string, int32_t>(values.begin(), values.end());
}

int32_t inDimSizeOrOne(const LinearLayout &layout, StringRef name) {
  return layout.hasInDim(name) ? layout.getInDimSize(name) : 1;
}

SmallVector<std::string> inDimsOfEither(const LinearLayout &a, const LinearLayout &b) {
  SmallVector<std::string> names;
  for (const LinearLayout *layout : {&a, &b})
    for (StringRef name : layout->getInDimNames())
      if (!llvm::is_contained(names, name.str()))
        names.push_back(name.str());
  return names;
}

/// For every index along `local` (flat), the outputs (flattened in `frame`) at every index of
/// `outer` (flat): table[l][o].
std::vector<std::vector<uint64_t>> tableOf(const LinearLayout &layout, ArrayRef<DimSize> local,
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
bool deliveredWithin(const LinearLayout &src, const LinearLayout &dst,
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

LayoutConversionKind bruteForceKind(const LinearLayout &src, const LinearLayout &dst) {
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
bool bruteForceEqualUpToRegisterOrder(const LinearLayout &a, const LinearLayout &b) {
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
int32_t bruteForceConsecutive(const LinearLayout &layout, StringRef inDim, StringRef outDim) {
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
std::map<uint64_t, uint64_t> smallestPreimages(const LinearLayout &layout) {
  std::map<uint64_t, uint64_t> preimage;
  std::vector<uint64_t> images = imagesOf(layout);
  for (uint64_t x = 0; x < images.size(); ++x)
    preimage.emplace(images[x], x); // keeps the first, smallest x
  return preimage;
}

//===----------------------------------------------------------------------===//
// The properties
//===----------------------------------------------------------------------===//

TEST(LinearLayoutPropertyTest, ApplyIsLinear) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    LinearLayout layout = randomHardwareLayout(rng, 3);
    SCOPED_TRACE(layout.toString());
    std::vector<uint64_t> images = imagesOf(layout);
    EXPECT_EQ(images[0], 0u);
    for (uint64_t a = 0; a < images.size(); ++a) {
      EXPECT_EQ(layout.applyFlat(a), images[a]);
      uint64_t b = uniform(rng, 0, images.size() - 1);
      ASSERT_EQ(images[a ^ b], images[a] ^ images[b]) << "a=" << a << " b=" << b;
    }
  }
}

TEST(LinearLayoutPropertyTest, SurjectiveInjectiveAndRankAgreeWithBruteForce) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  int bijective = 0;
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    LinearLayout layout = randomHardwareLayout(rng);
    SCOPED_TRACE(layout.toString());
    std::vector<uint64_t> images = imagesOf(layout);
    std::set<uint64_t> distinct(images.begin(), images.end());
    EXPECT_EQ(int64_t(1) << layout.getRank(), int64_t(distinct.size()));
    EXPECT_EQ(layout.isInjective(), distinct.size() == images.size());
    EXPECT_EQ(layout.isSurjective(), int64_t(distinct.size()) == layout.getTotalOutDimSize());
    std::optional<LinearLayout> inverse = layout.invert();
    ASSERT_EQ(inverse.has_value(), layout.isInjective() && layout.isSurjective());
    if (!inverse)
      continue;
    ++bijective;
    SmallVector<DimSize> ins = layout.getInDims();
    for (uint64_t x = 0; x < images.size(); ++x)
      EXPECT_EQ(inverse->apply(layout.apply(inputAt(ins, x))), inputAt(ins, x));
  }
  EXPECT_GT(bijective, 0);
}

TEST(LinearLayoutPropertyTest, InvertOfBijectiveIsTheInverse) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    LinearLayout layout = randomBijective(rng, kHardwareDims, kTensorDims, 10);
    SCOPED_TRACE(layout.toString());
    ASSERT_TRUE(layout.isBijective());
    std::optional<LinearLayout> inverse = layout.invert();
    ASSERT_TRUE(inverse);
    EXPECT_EQ(*inverse->compose(layout), identityOn(layout.getOutDims()));
    EXPECT_EQ(*layout.compose(*inverse), identityOn(layout.getInDims()));
    EXPECT_EQ(*layout.pseudoinvert(), *inverse);
    EXPECT_EQ(*inverse->invert(), layout);
  }
}

TEST(LinearLayoutPropertyTest, ComposeAppliesOneThenTheOther) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    SmallVector<DimSize> middle = randomDims(rng, {"x0", "x1"}, 3);
    LinearLayout inner =
        randomLayout(rng, randomDims(rng, kHardwareDims, 2, /*subset=*/true), middle);
    // outer may take larger inputs than inner produces.
    SmallVector<DimSize> outerIns = middle;
    for (DimSize &dim : outerIns)
      dim.second <<= uniform(rng, 0, 1);
    LinearLayout outer = randomLayout(rng, outerIns, randomDims(rng, kTensorDims, 2));
    SCOPED_TRACE("inner:\n" + inner.toString() + "outer:\n" + outer.toString());
    std::optional<LinearLayout> composed = inner.compose(outer);
    ASSERT_TRUE(composed);
    SmallVector<DimSize> ins = inner.getInDims();
    for (uint64_t x = 0; x < uint64_t(inner.getTotalInDimSize()); ++x)
      ASSERT_EQ(composed->apply(inputAt(ins, x)), outer.apply(inner.apply(inputAt(ins, x))));
    // An outer layout that takes fewer inputs than inner produces does not compose.
    if (inner.getOutDimSize("x0") > 1)
      EXPECT_FALSE(inner.compose(randomLayout(
          rng, {{"x0", inner.getOutDimSize("x0") / 2}, {"x1", inner.getOutDimSize("x1")}},
          {{"dim0", 4}})));
  }
}

TEST(LinearLayoutPropertyTest, ComposeIsAssociative) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    SmallVector<DimSize> x = randomDims(rng, {"x0", "x1"}, 3);
    SmallVector<DimSize> y = randomDims(rng, {"y0", "y1", "y2"}, 2);
    LinearLayout a = randomLayout(rng, randomDims(rng, kHardwareDims, 2, true), x);
    LinearLayout b = randomLayout(rng, x, y);
    LinearLayout c = randomLayout(rng, y, randomDims(rng, kTensorDims, 3));
    SCOPED_TRACE(a.toString() + b.toString() + c.toString());
    EXPECT_EQ(*a.compose(b)->compose(c), *a.compose(*b.compose(c)));
  }
}

TEST(LinearLayoutPropertyTest, ProductThenSublayoutRecoversTheFactors) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    std::vector<std::string> ins = kHardwareDims, outs = {"dim0", "dim1", "dim2", "dim3"};
    std::shuffle(ins.begin(), ins.end(), rng);
    std::shuffle(outs.begin(), outs.end(), rng);
    size_t splitIns = uniform(rng, 0, ins.size()), splitOuts = uniform(rng, 0, outs.size());
    auto first = [](const std::vector<std::string> &names, size_t n) {
      return ArrayRef(names).take_front(n);
    };
    auto rest = [](const std::vector<std::string> &names, size_t n) {
      return ArrayRef(names).drop_front(n);
    };
    LinearLayout a = randomLayout(rng, randomDims(rng, first(ins, splitIns), 2),
                                  randomDims(rng, first(outs, splitOuts), 2));
    LinearLayout b = randomLayout(rng, randomDims(rng, rest(ins, splitIns), 2),
                                  randomDims(rng, rest(outs, splitOuts), 2));
    SCOPED_TRACE(a.toString() + b.toString());
    LinearLayout product = a * b;
    EXPECT_EQ(product.sublayout(a.getInDimNames(), a.getOutDimNames()), a);
    EXPECT_EQ(product.sublayout(b.getInDimNames(), b.getOutDimNames()), b);
    EXPECT_EQ(product.isBijective(), a.isBijective() && b.isBijective());
  }
}

TEST(LinearLayoutPropertyTest, ProductOfSharedDimensionsStacksTheFactors) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    LinearLayout a = randomHardwareLayout(rng);
    LinearLayout b = randomHardwareLayout(rng);
    SCOPED_TRACE(a.toString() + b.toString());
    LinearLayout product = a * b;
    // Each input splits into a's low part and b's high part; each output is a's output plus
    // b's output scaled by a's size of that dimension.
    SmallVector<DimSize> ins = product.getInDims();
    for (uint64_t x = 0; x < uint64_t(product.getTotalInDimSize()); ++x) {
      DimValues lowIns, highIns;
      for (const auto &[name, value] : inputAt(ins, x)) {
        int32_t low = value % inDimSizeOrOne(a, name);
        if (a.hasInDim(name))
          lowIns.emplace_back(name, low);
        if (b.hasInDim(name))
          highIns.emplace_back(name, value / inDimSizeOrOne(a, name));
      }
      std::map<std::string, int32_t> expected = byName(a.apply(lowIns));
      for (const auto &[name, value] : b.apply(highIns))
        expected[name] += value * (a.hasOutDim(name) ? a.getOutDimSize(name) : 1);
      ASSERT_EQ(byName(product.apply(inputAt(ins, x))), expected) << "input " << x;
    }
  }
}

TEST(LinearLayoutPropertyTest, ReshapeRoundTrips) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    LinearLayout layout = randomHardwareLayout(rng, 3);
    SCOPED_TRACE(layout.toString());
    SmallVector<DimSize> newIns = randomSplit(rng, {"a", "b", "c"}, layout.getTotalInDimSizeLog2());
    SmallVector<DimSize> newOuts = randomSplit(rng, {"p", "q"}, layout.getTotalOutDimSizeLog2());
    std::optional<LinearLayout> reshaped = layout.reshapeIns(newIns);
    ASSERT_TRUE(reshaped);
    reshaped = reshaped->reshapeOuts(newOuts);
    ASSERT_TRUE(reshaped);
    EXPECT_EQ(reshaped->getInDims(), newIns);
    EXPECT_EQ(reshaped->getOutDims(), newOuts);
    // Flattened, nothing changed.
    EXPECT_EQ(imagesOf(*reshaped), imagesOf(layout));
    EXPECT_EQ(*reshaped->reshapeIns(layout.getInDims())->reshapeOuts(layout.getOutDims()), layout);
    EXPECT_FALSE(layout.reshapeIns({{"a", int32_t(layout.getTotalInDimSize() * 2)}}));
    EXPECT_FALSE(layout.reshapeOuts({{"p", int32_t(layout.getTotalOutDimSize() * 2)}}));
  }
}

TEST(LinearLayoutPropertyTest, TransposeKeepsTheMap) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    LinearLayout layout = randomHardwareLayout(rng);
    SCOPED_TRACE(layout.toString());
    SmallVector<StringRef> insOrder = layout.getInDimNames(), outsOrder = layout.getOutDimNames();
    std::shuffle(insOrder.begin(), insOrder.end(), rng);
    std::shuffle(outsOrder.begin(), outsOrder.end(), rng);
    LinearLayout transposed = layout.transposeIns(insOrder).transposeOuts(outsOrder);
    EXPECT_EQ(transposed.getInDimNames(), insOrder);
    EXPECT_EQ(transposed.getOutDimNames(), outsOrder);
    SmallVector<DimSize> ins = layout.getInDims();
    for (uint64_t x = 0; x < uint64_t(layout.getTotalInDimSize()); ++x)
      EXPECT_EQ(byName(transposed.apply(inputAt(ins, x))), byName(layout.apply(inputAt(ins, x))));
    EXPECT_EQ(
        transposed.transposeIns(layout.getInDimNames()).transposeOuts(layout.getOutDimNames()),
        layout);
    EXPECT_TRUE(transposed.equalUpToRegisterOrder(layout));
  }
}

TEST(LinearLayoutPropertyTest, SublayoutAndRemoveAgreeWithApply) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    LinearLayout layout = randomHardwareLayout(rng);
    SCOPED_TRACE(layout.toString());
    SmallVector<StringRef> keptIns, keptOuts;
    for (StringRef name : layout.getInDimNames())
      if (coin(rng))
        keptIns.push_back(name);
    for (StringRef name : layout.getOutDimNames())
      if (coin(rng))
        keptOuts.push_back(name);
    LinearLayout sub = layout.sublayout(keptIns, keptOuts);
    SmallVector<DimSize> ins = sub.getInDims();
    for (uint64_t x = 0; x < uint64_t(sub.getTotalInDimSize()); ++x) {
      DimValues expected;
      for (const auto &value : layout.apply(inputAt(ins, x)))
        if (llvm::is_contained(keptOuts, value.first))
          expected.push_back(value);
      ASSERT_EQ(sub.apply(inputAt(ins, x)), expected);
    }
    StringRef outDim = layout.getOutDimNames()[uniform(rng, 0, layout.getNumOutDims() - 1)];
    SmallVector<StringRef> otherOuts = layout.getOutDimNames();
    llvm::erase(otherOuts, outDim);
    EXPECT_EQ(layout.removeOutDim(outDim), layout.sublayout(layout.getInDimNames(), otherOuts));
    if (layout.getNumInDims()) {
      StringRef inDim = layout.getInDimNames()[uniform(rng, 0, layout.getNumInDims() - 1)];
      LinearLayout removed = layout.removeInDim(inDim);
      EXPECT_FALSE(removed.hasInDim(inDim));
      EXPECT_EQ(imagesOf(removed).size() * layout.getInDimSize(inDim), imagesOf(layout).size());
      // removeZeroBases keeps the image and drops only repeats.
      LinearLayout compact = layout.removeZeroBases(inDim);
      std::vector<uint64_t> before = imagesOf(layout), after = imagesOf(compact);
      EXPECT_EQ(std::set<uint64_t>(before.begin(), before.end()),
                std::set<uint64_t>(after.begin(), after.end()));
      for (ArrayRef<int32_t> basis : compact.getBases(inDim))
        EXPECT_TRUE(llvm::any_of(basis, [](int32_t coord) { return coord != 0; }));
    }
  }
}

TEST(LinearLayoutPropertyTest, InvertAndComposeAgreesWithBruteForce) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  int solvable = 0;
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    LinearLayout layout = randomHardwareLayout(rng, 3);
    // Half of the time, other's elements are all held by layout by construction.
    SmallVector<DimSize> otherIns = randomDims(rng, kHardwareDims, 2, /*subset=*/true);
    LinearLayout other = coin(rng)
                             ? *randomLayout(rng, otherIns, layout.getInDims()).compose(layout)
                             : randomLayout(rng, otherIns, layout.getOutDims());
    SCOPED_TRACE("this:\n" + layout.toString() + "other:\n" + other.toString());
    std::map<uint64_t, uint64_t> preimage = smallestPreimages(layout);
    std::vector<uint64_t> otherImages = imagesOf(other);
    bool expectSolvable = llvm::all_of(otherImages, [&](uint64_t y) { return preimage.count(y); });
    std::optional<LinearLayout> holder = layout.invertAndCompose(other);
    ASSERT_EQ(holder.has_value(), expectSolvable);
    if (!holder)
      continue;
    ++solvable;
    EXPECT_EQ(holder->getOutDims(), layout.getInDims());
    SmallVector<DimSize> ins = other.getInDims(), layoutIns = layout.getInDims();
    for (uint64_t y = 0; y < otherImages.size(); ++y) {
      DimValues held = holder->apply(inputAt(ins, y));
      EXPECT_EQ(layout.apply(held), other.apply(inputAt(ins, y)));
      EXPECT_EQ(flatOf(layoutIns, held), preimage[otherImages[y]]) << "not the smallest holder";
    }
  }
  EXPECT_GT(solvable, kIterations / 4);
}

TEST(LinearLayoutPropertyTest, PseudoinvertPicksTheSmallestPreimage) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    LinearLayout layout = randomHardwareLayout(rng, 3);
    SCOPED_TRACE(layout.toString());
    std::map<uint64_t, uint64_t> preimage = smallestPreimages(layout);
    std::optional<LinearLayout> inverse = layout.pseudoinvert();
    ASSERT_EQ(inverse.has_value(), int64_t(preimage.size()) == layout.getTotalOutDimSize());
    if (!inverse)
      continue;
    SmallVector<DimSize> outs = layout.getOutDims(), ins = layout.getInDims();
    for (uint64_t y = 0; y < uint64_t(layout.getTotalOutDimSize()); ++y) {
      DimValues x = inverse->apply(inputAt(outs, y));
      EXPECT_EQ(layout.apply(x), inputAt(outs, y));
      EXPECT_EQ(flatOf(ins, x), preimage[y]);
    }
  }
}

TEST(LinearLayoutPropertyTest, NumConsecutiveInOutAgreesWithBruteForce) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  int vectorized = 0;
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    // Registers first; often a blocked-like prefix of unit register bases along dim0.
    SmallVector<DimSize> ins = {{"register", 1 << uniform(rng, 0, 3)}};
    llvm::append_range(ins, randomDims(rng, ArrayRef(kHardwareDims).drop_front(), 2, true));
    LinearLayout layout = randomLayout(rng, ins, randomDims(rng, kTensorDims, 3));
    if (coin(rng)) {
      SmallVector<LinearLayout::InDim> dims = llvm::to_vector(layout.getInDimsWithBases());
      int prefix = uniform(rng, 0, dims[0].bases.size());
      int32_t dim0Size = layout.getOutDimSize("dim0");
      prefix = std::min(prefix, int(llvm::Log2_32(dim0Size)));
      for (int bit = 0; bit < prefix; ++bit) {
        std::fill(dims[0].bases[bit].begin(), dims[0].bases[bit].end(), 0);
        dims[0].bases[bit][0] = 1 << bit;
      }
      // Mostly keep the other bases off those low bits of dim0, as blocked layouts do.
      bool keepOff = coin(rng, 0.75);
      for (auto [dimIndex, dim] : llvm::enumerate(dims))
        for (auto [pos, basis] : llvm::enumerate(dim.bases))
          if (keepOff && (dimIndex != 0 || int(pos) >= prefix))
            basis[0] &= ~((1 << prefix) - 1);
      layout = LinearLayout(dims, layout.getOutDims());
    }
    SCOPED_TRACE(layout.toString());
    int32_t consecutive = layout.getNumConsecutiveInOut();
    EXPECT_EQ(consecutive, bruteForceConsecutive(layout, "register", "dim0"));
    vectorized += consecutive > 1;
    StringRef outDim = layout.getOutDimNames()[uniform(rng, 0, layout.getNumOutDims() - 1)];
    StringRef inDim = layout.getInDimNames()[uniform(rng, 0, layout.getNumInDims() - 1)];
    EXPECT_EQ(layout.getNumConsecutiveInOut(inDim, outDim),
              bruteForceConsecutive(layout, inDim, outDim));
  }
  EXPECT_GT(vectorized, kIterations / 20);
}

/// A dst layout for src, drawn to reach every conversion kind often: registers (and lanes)
/// recombined from src's, sometimes with warps perturbed, or entirely random with the same
/// dimension sizes; its output dimensions are listed in a random order.
LinearLayout randomConversionTarget(Rng &rng, const LinearLayout &src) {
  SmallVector<LinearLayout::InDim> dims = llvm::to_vector(src.getInDimsWithBases());
  size_t numOuts = src.getNumOutDims();
  SmallVector<LinearLayout::Basis> registerPool, localPool;
  for (const LinearLayout::InDim &dim : dims) {
    if (dim.name == "register" || dim.name == "lane")
      llvm::append_range(localPool, dim.bases);
    if (dim.name == "register")
      llvm::append_range(registerPool, dim.bases);
  }
  int mode = uniform(rng, 0, 3);
  for (LinearLayout::InDim &dim : dims) {
    bool isRegister = dim.name == "register", isLane = dim.name == "lane";
    if (mode == 0 && isRegister) {
      // Registers recombined, maybe more or fewer of them.
      dim.bases.resize(std::max(0, int(dim.bases.size()) + uniform(rng, -1, 1)),
                       LinearLayout::Basis(numOuts, 0));
      for (LinearLayout::Basis &basis : dim.bases)
        basis = randomCombination(rng, registerPool, numOuts);
    } else if (mode == 1 && (isRegister || isLane)) {
      for (LinearLayout::Basis &basis : dim.bases)
        basis = randomCombination(rng, localPool, numOuts);
    } else if (mode == 2 && !isRegister && !isLane && !dim.bases.empty() && coin(rng)) {
      // A warp or block basis moved within the registers' span, or anywhere.
      LinearLayout::Basis &basis = dim.bases[uniform(rng, 0, dim.bases.size() - 1)];
      LinearLayout::Basis offset = randomCombination(rng, localPool, numOuts);
      for (auto [value, coord] : llvm::zip_equal(basis, offset))
        value ^= coord;
    } else if (mode == 3) {
      for (LinearLayout::Basis &basis : dim.bases)
        for (auto [coord, out] : llvm::zip_equal(basis, src.getOutDims()))
          coord = randomCoordinate(rng, out.second);
    }
  }
  LinearLayout dst(dims, src.getOutDims());
  SmallVector<StringRef> order = dst.getOutDimNames();
  std::shuffle(order.begin(), order.end(), rng);
  return dst.transposeOuts(order);
}

TEST(LinearLayoutPropertyTest, ClassificationAgreesWithItsDefinition) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  std::map<LayoutConversionKind, int> counts;
  for (int iteration = 0; iteration < 3 * kIterations; ++iteration) {
    LinearLayout src = randomHardwareLayout(rng);
    LinearLayout dst = randomConversionTarget(rng, src);
    SCOPED_TRACE("src:\n" + src.toString() + "dst:\n" + dst.toString());
    LayoutConversionKind kind = classifyLayoutConversion(src, dst);
    ASSERT_EQ(stringifyLayoutConversionKind(kind).str(),
              stringifyLayoutConversionKind(bruteForceKind(src, dst)).str());
    ++counts[kind];
    // Every layout converts to itself, and to itself with registers reordered, for free.
    EXPECT_EQ(classifyLayoutConversion(src, src), LayoutConversionKind::NoDataMovement);
  }
  EXPECT_GT(counts[LayoutConversionKind::NoDataMovement], kIterations / 10);
  EXPECT_GT(counts[LayoutConversionKind::LaneShuffles], kIterations / 10);
  EXPECT_GT(counts[LayoutConversionKind::Memory], kIterations / 10);
}

TEST(LinearLayoutPropertyTest, EqualUpToRegisterOrderAgreesWithItsDefinition) {
  unsigned seed = testSeed();
  SCOPED_TRACE(seedMessage(seed));
  Rng rng(seed);
  int equal = 0;
  for (int iteration = 0; iteration < 3 * kIterations; ++iteration) {
    LinearLayout a = randomHardwareLayout(rng);
    LinearLayout b = randomConversionTarget(rng, a);
    if (coin(rng) && a.hasInDim("register")) {
      // a's registers recombined by an invertible matrix, a permutation of the registers;
      // sometimes a non-register basis also moves by an element of the registers' span,
      // which makes the permutation differ between lanes.
      SmallVector<LinearLayout::InDim> dims = llvm::to_vector(a.getInDimsWithBases());
      SmallVector<LinearLayout::Basis> registers = llvm::to_vector(a.getBases("register"));
      std::vector<uint64_t> matrix = randomInvertibleColumns(rng, registers.size());
      bool perturb = coin(rng, 0.25);
      for (LinearLayout::InDim &dim : dims) {
        if (dim.name == "register") {
          for (auto [basis, column] : llvm::zip_equal(dim.bases, matrix)) {
            basis.assign(a.getNumOutDims(), 0);
            for (auto [bit, source] : llvm::enumerate(registers))
              if (column >> bit & 1)
                for (auto [value, coord] : llvm::zip_equal(basis, source))
                  value ^= coord;
          }
        } else if (perturb && !dim.bases.empty()) {
          LinearLayout::Basis offset = randomCombination(rng, registers, a.getNumOutDims());
          for (auto [value, coord] : llvm::zip_equal(dim.bases.front(), offset))
            value ^= coord;
        }
      }
      b = LinearLayout(dims, a.getOutDims());
    }
    SCOPED_TRACE("a:\n" + a.toString() + "b:\n" + b.toString());
    bool expected = bruteForceEqualUpToRegisterOrder(a, b);
    ASSERT_EQ(a.equalUpToRegisterOrder(b), expected);
    ASSERT_EQ(b.equalUpToRegisterOrder(a), expected);
    if (expected)
      EXPECT_EQ(classifyLayoutConversion(a, b), LayoutConversionKind::NoDataMovement);
    equal += expected;
  }
  EXPECT_GT(equal, kIterations / 10);
}

} // namespace
