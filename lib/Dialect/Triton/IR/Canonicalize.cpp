// Folders and canonicalization patterns of the tt ops: constants fold into splat constants,
// chains of shape ops collapse, pointer arithmetic by zero disappears, and memory ops whose
// masks are constant lose their masks.

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::nereid::tt;

/// The splat constant `constant` reshaped to `type`, or null when `constant` is not a splat.
static Attribute reshapeSplatConstant(Attribute constant, Type type) {
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(constant))
    return SplatElementsAttr::get(cast<ShapedType>(type), splat.getSplatValue<Attribute>());
  return {};
}

/// Replaces `op`, whose operand is a tt.splat, with a splat of the same scalar to its result
/// type; shape ops of a splat are splats.
template <typename OpTy>
static LogicalResult foldShapeOpOfSplat(OpTy op, PatternRewriter &rewriter) {
  auto splat = op.getSrc().template getDefiningOp<SplatOp>();
  if (!splat)
    return failure();
  rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
  return success();
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  if (!isa_and_present<IntegerAttr, FloatAttr>(value))
    return {};
  return SplatElementsAttr::get(getType(), value);
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplatConstant(adaptor.getSrc(), getType());
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results, MLIRContext *context) {
  results.add(foldShapeOpOfSplat<BroadcastOp>);
  results.add(+[](BroadcastOp op, PatternRewriter &rewriter) {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  });
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return reshapeSplatConstant(adaptor.getSrc(), getType());
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add(foldShapeOpOfSplat<ExpandDimsOp>);
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplatConstant(adaptor.getSrc(), getType());
}

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results, MLIRContext *context) {
  results.add(foldShapeOpOfSplat<ReshapeOp>);
  results.add(+[](ReshapeOp op, PatternRewriter &rewriter) {
    auto inner = op.getSrc().getDefiningOp<ReshapeOp>();
    if (!inner)
      return failure();
    // If either reshape may reorder elements, so may the one that replaces them.
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getSrc(),
                                           op.getAllowReorder() || inner.getAllowReorder());
    return success();
  });
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  // The identity permutation folds unless it changes the layout encoding.
  if (llvm::equal(getOrder(), llvm::seq<int32_t>(0, getOrder().size())) &&
      getSrc().getType() == getType())
    return getSrc();
  return reshapeSplatConstant(adaptor.getSrc(), getType());
}

void TransOp::getCanonicalizationPatterns(RewritePatternSet &results, MLIRContext *context) {
  results.add(foldShapeOpOfSplat<TransOp>);
  results.add(+[](TransOp op, PatternRewriter &rewriter) {
    auto inner = op.getSrc().getDefiningOp<TransOp>();
    if (!inner)
      return failure();
    // Result dimension i is dimension order[i] of the inner result, which is dimension
    // innerOrder[order[i]] of the inner operand.
    SmallVector<int32_t> composed;
    for (int32_t dim : op.getOrder())
      composed.push_back(inner.getOrder()[dim]);
    rewriter.replaceOpWithNewOp<TransOp>(op, op.getType(), inner.getSrc(), composed);
    return success();
  });
}

//===----------------------------------------------------------------------===//
// Pointers and casts
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

OpFoldResult IntToPtrOp::fold(FoldAdaptor adaptor) {
  if (auto toInt = getSrc().getDefiningOp<PtrToIntOp>();
      toInt && toInt.getSrc().getType() == getType())
    return toInt.getSrc();
  return {};
}

OpFoldResult PtrToIntOp::fold(FoldAdaptor adaptor) {
  if (auto toPtr = getSrc().getDefiningOp<IntToPtrOp>();
      toPtr && toPtr.getSrc().getType() == getType())
    return toPtr.getSrc();
  return {};
}

OpFoldResult BitcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<BitcastOp>();
      inner && inner.getSrc().getType() == getType())
    return inner.getSrc();
  return {};
}

//===----------------------------------------------------------------------===//
// Memory ops with constant masks
//===----------------------------------------------------------------------===//

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results, MLIRContext *context) {
  results.add(+[](LoadOp op, PatternRewriter &rewriter) {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    if (matchPattern(mask, m_One())) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
      });
      return success();
    }
    // A load with nothing masked in is its `other` value, unless it is volatile.
    if (matchPattern(mask, m_Zero()) && op.getOther() && !op.getIsVolatile()) {
      rewriter.replaceOp(op, op.getOther());
      return success();
    }
    return failure();
  });
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results, MLIRContext *context) {
  results.add(+[](StoreOp op, PatternRewriter &rewriter) {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    if (matchPattern(mask, m_One())) {
      rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
      return success();
    }
    if (matchPattern(mask, m_Zero())) {
      rewriter.eraseOp(op);
      return success();
    }
    return failure();
  });
}
