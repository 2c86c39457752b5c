// The rewrite patterns of layout assignment (convert-tt-to-ttg): each op is recreated on the
// converted types of its operands and results. Most results take the default layout of their
// shape. A reduction's result, an expand_dims, a broadcast, a trans, a join, a split and a cat
// take layouts that follow their operands' (so that no element moves between threads), and
// the operands of a dot the dot-operand layouts of its result's; results are converted to the
// default layout afterwards so that every consumer sees one layout per shape.
// ttg-remove-layout-conversions removes what is left of those conversions. A reshape keeps the
// default layouts: between those, every element stays in its thread (the default layout puts
// the lowest bits of an element's row-major offset in lanes, the next in warps, the rest in
// registers, whatever the shape).

#include "TritonGPUTypeConverter.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::nereid {
namespace {

using ttg::ConvertLayoutOp;

/// The layout in which `value` was computed: the source of a ttg.convert_layout that produced
/// it (the conversions to the default layout that these patterns insert), or `value` itself.
Value lookThroughConversion(Value value) {
  if (auto convert = value.getDefiningOp<ConvertLayoutOp>())
    return convert.getSrc();
  return value;
}

/// `value` converted to `type`, unless it has that type already.
Value convertTo(OpBuilder &builder, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return ConvertLayoutOp::create(builder, loc, type, value);
}

/// Any tt, arith or math op whose results take the default layout of their shape: the op is
/// cloned onto the converted operands, its result types converted and its regions (the
/// scalar combiner of tt.scan) moved over.
struct GenericOpPattern : ConversionPattern {
  GenericOpPattern(const TypeConverter &typeConverter, MLIRContext *context)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isa<tt::TritonDialect, arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<tt::FuncOp>(op))
      return rewriter.notifyMatchFailure(op, "not an op of tt, arith or math");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "a result type does not convert");
    Operation *newOp = rewriter.cloneWithoutRegions(*op);
    newOp->setOperands(operands);
    for (auto [result, type] : llvm::zip_equal(newOp->getResults(), resultTypes))
      result.setType(type);
    for (auto [region, newRegion] : llvm::zip_equal(op->getRegions(), newOp->getRegions())) {
      rewriter.inlineRegionBefore(region, newRegion, newRegion.end());
      if (failed(rewriter.convertRegionTypes(&newRegion, *getTypeConverter())))
        return rewriter.notifyMatchFailure(op, "a region argument type does not convert");
    }
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

/// A dense tensor constant gets the default layout of its shape; so does its value attribute.
struct ConstantPattern : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    auto type = dyn_cast_or_null<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    if (!value || !type)
      return rewriter.notifyMatchFailure(op, "not a dense tensor constant");
    Value result = arith::ConstantOp::create(rewriter, op.getLoc(), value.reshape(type));
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// A reduction along `axis` leaves each tensor result where its operand's layout holds index 0
/// of `axis`: the slice of the operand's layout. Scalar results stay scalars, and the combiner
/// stays scalar.
struct ReducePattern : OpConversionPattern<tt::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    unsigned axis = op.getAxis();
    Operation *newOp = rewriter.cloneWithoutRegions(*op);
    newOp->setOperands(adaptor.getOperands());
    SmallVector<Value> results;
    for (auto [index, result] : llvm::enumerate(newOp->getResults())) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type) {
        results.push_back(result);
        continue;
      }
      auto srcType = cast<RankedTensorType>(adaptor.getSrcs()[index].getType());
      auto parent = dyn_cast<ttg::DistributedEncodingAttrInterface>(srcType.getEncoding());
      if (!parent)
        return rewriter.notifyMatchFailure(op, "an operand has no distributed layout");
      result.setType(
          type.cloneWithEncoding(ttg::SliceEncodingAttr::get(op.getContext(), axis, parent)));
      rewriter.setInsertionPointAfter(newOp);
      results.push_back(convertTo(rewriter, op.getLoc(), result,
                                  getTypeConverter()->convertType(type)));
    }
    Region &newRegion = newOp->getRegion(0);
    rewriter.inlineRegionBefore(op.getCombineOp(), newRegion, newRegion.end());
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// expand_dims needs its operand in the slice, along the new axis, of its result's layout. An
/// operand computed in such a slice (a reduction's result) keeps it and the result takes the
/// parent layout; any other operand is converted to the slice of the default layout.
struct ExpandDimsPattern : OpConversionPattern<tt::ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::ExpandDimsOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    unsigned axis = op.getAxis();
    auto resultType = cast<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    Value src = lookThroughConversion(adaptor.getSrc());
    auto slice = dyn_cast_or_null<ttg::SliceEncodingAttr>(
        cast<RankedTensorType>(src.getType()).getEncoding());
    Attribute encoding;
    if (slice && slice.getDim() == axis) {
      encoding = slice.getParent();
    } else {
      encoding = resultType.getEncoding();
      auto want = ttg::SliceEncodingAttr::get(
          op.getContext(), axis, cast<ttg::DistributedEncodingAttrInterface>(encoding));
      src = convertTo(rewriter, op.getLoc(), adaptor.getSrc(),
                      op.getSrc().getType().cloneWithEncoding(want));
    }
    Value result = tt::ExpandDimsOp::create(
        rewriter, op.getLoc(), resultType.cloneWithEncoding(encoding), src, axis);
    rewriter.replaceOp(op, convertTo(rewriter, op.getLoc(), result, resultType));
    return success();
  }
};

