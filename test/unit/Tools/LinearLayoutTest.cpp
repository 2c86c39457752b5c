// LinearLayout on small layouts whose results are checked by hand. The random, property-style
// tests are in LinearLayoutPropertyTest.cpp.

#include "LinearLayoutPrinting.h"

#include "nereid/Tools/LinearLayout.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

using mlir::nereid::classifyLayoutConversion;
using mlir::nereid::LayoutConversionKind;
using mlir::nereid::LinearLayout;
using DimValues = llvm::SmallVector<LinearLayout::DimValue>;

namespace {

/// The example of the header: 4 registers hold a row of 4 columns, 8 lanes hold the rows.
LinearLayout rowsPerLane() {
  return LinearLayout({{"register", {{0, 1}, {0, 2}}}, {"lane", {{1, 0}, {2, 0}, {4, 0}}}},
                      {{"dim0", 8}, {"dim1", 4}});
}

/// docs/layouts.md's GPU picture: a 16x16 tile, blocked with sizePerThread [1, 4],
/// threadsPerWarp [8, 4], warpsPerCTA [2, 1], order [1, 0]. The output dimensions are listed
/// fastest first (dim1, dim0), so that dim1 is the minor one.
LinearLayout gpuBlocked16x16() {
  return LinearLayout::identity1D(4, "register", "dim1") *
         LinearLayout::identity1D(4, "lane", "dim1") * LinearLayout::identity1D(8, "lane", "dim0") *
         LinearLayout::identity1D(2, "warp", "dim0");
}

/// docs/layouts.md's CPU picture: the same tile on AVX2, where a lane is one of the 8 fp32
/// lanes of a 256-bit vector and there is one warp. Register r of every lane forms vector r.
LinearLayout cpuBlocked16x16() {
  return (LinearLayout::identity1D(8, "lane", "dim1") *
          LinearLayout::identity1D(2, "register", "dim1") *
          LinearLayout::identity1D(16, "register", "dim0") *
          LinearLayout::identity1D(1, "warp", "dim0"))
      .transposeIns({"register", "lane", "warp"});
}

/// Which hardware index holds each element of a rows x cols tile (dims "dim0" x "dim1"), one
/// grid row per tensor row, as docs/layouts.md draws it. `label` names the holder of a flat
/// input index.
template <typename Label>
std::string renderHolders(const LinearLayout &layout, int rows, int cols, Label label) {
  std::vector<std::string> cells(rows * cols);
  for (uint64_t in = 0; in < uint64_t(layout.getTotalInDimSize()); ++in) {
    DimValues inputs;
    uint64_t rest = in;
    for (auto [name, size] : layout.getInDims()) {
      inputs.emplace_back(name, int32_t(rest % size));
      rest /= size;
    }
    int row = 0, col = 0;
    for (auto [name, value] : layout.apply(inputs))
      (name == "dim0" ? row : col) = value;
    cells[row * cols + col] = label(inputs);
  }
  std::string text;
  for (int row = 0; row < rows; ++row) {
    for (int col = 0; col < cols; ++col)
      text += (col ? " " : "") + cells[row * cols + col];
    text += "\n";
  }
  return text;
}

int32_t valueOf(const DimValues &values, llvm::StringRef name) {
  for (auto &[dim, value] : values)
    if (dim == name)
      return value;
  return 0;
}

//===----------------------------------------------------------------------===//
// Construction, evaluation and printing
//===----------------------------------------------------------------------===//

TEST(LinearLayoutTest, Identity1D) {
  LinearLayout layout = LinearLayout::identity1D(8, "lane", "dim0");
  EXPECT_EQ(layout.getInDimSize("lane"), 8);
  EXPECT_EQ(layout.getOutDimSize("dim0"), 8);
  EXPECT_EQ(layout.getBases("lane").size(), 3u);
  EXPECT_EQ(layout.getBasis("lane", 2, "dim0"), 4);
  for (int32_t i = 0; i < 8; ++i)
    EXPECT_EQ(layout.apply({{"lane", i}}), (DimValues{{"dim0", i}}));
  EXPECT_TRUE(layout.isBijective());
  EXPECT_EQ(layout.getNumConsecutiveInOut(), 8);
}

TEST(LinearLayoutTest, Zeros1D) {
  LinearLayout layout = LinearLayout::zeros1D(4, "warp", "dim0");
  EXPECT_EQ(layout.getInDimSize("warp"), 4);
  EXPECT_EQ(layout.getOutDimSize("dim0"), 1);
  for (int32_t i = 0; i < 4; ++i)
    EXPECT_EQ(layout.apply({{"warp", i}}), (DimValues{{"dim0", 0}}));
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_FALSE(layout.isInjective());
  // With a larger output, the zeros reach only element 0.
  LinearLayout wide = LinearLayout::zeros1D(4, "warp", "dim0", 8);
  EXPECT_EQ(wide.getOutDimSize("dim0"), 8);
  EXPECT_FALSE(wide.isSurjective());
  EXPECT_EQ(wide.getRank(), 0);
}

TEST(LinearLayoutTest, Empty) {
  LinearLayout empty = LinearLayout::empty();
  EXPECT_EQ(empty.getNumInDims(), 0);
  EXPECT_EQ(empty.getNumOutDims(), 0);
  EXPECT_TRUE(empty.apply({}).empty());
  EXPECT_TRUE(empty.isBijective());
  EXPECT_EQ(empty.getTotalInDimSize(), 1);
  EXPECT_EQ(*empty.invert(), empty);
}

TEST(LinearLayoutTest, ApplyXorsTheBasesOfTheSetBits) {
  LinearLayout layout = rowsPerLane();
  EXPECT_EQ(layout.apply({{"register", 3}, {"lane", 5}}), (DimValues{{"dim0", 5}, {"dim1", 3}}));
  // Inputs not named are 0; the order of the inputs does not matter.
  EXPECT_EQ(layout.apply({{"lane", 6}}), (DimValues{{"dim0", 6}, {"dim1", 0}}));
  EXPECT_EQ(layout.apply({{"lane", 1}, {"register", 2}}), (DimValues{{"dim0", 1}, {"dim1", 2}}));

  // Bases that overlap XOR, rather than add: 1 ^ 3 == 2.
  LinearLayout overlapping({{"in", {{1}, {3}}}}, {{"out", 4}});
  EXPECT_EQ(overlapping.apply({{"in", 3}}), (DimValues{{"out", 2}}));
  EXPECT_EQ(overlapping.applyFlat(3), 2u);
}

TEST(LinearLayoutTest, ApplyFlatPutsTheFirstDimensionLow) {
  LinearLayout layout = rowsPerLane();
  // Input: register (2 bits) then lane (3 bits); output: dim0 (3 bits) then dim1 (2 bits).
  uint64_t flatIn = 3 | (5 << 2);
  EXPECT_EQ(layout.applyFlat(flatIn), uint64_t(5 | (3 << 3)));
}

TEST(LinearLayoutTest, CreateRejectsInvalidDescriptions) {
  std::string error;
  EXPECT_FALSE(LinearLayout::create({{"in", {{1}}}}, {{"out", 3}}, &error));
  EXPECT_NE(error.find("not a power of two"), std::string::npos) << error;
  EXPECT_FALSE(LinearLayout::create({{"in", {{4}}}}, {{"out", 4}}, &error));
  EXPECT_NE(error.find("outside"), std::string::npos) << error;
  EXPECT_FALSE(LinearLayout::create({{"in", {{-1}}}}, {{"out", 4}}, &error));
  EXPECT_FALSE(LinearLayout::create({{"in", {{1, 0}}}}, {{"out", 4}}, &error));
  EXPECT_NE(error.find("coordinates"), std::string::npos) << error;
  EXPECT_FALSE(LinearLayout::create({{"in", {}}, {"in", {}}}, {{"out", 4}}, &error));
  EXPECT_NE(error.find("twice"), std::string::npos) << error;
  EXPECT_FALSE(LinearLayout::create({}, {{"out", 4}, {"out", 2}}, &error));
  EXPECT_FALSE(LinearLayout::create({}, {{"out", 0}}));
  EXPECT_FALSE(LinearLayout::create({}, {{"out", -4}}));
  EXPECT_TRUE(LinearLayout::create({}, {{"out", 1 << 30}}));
  EXPECT_FALSE(LinearLayout::create({}, {{"a", 1 << 30}, {"b", 1 << 30}, {"c", 1 << 30}},
                                    &error)); // 90 bits
  ASSERT_TRUE(LinearLayout::create({{"in", {{3}, {0}}}}, {{"out", 4}}, &error));
}

TEST(LinearLayoutDeathTest, MisuseStopsWithAMessage) {
  EXPECT_DEATH((void)LinearLayout({{"in", {{5}}}}, {{"out", 4}}), "outside");
  EXPECT_DEATH((void)LinearLayout::identity1D(6, "in", "out"), "power of two");
  EXPECT_DEATH((void)rowsPerLane().getInDimSize("warp"), "no input dimension 'warp'");
  EXPECT_DEATH((void)rowsPerLane().apply({{"lane", 8}}), "outside");
  EXPECT_DEATH((void)rowsPerLane().apply({{"lane", 1}, {"lane", 2}}), "twice");
  EXPECT_DEATH((void)rowsPerLane().transposeOuts({"dim0"}), "permutation");
  EXPECT_DEATH((void)rowsPerLane().sublayout({"warp"}, {}), "no input dimension 'warp'");
  EXPECT_DEATH((void)(LinearLayout::identity1D(1 << 20, "a", "o") *
                      LinearLayout::identity1D(1 << 20, "b", "o")),
               "more than 2\\^30");
  EXPECT_DEATH(
      (void)classifyLayoutConversion(rowsPerLane(), LinearLayout::identity1D(4, "lane", "x")),
      "different output dimensions");
}

TEST(LinearLayoutTest, ToString) {
  EXPECT_EQ(rowsPerLane().toString(), "(register[4], lane[8]) -> (dim0[8], dim1[4])\n"
                                      "  register 1 -> (dim0=0, dim1=1)\n"
                                      "  register 2 -> (dim0=0, dim1=2)\n"
                                      "  lane 1 -> (dim0=1, dim1=0)\n"
                                      "  lane 2 -> (dim0=2, dim1=0)\n"
                                      "  lane 4 -> (dim0=4, dim1=0)\n");
  EXPECT_EQ(LinearLayout::empty().toString(), "() -> ()\n");
}

//===----------------------------------------------------------------------===//
// Product and composition
//===----------------------------------------------------------------------===//

TEST(LinearLayoutTest, ProductOfSharedDimensions) {
  using LL = LinearLayout;
  EXPECT_EQ(LL::identity1D(4, "i", "o") * LL::identity1D(2, "i", "o"), LL::identity1D(8, "i", "o"));
  // x % 4 over [0, 8): the second factor's bit maps to 0.
  EXPECT_EQ(LL::identity1D(4, "i", "o") * LL::zeros1D(2, "i", "o"),
            LL({{"i", {{1}, {2}, {0}}}}, {{"o", 4}}));
  // x / 2: the first factor's bit maps to 0, the second factor occupies the high bits.
  EXPECT_EQ(LL::zeros1D(2, "i", "o") * LL::identity1D(4, "i", "o"),
            LL({{"i", {{0}, {1}, {2}}}}, {{"o", 4}}));
  // One input dimension split over two outputs: x -> (x % 4, x / 4).
  LL split = LL::identity1D(4, "i", "o1") * LL::identity1D(8, "i", "o2");
  EXPECT_EQ(split.apply({{"i", 29}}), (DimValues{{"o1", 1}, {"o2", 7}}));
}

TEST(LinearLayoutTest, ProductOfDisjointDimensions) {
  using LL = LinearLayout;
  LL product = LL::identity1D(4, "i1", "o1") * LL::identity1D(8, "i2", "o2");
  EXPECT_EQ(product.getInDimNames(), (llvm::SmallVector<llvm::StringRef>{"i1", "i2"}));
  EXPECT_EQ(product.getOutDimNames(), (llvm::SmallVector<llvm::StringRef>{"o1", "o2"}));
  EXPECT_EQ(product.apply({{"i1", 3}, {"i2", 5}}), (DimValues{{"o1", 3}, {"o2", 5}}));
  EXPECT_EQ(product * LL::empty(), product);
  EXPECT_EQ(LL::empty() * product, product);
  EXPECT_TRUE(product.isBijective());
}

TEST(LinearLayoutTest, Compose) {
  // Swapping the two bits of a 4-element dimension twice is the identity.
  LinearLayout swap({{"in", {{2}, {1}}}}, {{"in", 4}});
  EXPECT_EQ(*swap.compose(swap), LinearLayout::identity1D(4, "in", "in"));

  // rowsPerLane followed by the row-major offset of an 8x4 tensor: offset = 4 * dim0 + dim1.
  LinearLayout rowMajor =
      LinearLayout({{"dim0", {{4}, {8}, {16}}}, {"dim1", {{1}, {2}}}}, {{"offset", 32}});
  std::optional<LinearLayout> offsets = rowsPerLane().compose(rowMajor);
  ASSERT_TRUE(offsets);
  EXPECT_EQ(offsets->apply({{"register", 2}, {"lane", 3}}), (DimValues{{"offset", 14}}));
  EXPECT_TRUE(offsets->isBijective());

  // The outer layout may take more than this produces, not less, and must take every output.
  EXPECT_TRUE(LinearLayout::identity1D(4, "a", "b").compose(LinearLayout::identity1D(8, "b", "c")));
  EXPECT_FALSE(
      LinearLayout::identity1D(8, "a", "b").compose(LinearLayout::identity1D(4, "b", "c")));
  EXPECT_FALSE(
      LinearLayout::identity1D(4, "a", "b").compose(LinearLayout::identity1D(4, "x", "c")));
}

//===----------------------------------------------------------------------===//
// Inversion
//===----------------------------------------------------------------------===//

TEST(LinearLayoutTest, InvertATranspose) {
  // A 4x2 tensor stored column-major at offsets: offset -> (dim0, dim1).
  LinearLayout columnMajor({{"offset", {{1, 0}, {2, 0}, {0, 1}}}}, {{"dim0", 4}, {"dim1", 2}});
  std::optional<LinearLayout> inverse = columnMajor.invert();
  ASSERT_TRUE(inverse);
  EXPECT_EQ(*inverse, LinearLayout({{"dim0", {{1}, {2}}}, {"dim1", {{4}}}}, {{"offset", 8}}));
  EXPECT_EQ(inverse->apply({{"dim0", 3}, {"dim1", 1}}), (DimValues{{"offset", 7}}));

  // Overlapping bases: in 1 -> 1, in 2 -> 3, so in 3 -> 1 ^ 3 == 2; the inverse maps 1 -> 1
  // and 2 -> 3.
  LinearLayout overlapping({{"in", {{1}, {3}}}}, {{"out", 4}});
  EXPECT_EQ(*overlapping.invert(), LinearLayout({{"out", {{1}, {3}}}}, {{"in", 4}}));
}

TEST(LinearLayoutTest, InvertNeedsABijection) {
  EXPECT_FALSE(LinearLayout::zeros1D(2, "in", "out").invert());            // not injective
  EXPECT_FALSE(LinearLayout::zeros1D(1, "in", "out", 2).invert());         // not surjective
  EXPECT_FALSE(LinearLayout({{"in", {{1}, {1}}}}, {{"out", 4}}).invert()); // neither
}

TEST(LinearLayoutTest, PseudoinvertPicksTheSmallestPreimage) {
  // Eight registers hold four elements twice: register bit 1 does not matter.
  LinearLayout duplicated({{"register", {{1}, {0}, {2}}}}, {{"dim0", 4}});
  std::optional<LinearLayout> inverse = duplicated.pseudoinvert();
  ASSERT_TRUE(inverse);
  EXPECT_EQ(*inverse, LinearLayout({{"dim0", {{1}, {4}}}}, {{"register", 8}}));
  // With dependent bases, the earlier (lower) one is used: register 1 and 2 both hold 1.
  LinearLayout same({{"register", {{1}, {1}}}}, {{"dim0", 2}});
  EXPECT_EQ(same.pseudoinvert()->apply({{"dim0", 1}}), (DimValues{{"register", 1}}));
  EXPECT_FALSE(LinearLayout::zeros1D(2, "register", "dim0", 2).pseudoinvert());
}

TEST(LinearLayoutTest, InvertAndComposeFindsTheHolder) {
  // Shared memory holds a 4x4 tile row-major: offset -> (dim0, dim1).
  LinearLayout shared({{"offset", {{0, 1}, {0, 2}, {1, 0}, {2, 0}}}}, {{"dim0", 4}, {"dim1", 4}});
  // Lane l holds row l, its register r column r.
  LinearLayout registers({{"register", {{0, 1}, {0, 2}}}, {"lane", {{1, 0}, {2, 0}}}},
                         {{"dim0", 4}, {"dim1", 4}});
  std::optional<LinearLayout> offsetOf = shared.invertAndCompose(registers);
  ASSERT_TRUE(offsetOf);
  EXPECT_EQ(offsetOf->getInDimNames(), registers.getInDimNames());
  EXPECT_EQ(offsetOf->getOutDimNames(), shared.getInDimNames());
  EXPECT_EQ(offsetOf->apply({{"register", 1}, {"lane", 2}}), (DimValues{{"offset", 9}}));

  // The other way round: which (register, lane) holds each offset.
  std::optional<LinearLayout> holderOf = registers.invertAndCompose(shared);
  ASSERT_TRUE(holderOf);
  EXPECT_EQ(holderOf->apply({{"offset", 9}}), (DimValues{{"register", 1}, {"lane", 2}}));

  // A layout that reaches only the first two rows cannot hold every element of another.
  LinearLayout twoRows({{"register", {{0, 1}, {0, 2}}}, {"lane", {{1, 0}}}},
                       {{"dim0", 4}, {"dim1", 4}});
  EXPECT_FALSE(twoRows.invertAndCompose(registers));
  // ...but it holds every element of a layout of those two rows.
  EXPECT_TRUE(twoRows.invertAndCompose(twoRows.transposeIns({"lane", "register"})));
  // Other's outputs must be outputs of this.
  EXPECT_FALSE(registers.invertAndCompose(LinearLayout::identity1D(4, "lane", "dim2")));
}

//===----------------------------------------------------------------------===//
// Reshaping and restriction
//===----------------------------------------------------------------------===//

TEST(LinearLayoutTest, ReshapeIns) {
  LinearLayout layout = rowsPerLane();
  // 32 inputs as one index: register bits low, lane bits high.
  std::optional<LinearLayout> flat = layout.reshapeIns({{"thread", 32}});
  ASSERT_TRUE(flat);
  EXPECT_EQ(flat->apply({{"thread", 3 | (5 << 2)}}), layout.apply({{"register", 3}, {"lane", 5}}));
  EXPECT_EQ(*flat->reshapeIns(layout.getInDims()), layout);
  EXPECT_FALSE(layout.reshapeIns({{"thread", 16}}));
  EXPECT_FALSE(layout.reshapeIns({{"a", 4}, {"b", 12}}));
  EXPECT_FALSE(layout.reshapeIns({{"a", 4}, {"a", 8}}));
}

TEST(LinearLayoutTest, ReshapeOuts) {
  LinearLayout layout = rowsPerLane();
  // dim0 holds the low bits of the flat index: element (dim0, dim1) is at dim0 + 8 * dim1.
  std::optional<LinearLayout> flat = layout.reshapeOuts({{"element", 32}});
  ASSERT_TRUE(flat);
  EXPECT_EQ(flat->apply({{"register", 3}, {"lane", 5}}), (DimValues{{"element", 5 + 8 * 3}}));
  // Row-major flattening: the last tensor dimension minor, so transpose first.
  std::optional<LinearLayout> rowMajor =
      layout.transposeOuts({"dim1", "dim0"}).reshapeOuts({{"element", 32}});
  EXPECT_EQ(rowMajor->apply({{"register", 3}, {"lane", 5}}), (DimValues{{"element", 5 * 4 + 3}}));
  EXPECT_EQ(*flat->reshapeOuts(layout.getOutDims()), layout);
  EXPECT_FALSE(layout.reshapeOuts({{"element", 64}}));
}

TEST(LinearLayoutTest, Transpose) {
  LinearLayout layout = rowsPerLane();
  LinearLayout transposed = layout.transposeOuts({"dim1", "dim0"});
  EXPECT_EQ(transposed.getOutDimNames(), (llvm::SmallVector<llvm::StringRef>{"dim1", "dim0"}));
  EXPECT_EQ(llvm::to_vector(transposed.getBasis("register", 0)),
            (llvm::SmallVector<int32_t>{1, 0}));
  EXPECT_EQ(transposed.apply({{"register", 3}, {"lane", 5}}),
            (DimValues{{"dim1", 3}, {"dim0", 5}}));
  EXPECT_NE(transposed, layout);
  EXPECT_EQ(transposed.transposeOuts({"dim0", "dim1"}), layout);
  LinearLayout insSwapped = layout.transposeIns({"lane", "register"});
  EXPECT_EQ(insSwapped.getInDimNames(), (llvm::SmallVector<llvm::StringRef>{"lane", "register"}));
  EXPECT_EQ(insSwapped.apply({{"register", 3}, {"lane", 5}}),
            layout.apply({{"register", 3}, {"lane", 5}}));
}

TEST(LinearLayoutTest, Sublayout) {
  LinearLayout layout = gpuBlocked16x16();
  LinearLayout lanes = layout.sublayout({"lane"}, {"dim1"});
  EXPECT_EQ(lanes, LinearLayout({{"lane", {{4}, {8}, {0}, {0}, {0}}}}, {{"dim1", 16}}));
  // The order of the arguments does not matter; the layout's order is kept.
  EXPECT_EQ(layout.sublayout({"warp", "register"}, {"dim0", "dim1"}),
            LinearLayout({{"register", {{1, 0}, {2, 0}}}, {"warp", {{0, 8}}}},
                         {{"dim1", 16}, {"dim0", 16}}));
  EXPECT_EQ(layout.removeInDim("warp"), layout.sublayout({"register", "lane"}, {"dim1", "dim0"}));
}

TEST(LinearLayoutTest, SliceAwayADimension) {
  // Slicing dim0 out of the GPU layout: the lanes and warps along dim0 now hold the same
  // elements of dim1 (their bases are 0), as a slice encoding's parent does.
  LinearLayout sliced = gpuBlocked16x16().removeOutDim("dim0");
  EXPECT_EQ(
      sliced,
      LinearLayout({{"register", {{1}, {2}}}, {"lane", {{4}, {8}, {0}, {0}, {0}}}, {"warp", {{0}}}},
                   {{"dim1", 16}}));
  EXPECT_TRUE(sliced.isSurjective());
  EXPECT_FALSE(sliced.isInjective());

  // Registers that became duplicates are dropped by removeZeroBases.
  LinearLayout cpuSliced = cpuBlocked16x16().removeOutDim("dim0");
  EXPECT_EQ(cpuSliced.getInDimSize("register"), 32);
  LinearLayout compact = cpuSliced.removeZeroBases("register");
  EXPECT_EQ(compact, LinearLayout({{"register", {{8}}}, {"lane", {{1}, {2}, {4}}}, {"warp", {}}},
                                  {{"dim1", 16}}));
  EXPECT_TRUE(compact.isBijective());
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

TEST(LinearLayoutTest, SurjectiveAndInjective) {
  LinearLayout layout = rowsPerLane();
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_TRUE(layout.isInjective());
  EXPECT_EQ(layout.getRank(), 5);
  // Twice as large a tensor: half the elements are not held.
  LinearLayout partial({{"lane", {{1}, {2}}}}, {{"dim0", 8}});
  EXPECT_FALSE(partial.isSurjective());
  EXPECT_TRUE(partial.isInjective());
  // Two lanes per element.
  LinearLayout broadcast({{"lane", {{1}, {0}, {2}}}}, {{"dim0", 4}});
  EXPECT_TRUE(broadcast.isSurjective());
  EXPECT_FALSE(broadcast.isInjective());
}

TEST(LinearLayoutTest, NumConsecutiveInOut) {
  // GPU: each lane holds 4 contiguous elements of dim1 in registers 0..3.
  EXPECT_EQ(gpuBlocked16x16().getNumConsecutiveInOut(), 4);
  EXPECT_EQ(gpuBlocked16x16().getNumConsecutiveInOut("register", "dim0"), 1);
  EXPECT_EQ(gpuBlocked16x16().getNumConsecutiveInOut("lane", "dim1"), 1);
  // CPU: a lane holds one element per row of a vector; a vector holds 8 contiguous elements.
  EXPECT_EQ(cpuBlocked16x16().getNumConsecutiveInOut("register", "dim1"), 1);
  EXPECT_EQ(cpuBlocked16x16().getNumConsecutiveInOut("lane", "dim1"), 8);
  // The unit prefix of the register bases is 3 long, but the lane basis touches bit 1: the
  // registers 0..3 of lane 1 hold elements 2, 3, 0, 1, contiguous only in pairs.
  LinearLayout crossed({{"register", {{1}, {2}, {4}}}, {"lane", {{2}}}}, {{"dim0", 8}});
  EXPECT_EQ(crossed.getNumConsecutiveInOut(), 2);
  EXPECT_EQ(LinearLayout({{"register", {{2}, {1}}}}, {{"dim0", 4}}).getNumConsecutiveInOut(), 1);
  EXPECT_EQ(LinearLayout::zeros1D(4, "register", "dim0").getNumConsecutiveInOut(), 1);
  EXPECT_EQ(rowsPerLane().getNumConsecutiveInOut("register", "dim9"), 1);
  EXPECT_EQ(LinearLayout::empty().getNumConsecutiveInOut(), 1);
}

TEST(LinearLayoutTest, EqualUpToRegisterOrder) {
  LinearLayout layout = rowsPerLane();
  LinearLayout swapped({{"register", {{0, 2}, {0, 1}}}, {"lane", {{1, 0}, {2, 0}, {4, 0}}}},
                       {{"dim0", 8}, {"dim1", 4}});
  EXPECT_NE(layout, swapped);
  EXPECT_TRUE(layout.equalUpToRegisterOrder(swapped));
  // Not a permutation of the register bits, but still of the registers: 0, 1, 3, 2.
  LinearLayout gray({{"register", {{0, 1}, {0, 3}}}, {"lane", {{1, 0}, {2, 0}, {4, 0}}}},
                    {{"dim0", 8}, {"dim1", 4}});
  EXPECT_TRUE(layout.equalUpToRegisterOrder(gray));
  // Dimension order does not matter; a missing dimension is one of size 1.
  EXPECT_TRUE(layout.equalUpToRegisterOrder(layout.transposeOuts({"dim1", "dim0"}) *
                                            LinearLayout::identity1D(1, "warp", "dim0")));
  // Other lanes, or as many elements in more registers, are not the same.
  LinearLayout lanesSwapped({{"register", {{0, 1}, {0, 2}}}, {"lane", {{2, 0}, {1, 0}, {4, 0}}}},
                            {{"dim0", 8}, {"dim1", 4}});
  EXPECT_FALSE(layout.equalUpToRegisterOrder(lanesSwapped));
  EXPECT_FALSE(
      layout.equalUpToRegisterOrder(layout * LinearLayout::zeros1D(2, "register", "dim1")));
  EXPECT_FALSE(layout.equalUpToRegisterOrder(layout.removeOutDim("dim1")));
}

TEST(LinearLayoutTest, ClassifyConversions) {
  auto kind = [](const LinearLayout &src, const LinearLayout &dst) {
    return stringifyLayoutConversionKind(classifyLayoutConversion(src, dst)).str();
  };
  LinearLayout gpu = gpuBlocked16x16();
  EXPECT_EQ(kind(gpu, gpu), "NoDataMovement");
  // Registers in another order.
  LinearLayout reordered = gpu.transposeIns({"lane", "register", "warp"});
  EXPECT_EQ(kind(gpu, reordered), "NoDataMovement");
  // dst keeps only half of the registers of src: still no movement.
  LinearLayout half({{"register", {{1}, {0}}}, {"lane", {{2}}}}, {{"dim0", 4}});
  LinearLayout full({{"register", {{1}, {2}}}, {"lane", {{2}}}}, {{"dim0", 4}});
  EXPECT_EQ(kind(full, half), "NoDataMovement");
  // The other way, lane 0 needs elements 2 and 3, which only lane 1 holds.
  EXPECT_EQ(kind(half, full), "LaneShuffles");

  // Within each warp (two rows of a 4x16 tensor), registers and lanes exchange roles: a lane
  // holds 4 contiguous columns in src, columns 4 apart in dst. Lanes shuffle.
  LinearLayout warpRows(
      {{"register", {{1, 0}, {2, 0}}}, {"lane", {{4, 0}, {8, 0}, {0, 1}}}, {"warp", {{0, 2}}}},
      {{"dim1", 16}, {"dim0", 4}});
  LinearLayout warpColumns(
      {{"register", {{0, 1}, {4, 0}}}, {"lane", {{1, 0}, {2, 0}, {8, 0}}}, {"warp", {{0, 2}}}},
      {{"dim1", 16}, {"dim0", 4}});
  EXPECT_EQ(kind(warpRows, warpColumns), "LaneShuffles");
  EXPECT_EQ(kind(warpColumns, warpRows), "LaneShuffles");

  // The warps agree, but the warp's registers and lanes reach other elements: src warp 0
  // holds elements 0 and 1, dst warp 0 holds 0 and 3. Agreeing warp bases are not enough.
  LinearLayout src({{"register", {{1}}}, {"warp", {{2}}}}, {{"dim0", 4}});
  LinearLayout dst({{"register", {{3}}}, {"warp", {{2}}}}, {{"dim0", 4}});
  EXPECT_EQ(kind(src, dst), "Memory");
  // Warp 1 holds rows 4..7 and 12..15 instead of rows 8..15: memory.
  LinearLayout interleavedWarps({{"register", {{1, 0}, {2, 0}}},
                                 {"lane", {{4, 0}, {8, 0}, {0, 1}, {0, 2}, {0, 8}}},
                                 {"warp", {{0, 4}}}},
                                {{"dim1", 16}, {"dim0", 16}});
  EXPECT_EQ(kind(gpu, interleavedWarps), "Memory");
  EXPECT_EQ(kind(interleavedWarps, gpu), "Memory");
}

//===----------------------------------------------------------------------===//
// The pictures of docs/layouts.md
//===----------------------------------------------------------------------===//

TEST(LinearLayoutTest, GpuPictureOfDocs) {
  LinearLayout layout = gpuBlocked16x16();
  EXPECT_EQ(layout.getInDims(),
            (llvm::SmallVector<LinearLayout::DimSize>{{"register", 4}, {"lane", 32}, {"warp", 2}}));
  EXPECT_TRUE(layout.isBijective());
  // Each cell: the warp and lane that hold the element.
  std::string picture = renderHolders(layout, 16, 16, [](const DimValues &in) {
    char cell[8];
    snprintf(cell, sizeof(cell), "%d:%02d", valueOf(in, "warp"), valueOf(in, "lane"));
    return std::string(cell);
  });
  EXPECT_EQ(picture.substr(0, 2 * 80),
            "0:00 0:00 0:00 0:00 0:01 0:01 0:01 0:01 0:02 0:02 0:02 0:02 0:03 0:03 0:03 0:03\n"
            "0:04 0:04 0:04 0:04 0:05 0:05 0:05 0:05 0:06 0:06 0:06 0:06 0:07 0:07 0:07 0:07\n");
  EXPECT_EQ(picture.substr(15 * 80),
            "1:28 1:28 1:28 1:28 1:29 1:29 1:29 1:29 1:30 1:30 1:30 1:30 1:31 1:31 1:31 1:31\n");
  // And the registers of lane 5 of warp 1: row 9, columns 4..7.
  for (int32_t reg = 0; reg < 4; ++reg)
    EXPECT_EQ(layout.apply({{"register", reg}, {"lane", 5}, {"warp", 1}}),
              (DimValues{{"dim1", 4 + reg}, {"dim0", 9}}));
}

TEST(LinearLayoutTest, CpuPictureOfDocs) {
  LinearLayout layout = cpuBlocked16x16();
  EXPECT_EQ(layout.getInDims(),
            (llvm::SmallVector<LinearLayout::DimSize>{{"register", 32}, {"lane", 8}, {"warp", 1}}));
  EXPECT_TRUE(layout.isBijective());
  // Each cell: the vector register (register index) and its lane.
  std::string picture = renderHolders(layout, 16, 16, [](const DimValues &in) {
    char cell[8];
    snprintf(cell, sizeof(cell), "%02d.%d", valueOf(in, "register"), valueOf(in, "lane"));
    return std::string(cell);
  });
  EXPECT_EQ(picture.substr(0, 2 * 80),
            "00.0 00.1 00.2 00.3 00.4 00.5 00.6 00.7 01.0 01.1 01.2 01.3 01.4 01.5 01.6 01.7\n"
            "02.0 02.1 02.2 02.3 02.4 02.5 02.6 02.7 03.0 03.1 03.2 03.3 03.4 03.5 03.6 03.7\n");
  EXPECT_EQ(picture.substr(15 * 80),
            "30.0 30.1 30.2 30.3 30.4 30.5 30.6 30.7 31.0 31.1 31.2 31.3 31.4 31.5 31.6 31.7\n");
}

} // namespace
