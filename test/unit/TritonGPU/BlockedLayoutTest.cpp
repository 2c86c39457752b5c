// The LinearLayout of a blocked encoding against Triton's index arithmetic, for random
// encodings and shapes: a check independent of the layout algebra that builds it.

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <random>

using namespace mlir;
using namespace mlir::nereid;
using namespace mlir::nereid::ttg;

namespace {

/// Splits `index` into one coordinate per dimension of `sizes`, the dimensions taken in
/// `order` (the first the least significant).
SmallVector<int64_t> unflatten(int64_t index, ArrayRef<int64_t> sizes, ArrayRef<unsigned> order) {
  SmallVector<int64_t> coords(sizes.size(), 0);
  for (unsigned dim : order) {
    coords[dim] = index % sizes[dim];
    index /= sizes[dim];
  }
  return coords;
}

TEST(BlockedLayoutTest, MatchesTritonIndexArithmetic) {
  MLIRContext context;
  context.loadDialect<TritonGPUDialect>();
  std::mt19937 rng(1234);
  auto pow2 = [&](int maxLog2) { return int64_t{1} << (rng() % (maxLog2 + 1)); };

  for (int trial = 0; trial < 300; ++trial) {
    unsigned rank = 1 + rng() % 3;
    SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA, order;
    SmallVector<int64_t> shape;
    for (unsigned d = 0; d < rank; ++d) {
      sizePerThread.push_back(pow2(2));
      threadsPerWarp.push_back(pow2(3));
      warpsPerCTA.push_back(pow2(2));
      shape.push_back(pow2(5));
      order.push_back(d);
    }
    std::shuffle(order.begin(), order.end(), rng);
    auto blocked =
        BlockedEncodingAttr::get(&context, sizePerThread, threadsPerWarp, warpsPerCTA, order);
    LinearLayout layout = blocked.toLinearLayout(shape);
    SCOPED_TRACE(layout.toString());

    // Triton: along dimension d, register r, lane l and warp w of repetition k hold
    // (r + spt (l + tpw (w + wpc k))) mod shape; the registers count the sizePerThread block
    // first, then the repetitions, each in `order`.
    SmallVector<int64_t> spt(sizePerThread.begin(), sizePerThread.end());
    SmallVector<int64_t> tpw(threadsPerWarp.begin(), threadsPerWarp.end());
    SmallVector<int64_t> wpc(warpsPerCTA.begin(), warpsPerCTA.end());
    SmallVector<int64_t> reps;
    int64_t numRegsPerBlock = 1, numReps = 1, numLanes = 1, numWarps = 1;
    for (unsigned d = 0; d < rank; ++d) {
      reps.push_back(std::max<int64_t>(1, shape[d] / (spt[d] * tpw[d] * wpc[d])));
      numRegsPerBlock *= spt[d];
      numReps *= reps[d];
      numLanes *= tpw[d];
      numWarps *= wpc[d];
    }
    ASSERT_EQ(layout.getInDimSize("register"), numRegsPerBlock * numReps);
    ASSERT_EQ(layout.getInDimSize("lane"), numLanes);
    ASSERT_EQ(layout.getInDimSize("warp"), numWarps);
    ASSERT_EQ(layout.getInDimSize("block"), 1);

    for (int64_t reg = 0; reg < numRegsPerBlock * numReps; ++reg)
      for (int64_t lane = 0; lane < numLanes; ++lane)
        for (int64_t warp = 0; warp < numWarps; ++warp) {
          SmallVector<int64_t> r = unflatten(reg % numRegsPerBlock, spt, order);
          SmallVector<int64_t> k = unflatten(reg / numRegsPerBlock, reps, order);
          SmallVector<int64_t> l = unflatten(lane, tpw, order);
          SmallVector<int64_t> w = unflatten(warp, wpc, order);
          auto got = layout.apply({{"register", static_cast<int32_t>(reg)},
                                   {"lane", static_cast<int32_t>(lane)},
                                   {"warp", static_cast<int32_t>(warp)}});
          ASSERT_EQ(got.size(), rank);
          for (unsigned d = 0; d < rank; ++d) {
            int64_t expected =
                (r[d] + spt[d] * (l[d] + tpw[d] * (w[d] + wpc[d] * k[d]))) % shape[d];
            ASSERT_EQ(got[d].first, "dim" + std::to_string(d));
            ASSERT_EQ(got[d].second, expected)
                << "dim " << d << " of register " << reg << ", lane " << lane << ", warp " << warp;
          }
        }
  }
}

} // namespace
