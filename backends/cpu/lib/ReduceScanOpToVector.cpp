// tt.reduce and tt.scan on one CPU core. A reduce whose combiner is one standard op (sum,
// product, min, max, bitwise) first combines the register-wide chunks of a long row pairwise;
// then an order-independent one (all but float sums and products) combines halves of the axis,
// and the others the elements of the chunk in order. Any other combiner runs in the
// interpreter's order: strictly along the axis, its elementwise body applied to whole slices
// across the other dimensions at once.

#include "StandardCombiner.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"


namespace mlir::nereid::cpu {
namespace {

/// The slice at position `index` along `axis` of `value`, without the axis: a vector of the
/// other dimensions, or a scalar when `value` is 1-D.
Value extractSlice(OpBuilder &builder, Location loc, Value value, unsigned axis, int64_t index) {
  auto type = cast<VectorType>(value.getType());
  if (type.getRank() == 1)
    return vector::ExtractOp::create(builder, loc, value, ArrayRef<int64_t>{index});
  SmallVector<int64_t> offsets(axis + 1, 0), sizes(type.getShape().take_front(axis + 1)),
      strides(axis + 1, 1);
  offsets[axis] = index;
  sizes[axis] = 1;
  Value slice =
      vector::ExtractStridedSliceOp::create(builder, loc, value, offsets, sizes, strides);
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + axis);
  return vector::ShapeCastOp::create(builder, loc, VectorType::get(shape, type.getElementType()),
                                     slice);
}

/// `dest` with `slice` (as extractSlice gives it) put at `index` along `axis`.
Value insertSlice(OpBuilder &builder, Location loc, Value slice, Value dest, unsigned axis,
                  int64_t index) {
  auto type = cast<VectorType>(dest.getType());
  if (type.getRank() == 1)
    return vector::InsertOp::create(builder, loc, slice, dest, ArrayRef<int64_t>{index});
  SmallVector<int64_t> shape(type.getShape());
  shape[axis] = 1;
  Value expanded = vector::ShapeCastOp::create(
      builder, loc, VectorType::get(shape, type.getElementType()), slice);
  SmallVector<int64_t> offsets(type.getRank(), 0), strides(type.getRank(), 1);
  offsets[axis] = index;
  return vector::InsertStridedSliceOp::create(builder, loc, expanded, dest, offsets, strides);
}

/// The first op of a combiner that the CPU backend cannot apply to whole slices: one that is not
/// an elementwise arith or math op.
Operation *findUnsupportedCombinerOp(Region &combiner) {
  for (Operation &op : combiner.front().without_terminator())
    if (!isa<arith::ArithDialect, math::MathDialect>(op.getDialect()) || op.getNumRegions())
      return &op;
  return nullptr;
}

LogicalResult reportUnsupportedCombiner(ConversionPatternRewriter &rewriter, Operation *owner,
                                        Operation *unsupported) {
  return replaceWithError(rewriter, owner,
                          "the CPU backend cannot lower `" +
                              unsupported->getName().getStringRef() + "` in the combiner of " +
                              owner->getName().getStringRef());
}

/// Applies the combiner region to whole slices: its scalar elementwise ops (checked by
/// findUnsupportedCombinerOp) are rebuilt on vectors of `shape` (empty: scalars).
SmallVector<Value> applyCombiner(OpBuilder &builder, Operation *owner, Region &combiner,
                                 ValueRange accumulated, ValueRange next,
                                 ArrayRef<int64_t> shape) {
  Location loc = owner->getLoc();
  Block &body = combiner.front();
  IRMapping mapping;
  for (auto [argument, value] :
       llvm::zip(body.getArguments(), llvm::concat<const Value>(accumulated, next)))
    mapping.map(argument, value);
  auto lift = [&](Type type) -> Type {
    return shape.empty() ? type : VectorType::get(shape, type);
  };
  // The combiner may use scalars defined above it (canonicalize hoists its constants to the
  // function's entry): on slices they are splatted to the slice's shape, once each.
  auto lookup = [&](Value value) -> Value {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    Value splat = vector::BroadcastOp::create(builder, loc, lift(value.getType()), value);
    mapping.map(value, splat);
    return splat;
  };
  for (Operation &op : body.without_terminator()) {
    if (auto constant = dyn_cast<arith::ConstantOp>(op); constant && !shape.empty()) {
      Value scalar = builder.clone(op)->getResult(0);
      mapping.map(constant.getResult(),
                  vector::BroadcastOp::create(builder, loc, lift(constant.getType()), scalar));
      continue;
    }
    if (shape.empty()) {
      builder.clone(op, mapping);
      continue;
    }
    SmallVector<Value> operands =
        llvm::map_to_vector(op.getOperands(), [&](Value v) { return lookup(v); });
    SmallVector<Type> types = llvm::map_to_vector(op.getResultTypes(), lift);
    OperationState state(op.getLoc(), op.getName(), operands, types, op.getAttrs());
    Operation *lifted = builder.create(state);
    mapping.map(op.getResults(), lifted->getResults());
  }
  return llvm::map_to_vector(body.getTerminator()->getOperands(), [&](Value v) {
    return shape.empty() ? mapping.lookupOrDefault(v) : lookup(v);
  });
}

/// Folds the register-sized chunks of the last dimension of `source` into one with the
/// combiner, pairwise, so that a long row becomes vector ops of register width and one
/// horizontal reduction. Only for associative (standard) combiners.
Value foldChunks(OpBuilder &builder, Operation *owner, Region &combiner, Value source,
                 int64_t chunkWidth) {
  auto type = cast<VectorType>(source.getType());
  int64_t length = type.getShape().back();
  if (chunkWidth <= 0 || length <= chunkWidth || length % chunkWidth != 0)
    return source;
  unsigned rank = type.getRank();
  SmallVector<int64_t> sizes(type.getShape()), strides(rank, 1);
  sizes.back() = chunkWidth;
  SmallVector<Value> pieces;
  for (int64_t offset = 0; offset < length; offset += chunkWidth) {
    SmallVector<int64_t> offsets(rank, 0);
    offsets.back() = offset;
    pieces.push_back(vector::ExtractStridedSliceOp::create(builder, owner->getLoc(), source,
                                                           offsets, sizes, strides));
  }
  while (pieces.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < pieces.size(); i += 2) {
      next.push_back(
          applyCombiner(builder, owner, combiner, pieces[i], pieces[i + 1], sizes).front());
    }
    if (pieces.size() % 2)
      next.push_back(pieces.back());
    pieces = std::move(next);
  }
  return pieces.front();
}

