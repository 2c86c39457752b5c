// tt.dot on one CPU core: a register-blocked micro-kernel, as BLAS libraries write them. The
// operand tiles are written to stack buffers (extended to the accumulator type: f16, bf16 and
// fp8 products are exact in f32, integer operands are sign-extended), then for each block of
// kRowsPerBlock rows and a few register chunks of columns of the result a loop over K keeps
// the block's accumulators in registers:
//     acc[m][chunk] = fma(broadcast(a[m][k]), b[k][chunk], acc[m][chunk])
// which is the interpreter's order of fused multiply-adds (docs/semantics.md, "dot"), so f32
// results match it exactly; with inputPrecision = tf32 the f32 operands are first rounded to
// tf32 as the interpreter rounds them (tf32x3, bf16x3 and bf16x6 compute as ieee, as there).
// The blocks are visited by a loop over blocks of columns, each with a loop over blocks of rows
// (the remainders of either after them), so that the code has one K loop per block shape rather
// than one per block; each K loop is its own block, so cpu-schedule-chunks cannot interleave
// two and spill their accumulators. A column of blocks reads one block's columns of B, all its
// rows: B in panels of those columns (#ttg.panel_shared, as cpu-load-dot-operands-by-rows
// lays out B) holds them in one run of memory that stays in the L1 while A's rows go by. A
// batched (3-D) dot runs that code in a loop over the batch, on 2-D slices of the buffers.
// With the `bf16-dot-pairs` option, a dot of bf16 operands into f32 keeps its operands bf16
// and each K step multiplies a pair of K with vdpbf16ps (AVX-512 BF16), its elements in the
// order that gives the same fmas (emitAccumulatorBlock).

#include "BlockTranspose.h"
#include "LoopBuffers.h"
#include "StackBuffers.h"
#include "DotOperands.h"
#include "BufferLoops.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"

