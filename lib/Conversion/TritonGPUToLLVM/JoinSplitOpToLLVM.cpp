// tt.join, tt.cat and tt.split: two tensors stacked into one (along a new last dimension, or
// along dimension 0) and one cut in two, by picking registers within each thread. Layout
// assignment (convert-tt-to-ttg) gives them layouts where each thread holds what it needs:
// a join's or a split's pair in two registers, a concatenation's halves in the registers of
// one thread, or in threads that differ in one lane or warp bit, which picks the operand at
// run time.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {
namespace {

/// Where each thread finds the elements of a tt.join or tt.cat result among the registers of
/// its two operands, which have one layout.
struct OperandSelection {
  /// The operand register that each result register copies.
  SmallVector<unsigned> registers;
  /// Whether each result register copies the second operand's, for thread 0.
  SmallVector<bool> fromRhs;
  /// The bits of the thread id (lane bits, then warp bits) whose parity swaps the operands: a
  /// concatenation whose operands' layout repeats elements over lanes or warps.
  uint32_t threadMask = 0;
};

/// The selection for `op`, a tt.join or tt.cat, or std::nullopt where a thread would need
/// elements that other threads hold. The result element at coordinates c is element s(c) of
/// operand w(c), both linear over the bits of c: join drops the last coordinate, which is w;
/// cat takes the highest bit of dimension 0 as w and clears it.
std::optional<OperandSelection> selectOperands(Operation *op) {
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  std::optional<LinearLayout> src = ttg::toLinearLayout(srcType);
  std::optional<LinearLayout> dst = ttg::toLinearLayout(dstType);
  if (!src || !dst)
    return std::nullopt;
  bool isJoin = isa<tt::JoinOp>(op);
  int32_t half = static_cast<int32_t>(srcType.getShape().front());
  auto toSource = [&](ArrayRef<int32_t> coordinates) {
    SmallVector<int32_t> source(coordinates);
    if (isJoin)
      source.pop_back();
    else
      source.front() &= half - 1;
    return source;
  };
  auto toOperand = [&](ArrayRef<int32_t> coordinates) {
    return isJoin ? coordinates.back() != 0 : (coordinates.front() & half) != 0;
  };
  std::optional<SmallVector<unsigned>> registers =
      mapRegistersWithinThread(*src, *dst, toSource);
  if (!registers)
    return std::nullopt;
  OperandSelection selection;
  selection.registers = std::move(*registers);
  for (int32_t r = 0, e = dst->getInDimSize(LinearLayout::kRegister); r < e; ++r)
    selection.fromRhs.push_back(toOperand(applyToIndex(*dst, LinearLayout::kRegister, r)));
  int32_t laneBits = dst->getInDimSizeLog2(LinearLayout::kLane);
  for (int32_t bit = 0; bit < laneBits; ++bit)
    if (toOperand(applyToIndex(*dst, LinearLayout::kLane, 1 << bit)))
      selection.threadMask |= 1u << bit;
  for (int32_t bit = 0, e = dst->getInDimSizeLog2(LinearLayout::kWarp); bit < e; ++bit)
    if (toOperand(applyToIndex(*dst, LinearLayout::kWarp, 1 << bit)))
      selection.threadMask |= 1u << (laneBits + bit);
  return selection;
}

/// For tt.split: the source register that each register of each half copies, or std::nullopt
/// where the two elements of a pair are held by different threads. Half k's element at c is
/// the source's at (c, k).
std::optional<std::array<SmallVector<unsigned>, 2>> selectHalves(tt::SplitOp op) {
  std::optional<LinearLayout> src = ttg::toLinearLayout(op.getSrc().getType());
  std::optional<LinearLayout> dst = ttg::toLinearLayout(op.getOutLHS().getType());
  if (!src || !dst)
    return std::nullopt;
  std::array<SmallVector<unsigned>, 2> halves;
  for (int32_t k : {0, 1}) {
    std::optional<SmallVector<unsigned>> registers =
        mapRegistersWithinThread(*src, *dst, [&](ArrayRef<int32_t> coordinates) {
          SmallVector<int32_t> source(coordinates);
          source.push_back(k);
          return source;
        });
    if (!registers)
      return std::nullopt;
    halves[k] = std::move(*registers);
  }
  return halves;
}

/// The reason that the patterns below give when a thread lacks elements it needs.
constexpr llvm::StringLiteral kAcrossThreads =
    "its operands' elements are held by other threads than its result's (moving values "
    "between threads is not lowered yet)";

/// tt.join and tt.cat: each result register is a register of one operand, picked at compile
/// time, or by the parity of some bits of the thread id.
template <typename OpTy>
struct StackOpConversion : OpConversionPattern<OpTy> {
  StackOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                    const GpuLoweringInfo &info)
      : OpConversionPattern<OpTy>(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type structType = this->getTypeConverter()->convertType(op.getType());
    std::optional<OperandSelection> selection = selectOperands(op);
    if (!structType || !selection)
      return notLowered(rewriter, op, info, kAcrossThreads);
    Location loc = op.getLoc();
    SmallVector<Value> lhs = unpackElements(rewriter, loc, adaptor.getLhs());
    SmallVector<Value> rhs = unpackElements(rewriter, loc, adaptor.getRhs());
    // Whether this thread swaps the operands: the parity of its id's bits in the mask.
    Value swapped;
    if (selection->threadMask != 0) {
      Value threadId = info.target.getThreadId(rewriter, loc);
      Value bits = arith::AndIOp::create(
          rewriter, loc, threadId,
          createI32(rewriter, loc, static_cast<int32_t>(selection->threadMask)));
      Value count = LLVM::CtPopOp::create(rewriter, loc, rewriter.getI32Type(), bits);
      swapped = arith::TruncIOp::create(rewriter, loc, rewriter.getI1Type(), count);
    }
    SmallVector<Value> elements;
    for (auto [r, fromRhs] : llvm::zip_equal(selection->registers, selection->fromRhs)) {
      Value first = fromRhs ? rhs[r] : lhs[r];
      if (!swapped) {
        elements.push_back(first);
        continue;
      }
      Value second = fromRhs ? lhs[r] : rhs[r];
      elements.push_back(LLVM::SelectOp::create(rewriter, loc, swapped, second, first));
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, elements, structType));
    return success();
  }

  const GpuLoweringInfo &info;
};

/// tt.split: each register of each half is a register of the source.
struct SplitOpConversion : OpConversionPattern<tt::SplitOp> {
  SplitOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                    const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::SplitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type structType = getTypeConverter()->convertType(op.getOutLHS().getType());
    std::optional<std::array<SmallVector<unsigned>, 2>> halves = selectHalves(op);
    if (!structType || !halves)
      return notLowered(rewriter, op, info, kAcrossThreads);
    Location loc = op.getLoc();
    SmallVector<Value> source = unpackElements(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> results;
    for (const SmallVector<unsigned> &registers : *halves) {
      SmallVector<Value> elements;
      for (unsigned r : registers)
        elements.push_back(source[r]);
      results.push_back(packElements(rewriter, loc, elements, structType));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

bool canJoinOrSplitWithinThreads(Operation *op) {
  if (isa<tt::JoinOp, tt::CatOp>(op))
    return selectOperands(op).has_value();
  if (auto split = dyn_cast<tt::SplitOp>(op))
    return selectHalves(split).has_value();
  return false;
}

void populateJoinSplitOpToLLVMPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  patterns.add<StackOpConversion<tt::JoinOp>, StackOpConversion<tt::CatOp>, SplitOpConversion>(
      typeConverter, patterns.getContext(), info);
}

} // namespace mlir::nereid
