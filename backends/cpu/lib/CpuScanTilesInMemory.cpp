// cpu-scan-tiles-in-memory: large scans become a loop over the slices along their axis, in
// local-memory buffers (see CpuScanTilesInMemoryPass in Passes.td).

#include "BlockTranspose.h"
#include "LoopBuffers.h"
#include "RowLoads.h"
#include "StripMining.h"
#include "TileCombiner.h"

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUSCANTILESINMEMORYPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Scans of at most this many elements stay in registers, where cpu-convert-to-vector
/// unrolls them a step at a time: a 64 x 64 f32 cumsum along the rows took 10 s to compile
/// and 128 x 128 more than 60 s (bench/compile_time.py).
constexpr int64_t kMaxRegisterScanElements = 16 * 16;

/// The scan's slices along its axis, and how they are laid out in buffers: a buffer's row p is
/// the slice at position p of the axis.
struct SliceShape {
  /// The positions along the axis: the rows of a buffer.
  int64_t length;
  /// The elements of a slice: the columns of a buffer (1 for a 1-D scan).
  int64_t width;
  /// The tensor type of one slice.
  RankedTensorType sliceType;
};

SliceShape getSliceShape(tt::ScanOp scan) {
  auto type = cast<RankedTensorType>(scan.getSrcs()[0].getType());
  unsigned axis = scan.getAxis();
  if (type.getRank() == 1)
    return {type.getDimSize(0), 1, type.clone({1})};
  return {type.getDimSize(axis), type.getDimSize(1 - axis), RowSlicer::getRowType(type, axis)};
}

/// A 2-D row-major buffer holding the tile `source` transposed, copied a register block at a
/// time (the form that cpu-convert-to-vector lowers so: a `ttg.local_alloc` of `tt.trans`
/// of a `ttg.local_load` of a buffer).
Value transposeBufferOf(OpBuilder &builder, Location loc, Value rows,
                        RankedTensorType tileType) {
  MLIRContext *context = builder.getContext();
  Value tile = ttg::LocalLoadOp::create(builder, loc, tileType, rows);
  SmallVector<int64_t> shape{tileType.getDimSize(1), tileType.getDimSize(0)};
  Value transposed = tt::TransOp::create(builder, loc, tileType.clone(shape), tile,
                                         ArrayRef<int32_t>{1, 0});
  return ttg::LocalAllocOp::create(
      builder, loc,
      getRowMajorBufferType(context, shape, tileType.getElementType(), /*mutableMemory=*/false),
      transposed);
}

/// A buffer of `source` (a tile of the scan) whose rows are its slices along `axis`, as a
/// [length, width] view. A 2-D source that is a load is loaded into it by a loop over its
/// rows or columns (cpu-transpose-tiles-in-memory's row loops), transposed through a
/// second buffer when the loop runs across the axis.
Value createSliceBuffer(OpBuilder &builder, Location loc, Value source, unsigned axis,
                        SliceShape shape, const DataFlowSolver &solver,
                        const TargetInfo &target) {
  MLIRContext *context = builder.getContext();
  auto type = cast<RankedTensorType>(source.getType());
  Type element = type.getElementType();
  if (type.getRank() == 1) {
    Value buffer = ttg::LocalAllocOp::create(
        builder, loc, getRowMajorBufferType(context, type.getShape(), element, false), source);
    return ttg::MemDescReshapeOp::create(
        builder, loc, getRowMajorBufferType(context, {shape.length, 1}, element, false),
        buffer);
  }
  Value buffer;
  unsigned sliceDim = 0;
  auto load = source.getDefiningOp<tt::LoadOp>();
  if (load && load->hasOneUse()) {
    sliceDim = getSliceDim(load, solver);
    if (std::optional<RowLoop> rowLoop =
            createRowLoop(load, element, /*roundsToTF32=*/false, sliceDim, 0, target))
      buffer = rowLoop->buffer;
  }
  if (!buffer) {
    sliceDim = 0;
    buffer = ttg::LocalAllocOp::create(
        builder, loc, getRowMajorBufferType(context, type.getShape(), element, false), source);
  }
  if (sliceDim == axis)
    return buffer;
  // The buffer holds the tile as it is (or transposed, when its loop ran over the columns):
  // its transpose has the slices along the axis as rows.
  RankedTensorType held =
      sliceDim == 0 ? type : type.clone({type.getDimSize(1), type.getDimSize(0)});
  return transposeBufferOf(builder, loc, buffer, held);
}

/// The slice at `position` of a [length, width] buffer view: a `ttg.local_load` of its row.
Value loadSlice(OpBuilder &builder, Location loc, Value buffer, Value position,
                RankedTensorType sliceType) {
  auto bufferType = cast<ttg::MemDescType>(buffer.getType());
  Value row = ttg::MemDescIndexOp::create(
      builder, loc,
      getRowMajorBufferType(builder.getContext(), sliceType.getShape(),
                            sliceType.getElementType(), bufferType.getMutableMemory()),
      buffer, position);
  return ttg::LocalLoadOp::create(builder, loc, sliceType, row);
}

