// The LinearLayouts of the shared-memory encodings of ttg: bijections from offsets onto the
// tensor, and the same offsets as the swizzling formulas of Triton's shared-memory lowering.
// The NVIDIA backend's #nvidia.mma_shared is checked in test/unit/Backends.

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <functional>

using namespace mlir;
using namespace mlir::nereid;
using namespace mlir::nereid::ttg;

namespace {

class SharedLayoutTest : public ::testing::Test {
protected:
  SharedLayoutTest() { context.loadDialect<TritonGPUDialect>(); }

  /// Checks that `layout` (offset -> dim0, dim1) is a bijection whose inverse sends every
  /// element (row, col) to `expected(row, col)`.
  static void expectOffsets(const LinearLayout &layout, int32_t rows, int32_t cols,
                            const std::function<int64_t(int32_t, int32_t)> &expected) {
    ASSERT_TRUE(layout.isBijective()) << layout.toString();
    std::optional<LinearLayout> inverse = layout.invert();
    ASSERT_TRUE(inverse);
    for (int32_t row = 0; row < rows; ++row)
      for (int32_t col = 0; col < cols; ++col) {
        auto offset = inverse->apply({{"dim0", row}, {"dim1", col}});
        ASSERT_EQ(offset[0].first, "offset");
        ASSERT_EQ(offset[0].second, expected(row, col))
            << "element (" << row << ", " << col << ")\n"
            << layout.toString();
      }
  }

  MLIRContext context;
};

// Triton's swizzled shared memory, row-major: element (r, c) is stored in row r at column
// group (c / vec) XOR ((r / perPhase) % maxPhase), for every swizzle that fits in a row.
TEST_F(SharedLayoutTest, SwizzledMatchesTheXorFormula) {
  for (unsigned vec : {1u, 2u, 4u, 8u})
    for (unsigned perPhase : {1u, 2u, 4u})
      for (unsigned maxPhase : {1u, 2u, 4u, 8u})
        for (int32_t rows : {1, 8, 32})
          for (int32_t cols : {8, 16, 64}) {
            auto shared =
                SwizzledSharedEncodingAttr::get(&context, vec, perPhase, maxPhase, {1, 0});
            LinearLayout layout = shared.toLinearLayout({rows, cols});
            if (static_cast<int32_t>(vec * maxPhase) > cols) {
              // The phase wraps around the row: still every element exactly once.
              EXPECT_TRUE(layout.isBijective());
              continue;
            }
            expectOffsets(layout, rows, cols, [&](int32_t r, int32_t c) {
              int64_t phase = (r / perPhase) % maxPhase;
              return int64_t{r} * cols + ((c / vec) ^ phase) * vec + c % vec;
            });
          }
}

// Column-major and 3-D swizzled layouts are bijections too, with the slowest dimension of
// `order` the slowest in memory.
TEST_F(SharedLayoutTest, SwizzledOrderIsTheMemoryOrder) {
  auto columnMajor = SwizzledSharedEncodingAttr::get(&context, 1, 1, 1, {0, 1});
  expectOffsets(columnMajor.toLinearLayout({8, 4}), 8, 4,
                [](int32_t r, int32_t c) { return int64_t{c} * 8 + r; });
  auto batched = SwizzledSharedEncodingAttr::get(&context, 4, 1, 4, {2, 1, 0});
  LinearLayout layout = batched.toLinearLayout({4, 16, 16});
  EXPECT_TRUE(layout.isBijective());
  // Offset 256 starts the second matrix of the batch.
  auto second = layout.apply({{"offset", 256}});
  EXPECT_EQ(second[0].second, 1);
  EXPECT_EQ(second[1].second, 0);
  EXPECT_EQ(second[2].second, 0);
}

} // namespace
