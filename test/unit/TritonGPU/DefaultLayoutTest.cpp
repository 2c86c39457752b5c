// The blocked layouts that layout assignment and coalescing build (BlockedLayouts.h), checked
// for properties over random shapes rather than against a copy of their construction.

#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

using namespace mlir;
using namespace mlir::nereid;
using namespace mlir::nereid::ttg;

namespace {

/// A target of each lane model, as the shared passes see one: `VectorTarget` of 512-bit
/// vector registers whose lanes are their elements (a CPU with AVX-512), `ThreadTarget` of
/// 32-thread warps (an NVIDIA GPU).
class VectorTarget : public TargetInfo {
public:
  VectorTarget() : TargetInfo(TypeID::get<VectorTarget>()) {}
  std::string getName() const override { return "vector:512"; }
  unsigned getNumLanes(Type element) const override { return 512 / getElementBitWidth(element); }
  LaneModel getLaneModel() const override { return LaneModel::VectorElement; }
  unsigned getMaxWarps() const override { return 1; }
  std::optional<unsigned> getFixedNumWarps() const override { return 1; }
  unsigned getVectorWidthBits(Type) const override { return 512; }
  bool requiresAlignedVectorAccesses() const override { return false; }
  std::optional<unsigned> getSharedMemoryBytes() const override { return std::nullopt; }
};

class ThreadTarget : public TargetInfo {
public:
  ThreadTarget() : TargetInfo(TypeID::get<ThreadTarget>()) {}
  std::string getName() const override { return "thread:32"; }
  unsigned getNumLanes(Type) const override { return 32; }
  LaneModel getLaneModel() const override { return LaneModel::Thread; }
  unsigned getMaxWarps() const override { return 32; }
  std::optional<unsigned> getFixedNumWarps() const override { return std::nullopt; }
  unsigned getVectorWidthBits(Type) const override { return 128; }
  bool requiresAlignedVectorAccesses() const override { return true; }
  std::optional<unsigned> getSharedMemoryBytes() const override { return 228 * 1024; }
};

template <typename T>
int64_t product(ArrayRef<T> values) {
  return std::accumulate(values.begin(), values.end(), int64_t{1}, std::multiplies<>());
}

// Every lane and warp is used, the fastest dimension takes its lanes first, and a tensor with
// at least one element per register, lane and warp is covered exactly once: no two hardware
// indices hold the same element and every element is held.
TEST(DefaultLayoutTest, SpreadsLanesAndWarpsOverTheShape) {
  MLIRContext context;
  context.loadDialect<TritonGPUDialect>();
  std::mt19937 rng(2026);
  auto pow2 = [&](int maxLog2) { return int64_t{1} << (rng() % (maxLog2 + 1)); };

  for (int trial = 0; trial < 500; ++trial) {
    unsigned rank = 1 + rng() % 3;
    SmallVector<int64_t> shape;
    SmallVector<unsigned> sizePerThread, order(rank);
    for (unsigned d = 0; d < rank; ++d) {
      shape.push_back(pow2(7));
      sizePerThread.push_back(std::min<int64_t>(pow2(2), shape.back()));
    }
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    unsigned numLanes = pow2(6), numWarps = pow2(3);

    BlockedEncodingAttr encoding =
        getBlockedEncoding(&context, shape, sizePerThread, order, numLanes, numWarps);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    EXPECT_EQ(encoding.getSizePerThread(), ArrayRef<unsigned>(sizePerThread));
    EXPECT_EQ(encoding.getOrder(), ArrayRef<unsigned>(order));
    EXPECT_EQ(product(encoding.getThreadsPerWarp()), int64_t{numLanes});
    EXPECT_EQ(product(encoding.getWarpsPerCTA()), int64_t{numWarps});
    unsigned fastest = order.front();
    if (rank > 1)
      EXPECT_EQ(encoding.getThreadsPerWarp()[fastest],
                std::min<int64_t>(numLanes, shape[fastest] / sizePerThread[fastest]));

    if (product<int64_t>(shape) / product<unsigned>(sizePerThread) <
        int64_t{numLanes} * numWarps)
      continue;
    auto type = RankedTensorType::get(shape, Float32Type::get(&context), encoding);
    std::optional<LinearLayout> layout = toLinearLayout(type);
    ASSERT_TRUE(layout.has_value());
    EXPECT_TRUE(layout->isBijective()) << layout->toString();
  }
}

// A CPU layout never has more lanes than one vector of its elements, nor than the tensor has
// elements; a GPU layout has the warp's threads whatever the tensor.
TEST(DefaultLayoutTest, LanesFitTheTarget) {
  MLIRContext context;
  context.loadDialect<TritonGPUDialect>();
  Type f32 = Float32Type::get(&context), i8 = IntegerType::get(&context, 8);
  VectorTarget avx512;
  ThreadTarget sm90;
  EXPECT_EQ(getNumLanesFor(avx512, f32, 1024), 16u);
  EXPECT_EQ(getNumLanesFor(avx512, i8, 1024), 64u);
  EXPECT_EQ(getNumLanesFor(avx512, f32, 4), 4u);
  EXPECT_EQ(getNumLanesFor(sm90, f32, 4), 32u);

  auto blocked = [&](ArrayRef<int64_t> shape, unsigned lanes) {
    return getBlockedEncoding(&context, shape, {1}, {0}, lanes, 1);
  };
  auto type = [&](Type element, unsigned lanes) {
    return RankedTensorType::get({64}, element, blocked({64}, lanes));
  };
  EXPECT_TRUE(fitsTargetLanes(avx512, type(f32, 16)));
  EXPECT_TRUE(fitsTargetLanes(avx512, type(f32, 8)));
  EXPECT_FALSE(fitsTargetLanes(avx512, type(f32, 32)));
  EXPECT_TRUE(fitsTargetLanes(avx512, type(i8, 32)));
  EXPECT_FALSE(fitsTargetLanes(sm90, type(f32, 16)));
  EXPECT_TRUE(fitsTargetLanes(sm90, type(f32, 32)));
}

} // namespace
