// tt.dot on one CPU core: a register-blocked micro-kernel, as BLAS libraries write them. The
// operand tiles are written to stack buffers (extended to the accumulator type: f16, bf16 and
// fp8 products are exact in f32, integer operands are sign-extended), then for each block of
// kRowsPerBlock rows and a few register chunks of columns of the result a loop over K keeps
// the block's accumulators in registers:
//     acc[m][chunk] = fma(broadcast(a[m][k]), b[k][chunk], acc[m][chunk])
// which is the interpreter's order of fused multiply-adds (docs/semantics.md, "dot"), so f32
// results match it exactly; with inputPrecision = tf32 the f32 operands are first rounded to
// tf32 as the interpreter rounds them (tf32x3, bf16x3 and bf16x6 compute as ieee, as there). Each K loop is its own block, so tt-cpu-schedule-chunks cannot
// interleave the blocks and spill their accumulators.

#include "Constants.h"
#include "StackBuffers.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {
namespace {

/// Rows of the result whose accumulators one K loop keeps in registers.
constexpr int64_t kRowsPerBlock = 6;

/// Vector registers per row of the accumulator block, on a target with `numRegisters`: the
/// block's accumulators, one chunk of B per register of a row and the broadcast element of A
/// must all stay in registers (6 x 2 + 2 + 1 = 15 of AVX2's 16, 6 x 4 + 4 + 1 = 29 of 32).
int64_t getRegistersPerRow(unsigned numRegisters) { return numRegisters / 8; }

Value extendTo(OpBuilder &builder, Location loc, Value value, Type element) {
  auto type = cast<VectorType>(value.getType());
  if (type.getElementType() == element)
    return value;
  Type target = type.clone(element);
  if (isa<FloatType>(element))
    return arith::ExtFOp::create(builder, loc, target, value);
  return arith::ExtSIOp::create(builder, loc, target, value);
}

/// f32 `value` rounded to tf32 (10 mantissa bits, to nearest, ties away from zero), as
/// NVIDIA's cvt.rna.tf32 and the interpreter do for inputPrecision = tf32; infinities and NaN
/// stay.
Value roundToTF32(OpBuilder &builder, Location loc, Value value) {
  auto type = cast<VectorType>(value.getType());
  auto bitsType = type.clone(builder.getI32Type());
  auto constant = [&](int64_t v) -> Value {
    return createSplatConstant(builder, loc, bitsType, builder.getI32IntegerAttr(v));
  };
  Value bits = arith::BitcastOp::create(builder, loc, bitsType, value);
  Value rounded = arith::AndIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, bits, constant(0x1000)),
      constant(static_cast<int32_t>(0xFFFFE000)));
  Value magnitude = arith::AndIOp::create(builder, loc, bits, constant(0x7FFFFFFF));
  Value finite = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, magnitude,
                                       constant(0x7F800000));
  Value result = arith::SelectOp::create(builder, loc, finite, rounded, bits);
  return arith::BitcastOp::create(builder, loc, type, result);
}

/// A stack buffer holding the tile `value`.
Value spillToStack(OpBuilder &builder, Location loc, Value value) {
  auto type = cast<VectorType>(value.getType());
  Value buffer = allocateStackBuffer(
      builder, loc, MemRefType::get(type.getShape(), type.getElementType()));
  storeTile(builder, loc, value, buffer);
  return buffer;
}

/// The buffer that `op` accumulates into in place: when its accumulator is a
/// `ttg.local_load` of a buffer and its only user a `ttg.local_store` of its result into the
/// same buffer, with no other access to the buffer between them (the form that
/// tt-cpu-accumulate-dots-in-memory gives a loop's accumulator). Returns that store, or null.
ttg::LocalStoreOp getInPlaceStore(tt::DotOp op) {
  auto load = op.getC().getDefiningOp<ttg::LocalLoadOp>();
  if (!load || !load->hasOneUse() || !op->hasOneUse())
    return nullptr;
  auto store = dyn_cast<ttg::LocalStoreOp>(*op->getUsers().begin());
  if (!store || store.getDst() != load.getSrc() || load->getBlock() != store->getBlock())
    return nullptr;
  Block *block = load->getBlock();
  for (Operation *user : load.getSrc().getUsers()) {
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (user != load && user != store && inBlock && load->isBeforeInBlock(inBlock) &&
        inBlock->isBeforeInBlock(store))
      return nullptr;
  }
  return store;
}