/// The `size` elements from `offset` along `axis` of `value`, all of the other dimensions.
Value sliceAlong(OpBuilder &builder, Location loc, Value value, unsigned axis, int64_t offset,
                 int64_t size) {
  auto type = cast<VectorType>(value.getType());
  SmallVector<int64_t> offsets(type.getRank(), 0), sizes(type.getShape()),
      strides(type.getRank(), 1);
  offsets[axis] = offset;
  sizes[axis] = size;
  return vector::ExtractStridedSliceOp::create(builder, loc, value, offsets, sizes, strides);
}

/// Reduces `axis` of `source` to one element with an associative (standard) combiner by
/// combining its two halves until one is left (a trailing odd element joins last): no chain of
/// the combiner is longer than log2 of the axis. Every combining op is built here, before
/// tt-guard-arith, so that a float max or min orders -0 below +0 in its last steps too,
/// which LLVM's horizontal reductions do not.
Value reduceByHalves(OpBuilder &builder, Operation *owner, Region &combiner, Value source,
                     unsigned axis) {
  Location loc = owner->getLoc();
  int64_t length = cast<VectorType>(source.getType()).getShape()[axis];
  if (length == 1)
    return source;
  auto combine = [&](Value lhs, Value rhs) {
    return applyCombiner(builder, owner, combiner, lhs, rhs,
                         cast<VectorType>(lhs.getType()).getShape())
        .front();
  };
  if (length % 2) {
    Value even = sliceAlong(builder, loc, source, axis, 0, length - 1);
    Value last = sliceAlong(builder, loc, source, axis, length - 1, 1);
    return combine(reduceByHalves(builder, owner, combiner, even, axis), last);
  }
  int64_t half = length / 2;
  Value halves = combine(sliceAlong(builder, loc, source, axis, 0, half),
                         sliceAlong(builder, loc, source, axis, half, half));
  return reduceByHalves(builder, owner, combiner, halves, axis);
}