namespace mlir::nereid::cpu {
namespace {

/// Rows of the result whose accumulators one K loop keeps in registers.
constexpr int64_t kRowsPerBlock = 6;

/// A stack buffer holding the tile `value`, stored in chunks of `chunkWidth`.
Value spillToStack(OpBuilder &builder, Location loc, Value value, int64_t chunkWidth) {
  auto type = cast<VectorType>(value.getType());
  Value buffer = allocateStackBuffer(
      builder, loc, MemRefType::get(type.getShape(), type.getElementType()));
  storeTile(builder, loc, value, buffer, chunkWidth);
  return buffer;
}

/// The buffer whose tile `operand` of `dot` is, when the dot can read the buffer in place: the
/// source of the `ttg.local_load` that makes the operand (as cpu-load-dot-operands-by-rows
/// leaves it), holding `element`s that need no rounding, with nothing between the load and the
/// dot that may write memory. Null otherwise.
Value getBufferReadInPlace(tt::DotOp dot, Value operand, Type element, bool roundsToTF32) {
  auto load = operand.getDefiningOp<ttg::LocalLoadOp>();
  if (!load || roundsToTF32 || load.getType().getElementType() != element ||
      load->getBlock() != dot->getBlock() || mayWriteBetween(load, dot))
    return nullptr;
  return load.getSrc();
}

/// The buffer that `op` accumulates into in place: when its accumulator is a
/// `ttg.local_load` of a buffer and its only user a `ttg.local_store` of its result into the
/// same buffer, with no other access to the buffer between them (the form that
/// cpu-accumulate-dots-in-memory gives a loop's accumulator). Returns that store, or null.
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

/// The buffer that `operand` of `dot` is the transpose of: when the operand is `tt.trans` of a
/// `ttg.local_load` of a 2-D buffer (a buffer of the tile's columns, which
/// cpu-load-dot-operands-by-rows fills for a column-major operand) that the dot could read
/// in place but for the transposition. Null otherwise.
Value getBufferReadTransposed(tt::DotOp dot, Value operand, Type element, bool roundsToTF32) {
  auto trans = operand.getDefiningOp<tt::TransOp>();
  if (!trans || trans.getOrder() != ArrayRef<int32_t>{1, 0})
    return nullptr;
  return getBufferReadInPlace(dot, trans.getSrc(), element, roundsToTF32);
}

/// The pair of bf16 elements at `indices` of the row-major buffer `a` (A's, at an even K)
/// broadcast to every pair of a vector of `lanes` pairs, for vdpbf16ps: swapped, so that K's
/// element is the high one, which the instruction multiplies first.
Value broadcastSwappedPair(OpBuilder &builder, Location loc, Value a, ValueRange indices,
                           int64_t lanes) {
  Type bf16 = builder.getBF16Type(), i32 = builder.getI32Type();
  Value pair = vector::LoadOp::create(builder, loc, VectorType::get(2, bf16), a, indices);
  Value word = vector::ExtractOp::create(
      builder, loc, vector::BitCastOp::create(builder, loc, VectorType::get(1, i32), pair),
      ArrayRef<int64_t>{0});
  Value sixteen = arith::ConstantIntOp::create(builder, loc, i32, 16);
  Value swapped = arith::OrIOp::create(builder, loc,
                                       arith::ShLIOp::create(builder, loc, word, sixteen),
                                       arith::ShRUIOp::create(builder, loc, word, sixteen));
  Value words = vector::BroadcastOp::create(builder, loc, VectorType::get(lanes, i32), swapped);
  return vector::BitCastOp::create(builder, loc, VectorType::get(2 * lanes, bf16), words);
}

/// The K loop of one block of the result: `blockRows` rows from `row` and `width` columns from
/// `column`, in chunks of `chunk` lanes. Its accumulators are read from `c` before the loop and
/// written back after it; `a` and `b` are the operand buffers, `depth` the K extent. A 3-D `b`
/// is B in panels ([K, panels, panel width], #ttg.panel_shared), a panel of which is a block's
/// columns. With `bf16Pairs`, the operands are bf16 and each step multiplies a pair of K,
/// (k, k + 1), with vdpbf16ps: two f32 fmas of exact products, K's element then the next
/// (docs/cpu.md, "dot"), so the same values as the fma of one K at a time but for subnormals,
/// which the instruction reads and writes as zero.
void emitAccumulatorBlock(OpBuilder &builder, Location loc, Value a, Value b, Value c,
                          int64_t depth, bool isFloat, bool bf16Pairs, Type element,
                          int64_t chunk, Value row, int64_t blockRows, Value column,
                          int64_t width) {
  auto index = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  // The accumulators of the block: rows x chunks of the columns, as (row, column) offsets.
  SmallVector<std::pair<int64_t, int64_t>> pieces;
  SmallVector<Value> rowIndices, columnIndices, initial;
  for (int64_t m = 0; m < blockRows; ++m)
    rowIndices.push_back(addIndex(builder, loc, row, m));
  for (int64_t offset = 0; offset < width; offset += chunk)
    columnIndices.push_back(addIndex(builder, loc, column, offset));
  // The indices of B's chunks but K's: columns, or a panel and the columns in it.
  SmallVector<SmallVector<Value>> bIndices;
  auto bType = cast<MemRefType>(b.getType());
  Value panel;
  if (bType.getRank() == 3)
    panel = arith::DivUIOp::create(builder, loc, column, index(bType.getDimSize(2)));
  for (auto [piece, columnIndex] : llvm::enumerate(columnIndices))
    bIndices.push_back(panel ? SmallVector<Value>{panel, index(piece * chunk)}
                             : SmallVector<Value>{columnIndex});
  for (int64_t m = 0; m < blockRows; ++m)
    for (int64_t piece = 0; piece * chunk < width; ++piece) {
      int64_t size = std::min(chunk, width - piece * chunk);
      pieces.push_back({m, piece});
      initial.push_back(vector::LoadOp::create(builder, loc, VectorType::get(size, element), c,
                                               ValueRange{rowIndices[m], columnIndices[piece]}));
    }
  auto loop = scf::ForOp::create(
      builder, loc, index(0), index(depth), index(bf16Pairs ? 2 : 1), initial,
      [&](OpBuilder &inner, Location, Value k, ValueRange acc) {
        SmallVector<Value> updated;
        DenseMap<int64_t, Value> aSplats, bChunks;
        auto loadB = [&](Value kIndex, int64_t n, VectorType type) -> Value {
          SmallVector<Value> indices{kIndex};
          llvm::append_range(indices, bIndices[n]);
          return vector::LoadOp::create(inner, loc, type, b, indices);
        };
        for (auto [piece, value] : llvm::zip(pieces, acc)) {
          auto [m, n] = piece;
          auto type = cast<VectorType>(value.getType());
          int64_t lanes = type.getDimSize(0);
          Value &bChunk = bChunks[n];
          Value &aSplat = aSplats[m];
          if (bf16Pairs) {
            // B's rows k and k + 1 interleaved, K's element high, as A's pair.
            auto rowType = VectorType::get(lanes, inner.getBF16Type());
            if (!bChunk)
              bChunk = vector::InterleaveOp::create(inner, loc, loadB(addIndex(inner, loc, k, 1),
                                                                      n, rowType),
                                                    loadB(k, n, rowType));
            if (!aSplat)
              aSplat = broadcastSwappedPair(inner, loc, a, ValueRange{rowIndices[m], k}, lanes);
            updated.push_back(
                x86vector::DotBF16Op::create(inner, loc, type, value, aSplat, bChunk));
            continue;
          }
          if (!bChunk)
            bChunk = loadB(k, n, type);
          if (!aSplat)
            aSplat = vector::BroadcastOp::create(
                inner, loc, type,
                memref::LoadOp::create(inner, loc, a, ValueRange{rowIndices[m], k}));
          if (isFloat) {
            updated.push_back(math::FmaOp::create(inner, loc, aSplat, bChunk, value));
          } else {
            Value product = arith::MulIOp::create(inner, loc, aSplat, bChunk);
            updated.push_back(arith::AddIOp::create(inner, loc, value, product));
          }
        }
        scf::YieldOp::create(inner, loc, updated);
      });
  for (auto [piece, value] : llvm::zip(pieces, loop.getResults()))
    vector::StoreOp::create(builder, loc, value, c,
                            ValueRange{rowIndices[piece.first], columnIndices[piece.second]});
}

struct DotOpConversion : OpConversionPattern<tt::DotOp> {
  DotOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth,
                  unsigned numVectorRegisters, bool bf16DotPairs)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth),
        numVectorRegisters(numVectorRegisters), bf16DotPairs(bf16DotPairs) {}