struct DotOpConversion : OpConversionPattern<tt::DotOp> {
  DotOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth,
                  int64_t registersPerRow)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth),
        registersPerRow(registersPerRow) {}

  LogicalResult matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    if (resultType.getRank() != 2)
      return replaceWithError(rewriter, op,
                              "the CPU backend lowers tt.dot of 2-D tiles only; got a rank-" +
                                  Twine(resultType.getRank()) + " result");
    Type element = resultType.getElementType();
    if (isa<FloatType>(element) !=
        isa<FloatType>(cast<VectorType>(adaptor.getA().getType()).getElementType()))
      return replaceWithError(rewriter, op,
                              "the CPU backend cannot mix integer and float operands in tt.dot");
    bool isFloat = isa<FloatType>(element);
    int64_t rows = resultType.getShape()[0], columns = resultType.getShape()[1];
    int64_t depth = cast<VectorType>(adaptor.getA().getType()).getShape()[1];

    Value aTile = extendTo(rewriter, loc, adaptor.getA(), element);
    Value bTile = extendTo(rewriter, loc, adaptor.getB(), element);
    if (op.getInputPrecision() == tt::InputPrecision::TF32 &&
        cast<VectorType>(adaptor.getA().getType()).getElementType().isF32()) {
      aTile = roundToTF32(rewriter, loc, aTile);
      bTile = roundToTF32(rewriter, loc, bTile);
    }
    Value a = spillToStack(rewriter, loc, aTile);
    Value b = spillToStack(rewriter, loc, bTile);
    ttg::LocalStoreOp inPlaceStore = getInPlaceStore(op);
    Value c = inPlaceStore
                  ? rewriter.getRemappedValue(inPlaceStore.getDst())
                  : spillToStack(rewriter, loc, adaptor.getC());
    auto index = [&](OpBuilder &builder, int64_t value) -> Value {
      return arith::ConstantIndexOp::create(builder, loc, value);
    };
    int64_t chunk = std::min(columns, chunkWidth > 0 ? chunkWidth : columns);
    int64_t blockColumns = std::min(columns, chunk * registersPerRow);

    for (int64_t rowBlock = 0; rowBlock < rows; rowBlock += kRowsPerBlock) {
      int64_t blockRows = std::min(kRowsPerBlock, rows - rowBlock);
      for (int64_t column = 0; column < columns; column += blockColumns) {
        int64_t width = std::min(blockColumns, columns - column);
        // The accumulators of the block: rows x chunks of the columns.
        SmallVector<std::pair<int64_t, int64_t>> pieces; // (row, first column) of each
        SmallVector<Value> initial;
        for (int64_t m = 0; m < blockRows; ++m)
          for (int64_t offset = 0; offset < width; offset += chunk) {
            int64_t size = std::min(chunk, width - offset);
            pieces.push_back({rowBlock + m, column + offset});
            initial.push_back(vector::LoadOp::create(
                rewriter, loc, VectorType::get(size, element), c,
                ValueRange{index(rewriter, rowBlock + m), index(rewriter, column + offset)}));
          }
        auto loop = scf::ForOp::create(
            rewriter, loc, index(rewriter, 0), index(rewriter, depth), index(rewriter, 1),
            initial, [&](OpBuilder &builder, Location, Value k, ValueRange acc) {
              SmallVector<Value> updated;
              DenseMap<int64_t, Value> aSplats, bChunks;
              for (auto [piece, value] : llvm::zip(pieces, acc)) {
                auto [m, n] = piece;
                auto type = cast<VectorType>(value.getType());
                Value &bChunk = bChunks[n];
                if (!bChunk)
                  bChunk = vector::LoadOp::create(builder, loc, type, b,
                                                  ValueRange{k, index(builder, n)});
                Value &aSplat = aSplats[m];
                if (!aSplat)
                  aSplat = vector::BroadcastOp::create(
                      builder, loc, type,
                      memref::LoadOp::create(builder, loc, a, ValueRange{index(builder, m), k}));
                if (isFloat) {
                  updated.push_back(math::FmaOp::create(builder, loc, aSplat, bChunk, value));
                } else {
                  Value product = arith::MulIOp::create(builder, loc, aSplat, bChunk);
                  updated.push_back(arith::AddIOp::create(builder, loc, value, product));
                }
              }
              scf::YieldOp::create(builder, loc, updated);
            });
        for (auto [piece, value] : llvm::zip(pieces, loop.getResults()))
          vector::StoreOp::create(rewriter, loc, value, c,
                                  ValueRange{index(rewriter, piece.first),
                                             index(rewriter, piece.second)});
      }
    }

    if (inPlaceStore) {
      // The result is in the buffer already: the store goes, and the dot's value (which
      // nothing else uses) becomes the accumulator it read.
      rewriter.eraseOp(inPlaceStore);
      rewriter.replaceOp(op, adaptor.getC());
      return success();
    }
    Value result = loadTile(rewriter, loc, resultType, c);
    rewriter.replaceOp(op, result);
    return success();
  }

  int64_t chunkWidth;
  int64_t registersPerRow;
};

} // namespace

void populateDotOpToVectorPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns, const CpuLoweringInfo &info) {
  patterns.add<DotOpConversion>(typeConverter, patterns.getContext(), info.chunkWidth,
                                getRegistersPerRow(info.numVectorRegisters));
}

} // namespace mlir::nereid::cpu