/// A broadcast repeats its operand in the operand's own layout, so that no element moves; the
/// result is converted to the default layout of its shape afterwards.
struct BroadcastPattern : OpConversionPattern<tt::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::BroadcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    Value src = lookThroughConversion(adaptor.getSrc());
    auto encoding = cast<RankedTensorType>(src.getType()).getEncoding();
    if (!isa_and_present<ttg::BlockedEncodingAttr>(encoding))
      src = adaptor.getSrc();
    encoding = cast<RankedTensorType>(src.getType()).getEncoding();
    Value result = tt::BroadcastOp::create(rewriter, op.getLoc(),
                                           resultType.cloneWithEncoding(encoding), src);
    rewriter.replaceOp(op, convertTo(rewriter, op.getLoc(), result, resultType));
    return success();
  }
};

/// The blocked layout of `value`, a tensor in the default layout of its shape.
ttg::BlockedEncodingAttr getBlockedEncoding(Value value) {
  return cast<ttg::BlockedEncodingAttr>(cast<RankedTensorType>(value.getType()).getEncoding());
}

/// The blocked layout in which `value`, an operand as the adaptor gives it, was computed
/// (lookThroughConversion), with that value; else `value` in its own, default, layout.
std::pair<Value, ttg::BlockedEncodingAttr> getComputedBlocked(Value value) {
  Value computed = lookThroughConversion(value);
  if (auto blocked = dyn_cast_or_null<ttg::BlockedEncodingAttr>(
          cast<RankedTensorType>(computed.getType()).getEncoding()))
    return {computed, blocked};
  return {value, getBlockedEncoding(value)};
}

/// The two operands of a tt.join or tt.cat in one blocked layout: the one they were both
/// computed in, else their default one.
std::pair<std::array<Value, 2>, ttg::BlockedEncodingAttr> getComputedBlocked(Value lhs,
                                                                             Value rhs) {
  auto [computedLhs, lhsEncoding] = getComputedBlocked(lhs);
  auto [computedRhs, rhsEncoding] = getComputedBlocked(rhs);
  if (lhsEncoding == rhsEncoding)
    return {{computedLhs, computedRhs}, lhsEncoding};
  return {{lhs, rhs}, getBlockedEncoding(lhs)};
}

/// `encoding` with a new last dimension of two elements, both in each thread's first
/// registers: the layout of a join of two tensors of `encoding`, whose pairs each thread then
/// holds.
ttg::BlockedEncodingAttr appendRegisterPair(ttg::BlockedEncodingAttr encoding) {
  SmallVector<unsigned> sizePerThread(encoding.getSizePerThread());
  SmallVector<unsigned> threadsPerWarp(encoding.getThreadsPerWarp());
  SmallVector<unsigned> warpsPerCTA(encoding.getWarpsPerCTA());
  SmallVector<unsigned> order{static_cast<unsigned>(sizePerThread.size())};
  llvm::append_range(order, encoding.getOrder());
  sizePerThread.push_back(2);
  threadsPerWarp.push_back(1);
  warpsPerCTA.push_back(1);
  return ttg::BlockedEncodingAttr::get(encoding.getContext(), sizePerThread, threadsPerWarp,
                                       warpsPerCTA, order);
}

/// A tt.trans computes its result in its operand's layout with the dimensions permuted, so
/// that no element moves: dimension i of the result's layout is dimension order[i] of the
/// operand's. The result is converted to the default layout of its shape afterwards.
struct TransPattern : OpConversionPattern<tt::TransOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::TransOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    auto [src, encoding] = getComputedBlocked(adaptor.getSrc());
    ArrayRef<int32_t> order = op.getOrder();
    SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA, newOrder;
    SmallVector<unsigned> inverse(order.size());
    for (auto [d, from] : llvm::enumerate(order)) {
      sizePerThread.push_back(encoding.getSizePerThread()[from]);
      threadsPerWarp.push_back(encoding.getThreadsPerWarp()[from]);
      warpsPerCTA.push_back(encoding.getWarpsPerCTA()[from]);
      inverse[from] = d;
    }
    for (unsigned dim : encoding.getOrder())
      newOrder.push_back(inverse[dim]);
    auto permuted = ttg::BlockedEncodingAttr::get(op.getContext(), sizePerThread,
                                                  threadsPerWarp, warpsPerCTA, newOrder);
    Value result = tt::TransOp::create(rewriter, op.getLoc(),
                                       resultType.cloneWithEncoding(permuted), src, order);
    rewriter.replaceOp(op, convertTo(rewriter, op.getLoc(), result, resultType));
    return success();
  }
};