  LogicalResult matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    unsigned rank = resultType.getRank();
    if (rank != 2 && rank != 3)
      return replaceWithError(rewriter, op,
                              "the CPU backend lowers tt.dot of 2-D tiles and of batches of them "
                              "(3-D) only; got a rank-" +
                                  Twine(rank) + " result");
    Type element = resultType.getElementType();
    if (isa<FloatType>(element) !=
        isa<FloatType>(cast<VectorType>(adaptor.getA().getType()).getElementType()))
      return replaceWithError(rewriter, op,
                              "the CPU backend cannot mix integer and float operands in tt.dot");
    bool isFloat = isa<FloatType>(element);
    // The operands' element type in the buffers the micro-kernel reads: the accumulator's, or
    // bf16 for a dot that multiplies bf16 pairs.
    bool bf16Pairs = bf16DotPairs && canMultiplyBF16Pairs(op, chunkWidth);
    Type operandElement = bf16Pairs ? rewriter.getBF16Type() : element;
    ArrayRef<int64_t> shape = resultType.getShape();
    int64_t batch = rank == 3 ? shape[0] : 1;
    int64_t rows = shape[rank - 2], columns = shape[rank - 1];
    int64_t depth = cast<VectorType>(adaptor.getA().getType()).getShape()[rank - 1];

