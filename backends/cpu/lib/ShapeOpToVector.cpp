// Ops that move the elements of a tile: on a CPU core a tile is one vector value whatever its
// layout, so these are vector shape ops, and ttg.convert_layout is the identity.

#include "BlockTranspose.h"
#include "BufferLoops.h"
#include "StackBuffers.h"
#include "VectorChunks.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {
namespace {

VectorType convertedVectorType(const TypeConverter *converter, Type type) {
  return cast<VectorType>(converter->convertType(type));
}

struct SplatOpConversion : OpConversionPattern<tt::SplatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::SplatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(
        op, convertedVectorType(getTypeConverter(), op.getType()), adaptor.getSrc());
    return success();
  }
};

struct MakeRangeOpConversion : OpConversionPattern<tt::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::MakeRangeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    VectorType type = convertedVectorType(getTypeConverter(), op.getType());
    SmallVector<int32_t> values;
    for (int64_t value = op.getStart(); value < op.getEnd(); ++value)
      values.push_back(static_cast<int32_t>(value));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, DenseElementsAttr::get(type, ArrayRef<int32_t>(values)));
    return success();
  }
};

struct BroadcastOpConversion : OpConversionPattern<tt::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::BroadcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(
        op, convertedVectorType(getTypeConverter(), op.getType()), adaptor.getSrc());
    return success();
  }
};

/// expand_dims and reshape keep the row-major order of the elements: a shape cast.
template <typename SourceOp>
struct ShapeCastConversion : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(
        op, convertedVectorType(this->getTypeConverter(), op.getType()), adaptor.getSrc());
    return success();
  }
};

/// Transposes of more elements than this that move the last dimension other than by swapping
/// the last two are refused: they are unrolled element by element, whose compile time grows
/// about 9x per doubling of the tile (3 s at 64 x 64).
constexpr int64_t kMaxUnrolledTransposeElements = 64 * 64;

/// The element type in which a buffer holds tiles of `element`: a vector of i1 is stored as
/// bits, but a buffer holds bytes; memrefs hold no pointers, so their addresses.
Type getStoredElementType(Type element) {
  if (element.isInteger(1))
    return IntegerType::get(element.getContext(), 8);
  if (isa<LLVM::LLVMPointerType>(element))
    return IntegerType::get(element.getContext(), 64);
  return element;
}

/// `tile` with its elements cast to `element` (getStoredElementType's, or back), a register
/// chunk at a time.
Value castElements(OpBuilder &builder, Location loc, Value tile, Type element,
                   int64_t chunkWidth) {
  auto type = cast<VectorType>(tile.getType());
  if (type.getElementType() == element)
    return tile;
  return buildByChunks(
      builder, loc, type.clone(element), {tile}, chunkWidth,
      [&](OpBuilder &chunkBuilder, ArrayRef<Value> chunks, int64_t) -> Value {
        Value chunk = chunks.front();
        auto chunkType = cast<VectorType>(chunk.getType()).clone(element);
        Type from = type.getElementType();
        if (from.isInteger(1))
          return arith::ExtUIOp::create(chunkBuilder, loc, chunkType, chunk);
        if (element.isInteger(1))
          return arith::TruncIOp::create(chunkBuilder, loc, chunkType, chunk);
        if (isa<LLVM::LLVMPointerType>(from))
          return LLVM::PtrToIntOp::create(chunkBuilder, loc, chunkType, chunk);
        return LLVM::IntToPtrOp::create(chunkBuilder, loc, chunkType, chunk);
      });
}

/// The transpose of `source` (a 2-D tile, or a batch of them along dimension 0) through stack
/// buffers: the tile is stored a register chunk at a time, copied transposed in blocks of
/// `block` x `block` elements by loops (transposeBuffer, as a dot's column-major operand is),
/// then loaded a chunk at a time.
Value transposeThroughMemory(OpBuilder &builder, Location loc, Value source, VectorType type,
                             int64_t chunkWidth) {
  auto sourceType = cast<VectorType>(source.getType());
  Type stored = getStoredElementType(type.getElementType());
  Value input =
      allocateStackBuffer(builder, loc, MemRefType::get(sourceType.getShape(), stored));
  storeTile(builder, loc, castElements(builder, loc, source, stored, chunkWidth), input,
            chunkWidth);
  Value output = allocateStackBuffer(builder, loc, MemRefType::get(type.getShape(), stored));
  int64_t block = chunkWidth > 0 ? chunkWidth : 16;
  if (type.getRank() == 2) {
    transposeBuffer(builder, loc, input, output, block);
  } else {
    forEachStep(builder, loc, type.getDimSize(0), 1, [&](OpBuilder &inner, Value batch) {
      transposeBuffer(inner, loc, sliceBatch(inner, loc, input, batch),
                      sliceBatch(inner, loc, output, batch), block);
    });
  }
  Value result = loadTile(builder, loc, type.clone(stored), output, chunkWidth);
  return castElements(builder, loc, result, type.getElementType(), chunkWidth);
}

