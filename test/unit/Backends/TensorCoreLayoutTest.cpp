// The LinearLayouts of the backends' tensor-core encodings (#nvidia.mma, #amd.mfma) and of
// their dot operands (#ttg.dot_op, through TensorCoreEncodingAttrInterface), checked against
// the fragment layouts that the PTX ISA and AMD's matrix instruction calculator document: an
// independent reference for every lane and register.

#include "nereid/Amd/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <set>

using namespace mlir;
using namespace mlir::nereid;
using namespace mlir::nereid::ttg;

namespace {

/// (row, column) of a 2-D tensor.
using Element = std::pair<int32_t, int32_t>;

class TensorCoreLayoutTest : public ::testing::Test {
protected:
  TensorCoreLayoutTest() {
    context.loadDialect<TritonGPUDialect, nvidia::NvidiaDialect, amd::AmdDialect>();
  }

  /// The element that `layout` (2-D) puts in register `reg` of lane `lane` of warp `warp`.
  static Element at(const LinearLayout &layout, int32_t reg, int32_t lane, int32_t warp = 0) {
    auto out = layout.apply({{"register", reg}, {"lane", lane}, {"warp", warp}});
    return {out[0].second, out[1].second};
  }

  /// Checks every register and lane of warp 0 against `expected(reg, lane)`.
  static void expectFragment(const LinearLayout &layout,
                             const std::function<Element(int32_t, int32_t)> &expected) {
    for (int32_t reg = 0; reg < layout.getInDimSize("register"); ++reg)
      for (int32_t lane = 0; lane < layout.getInDimSize("lane"); ++lane)
        ASSERT_EQ(at(layout, reg, lane), expected(reg, lane))
            << "register " << reg << ", lane " << lane << "\n"
            << layout.toString();
  }

  nvidia::MmaEncodingAttr mma(unsigned version, ArrayRef<unsigned> warps,
                            ArrayRef<unsigned> instrShape) {
    return nvidia::MmaEncodingAttr::get(&context, version, 0, warps, instrShape);
  }
  amd::MfmaEncodingAttr mfma(ArrayRef<unsigned> warps, unsigned size, bool transposed) {
    return amd::MfmaEncodingAttr::get(&context, 3, warps, {size, size}, transposed);
  }
  DotOperandEncodingAttr dot(unsigned opIdx, DistributedEncodingAttrInterface parent,
                             unsigned kWidth) {
    return DotOperandEncodingAttr::get(&context, opIdx, parent, kWidth);
  }

