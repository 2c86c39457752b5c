// ttg-stage-dot-operands-in-shared: a tensor-core dot's operand reaches its layout through a
// buffer in shared memory whose rows are XOR-swizzled, written in the vectors its source holds
// and read in the fragments the dot needs, without bank conflicts on either side.

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <numeric>

namespace mlir::nereid::ttg {

#define GEN_PASS_DEF_STAGEDOTOPERANDSINSHAREDPASS
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

/// The span of shared memory's banks, and the bytes of one bank group that a swizzle moves.
constexpr int64_t kBankLineBytes = 128;
constexpr int64_t kSwizzleGroupBytes = 16;
/// The most distinct phases: the 16-byte groups of one 128-byte line.
constexpr int64_t kMaxPhases = kBankLineBytes / kSwizzleGroupBytes;

/// The dimensions of `type` from the fastest to the slowest as its source holds them: a
/// blocked layout's order, else row-major.
SmallVector<unsigned> getFastestFirstOrder(RankedTensorType type) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding()))
    return SmallVector<unsigned>(blocked.getOrder());
  SmallVector<unsigned> order(type.getRank());
  std::iota(order.rbegin(), order.rend(), 0u);
  return order;
}

/// The swizzled layout for `type` in shared memory, its dimensions in `order`: groups of 16
/// bytes along the fastest dimension (which one thread writes as one vector) are XORed with the
/// index of their 128-byte line among the next eight, so that the rows of a fragment, which the
/// lanes of a warp read at the same column, fall in different banks.
SwizzledSharedEncodingAttr getOperandSwizzle(RankedTensorType type, ArrayRef<unsigned> order) {
  int64_t bytes = std::max(1u, getElementBitWidth(type.getElementType()) / 8);
  int64_t rowElements = type.getShape()[order[0]];
  int64_t rowBytes = rowElements * bytes;
  unsigned vec = std::min(rowElements, std::max<int64_t>(1, kSwizzleGroupBytes / bytes));
  unsigned perPhase = std::max<int64_t>(1, kBankLineBytes / rowBytes);
  // A phase per 16-byte group of a row, at most one per group of a 128-byte line.
  unsigned maxPhase =
      std::max<int64_t>(1, std::min(rowBytes / kSwizzleGroupBytes, kMaxPhases / perPhase));
  return SwizzledSharedEncodingAttr::get(type.getContext(), vec, perPhase, maxPhase, order);
}

struct StageDotOperandsInSharedPass
    : impl::StageDotOperandsInSharedPassBase<StageDotOperandsInSharedPass> {
  void runOnOperation() override {
    getOperation().walk([](ConvertLayoutOp convert) {
      auto srcType = convert.getSrc().getType();
      auto operand = dyn_cast<DotOperandEncodingAttr>(convert.getType().getEncoding());
      if (!operand || !isa<TensorCoreEncodingAttrInterface>(operand.getParent()) ||
          !isa_and_present<BlockedEncodingAttr, SliceEncodingAttr>(srcType.getEncoding()) ||
          !srcType.getElementType().isIntOrFloat())
        return;
      auto bufferType =
          MemDescType::get(convert.getContext(), srcType.getShape(), srcType.getElementType(),
                           getOperandSwizzle(srcType, getFastestFirstOrder(srcType)),
                           /*mutableMemory=*/false);
      OpBuilder builder(convert);
      Value buffer =
          LocalAllocOp::create(builder, convert.getLoc(), bufferType, convert.getSrc());
      convert.replaceAllUsesWith(
          LocalLoadOp::create(builder, convert.getLoc(), convert.getType(), buffer).getResult());
      convert.erase();
    });
  }
};

} // namespace
} // namespace mlir::nereid::ttg