void storeSlice(OpBuilder &builder, Location loc, Value slice, Value buffer, Value position) {
  auto sliceType = cast<RankedTensorType>(slice.getType());
  Value row = ttg::MemDescIndexOp::create(
      builder, loc,
      getRowMajorBufferType(builder.getContext(), sliceType.getShape(),
                            sliceType.getElementType()),
      buffer, position);
  ttg::LocalStoreOp::create(builder, loc, slice, row);
}

/// Replaces `scan` with a loop over the positions along its axis when it is large: each
/// source is put in a buffer whose rows are its slices along the axis, the loop combines each
/// slice with the one before and writes the result to a buffer of the same form, which is read
/// (transposed back for a scan along the rows) as the result.
void scanInMemory(tt::ScanOp scan, const DataFlowSolver &solver, const TargetInfo &target) {
  auto type = cast<RankedTensorType>(scan.getSrcs()[0].getType());
  if (type.getRank() > 2 || type.getNumElements() <= kMaxRegisterScanElements ||
      !llvm::all_of(scan.getSrcs().getTypes(),
                    [](Type type) { return isKeepable(cast<RankedTensorType>(type)); }) ||
      !isElementwiseCombiner(scan.getCombineOp()))
    return;
  MLIRContext *context = scan.getContext();
  Location loc = scan.getLoc();
  unsigned axis = scan.getAxis();
  SliceShape shape = getSliceShape(scan);
  OpBuilder builder(scan);

  SmallVector<Value> inputs, outputs;
  SmallVector<RankedTensorType> sliceTypes;
  for (Value source : scan.getSrcs()) {
    auto sourceType = cast<RankedTensorType>(source.getType());
    inputs.push_back(createSliceBuffer(builder, loc, source, axis, shape, solver, target));
    outputs.push_back(ttg::LocalAllocOp::create(
        builder, loc,
        getRowMajorBufferType(context, {shape.length, shape.width},
                              sourceType.getElementType()),
        Value()));
    sliceTypes.push_back(shape.sliceType.clone(sourceType.getElementType()));
  }

  auto constant = [&](int64_t value) {
    return arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(value));
  };
  // Step s combines the slice at position s (length - 1 - s for a reverse scan).
  Value last = scan.getReverse() ? constant(shape.length - 1) : Value();
  auto position = [&](Value step) -> Value {
    return scan.getReverse() ? arith::SubIOp::create(builder, loc, last, step).getResult()
                             : step;
  };
  Value one = constant(1);
  Value first = position(constant(0));
  SmallVector<Value> initial;
  for (auto [input, output, sliceType] : llvm::zip(inputs, outputs, sliceTypes)) {
    initial.push_back(loadSlice(builder, loc, input, first, sliceType));
    storeSlice(builder, loc, initial.back(), output, first);
  }
  auto loop = scf::ForOp::create(builder, loc, one, constant(shape.length), one, initial);
  builder.setInsertionPointToStart(loop.getBody());
  Value at = position(loop.getInductionVar());
  SmallVector<Value> next;
  for (auto [input, sliceType] : llvm::zip(inputs, sliceTypes))
    next.push_back(loadSlice(builder, loc, input, at, sliceType));
  SmallVector<Value> combined = combineTiles(builder, loc, scan.getCombineOp(),
                                            loop.getRegionIterArgs(), next, shape.sliceType);
  for (auto [value, output] : llvm::zip(combined, outputs))
    storeSlice(builder, loc, value, output, at);
  scf::YieldOp::create(builder, loc, combined);

  builder.setInsertionPointAfter(loop);
  for (auto [result, output] : llvm::zip(scan.getResult(), outputs)) {
    auto resultType = cast<RankedTensorType>(result.getType());
    Value tile;
    if (type.getRank() == 1) {
      Value whole = ttg::MemDescReshapeOp::create(
          builder, loc,
          getRowMajorBufferType(context, resultType.getShape(), resultType.getElementType()),
          output);
      tile = ttg::LocalLoadOp::create(builder, loc, resultType, whole);
    } else if (axis == 0) {
      tile = ttg::LocalLoadOp::create(builder, loc, resultType, output);
    } else {
      Value columns = transposeBufferOf(
          builder, loc, output,
          resultType.clone({resultType.getDimSize(1), resultType.getDimSize(0)}));
      tile = ttg::LocalLoadOp::create(builder, loc, resultType, columns);
    }
    result.replaceAllUsesWith(tile);
  }
  SmallVector<Value> sources(scan.getSrcs());
  scan.erase();
  eraseUnused(sources);
}

struct CpuScanTilesInMemoryPass
    : impl::CpuScanTilesInMemoryPassBase<CpuScanTilesInMemoryPass> {
  void runOnOperation() override {
    FailureOr<std::unique_ptr<TargetInfo>> target = ttg::getModuleTargetInfo(getOperation());
    FailureOr<std::unique_ptr<DataFlowSolver>> solver = AxisInfoAnalysis::run(getOperation());
    if (failed(target) || failed(solver))
      return signalPassFailure();
    SmallVector<tt::ScanOp> scans;
    getOperation()->walk([&](tt::ScanOp scan) { scans.push_back(scan); });
    for (tt::ScanOp scan : scans)
      scanInMemory(scan, **solver, **target);
  }
};

} // namespace
} // namespace mlir::nereid::cpu