  MLIRContext context;
};

// mma.sync m16n8: lane 4g + t holds c0, c1 at (g, 2t + {0, 1}) and c2, c3 at (g + 8, ...).
TEST_F(TensorCoreLayoutTest, MmaV2AccumulatorIsThePtxFragment) {
  LinearLayout layout = mma(2, {1, 1}, {16, 8}).toLinearLayout({16, 8});
  EXPECT_TRUE(layout.isBijective());
  expectFragment(layout, [](int32_t reg, int32_t lane) {
    return Element{lane / 4 + 8 * (reg / 2), 2 * (lane % 4) + reg % 2};
  });
}

// mma.sync m16n8k16 with 16-bit operands (kWidth 2): A's a0..a7 at
// (g + 8 ((i / 2) % 2), 2t + i % 2 + 8 (i / 4)); B's b0..b3 at (2t + i % 2 + 8 (i / 2), g).
TEST_F(TensorCoreLayoutTest, MmaV2OperandsAreThePtxFragments) {
  nvidia::MmaEncodingAttr parent = mma(2, {1, 1}, {16, 8});
  LinearLayout a = dot(0, parent, 2).toLinearLayout({16, 16});
  EXPECT_TRUE(a.isBijective());
  expectFragment(a, [](int32_t i, int32_t lane) {
    return Element{lane / 4 + 8 * ((i / 2) % 2), 2 * (lane % 4) + i % 2 + 8 * (i / 4)};
  });
  LinearLayout b = dot(1, parent, 2).toLinearLayout({16, 8});
  EXPECT_TRUE(b.isBijective());
  expectFragment(b, [](int32_t i, int32_t lane) {
    return Element{2 * (lane % 4) + i % 2 + 8 * (i / 2), lane / 4};
  });
  // m16n8k32 with 8-bit operands (kWidth 4): A's a0..a15 hold 4 consecutive k per register
  // group, at (g + 8 ((i / 4) % 2), 4t + i % 4 + 16 (i / 8)).
  LinearLayout a8 = dot(0, parent, 4).toLinearLayout({16, 32});
  expectFragment(a8, [](int32_t i, int32_t lane) {
    return Element{lane / 4 + 8 * ((i / 4) % 2), 4 * (lane % 4) + i % 4 + 16 * (i / 8)};
  });
}

// The warps of a dot operand are the accumulator's, broadcast along K: with 2x2 warps, A's
// warps 0 and 1 (which differ along N) hold the same rows.
TEST_F(TensorCoreLayoutTest, MmaV2OperandWarpsBroadcastAlongK) {
  nvidia::MmaEncodingAttr parent = mma(2, {2, 2}, {16, 8});
  LinearLayout acc = parent.toLinearLayout({32, 16});
  EXPECT_TRUE(acc.isBijective());
  LinearLayout a = dot(0, parent, 2).toLinearLayout({32, 16});
  LinearLayout b = dot(1, parent, 2).toLinearLayout({16, 16});
  for (int32_t warp = 0; warp < 4; ++warp) {
    // The accumulator's warp w holds rows 16 (w / 2) + ... and columns 8 (w % 2) + ....
    EXPECT_EQ(at(acc, 0, 0, warp), (Element{16 * (warp / 2), 8 * (warp % 2)}));
    EXPECT_EQ(at(a, 0, 0, warp), (Element{16 * (warp / 2), 0}));
    EXPECT_EQ(at(b, 0, 0, warp), (Element{0, 8 * (warp % 2)}));
  }
  EXPECT_TRUE(a.isSurjective());
  EXPECT_TRUE(b.isSurjective());
}

// wgmma m64nN: warp w of a warpgroup holds rows 16 w to 16 w + 15 in mma.sync's pattern,
// repeated every 8 columns.
TEST_F(TensorCoreLayoutTest, MmaV3AccumulatorIsThePtxFragment) {
  LinearLayout layout = mma(3, {4, 1}, {16, 32, 16}).toLinearLayout({64, 32});
  EXPECT_TRUE(layout.isBijective());
  for (int32_t warp = 0; warp < 4; ++warp)
    for (int32_t reg = 0; reg < 16; ++reg)
      for (int32_t lane = 0; lane < 32; ++lane)
        ASSERT_EQ(at(layout, reg, lane, warp), (Element{16 * warp + lane / 4 + 8 * ((reg / 2) % 2),
                                                        2 * (lane % 4) + reg % 2 + 8 * (reg / 4)}));
}

// AMD's matrix instruction calculator, v_mfma_f32_32x32x8f16: lane l, register r holds
// (8 (r / 4) + 4 (l / 32) + r % 4, l % 32); v_mfma_f32_16x16x16f16: (4 (l / 16) + r, l % 16).
// Transposed, rows and columns swap roles.
TEST_F(TensorCoreLayoutTest, MfmaAccumulatorIsTheCalculatorsFragment) {
  LinearLayout m32 = mfma({1, 1}, 32, false).toLinearLayout({32, 32});
  EXPECT_TRUE(m32.isBijective());
  expectFragment(m32, [](int32_t r, int32_t l) {
    return Element{8 * (r / 4) + 4 * (l / 32) + r % 4, l % 32};
  });
  LinearLayout m16 = mfma({1, 1}, 16, false).toLinearLayout({16, 16});
  EXPECT_TRUE(m16.isBijective());
  expectFragment(m16, [](int32_t r, int32_t l) { return Element{4 * (l / 16) + r, l % 16}; });
  LinearLayout t16 = mfma({1, 1}, 16, true).toLinearLayout({16, 16});
  expectFragment(t16, [](int32_t r, int32_t l) { return Element{l % 16, 4 * (l / 16) + r}; });
}

// An MFMA operand: lane l holds kWidth consecutive k of row (A) or column (B) l % 32 (l % 16),
// starting at kWidth (l / 32) (kWidth (l / 16)).
TEST_F(TensorCoreLayoutTest, MfmaOperandsHoldKWidthConsecutiveK) {
  LinearLayout a = dot(0, mfma({1, 1}, 32, false), 4).toLinearLayout({32, 8});
  EXPECT_TRUE(a.isBijective());
  expectFragment(a, [](int32_t r, int32_t l) { return Element{l % 32, 4 * (l / 32) + r}; });
  LinearLayout b = dot(1, mfma({1, 1}, 16, false), 4).toLinearLayout({16, 16});
  EXPECT_TRUE(b.isBijective());
  expectFragment(b, [](int32_t r, int32_t l) { return Element{4 * (l / 16) + r, l % 16}; });
  // A longer K repeats the instruction's K in registers.
  LinearLayout longK = dot(0, mfma({1, 1}, 32, false), 4).toLinearLayout({32, 32});
  expectFragment(longK, [](int32_t r, int32_t l) {
    return Element{l % 32, 4 * (l / 32) + r % 4 + 8 * (r / 4)};
  });
}

// Every tensor-core layout on the tile of all its warps holds each element exactly once, and
// a dot operand holds each element in every warp along the other dimension.
TEST_F(TensorCoreLayoutTest, TilesAreBijective) {
  for (unsigned wm : {1u, 2u, 4u})
    for (unsigned wn : {1u, 2u, 4u}) {
      SmallVector<int64_t> v2Tile = {16 * wm, 8 * wn};
      EXPECT_TRUE(mma(2, {wm, wn}, {16, 8}).toLinearLayout(v2Tile).isBijective());
      for (unsigned size : {16u, 32u}) {
        SmallVector<int64_t> mfmaTile = {size * wm, size * wn};
        EXPECT_TRUE(mfma({wm, wn}, size, false).toLinearLayout(mfmaTile).isBijective());
        EXPECT_TRUE(mfma({wm, wn}, size, true).toLinearLayout(mfmaTile).isBijective());
      }
      SmallVector<int64_t> v3Tile = {64 * wm, 64 * wn};
      LinearLayout v3 = mma(3, {4 * wm, wn}, {16, 64, 16}).toLinearLayout(v3Tile);
      EXPECT_TRUE(v3.isBijective()) << v3.toString();
      for (unsigned kWidth : {1u, 2u, 4u, 8u}) {
        LinearLayout a =
            dot(0, mma(2, {wm, wn}, {16, 8}), kWidth).toLinearLayout({16 * wm, 8 * kWidth});
        EXPECT_TRUE(a.isSurjective());
        EXPECT_EQ(a.getRank(), a.getTotalInDimSizeLog2() - llvm::Log2_32(wn));
      }
    }
}

// Over random shapes, every tensor-core layout and dot operand holds every element of the
// tensor (a smaller tensor than the tile is broadcast, a larger one repeats it in registers),
// and an accumulator that broadcasts nothing holds each element exactly once.
TEST_F(TensorCoreLayoutTest, RandomShapesAreCovered) {
  std::mt19937 rng(5678);
  auto pow2 = [&](int maxLog2) { return int64_t{1} << (rng() % (maxLog2 + 1)); };
  for (int trial = 0; trial < 200; ++trial) {
    unsigned rank = 2 + rng() % 2;
    SmallVector<unsigned> warps;
    for (unsigned d = 0; d < rank; ++d)
      warps.push_back(pow2(2));
    SmallVector<int64_t> shape;
    for (unsigned d = 0; d < rank; ++d)
      shape.push_back(pow2(8));
    SmallVector<unsigned> v2Shape(rank - 2, 1);
    v2Shape.append({16, 8});
    unsigned kWidth = pow2(3);
    SmallVector<DistributedEncodingAttrInterface> parents = {
        mma(2, warps, v2Shape), mfma(warps, 32, rng() % 2), mfma(warps, 16, rng() % 2)};
    if (rank == 2)
      parents.push_back(mma(3, {4 * warps[0], warps[1]}, {16, 64, 16}));
    for (DistributedEncodingAttrInterface parent : parents) {
      SCOPED_TRACE(::testing::PrintToString(shape));
      LinearLayout acc = parent.toLinearLayout(shape);
      EXPECT_TRUE(acc.isSurjective()) << acc.toString();
      // Without a broadcast (a zero basis), no two hardware indices hold the same element.
      bool broadcasts = false;
      for (const LinearLayout::InDim &inDim : acc.getInDimsWithBases())
        for (const LinearLayout::Basis &basis : inDim.bases)
          broadcasts |= llvm::all_of(basis, [](int32_t c) { return c == 0; });
      if (!broadcasts)
        EXPECT_TRUE(acc.isInjective()) << acc.toString();
      for (unsigned opIdx : {0u, 1u}) {
        if (opIdx == 1 && isa<nvidia::MmaEncodingAttr>(parent) &&
            cast<nvidia::MmaEncodingAttr>(parent).getVersionMajor() == 3)
          continue;
        LinearLayout operand = dot(opIdx, parent, kWidth).toLinearLayout(shape);
        EXPECT_TRUE(operand.isSurjective()) << operand.toString();
      }
    }
  }
}

/// A layout with the given bases of register, lane and warp (and one block) onto `outDims`.
LinearLayout expected(ArrayRef<LinearLayout::Basis> registers, ArrayRef<LinearLayout::Basis> lanes,
                      ArrayRef<LinearLayout::Basis> warps,
                      ArrayRef<LinearLayout::DimSize> outDims) {
  return LinearLayout({{"register", SmallVector<LinearLayout::Basis>(registers)},
                       {"lane", SmallVector<LinearLayout::Basis>(lanes)},
                       {"warp", SmallVector<LinearLayout::Basis>(warps)},
                       {"block", {}}},
                      outDims);
}

// Cases of Triton's LinearLayoutConversionsTest, with the bases that it expects: batched
// mma.sync operands (DotMMAv2_3D), a wgmma operand with warps along both dimensions
// (DotMMAv3_mixed_warp_kwidth4), and a slice of an operand (SliceDot).
TEST_F(TensorCoreLayoutTest, MatchesTritonsConversionTests) {
  nvidia::MmaEncodingAttr batched = mma(2, {2, 4, 2}, {1, 16, 8});
  EXPECT_EQ(dot(0, batched, 8).toLinearLayout({16, 128, 128}),
            expected({{0, 0, 1},
                      {0, 0, 2},
                      {0, 0, 4},
                      {0, 8, 0},
                      {0, 0, 32},
                      {0, 0, 64},
                      {0, 64, 0},
                      {2, 0, 0},
                      {4, 0, 0},
                      {8, 0, 0}},
                     {{0, 0, 8}, {0, 0, 16}, {0, 1, 0}, {0, 2, 0}, {0, 4, 0}},
                     {{0, 0, 0}, {0, 16, 0}, {0, 32, 0}, {1, 0, 0}},
                     {{"dim0", 16}, {"dim1", 128}, {"dim2", 128}}));
  EXPECT_EQ(dot(1, batched, 8).toLinearLayout({8, 128, 64}),
            expected({{0, 1, 0},
                      {0, 2, 0},
                      {0, 4, 0},
                      {0, 32, 0},
                      {0, 64, 0},
                      {0, 0, 16},
                      {0, 0, 32},
                      {2, 0, 0},
                      {4, 0, 0}},
                     {{0, 8, 0}, {0, 16, 0}, {0, 0, 1}, {0, 0, 2}, {0, 0, 4}},
                     {{0, 0, 8}, {0, 0, 0}, {0, 0, 0}, {1, 0, 0}},
                     {{"dim0", 8}, {"dim1", 128}, {"dim2", 64}}));

  EXPECT_EQ(dot(0, mma(3, {4, 2}, {16, 16, 8}), 4).toLinearLayout({128, 64}),
            expected({{0, 1}, {0, 2}, {8, 0}, {0, 16}, {0, 32}, {64, 0}},
                     {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}, {{16, 0}, {32, 0}, {0, 0}},
                     {{"dim0", 128}, {"dim1", 64}}));

  auto slice = SliceEncodingAttr::get(&context, 1, dot(0, mma(2, {1, 1}, {16, 8}), 8));
  EXPECT_EQ(slice.toLinearLayout({16}),
            expected({{8}}, {{0}, {0}, {1}, {2}, {4}}, {}, {{"dim0", 16}}));
}

// What converting between tensor-core layouts costs, as the shared passes see it through
// classifyLayoutConversion: an mma.sync accumulator is already operand A of the next dot for
// 16-bit values (attention chains two dots this way), while 8-bit operands (kWidth 4) need
// lanes to exchange registers; with 4 warps along M, mma.sync and wgmma hold a 64x16 tile the
// same way, but 2x2 warps hold other rows.
TEST_F(TensorCoreLayoutTest, ConversionsBetweenTensorCoreLayouts) {
  nvidia::MmaEncodingAttr parent = mma(2, {4, 1}, {16, 8});
  SmallVector<int64_t> shape = {64, 16};
  EXPECT_EQ(classifyLayoutConversion(parent.toLinearLayout(shape),
                                     dot(0, parent, 2).toLinearLayout(shape)),
            LayoutConversionKind::NoDataMovement);
  EXPECT_EQ(classifyLayoutConversion(parent.toLinearLayout(shape),
                                     dot(0, parent, 4).toLinearLayout(shape)),
            LayoutConversionKind::LaneShuffles);
  EXPECT_EQ(classifyLayoutConversion(parent.toLinearLayout(shape),
                                     mma(3, {4, 1}, {16, 16, 16}).toLinearLayout(shape)),
            LayoutConversionKind::NoDataMovement);
  EXPECT_EQ(classifyLayoutConversion(mma(2, {2, 2}, {16, 8}).toLinearLayout(shape),
                                     mma(3, {4, 1}, {16, 16, 16}).toLinearLayout(shape)),
            LayoutConversionKind::Memory);
}

} // namespace
