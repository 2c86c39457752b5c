// ttg-coalesce: the layout of each memory access follows the contiguity of its pointers, so
// that one instruction moves as many contiguous elements as the target allows.

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

namespace mlir::nereid::ttg {

#define GEN_PASS_DEF_COALESCEPASS
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

/// The tensor of pointers through which `op` accesses memory, or null when `op` is not a
/// load, store or atomic on a tensor.
Value getPointerTensor(Operation *op) {
  Value pointer = llvm::TypeSwitch<Operation *, Value>(op)
                      .Case<tt::LoadOp, tt::StoreOp, tt::AtomicRMWOp, tt::AtomicCASOp>(
                          [](auto memoryOp) { return memoryOp.getPtr(); })
                      .Default([](Operation *) { return Value(); });
  if (!pointer || !isa<RankedTensorType>(pointer.getType()))
    return {};
  return pointer;
}

/// The dimensions of a tensor ordered by decreasing contiguity of `info`; ties keep their
/// place in `currentOrder`, the order of the layout the tensor has now.
SmallVector<unsigned> getOrderByContiguity(const AxisInfo &info, ArrayRef<unsigned> currentOrder) {
  SmallVector<unsigned> order(currentOrder);
  auto position = [&](unsigned dim) { return llvm::find(currentOrder, dim) - currentOrder.begin(); };
  llvm::sort(order, [&](unsigned lhs, unsigned rhs) {
    if (info.getContiguity(lhs) != info.getContiguity(rhs))
      return info.getContiguity(lhs) > info.getContiguity(rhs);
    return position(lhs) < position(rhs);
  });
  return order;
}

/// The layout in which an access through pointers of `type`, described by `info`, moves the
/// most contiguous elements per instruction on `target`.
BlockedEncodingAttr getCoalescedEncoding(RankedTensorType type, const AxisInfo &info,
                                         const TargetInfo &target, unsigned numWarps) {
  ArrayRef<int64_t> shape = type.getShape();
  unsigned rank = shape.size();
  SmallVector<unsigned> currentOrder;
  if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding()))
    currentOrder.assign(blocked.getOrder().begin(), blocked.getOrder().end());
  else
    currentOrder = llvm::to_vector(llvm::reverse(llvm::seq<unsigned>(0, rank)));
  SmallVector<unsigned> order = getOrderByContiguity(info, currentOrder);
  unsigned fastest = order.front();

  Type element = getElementTypeOrSelf(tt::getPointeeType(type));
  unsigned elementBits = getElementBitWidth(element);
  int64_t elementBytes = std::max(1u, elementBits / 8);
  // A GPU's vector accesses must be aligned to their width. A CPU's need not be (unaligned
  // vector loads and stores cost the same on x86-64 and AArch64), so only contiguity limits
  // them there.
  int64_t contiguous = target.requiresAlignedVectorAccesses()
                           ? getPointerAlignment(info, fastest, elementBytes)
                           : info.getContiguity(fastest);
  int64_t width = std::min<int64_t>(contiguous, target.getVectorWidthBits(element) / elementBits);
  width = std::min<int64_t>(llvm::bit_floor<uint64_t>(std::max<int64_t>(width, 1)), shape[fastest]);
  int64_t numElements = type.getNumElements();

  SmallVector<unsigned> sizePerThread(rank, 1);
  MLIRContext *context = type.getContext();
  if (target.getLaneModel() == LaneModel::VectorElement) {
    // A CPU vector spans lanes: the contiguous elements go to lanes, one each. Without any
    // contiguity the access is a gather over a full vector.
    unsigned lanes = width > 1 ? width : getNumLanesFor(target, element, numElements);
    return getBlockedEncoding(context, shape, sizePerThread, order, lanes, 1);
  }
  // A GPU thread moves its contiguous registers in one access; every thread keeps some work.
  unsigned lanes = target.getNumLanes(element);
  int64_t perThread =
      std::min<int64_t>(width, std::max<int64_t>(1, numElements / (lanes * numWarps)));
  sizePerThread[fastest] = perThread;
  return getBlockedEncoding(context, shape, sizePerThread, order, lanes, numWarps);
}

/// Rewrites `op` with every tensor operand and result in `encoding`, converting operands to
/// it and results back to their previous layouts.
void setMemoryLayout(Operation *op, Attribute encoding) {
  OpBuilder builder(op);
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || type.getEncoding() == encoding) {
      operands.push_back(operand);
      continue;
    }
    operands.push_back(
        ConvertLayoutOp::create(builder, op->getLoc(), type.cloneWithEncoding(encoding), operand));
  }
  Operation *newOp = builder.clone(*op);
  newOp->setOperands(operands);
  builder.setInsertionPointAfter(newOp);
  for (auto [result, newResult] : llvm::zip_equal(op->getResults(), newOp->getResults())) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type || type.getEncoding() == encoding) {
      result.replaceAllUsesWith(newResult);
      continue;
    }
    newResult.setType(type.cloneWithEncoding(encoding));
    result.replaceAllUsesWith(
        ConvertLayoutOp::create(builder, op->getLoc(), type, newResult).getResult());
  }
  op->erase();
}

struct CoalescePass : impl::CoalescePassBase<CoalescePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<std::unique_ptr<TargetInfo>> target = getModuleTargetInfo(module);
    if (failed(target))
      return signalPassFailure();
    unsigned numWarps = getModuleNumWarps(module);
    FailureOr<std::unique_ptr<DataFlowSolver>> solver = AxisInfoAnalysis::run(module);
    if (failed(solver)) {
      module.emitError("ttg-coalesce: the AxisInfo analysis failed");
      return signalPassFailure();
    }

    // Choose every layout before changing the IR, which the solver describes.
    SmallVector<std::pair<Operation *, Attribute>> changes;
    module.walk([&](Operation *op) {
      Value pointer = getPointerTensor(op);
      if (!pointer)
        return;
      auto type = cast<RankedTensorType>(pointer.getType());
      const AxisInfo *info = getAxisInfo(**solver, pointer);
      AxisInfo pessimistic = AxisInfo::getPessimistic(type.getRank());
      Attribute encoding =
          getCoalescedEncoding(type, info ? *info : pessimistic, **target, numWarps);
      if (encoding != type.getEncoding())
        changes.emplace_back(op, encoding);
    });
    for (auto [op, encoding] : changes)
      setMemoryLayout(op, encoding);
  }
};

} // namespace
} // namespace mlir::nereid::ttg
