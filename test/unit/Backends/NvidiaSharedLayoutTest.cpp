// The LinearLayout of the NVIDIA backend's #nvidia.mma_shared: the same offsets as the TMA /
// wgmma swizzle modes.

#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::nereid;
using namespace mlir::nereid::nvidia;

namespace {

class MmaSharedLayoutTest : public ::testing::Test {
protected:
  MmaSharedLayoutTest() { context.loadDialect<NvidiaDialect>(); }

  MLIRContext context;
};

// The NVIDIA swizzle modes (CUTLASS's Swizzle<B, 4, 3> on byte addresses): tiles of 8 rows
// of `swizzle` bytes, the 16-byte chunk c of row r stored at chunk c XOR ((r / perPhase) %
// maxPhase); the tiles go down the rows first, then across the columns.
TEST_F(MmaSharedLayoutTest, MatchesTheHardwareSwizzle) {
  for (unsigned swizzle : {0u, 32u, 64u, 128u})
    for (unsigned bits : {8u, 16u, 32u})
      for (bool transposed : {false, true}) {
        auto shared = MmaSharedEncodingAttr::get(&context, swizzle, transposed, bits);
        int32_t tileCols = 8 * std::max(swizzle, 16u) / bits;
        int32_t vec = 128 / bits;
        int32_t maxPhase = swizzle == 0 ? 1 : swizzle / 16;
        int32_t perPhase = swizzle == 0 ? 1 : 128 / swizzle;
        int32_t rows = 32, cols = 2 * tileCols;
        SmallVector<int64_t> shape = {rows, cols};
        if (transposed)
          std::swap(shape[0], shape[1]);
        LinearLayout layout = shared.toLinearLayout(shape);
        ASSERT_TRUE(layout.isBijective()) << layout.toString();
        std::optional<LinearLayout> inverse = layout.invert();
        for (int32_t r = 0; r < rows; ++r)
          for (int32_t c = 0; c < cols; ++c) {
            int32_t tileR = r % 8, tileC = c % tileCols;
            int64_t inTile = tileR * tileCols +
                             ((tileC / vec) ^ ((tileR / perPhase) % maxPhase)) * vec + tileC % vec;
            int64_t tile = r / 8 + (rows / 8) * (c / tileCols);
            int32_t dim0 = transposed ? c : r, dim1 = transposed ? r : c;
            auto offset = inverse->apply({{"dim0", dim0}, {"dim1", dim1}});
            ASSERT_EQ(offset[0].second, tile * 8 * tileCols + inTile)
                << "swizzle " << swizzle << ", " << bits << " bits, element (" << r << ", " << c
                << ")";
          }
      }
}

} // namespace
