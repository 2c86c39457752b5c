// Property-style tests of LinearLayout over many random layouts, each checked against the
// definition of the operation by brute force over every input. Every test draws a fresh seed
// from std::random_device and names it on failure; NEREID_TEST_SEED=<seed> replays it.

#include "LinearLayoutPrinting.h"
#include "LinearLayoutTestSupport.h"

#include <gtest/gtest.h>

namespace {

using namespace nereid::layout_test;

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