struct TransOpConversion : OpConversionPattern<tt::TransOp> {
  TransOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(tt::TransOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    VectorType type = convertedVectorType(getTypeConverter(), op.getType());
    if (getBufferTransposedByAllocs(op)) {
      // The local_allocs that use it copy its source buffer transposed.
      rewriter.replaceOpWithNewOp<ub::PoisonOp>(op, type);
      return success();
    }
    if (isTransposedInMemory(op.getType(), op.getOrder())) {
      // A dot transposes such an operand's source itself, in memory (or reads a buffer of its
      // columns in place), and never reads this value.
      bool onlyDots = !op->use_empty() && llvm::all_of(op->getUsers(), [](Operation *user) {
        return isa<tt::DotOp>(user);
      });
      if (onlyDots)
        rewriter.replaceOpWithNewOp<ub::PoisonOp>(op, type);
      else
        rewriter.replaceOp(op, transposeThroughMemory(rewriter, op.getLoc(), adaptor.getSrc(),
                                                      type, chunkWidth));
      return success();
    }
    ArrayRef<int32_t> order = op.getOrder();
    if (type.getNumElements() > kMaxUnrolledTransposeElements &&
        order.back() != static_cast<int32_t>(order.size()) - 1) {
      std::string shape, permutation;
      llvm::raw_string_ostream shapeStream(shape), permutationStream(permutation);
      llvm::interleave(op.getSrc().getType().getShape(), shapeStream, "x");
      llvm::interleaveComma(order, permutationStream);
      return replaceWithError(
          rewriter, op,
          "the CPU backend transposes tiles of more than " +
              Twine(kMaxUnrolledTransposeElements) +
              " elements only by swapping their last two dimensions (or keeping the last); "
              "this tt.trans of a " + shape + " tile by order [" + permutation +
              "] is not supported yet");
    }
    SmallVector<int64_t> permutation(order.begin(), order.end());
    rewriter.replaceOpWithNewOp<vector::TransposeOp>(op, adaptor.getSrc(), permutation);
    return success();
  }

  int64_t chunkWidth;
};

/// cat concatenates along dimension 0: both operands are inserted as slices of the result.
struct CatOpConversion : OpConversionPattern<tt::CatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::CatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    VectorType type = convertedVectorType(getTypeConverter(), op.getType());
    auto lhsType = cast<VectorType>(adaptor.getLhs().getType());
    SmallVector<int64_t> strides(type.getRank(), 1);
    SmallVector<int64_t> offsets(type.getRank(), 0);
    Value result = arith::ConstantOp::create(rewriter, loc, type, rewriter.getZeroAttr(type));
    result = vector::InsertStridedSliceOp::create(rewriter, loc, adaptor.getLhs(), result,
                                                  offsets, strides);
    offsets[0] = lhsType.getShape()[0];
    result = vector::InsertStridedSliceOp::create(rewriter, loc, adaptor.getRhs(), result,
                                                  offsets, strides);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// join pairs elements along a new last dimension: interleave the last dimensions, then split
/// the result's last dimension in two.
struct JoinOpConversion : OpConversionPattern<tt::JoinOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::JoinOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Value interleaved = vector::InterleaveOp::create(rewriter, op.getLoc(), adaptor.getLhs(),
                                                     adaptor.getRhs());
    rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(
        op, convertedVectorType(getTypeConverter(), op.getType()), interleaved);
    return success();
  }
};

/// split undoes join: merge the last two dimensions, then deinterleave.
struct SplitOpConversion : OpConversionPattern<tt::SplitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::SplitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<VectorType>(adaptor.getSrc().getType());
    SmallVector<int64_t> merged(sourceType.getShape().drop_back());
    merged.back() *= 2;
    Value flat = vector::ShapeCastOp::create(
        rewriter, op.getLoc(), VectorType::get(merged, sourceType.getElementType()),
        adaptor.getSrc());
    auto halves = vector::DeinterleaveOp::create(rewriter, op.getLoc(), flat);
    rewriter.replaceOp(op, {halves.getRes1(), halves.getRes2()});
    return success();
  }
};

/// On one core a tile is a vector whatever its layout.
struct ConvertLayoutOpConversion : OpConversionPattern<ttg::ConvertLayoutOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ttg::ConvertLayoutOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

} // namespace

void populateShapeOpToVectorPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns, const CpuLoweringInfo &info) {
  patterns.add<SplatOpConversion, MakeRangeOpConversion, BroadcastOpConversion,
               ShapeCastConversion<tt::ExpandDimsOp>, ShapeCastConversion<tt::ReshapeOp>,
               CatOpConversion, JoinOpConversion, SplitOpConversion, ConvertLayoutOpConversion>(
      typeConverter, patterns.getContext());
  patterns.add<TransOpConversion>(typeConverter, patterns.getContext(), info.chunkWidth);
}

} // namespace mlir::nereid::cpu
