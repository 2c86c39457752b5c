// cpu-reduce-tiles-by-rows: large 2-D reductions become loops over the rows of their
// sources (see CpuReduceTilesByRowsPass in Passes.td).

#include "LoopBuffers.h"
#include "RowSlicer.h"
#include "StandardCombiner.h"
#include "StripMining.h"
#include "TileCombiner.h"

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUREDUCETILESBYROWSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Reductions of at most this many elements stay whole, where cpu-convert-to-vector
/// unrolls them a register chunk at a time (a row sum of 128 x 128 f32 took 1.3 s to compile,
/// 256 x 256 8 s). Flash attention's 64 x 64 blocks stay below it.
constexpr int64_t kMaxWholeReduceElements = 64 * 64;

/// The same for a combiner of several values or of other ops than one standard one (argmax's),
/// which reduces a row element by element: a 64 x 64 argmax along the rows took 2.7 s to
/// compile whole and 0.9 s by rows (2 loaded cores; 128 x 128 by rows: 0.3 s).
constexpr int64_t kMaxWholeCustomReduceElements = 32 * 32;

/// Whether `reduce` is small enough to stay whole.
bool staysWhole(tt::ReduceOp reduce) {
  auto type = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  bool standard = reduce.getSrcs().size() == 1 &&
                  matchStandardCombiner(reduce.getCombineOp(), type.getElementType());
  return type.getNumElements() <=
         (standard ? kMaxWholeReduceElements : kMaxWholeCustomReduceElements);
}

/// Row `row` (the induction variable of the loop that `builder` is in) of each of `sources`,
/// or failure when some row cannot be computed.
FailureOr<SmallVector<Value>> getRows(OpBuilder &builder, Location loc, Value row,
                                      ValueRange sources) {
  RowSlicer slicer(builder, loc, row);
  SmallVector<Value> rows;
  for (Value source : sources) {
    FailureOr<Value> part = slicer.getRow(source);
    if (failed(part))
      return failure();
    rows.push_back(*part);
  }
  return rows;
}

/// An scf.for from `lower` to `upper` placed before `op`, carrying `initial`, whose body is
/// what `buildBody` yields for its rows; none (creating nothing) when the rows of `sources`
/// cannot be computed in it.
scf::ForOp createRowLoop(Operation *op, int64_t lower, int64_t upper, ValueRange initial,
                         ValueRange sources,
                         function_ref<SmallVector<Value>(OpBuilder &, ValueRange, ValueRange,
                                                         Value)>
                             buildBody) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(value));
  };
  auto loop = scf::ForOp::create(builder, loc, constant(lower), constant(upper), constant(1),
                                 initial);
  // Without loop values, the builder gave the body its terminator.
  if (initial.empty())
    loop.getBody()->getTerminator()->erase();
  builder.setInsertionPointToStart(loop.getBody());
  FailureOr<SmallVector<Value>> rows =
      getRows(builder, loc, loop.getInductionVar(), sources);
  if (failed(rows)) {
    eraseRowLoop(loop, {});
    return nullptr;
  }
  scf::YieldOp::create(builder, loc,
                       buildBody(builder, *rows, loop.getRegionIterArgs(),
                                 loop.getInductionVar()));
  return loop;
}

/// The sources of `reduce`, each a tile whose rows a RowSlicer can compute: as it is when it
/// can, else a `ttg.local_load` of a buffer that holds it.
SmallVector<Value> getSlicableSources(tt::ReduceOp reduce) {
  SmallVector<Value> sources(reduce.getSrcs());
  OpBuilder builder(reduce);
  for (Value &source : sources) {
    scf::ForOp trial = createRowLoopBefore(reduce, 1);
    OpBuilder inside = OpBuilder::atBlockBegin(trial.getBody());
    RowSlicer slicer(inside, reduce.getLoc(), trial.getInductionVar());
    bool slicable = succeeded(slicer.getRow(source));
    eraseRowLoop(trial, slicer.getColumnBuffers());
    if (slicable)
      continue;
    auto type = cast<RankedTensorType>(source.getType());
    Value buffer = ttg::LocalAllocOp::create(
        builder, reduce.getLoc(),
        getRowMajorBufferType(reduce.getContext(), type.getShape(), type.getElementType(),
                              /*mutableMemory=*/false),
        source);
    source = ttg::LocalLoadOp::create(builder, reduce.getLoc(), type, buffer);
  }
  return sources;
}

