// The AxisInfo lattice value: its join, the divisibility of constants, and the alignment queries
// that coalescing makes.

#include "nereid/Analysis/AxisInfo.h"

#include <gtest/gtest.h>

#include <limits>

using mlir::nereid::AxisInfo;

namespace {

TEST(AxisInfoTest, HighestPowerOf2Divisor) {
  EXPECT_EQ(mlir::nereid::highestPowerOf2Divisor(1), 1);
  EXPECT_EQ(mlir::nereid::highestPowerOf2Divisor(12), 4);
  EXPECT_EQ(mlir::nereid::highestPowerOf2Divisor(-48), 16);
  EXPECT_EQ(mlir::nereid::highestPowerOf2Divisor(int64_t(1) << 40), AxisInfo::kMaxDivisibility);
  EXPECT_EQ(mlir::nereid::highestPowerOf2Divisor(0), AxisInfo::kMaxDivisibility);
  EXPECT_EQ(mlir::nereid::highestPowerOf2Divisor(std::numeric_limits<int64_t>::min()),
            AxisInfo::kMaxDivisibility);
}

TEST(AxisInfoTest, JoinTakesGcdsPerDimension) {
  AxisInfo lhs({128, 1}, {16, 64}, {1, 32}, std::nullopt);
  AxisInfo rhs({64, 1}, {32, 8}, {1, 8}, std::nullopt);
  AxisInfo joined = AxisInfo::join(lhs, rhs);
  EXPECT_EQ(joined, AxisInfo({64, 1}, {16, 8}, {1, 8}));
  EXPECT_EQ(AxisInfo::join(rhs, lhs), joined);
}

TEST(AxisInfoTest, JoinWithUninitializedIsIdentity) {
  AxisInfo value({4}, {16}, {1}, std::nullopt);
  EXPECT_FALSE(AxisInfo().isInitialized());
  EXPECT_EQ(AxisInfo::join(AxisInfo(), value), value);
  EXPECT_EQ(AxisInfo::join(value, AxisInfo()), value);
}

TEST(AxisInfoTest, JoinKeepsOnlyACommonConstant) {
  AxisInfo five({1}, {1}, {64}, 5), six({1}, {2}, {64}, 6);
  EXPECT_EQ(AxisInfo::join(five, five).getConstantValue(), 5);
  EXPECT_EQ(AxisInfo::join(five, six).getConstantValue(), std::nullopt);
}

TEST(AxisInfoTest, PointerAlignmentIsContiguityLimitedByAlignment) {
  // 128 consecutive f32 from a 16-byte-aligned address: 4-element vectors.
  EXPECT_EQ(mlir::nereid::getPointerAlignment(AxisInfo({128}, {16}, {1}), 0, 4), 4);
  // 64-byte alignment, but runs of 8 f16 only.
  EXPECT_EQ(mlir::nereid::getPointerAlignment(AxisInfo({8}, {64}, {1}), 0, 2), 8);
  // Byte alignment below the element size still allows one element.
  EXPECT_EQ(mlir::nereid::getPointerAlignment(AxisInfo({32}, {2}, {1}), 0, 8), 1);
  // The other dimension of a row-major tile.
  EXPECT_EQ(mlir::nereid::getPointerAlignment(AxisInfo({1, 32}, {2, 16}, {1, 1}), 0, 2), 1);
  EXPECT_EQ(mlir::nereid::getPointerAlignment(AxisInfo({1, 32}, {2, 16}, {1, 1}), 1, 2), 8);
}

TEST(AxisInfoTest, MaskAlignmentIsConstancy) {
  EXPECT_EQ(mlir::nereid::getMaskAlignment(AxisInfo({1, 1}, {1, 1}, {16, 1}), 0), 16);
  EXPECT_EQ(mlir::nereid::getMaskAlignment(AxisInfo({1, 1}, {1, 1}, {16, 1}), 1), 1);
}

} // namespace
