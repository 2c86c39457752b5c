// tt.histogram on one CPU core: the bins live in a stack buffer, and one loop over the elements
// counts each value in [0, bins) whose mask is set (values are read as signed, as in the
// interpreter).

#include "StackBuffers.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {
namespace {

struct HistogramOpConversion : OpConversionPattern<tt::HistogramOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::HistogramOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    auto sourceType = cast<VectorType>(adaptor.getSrc().getType());
    Type countType = resultType.getElementType();
    Type valueType = sourceType.getElementType();
    int64_t bins = resultType.getNumElements(), elements = sourceType.getNumElements();

    Value counts = allocateStackBuffer(rewriter, loc, MemRefType::get({bins}, countType));
    Value zeroIndex = arith::ConstantIndexOp::create(rewriter, loc, 0);
    vector::StoreOp::create(rewriter, loc,
                            arith::ConstantOp::create(rewriter, loc,
                                                      rewriter.getZeroAttr(resultType)),
                            counts, ValueRange{zeroIndex});

    auto flatten = [&](Value value) -> Value {
      auto type = cast<VectorType>(value.getType());
      return vector::ShapeCastOp::create(
          rewriter, loc, VectorType::get(elements, type.getElementType()), value);
    };
    Value values = flatten(adaptor.getSrc());
    Value mask = adaptor.getMask() ? flatten(adaptor.getMask()) : Value();
    // A bin count beyond the values' type (256 bins of i8) bounds nothing: the constant would
    // wrap around.
    bool bounded = llvm::APInt::getSignedMaxValue(valueType.getIntOrFloatBitWidth()).sge(bins);
    Value lastBin =
        bounded ? arith::ConstantIntOp::create(rewriter, loc, valueType, bins) : Value();
    Value zeroValue = arith::ConstantIntOp::create(rewriter, loc, valueType, 0);
    Value one = arith::ConstantIntOp::create(rewriter, loc, countType, 1);
    scf::ForOp::create(
        rewriter, loc, zeroIndex, arith::ConstantIndexOp::create(rewriter, loc, elements),
        arith::ConstantIndexOp::create(rewriter, loc, 1), ValueRange{},
        [&](OpBuilder &b, Location loc, Value i, ValueRange) {
          Value value = vector::ExtractOp::create(b, loc, values, OpFoldResult(i));
          Value counted =
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, value, zeroValue);
          if (lastBin)
            counted = arith::AndIOp::create(
                b, loc, counted,
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, value, lastBin));
          if (mask)
            counted = arith::AndIOp::create(
                b, loc, counted, vector::ExtractOp::create(b, loc, mask, OpFoldResult(i)));
          auto branch = scf::IfOp::create(b, loc, counted);
          OpBuilder then = branch.getThenBodyBuilder();
          Value bin = arith::IndexCastOp::create(then, loc, then.getIndexType(), value);
          Value count = memref::LoadOp::create(then, loc, counts, ValueRange{bin});
          memref::StoreOp::create(then, loc, arith::AddIOp::create(then, loc, count, one),
                                  counts, ValueRange{bin});
          scf::YieldOp::create(b, loc);
        });
    rewriter.replaceOpWithNewOp<vector::LoadOp>(op, resultType, counts, ValueRange{zeroIndex});
    return success();
  }
};

} // namespace

void populateHistogramOpToVectorPatterns(const TypeConverter &typeConverter,
                                         RewritePatternSet &patterns, const CpuLoweringInfo &) {
  patterns.add<HistogramOpConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::nereid::cpu
