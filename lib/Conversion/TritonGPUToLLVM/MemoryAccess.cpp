// Which thread and register performs each memory access of a layout, and how many elements one
// access moves (the vector width from AxisInfo).

#include "nereid/Conversion/TritonGPUToLLVM/MemoryAccess.h"

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"

namespace mlir::nereid {
namespace {

/// The image of input index 2^bit of `inDim`, flattened into one bit vector over the output
/// dimensions (each dimension's coordinate in its own bits).
uint64_t flattenBasis(const LinearLayout &layout, ArrayRef<int32_t> basis) {
  uint64_t flat = 0;
  int shift = 0;
  for (auto [d, name] : llvm::enumerate(layout.getOutDimNames())) {
    flat |= uint64_t(basis[d]) << shift;
    shift += layout.getOutDimSizeLog2(name);
  }
  return flat;
}

/// A basis of the bit vectors seen so far over GF(2), one vector per leading bit.
struct XorBasis {
  llvm::SmallDenseMap<int, uint64_t> byLeadingBit;

  /// Adds `vector` and returns true, or returns false when it is a combination of the vectors
  /// already added.
  bool add(uint64_t vector) {
    while (vector != 0) {
      int lead = 63 - llvm::countl_zero(vector);
      auto found = byLeadingBit.find(lead);
      if (found == byLeadingBit.end()) {
        byLeadingBit[lead] = vector;
        return true;
      }
      vector ^= found->second;
    }
    return false;
  }
};

} // namespace

RedundantHolderMasks getRedundantHolderMasks(const LinearLayout &layout) {
  RedundantHolderMasks masks;
  XorBasis basis;
  auto visit = [&](StringRef inDim, int32_t &mask) {
    if (!layout.hasInDim(inDim))
      return;
    for (auto [bit, image] : llvm::enumerate(layout.getBases(inDim)))
      if (!basis.add(flattenBasis(layout, image)))
        mask |= int32_t(1) << bit;
  };
  visit(LinearLayout::kRegister, masks.registers);
  visit(LinearLayout::kLane, masks.lanes);
  visit(LinearLayout::kWarp, masks.warps);
  return masks;
}

Value emitIsFirstHolderThread(OpBuilder &builder, Location loc, const RedundantHolderMasks &masks,
                              const GpuTargetLowering &target) {
  if (!masks.replicatesThreads())
    return {};
  Type i32 = builder.getI32Type();
  auto constant = [&](int32_t value) {
    return LLVM::ConstantOp::create(builder, loc, i32, builder.getI32IntegerAttr(value));
  };
  // The thread id is warp * warpSize + lane, so both masks apply to it at once.
  int32_t threadMask = masks.lanes | (masks.warps * int32_t(target.getWarpSize()));
  Value threadId = target.getThreadId(builder, loc);
  Value bits = LLVM::AndOp::create(builder, loc, threadId, constant(threadMask));
  return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq, bits, constant(0));
}

Value emitIsFirstThread(OpBuilder &builder, Location loc, const GpuTargetLowering &target) {
  Type i32 = builder.getI32Type();
  Value zero = LLVM::ConstantOp::create(builder, loc, i32, builder.getI32IntegerAttr(0));
  return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                              target.getThreadId(builder, loc), zero);
}

namespace {

/// The vector width of an access through `pointers` (a tensor of pointers) masked by `mask`
/// (null when it has none), as computeAccessVectorWidths defines it.
unsigned getAccessVectorWidth(const DataFlowSolver &solver, Value pointers, Value mask,
                              const TargetInfo &target) {
  auto type = cast<RankedTensorType>(pointers.getType());
  std::optional<LinearLayout> layout = ttg::toLinearLayout(type);
  if (!layout || !layout->hasInDim(LinearLayout::kRegister) ||
      layout->getInDimSizeLog2(LinearLayout::kRegister) == 0)
    return 1;
  // The tensor dimension along which a thread's first registers run: their first basis must be
  // a unit step along one dimension.
  ArrayRef<int32_t> first = layout->getBasis(LinearLayout::kRegister, 0);
  SmallVector<StringRef> outDims = layout->getOutDimNames();
  int along = -1;
  for (auto [d, coordinate] : llvm::enumerate(first)) {
    if (coordinate == 0)
      continue;
    if (coordinate != 1 || along >= 0)
      return 1;
    along = d;
  }
  if (along < 0)
    return 1;
  StringRef alongName = outDims[along];
  unsigned tensorDim = 0;
  if (alongName.drop_front(3).getAsInteger(10, tensorDim))
    return 1;
  int64_t width = layout->getNumConsecutiveInOut(LinearLayout::kRegister, alongName);

  Type element = getElementTypeOrSelf(tt::getPointeeType(type));
  unsigned elementBits = isa<tt::PointerType>(element) ? 64 : getElementBitWidth(element);
  int64_t elementBytes = std::max(1u, elementBits / 8);
  const AxisInfo *pointerInfo = getAxisInfo(solver, pointers);
  if (!pointerInfo || !pointerInfo->isInitialized())
    return 1;
  width = std::min(width, getPointerAlignment(*pointerInfo, tensorDim, elementBytes));
  if (mask && isa<RankedTensorType>(mask.getType())) {
    const AxisInfo *maskInfo = getAxisInfo(solver, mask);
    if (!maskInfo || !maskInfo->isInitialized())
      return 1;
    width = std::min(width, getMaskAlignment(*maskInfo, tensorDim));
  }
  width = std::min<int64_t>(width, target.getVectorWidthBits(element) / (elementBytes * 8));
  return llvm::bit_floor<uint64_t>(std::max<int64_t>(width, 1));
}

} // namespace

FailureOr<AccessVectorWidths> computeAccessVectorWidths(ModuleOp module,
                                                        const TargetInfo &target) {
  FailureOr<std::unique_ptr<DataFlowSolver>> solver = AxisInfoAnalysis::run(module);
  if (failed(solver))
    return failure();
  AccessVectorWidths widths;
  module.walk([&](Operation *op) {
    auto [pointers, mask] =
        llvm::TypeSwitch<Operation *, std::pair<Value, Value>>(op)
            .Case<tt::LoadOp, tt::StoreOp, ttg::AsyncCopyGlobalToLocalOp>(
                [](auto access) { return std::make_pair(access.getPtr(), access.getMask()); })
            .Default([](Operation *) { return std::make_pair(Value(), Value()); });
    if (pointers && isa<RankedTensorType>(pointers.getType()))
      widths[op] = getAccessVectorWidth(**solver, pointers, mask, target);
  });
  return widths;
}

} // namespace mlir::nereid