/// A tt.join pairs its operands' elements in each thread's registers: the result's layout is
/// the operands' with the new last dimension in registers (appendRegisterPair). The result is
/// converted to the default layout of its shape afterwards.
struct JoinPattern : OpConversionPattern<tt::JoinOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::JoinOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    auto [operands, encoding] = getComputedBlocked(adaptor.getLhs(), adaptor.getRhs());
    Value result = tt::JoinOp::create(rewriter, op.getLoc(),
                                      resultType.cloneWithEncoding(appendRegisterPair(encoding)),
                                      operands[0], operands[1]);
    rewriter.replaceOp(op, convertTo(rewriter, op.getLoc(), result, resultType));
    return success();
  }
};

/// A tt.split needs each pair along its operand's last dimension in one thread: an operand
/// computed in a blocked layout whose last dimension has one lane and one warp keeps it,
/// any other is converted to the layout of a join of the default layout of the halves'
/// shape. The halves take the operand's layout without its last dimension, and are converted
/// to their default layout afterwards.
struct SplitPattern : OpConversionPattern<tt::SplitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::SplitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto halfType =
        cast<RankedTensorType>(getTypeConverter()->convertType(op.getOutLHS().getType()));
    auto [src, encoding] = getComputedBlocked(adaptor.getSrc());
    unsigned last = encoding.getOrder().size() - 1;
    if (encoding.getThreadsPerWarp()[last] != 1 || encoding.getWarpsPerCTA()[last] != 1) {
      encoding = appendRegisterPair(cast<ttg::BlockedEncodingAttr>(halfType.getEncoding()));
      src = convertTo(rewriter, loc, adaptor.getSrc(),
                      cast<RankedTensorType>(src.getType()).cloneWithEncoding(encoding));
    }
    SmallVector<unsigned> order;
    for (unsigned dim : encoding.getOrder())
      if (dim != last)
        order.push_back(dim);
    auto halfEncoding = ttg::BlockedEncodingAttr::get(
        op.getContext(), encoding.getSizePerThread().drop_back(),
        encoding.getThreadsPerWarp().drop_back(), encoding.getWarpsPerCTA().drop_back(), order);
    auto split = tt::SplitOp::create(rewriter, loc, halfType.cloneWithEncoding(halfEncoding),
                                     halfType.cloneWithEncoding(halfEncoding), src);
    rewriter.replaceOp(op, {convertTo(rewriter, loc, split.getOutLHS(), halfType),
                            convertTo(rewriter, loc, split.getOutRHS(), halfType)});
    return success();
  }
};

/// A tt.cat computes its result in its operands' layout, so that the operands' elements stay
/// in their threads: where the operands' layout covers dimension 0, the second operand is the
/// next registers; where it repeats elements over lanes or warps, those now hold the second
/// operand. The result is converted to the default layout of its shape afterwards.
struct CatPattern : OpConversionPattern<tt::CatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::CatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    auto [operands, encoding] = getComputedBlocked(adaptor.getLhs(), adaptor.getRhs());
    Value result = tt::CatOp::create(rewriter, op.getLoc(), resultType.cloneWithEncoding(encoding),
                                     operands[0], operands[1]);
    rewriter.replaceOp(op, convertTo(rewriter, op.getLoc(), result, resultType));
    return success();
  }
};

/// tt.dot reads its operands where the result's layout needs them: A and B in the dot-operand
/// layouts (opIdx 0 and 1) whose parent is the accumulator's blocked layout, the layout of the
/// FMA dot that every target can run. Choosing a backend's tensor-core accumulator is a later,
/// target-specific pass.
struct DotPattern : OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(getTypeConverter()->convertType(op.getType()));
    auto parent = dyn_cast<ttg::DistributedEncodingAttrInterface>(resultType.getEncoding());
    if (!parent)
      return rewriter.notifyMatchFailure(op, "the result has no distributed layout");
    SmallVector<Value> operands;
    for (auto [opIdx, operand] : llvm::enumerate(adaptor.getOperands())) {
      if (opIdx == 2) {
        operands.push_back(convertTo(rewriter, op.getLoc(), operand, resultType));
        continue;
      }
      auto encoding = ttg::DotOperandEncodingAttr::get(op.getContext(), opIdx, parent,
                                                       /*kWidth=*/0);
      auto type = cast<RankedTensorType>(operand.getType()).cloneWithEncoding(encoding);
      operands.push_back(convertTo(rewriter, op.getLoc(), operand, type));
    }
    Operation *newOp = rewriter.cloneWithoutRegions(*op);
    newOp->setOperands(operands);
    newOp->getResult(0).setType(resultType);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

} // namespace

void populateTritonToTritonGPUPatterns(const TritonGPUTypeConverter &typeConverter,
                                       RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<GenericOpPattern>(typeConverter, context);
  // The op-specific patterns go first.
  patterns.add<ConstantPattern, ReducePattern, ExpandDimsPattern, BroadcastPattern, TransPattern,
               JoinPattern, SplitPattern, CatPattern, DotPattern>(typeConverter, context,
                                                                  /*benefit=*/2);
}

} // namespace mlir::nereid