/// A reduction down the columns: a loop over the rows from the second, which combines each
/// row with the carried result, starting from the first row.
LogicalResult reduceColumns(tt::ReduceOp reduce, ValueRange sources) {
  Region &combiner = reduce.getCombineOp();
  auto sliceType = cast<RankedTensorType>(reduce.getResult()[0].getType());
  auto keep = [](OpBuilder &, ValueRange rows, ValueRange, Value) {
    return SmallVector<Value>(rows);
  };
  SmallVector<Value> placeholders;
  OpBuilder builder(reduce);
  for (Value result : reduce.getResult()) {
    auto type = cast<RankedTensorType>(result.getType());
    placeholders.push_back(arith::ConstantOp::create(
        builder, reduce.getLoc(),
        DenseElementsAttr::get(type, builder.getZeroAttr(type.getElementType()))));
  }
  int64_t rows = cast<RankedTensorType>(sources[0].getType()).getDimSize(0);
  scf::ForOp loop = createRowLoop(
      reduce, 1, rows, placeholders, sources,
      [&](OpBuilder &body, ValueRange rowValues, ValueRange carried, Value) {
        return combineTiles(body, reduce.getLoc(), combiner, carried, rowValues, sliceType);
      });
  if (!loop)
    return failure();
  // The first row, by a loop of one iteration (which canonicalization removes) before the
  // loop, so that nothing between the sources and either loop writes memory.
  scf::ForOp first = createRowLoop(loop, 0, 1, placeholders, sources, keep);
  if (!first) {
    eraseRowLoop(loop, {});
    return failure();
  }
  loop.getInitArgsMutable().assign(first.getResults());
  reduce.replaceAllUsesWith(loop.getResults());
  return success();
}

/// A reduction along the rows: a loop over the rows that reduces each (a 1-D reduction of the
/// same combiner) and writes the result into a buffer of one element per row, which is read
/// as the result.
LogicalResult reduceRows(tt::ReduceOp reduce, ValueRange sources) {
  MLIRContext *context = reduce.getContext();
  Location loc = reduce.getLoc();
  OpBuilder builder(reduce);
  int64_t rows = cast<RankedTensorType>(sources[0].getType()).getDimSize(0);
  SmallVector<Value> buffers;
  for (Value result : reduce.getResult()) {
    Type element = cast<RankedTensorType>(result.getType()).getElementType();
    buffers.push_back(ttg::LocalAllocOp::create(
        builder, loc, getRowMajorBufferType(context, {rows, 1}, element), Value()));
  }
  scf::ForOp loop = createRowLoop(
      reduce, 0, rows, {}, sources,
      [&](OpBuilder &body, ValueRange rowValues, ValueRange, Value row) {
        IRMapping mapping;
        mapping.map(reduce.getSrcs(), rowValues);
        auto rowReduce = cast<tt::ReduceOp>(body.clone(*reduce, mapping));
        rowReduce.setAxis(0);
        for (auto [result, tile, buffer] :
             llvm::zip(rowReduce->getResults(), reduce.getResult(), buffers)) {
          auto tileType = cast<RankedTensorType>(tile.getType());
          result.setType(tileType.getElementType());
          auto single = tileType.clone({1});
          Value splat = tt::SplatOp::create(body, loc, single, result);
          Value view = ttg::MemDescIndexOp::create(
              body, loc, getRowMajorBufferType(context, {1}, result.getType()), buffer, row);
          ttg::LocalStoreOp::create(body, loc, splat, view);
        }
        return SmallVector<Value>();
      });
  if (!loop)
    return failure();
  builder.setInsertionPointAfter(loop);
  for (auto [result, buffer] : llvm::zip(reduce.getResult(), buffers)) {
    auto type = cast<RankedTensorType>(result.getType());
    Value whole = ttg::MemDescReshapeOp::create(
        builder, loc, getRowMajorBufferType(context, type.getShape(), type.getElementType()),
        buffer);
    result.replaceAllUsesWith(ttg::LocalLoadOp::create(builder, loc, type, whole).getResult());
  }
  return success();
}

/// Replaces `reduce` with a loop over the rows of its sources when it is a large 2-D reduction
/// of numbers with an elementwise combiner.
void reduceByRows(tt::ReduceOp reduce) {
  auto type = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  if (type.getRank() != 2 || staysWhole(reduce) ||
      !llvm::all_of(reduce.getSrcs().getTypes(),
                    [](Type type) { return isKeepable(cast<RankedTensorType>(type)); }) ||
      !isElementwiseCombiner(reduce.getCombineOp()))
    return;
  SmallVector<Value> sources = getSlicableSources(reduce);
  if (failed(reduce.getAxis() == 0 ? reduceColumns(reduce, sources)
                                   : reduceRows(reduce, sources)))
    return;
  SmallVector<Value> operands(reduce.getSrcs());
  reduce.erase();
  eraseUnused(operands);
}

struct CpuReduceTilesByRowsPass
    : impl::CpuReduceTilesByRowsPassBase<CpuReduceTilesByRowsPass> {
  void runOnOperation() override {
    SmallVector<tt::ReduceOp> reductions;
    getOperation()->walk([&](tt::ReduceOp reduce) { reductions.push_back(reduce); });
    for (tt::ReduceOp reduce : reductions)
      reduceByRows(reduce);
  }
};

} // namespace
} // namespace mlir::nereid::cpu