struct ReduceOpConversion : OpConversionPattern<tt::ReduceOp> {
  ReduceOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (Operation *unsupported = findUnsupportedCombinerOp(op.getCombineOp()))
      return reportUnsupportedCombiner(rewriter, op, unsupported);
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    SmallVector<Value> sources(adaptor.getSrcs());
    auto sourceType = cast<VectorType>(sources[0].getType());
    Type element = sourceType.getElementType();
    if (sources.size() == 1 && matchStandardCombiner(op.getCombineOp(), element)) {
      if (axis + 1 == sourceType.getRank())
        sources[0] = foldChunks(rewriter, op, op.getCombineOp(), sources[0], chunkWidth);
      // A float sum or product, whose result depends on the order, adds the elements of the
      // folded chunk in order, as the interpreter does: a row of one chunk gives its result.
      if (!isa<arith::AddFOp, arith::MulFOp>(op.getCombineOp().front().front())) {
        Value halved = reduceByHalves(rewriter, op, op.getCombineOp(), sources[0], axis);
        rewriter.replaceOp(op, extractSlice(rewriter, loc, halved, axis, 0));
        return success();
      }
    }

    SmallVector<Value> accumulated = llvm::map_to_vector(
        sources, [&](Value source) { return extractSlice(rewriter, loc, source, axis, 0); });
    SmallVector<int64_t> restShape(cast<VectorType>(sources[0].getType()).getShape());
    int64_t length = restShape[axis];
    restShape.erase(restShape.begin() + axis);
    for (int64_t index = 1; index < length; ++index) {
      SmallVector<Value> next = llvm::map_to_vector(sources, [&](Value source) {
        return extractSlice(rewriter, loc, source, axis, index);
      });
      accumulated = applyCombiner(rewriter, op, op.getCombineOp(), accumulated, next, restShape);
    }
    rewriter.replaceOp(op, accumulated);
    return success();
  }

  int64_t chunkWidth;
};

struct ScanOpConversion : OpConversionPattern<tt::ScanOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::ScanOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (Operation *unsupported = findUnsupportedCombinerOp(op.getCombineOp()))
      return reportUnsupportedCombiner(rewriter, op, unsupported);
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    SmallVector<Value> sources(adaptor.getSrcs());
    auto sourceType = cast<VectorType>(sources[0].getType());
    SmallVector<int64_t> restShape(sourceType.getShape());
    restShape.erase(restShape.begin() + axis);
    int64_t length = sourceType.getShape()[axis];
    auto position = [&](int64_t step) { return op.getReverse() ? length - 1 - step : step; };

    SmallVector<Value> results = sources;
    SmallVector<Value> accumulated = llvm::map_to_vector(sources, [&](Value source) {
      return extractSlice(rewriter, loc, source, axis, position(0));
    });
    for (int64_t step = 1; step < length; ++step) {
      SmallVector<Value> next = llvm::map_to_vector(sources, [&](Value source) {
        return extractSlice(rewriter, loc, source, axis, position(step));
      });
      accumulated = applyCombiner(rewriter, op, op.getCombineOp(), accumulated, next, restShape);
      for (auto [result, value] : llvm::zip(results, accumulated))
        result = insertSlice(rewriter, loc, value, result, axis, position(step));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateReduceScanOpToVectorPatterns(const TypeConverter &typeConverter,
                                          RewritePatternSet &patterns,
                                          const CpuLoweringInfo &info) {
  patterns.add<ReduceOpConversion>(typeConverter, patterns.getContext(), info.chunkWidth);
  patterns.add<ScanOpConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::nereid::cpu
