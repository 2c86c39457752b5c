#include "ReduceScanUtility.h"

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::nereid {

std::optional<SmallVector<AxisBit>> getAxisBits(const LinearLayout &layout, unsigned axis,
                                                std::string &why) {
  llvm::raw_string_ostream os(why);
  if (layout.hasInDim(LinearLayout::kBlock) && layout.getInDimSize(LinearLayout::kBlock) > 1) {
    os << "its layout spreads the tensor over several programs";
    return std::nullopt;
  }
  SmallVector<AxisBit> bits;
  int32_t steps = 0;
  for (StringRef inDim : {LinearLayout::kRegister, LinearLayout::kLane, LinearLayout::kWarp}) {
    if (!layout.hasInDim(inDim))
      continue;
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(inDim))) {
      int32_t step = basis[axis];
      if (step == 0)
        continue;
      bool elsewhere = llvm::any_of(llvm::enumerate(basis), [&](auto indexed) {
        return indexed.index() != axis && indexed.value() != 0;
      });
      if (elsewhere || !llvm::isPowerOf2_32(step) || (steps & step)) {
        os << "its layout's " << inDim << " bit " << bit
           << " does not step along the axis alone by a power of two of its own";
        return std::nullopt;
      }
      steps |= step;
      bits.push_back({inDim, static_cast<int32_t>(bit), step});
    }
  }
  llvm::sort(bits, [](const AxisBit &a, const AxisBit &b) { return a.step < b.step; });
  return bits;
}

SmallVector<Value> emitCombine(OpBuilder &builder, Region &combiner, ValueRange lhs,
                               ValueRange rhs) {
  Block &body = combiner.front();
  IRMapping mapping;
  mapping.map(body.getArguments().take_front(lhs.size()), lhs);
  mapping.map(body.getArguments().drop_front(lhs.size()), rhs);
  for (Operation &op : body.without_terminator())
    builder.clone(op, mapping);
  SmallVector<Value> results;
  for (Value yielded : body.getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(yielded));
  return results;
}

Value emitIsBitSet(OpBuilder &builder, Location loc, Value index, int32_t bit) {
  Value masked = LLVM::AndOp::create(builder, loc, index, createI32(builder, loc, 1 << bit));
  return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, masked,
                              createI32(builder, loc, 0));
}

int32_t removeBits(int32_t index, uint32_t removed) {
  int32_t result = 0;
  for (int32_t bit = 0, out = 0; bit < 31; ++bit) {
    if (removed & (1u << bit))
      continue;
    result |= ((index >> bit) & 1) << out++;
  }
  return result;
}

Value emitRemoveBits(OpBuilder &builder, Location loc, Value index, uint32_t removed) {
  // From the highest removed bit down: keep the bits below it, move those above it down one.
  for (int32_t bit = 30; bit >= 0; --bit) {
    if (!(removed & (1u << bit)))
      continue;
    Value low = LLVM::AndOp::create(builder, loc, index, createI32(builder, loc, (1 << bit) - 1));
    Value high = LLVM::AndOp::create(
        builder, loc, LLVM::LShrOp::create(builder, loc, index, createI32(builder, loc, 1)),
        createI32(builder, loc, ~((1 << bit) - 1)));
    index = LLVM::OrOp::create(builder, loc, low, high);
  }
  return index;
}

SmallVector<Value> emitSelect(OpBuilder &builder, Location loc, Value condition, ValueRange a,
                              ValueRange b) {
  SmallVector<Value> selected;
  for (auto [x, y] : llvm::zip_equal(a, b))
    selected.push_back(LLVM::SelectOp::create(builder, loc, condition, x, y));
  return selected;
}

int64_t getSharedElementBytes(Type elementType) {
  if (!elementType.isIntOrFloat())
    return 8;
  return std::max<int64_t>(1, elementType.getIntOrFloatBitWidth() / 8);
}

std::string whyElementTypeNotCombined(Type elementType) {
  if (elementType.isIntOrFloat())
    return "";
  std::string why;
  llvm::raw_string_ostream(why) << "it combines elements of " << elementType
                                << "; only integers and floats are combined";
  return why;
}

std::optional<int64_t> getReduceOrScanSharedBytes(Operation *op, std::string &why) {
  if (auto reduce = dyn_cast<tt::ReduceOp>(op))
    return getReduceSharedBytes(reduce, why);
  return getScanSharedBytes(cast<tt::ScanOp>(op), why);
}

} // namespace mlir::nereid