    bool roundsToTF32 = op.getInputPrecision() == tt::InputPrecision::TF32 &&
                        cast<VectorType>(adaptor.getA().getType()).getElementType().isF32();
    int64_t chunk = std::min(columns, chunkWidth > 0 ? chunkWidth : columns);
    int64_t blockColumns = std::min(columns, getDotBlockColumns(chunk, numVectorRegisters));
    // The buffer of an operand: its own when it is read in place (B in panels only when a
    // panel is a block's columns), else a stack buffer of the tile extended (and rounded) for
    // the dot.
    auto getOperandBuffer = [&](Value operand, Value tile) -> Value {
      Value buffer = getBufferReadInPlace(op, operand, operandElement, roundsToTF32);
      auto panels = buffer ? dyn_cast<ttg::PanelSharedEncodingAttr>(
                                 cast<ttg::MemDescType>(buffer.getType()).getEncoding())
                           : nullptr;
      if (buffer && (!panels || panels.getWidth() == blockColumns))
        return rewriter.getRemappedValue(buffer);
      if (Value buffer = getBufferReadTransposed(op, operand, operandElement, roundsToTF32))
        return transposeToStack(rewriter, loc, rewriter.getRemappedValue(buffer),
                                chunkWidth > 0 ? chunkWidth : 16);
      if (auto trans = operand.getDefiningOp<tt::TransOp>();
          trans && isTransposedInMemory(trans.getType(), trans.getOrder())) {
        // A large transposed tile (`a @ b.T` of a b loaded whole): its source is spilled and
        // copied transposed in register blocks; the transpose itself, now dead, goes.
        Value source = extendTo(rewriter, loc, rewriter.getRemappedValue(trans.getSrc()),
                                operandElement);
        if (roundsToTF32)
          source = roundToTF32(rewriter, loc, source);
        return transposeToStack(rewriter, loc, spillToStack(rewriter, loc, source, chunkWidth),
                                chunkWidth > 0 ? chunkWidth : 16);
      }
      tile = extendTo(rewriter, loc, tile, operandElement);
      if (roundsToTF32)
        tile = roundToTF32(rewriter, loc, tile);
      return spillToStack(rewriter, loc, tile, chunkWidth);
    };
    Value a = getOperandBuffer(op.getA(), adaptor.getA());
    Value b = getOperandBuffer(op.getB(), adaptor.getB());
    ttg::LocalStoreOp inPlaceStore = getInPlaceStore(op);
    Value c = inPlaceStore
                  ? rewriter.getRemappedValue(inPlaceStore.getDst())
                  : spillToStack(rewriter, loc, adaptor.getC(), chunkWidth);
    auto index = [&](OpBuilder &builder, int64_t value) -> Value {
      return arith::ConstantIndexOp::create(builder, loc, value);
    };

    // One product of 2-D buffers: c2 += a2 x b2.
    auto emitProduct = [&](OpBuilder &builder, Value a2, Value b2, Value c2) {
      auto emitBlock = [&](OpBuilder &inner, Value row, int64_t blockRows, Value column,
                           int64_t width) {
        emitAccumulatorBlock(inner, loc, a2, b2, c2, depth, isFloat, bf16Pairs, element, chunk,
                             row, blockRows, column, width);
      };
      auto emitColumnOfBlocks = [&](OpBuilder &inner, Value column, int64_t width) {
        int64_t fullRows = rows - rows % kRowsPerBlock;
        forEachStep(inner, loc, fullRows, kRowsPerBlock, [&](OpBuilder &b, Value row) {
          emitBlock(b, row, kRowsPerBlock, column, width);
        });
        if (fullRows < rows)
          emitBlock(inner, index(inner, fullRows), rows - fullRows, column, width);
      };
      int64_t fullColumns = columns - columns % blockColumns;
      forEachStep(builder, loc, fullColumns, blockColumns, [&](OpBuilder &inner, Value column) {
        emitColumnOfBlocks(inner, column, blockColumns);
      });
      if (fullColumns < columns)
        emitColumnOfBlocks(builder, index(builder, fullColumns), columns - fullColumns);
    };
    if (rank == 2) {
      emitProduct(rewriter, a, b, c);
    } else {
      forEachStep(rewriter, loc, batch, 1, [&](OpBuilder &builder, Value slice) {
        emitProduct(builder, sliceBatch(builder, loc, a, slice),
                    sliceBatch(builder, loc, b, slice), sliceBatch(builder, loc, c, slice));
      });
    }

    if (inPlaceStore) {
      // The result is in the buffer already: the store goes, and the dot's value (which
      // nothing else uses) becomes the accumulator it read.
      rewriter.eraseOp(inPlaceStore);
      rewriter.replaceOp(op, adaptor.getC());
      return success();
    }
    Value result = loadTile(rewriter, loc, resultType, c, chunkWidth);
    rewriter.replaceOp(op, result);
    return success();
  }

  int64_t chunkWidth;
  unsigned numVectorRegisters;
  bool bf16DotPairs;
};

} // namespace

void populateDotOpToVectorPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns, const CpuLoweringInfo &info) {
  patterns.add<DotOpConversion>(typeConverter, patterns.getContext(), info.chunkWidth,
                                info.numVectorRegisters, info.bf16DotPairs);
}

} // namespace mlir::nereid::cpu
