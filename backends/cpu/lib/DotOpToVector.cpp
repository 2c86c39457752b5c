// tt.dot on one CPU core: register-blocked outer products. For each block of rows of the
// result and each chunk of its columns, the K steps accumulate in order,
//     acc[m][chunk] = fma(broadcast(a[m][k]), b[k][chunk], acc[m][chunk]),
// which is the interpreter's order of fused multiply-adds (docs/semantics.md, "dot"), so f32
// results match it exactly. The blocks keep a few rows times a few vector registers of
// accumulators live, so that the loop nest is FMA-bound rather than bound by spills.
// f16/bf16/fp8 operands are extended to the accumulator type (their products are exact in
// f32); integer operands are sign-extended and the sum wraps around.

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {
namespace {

/// Rows of the result that one block updates together.
constexpr int64_t kRowsPerBlock = 4;
/// Columns of the result that one block updates together: four AVX-512 registers of f32.
constexpr int64_t kColumnsPerBlock = 64;

Value extendTo(OpBuilder &builder, Location loc, Value value, Type element) {
  auto type = cast<VectorType>(value.getType());
  if (type.getElementType() == element)
    return value;
  Type target = type.clone(element);
  if (isa<FloatType>(element))
    return arith::ExtFOp::create(builder, loc, target, value);
  return arith::ExtSIOp::create(builder, loc, target, value);
}

struct DotOpConversion : OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    if (resultType.getRank() != 2)
      return op.emitError("the CPU backend lowers tt.dot of 2-D tiles only; got a rank-")
             << resultType.getRank() << " result";
    Type element = resultType.getElementType();
    if (isa<FloatType>(element) !=
        isa<FloatType>(cast<VectorType>(adaptor.getA().getType()).getElementType()))
      return op.emitError("the CPU backend cannot mix integer and float operands in tt.dot");
    Value a = extendTo(rewriter, loc, adaptor.getA(), element);
    Value b = extendTo(rewriter, loc, adaptor.getB(), element);
    int64_t rows = resultType.getShape()[0], columns = resultType.getShape()[1];
    int64_t depth = cast<VectorType>(a.getType()).getShape()[1];
    int64_t chunk = std::min(columns, kColumnsPerBlock);
    bool isFloat = isa<FloatType>(element);

    Value result = adaptor.getC();
    for (int64_t rowBlock = 0; rowBlock < rows; rowBlock += kRowsPerBlock) {
      int64_t blockRows = std::min(kRowsPerBlock, rows - rowBlock);
      for (int64_t column = 0; column < columns; column += chunk) {
        int64_t width = std::min(chunk, columns - column);
        SmallVector<Value> acc;
        for (int64_t m = 0; m < blockRows; ++m)
          acc.push_back(vector::ExtractStridedSliceOp::create(
              rewriter, loc, result, ArrayRef<int64_t>{rowBlock + m, column},
              ArrayRef<int64_t>{1, width}, ArrayRef<int64_t>{1, 1}));
        auto chunkType = VectorType::get({1, width}, element);
        for (int64_t k = 0; k < depth; ++k) {
          Value bChunk = vector::ExtractStridedSliceOp::create(
              rewriter, loc, b, ArrayRef<int64_t>{k, column}, ArrayRef<int64_t>{1, width},
              ArrayRef<int64_t>{1, 1});
          for (int64_t m = 0; m < blockRows; ++m) {
            Value aElement = vector::ExtractOp::create(rewriter, loc, a,
                                                       ArrayRef<int64_t>{rowBlock + m, k});
            Value aSplat = vector::BroadcastOp::create(rewriter, loc, chunkType, aElement);
            if (isFloat) {
              acc[m] = math::FmaOp::create(rewriter, loc, aSplat, bChunk, acc[m]);
            } else {
              Value product = arith::MulIOp::create(rewriter, loc, aSplat, bChunk);
              acc[m] = arith::AddIOp::create(rewriter, loc, acc[m], product);
            }
          }
        }
        for (int64_t m = 0; m < blockRows; ++m)
          result = vector::InsertStridedSliceOp::create(rewriter, loc, acc[m], result,
                                                        ArrayRef<int64_t>{rowBlock + m, column},
                                                        ArrayRef<int64_t>{1, 1});
      }
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateDotOpToVectorPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns, const CpuLoweringInfo &) {
  patterns.add<DotOpConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::nereid::cpu
