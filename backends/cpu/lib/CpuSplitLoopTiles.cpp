// cpu-split-loop-tiles: scf.for arguments that are tiles wider than a register become one
// argument per chunk (see CpuSplitLoopTilesPass in Passes.td).

#include "CpuTarget.h"
#include "VectorChunks.h"

#include "nereid/CPU/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUSPLITLOOPTILESPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The position of chunk `index` of a tile of `type`: the indices of its row, and its offset
/// in the row.
std::pair<SmallVector<int64_t>, int64_t> getChunkPosition(VectorType type, int64_t chunkWidth,
                                                          int64_t index) {
  int64_t perRow = type.getShape().back() / chunkWidth;
  SmallVector<int64_t> row(type.getRank() - 1);
  int64_t rest = index / perRow;
  for (int64_t d = type.getRank() - 2; d >= 0; --d) {
    row[d] = rest % type.getShape()[d];
    rest /= type.getShape()[d];
  }
  return {row, (index % perRow) * chunkWidth};
}

/// The value that `tile` holds at row `row` (all its leading indices) when it was built by a
/// chain of vector.insert of rows, or nullptr.
Value findInsertedRow(Value tile, ArrayRef<int64_t> row) {
  if (row.empty())
    return tile;
  for (auto insert = tile.getDefiningOp<vector::InsertOp>(); insert;
       insert = insert.getDest().getDefiningOp<vector::InsertOp>())
    if (insert.getStaticPosition() == row)
      return insert.getValueToStore();
  return nullptr;
}

/// The chunk at `offset` of the 1-D `row` when it was built by a chain of
/// vector.insert_strided_slice of chunks, or nullptr.
Value findInsertedChunk(Value row, int64_t offset, int64_t chunkWidth) {
  for (auto insert = row.getDefiningOp<vector::InsertStridedSliceOp>(); insert;
       insert = insert.getDest().getDefiningOp<vector::InsertStridedSliceOp>()) {
    if (insert.getSourceVectorType().getNumElements() != chunkWidth)
      return nullptr;
    int64_t start = cast<IntegerAttr>(insert.getOffsets()[0]).getInt();
    if (start == offset)
      return insert.getValueToStore();
  }
  return nullptr;
}

/// The register-sized chunks of `tile`, in row-major order: the chunks it was built from when
/// it was built chunk by chunk (the common case, which needs no new op), else slices of it.
SmallVector<Value> splitIntoChunks(OpBuilder &builder, Location loc, Value tile,
                                   int64_t chunkWidth) {
  auto type = cast<VectorType>(tile.getType());
  int64_t count = type.getNumElements() / chunkWidth;
  SmallVector<Value> chunks;
  for (int64_t index = 0; index < count; ++index) {
    auto [row, offset] = getChunkPosition(type, chunkWidth, index);
    Value rowValue = findInsertedRow(tile, row);
    Value chunk = rowValue ? findInsertedChunk(rowValue, offset, chunkWidth) : Value();
    if (!chunk) {
      if (!rowValue)
        rowValue = vector::ExtractOp::create(builder, loc, tile, row);
      chunk = vector::ExtractStridedSliceOp::create(builder, loc, rowValue, offset, chunkWidth, 1);
    }
    chunks.push_back(chunk);
  }
  return chunks;
}

/// Replaces the uses of `tile` by `chunks`: the slices that read one chunk get it directly, and
/// any other use gets the tile put back together.
void replaceTile(RewriterBase &rewriter, Location loc, Value tile, ArrayRef<Value> chunks,
                 int64_t chunkWidth) {
  auto type = cast<VectorType>(tile.getType());
  int64_t perRow = type.getShape().back() / chunkWidth;
  int64_t rowLength = type.getShape().back();
  // Chunk index of the row at `row`'s first chunk.
  auto firstChunkOfRow = [&](ArrayRef<int64_t> row) {
    int64_t linear = 0;
    for (auto [d, i] : llvm::enumerate(row))
      linear = linear * type.getShape()[d] + i;
    return linear * perRow;
  };
  auto replaceSlices = [&](Value row, int64_t first) {
    for (Operation *user : llvm::make_early_inc_range(row.getUsers())) {
      auto slice = dyn_cast<vector::ExtractStridedSliceOp>(user);
      if (!slice || slice.getType().getNumElements() != chunkWidth)
        continue;
      int64_t offset = cast<IntegerAttr>(slice.getOffsets()[0]).getInt();
      if (offset % chunkWidth == 0 && offset < rowLength)
        rewriter.replaceOp(slice, chunks[first + offset / chunkWidth]);
    }
  };
  if (type.getRank() == 1) {
    replaceSlices(tile, 0);
  } else {
    for (Operation *user : llvm::make_early_inc_range(tile.getUsers())) {
      auto extract = dyn_cast<vector::ExtractOp>(user);
      if (!extract || !extract.getDynamicPosition().empty() ||
          extract.getStaticPosition().size() + 1 != size_t(type.getRank()))
        continue;
      replaceSlices(extract.getResult(), firstChunkOfRow(extract.getStaticPosition()));
      if (extract->use_empty())
        rewriter.eraseOp(extract);
    }
  }
  if (tile.use_empty())
    return;
  size_t next = 0;
  Value joined =
      buildByChunks(rewriter, loc, type, {}, chunkWidth,
                    [&](OpBuilder &, ArrayRef<Value>, int64_t) { return chunks[next++]; });
  rewriter.replaceAllUsesWith(tile, joined);
}

struct CpuSplitLoopTilesPass : impl::CpuSplitLoopTilesPassBase<CpuSplitLoopTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<CpuTargetInfo>> cpu =
        getCpuTarget(getOperation(), target, getArgument());
    if (failed(cpu))
      return signalPassFailure();
    chunkWidth = getChunkWidth(**cpu);
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      split(loop);
  }

  bool isWide(Type type) const {
    auto vector = dyn_cast<VectorType>(type);
    return vector && vector.getShape().back() % chunkWidth == 0 &&
           vector.getNumElements() > chunkWidth;
  }

  void split(scf::ForOp loop) {
    if (llvm::none_of(loop.getInitArgs(), [&](Value v) { return isWide(v.getType()); }))
      return;
    IRRewriter rewriter(loop);
    Location loc = loop.getLoc();
    // Per original argument: how many new arguments it became (1 when it was not split).
    SmallVector<size_t> counts;
    SmallVector<Value> inits;
    for (Value init : loop.getInitArgs()) {
      SmallVector<Value> parts = isWide(init.getType())
                                     ? splitIntoChunks(rewriter, loc, init, chunkWidth)
                                     : SmallVector<Value>{init};
      counts.push_back(parts.size());
      llvm::append_range(inits, parts);
    }
    auto newLoop = scf::ForOp::create(rewriter, loc, loop.getLowerBound(),
                                      loop.getUpperBound(), loop.getStep(), inits);
    newLoop.setUnsignedCmp(loop.getUnsignedCmp());

    // The body: the old body, whose split arguments are replaced by their chunks.
    Block *body = newLoop.getBody();
    if (body->mightHaveTerminator())
      rewriter.eraseOp(body->getTerminator());
    SmallVector<Value> replacements{newLoop.getInductionVar()};
    SmallVector<std::pair<Value, ValueRange>> splitArguments;
    size_t position = 0;
    for (auto [index, count] : llvm::enumerate(counts)) {
      ValueRange arguments = newLoop.getRegionIterArgs().slice(position, count);
      position += count;
      Value old = loop.getRegionIterArgs()[index];
      replacements.push_back(isWide(old.getType()) ? old : arguments.front());
      if (isWide(old.getType()))
        splitArguments.push_back({old, arguments});
    }
    // A split argument keeps standing for itself until its uses move to its chunks.
    for (auto [old, chunks] : splitArguments) {
      rewriter.setInsertionPointToStart(loop.getBody());
      replaceTile(rewriter, loc, old, SmallVector<Value>(chunks), chunkWidth);
    }
    rewriter.mergeBlocks(loop.getBody(), body, replacements);

    auto yield = cast<scf::YieldOp>(body->getTerminator());
    rewriter.setInsertionPoint(yield);
    SmallVector<Value> yielded;
    for (Value value : yield.getOperands()) {
      if (isWide(value.getType()))
        llvm::append_range(yielded, splitIntoChunks(rewriter, loc, value, chunkWidth));
      else
        yielded.push_back(value);
    }
    rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, yielded);

    rewriter.setInsertionPointAfter(newLoop);
    position = 0;
    for (auto [index, count] : llvm::enumerate(counts)) {
      ValueRange parts = newLoop.getResults().slice(position, count);
      position += count;
      Value old = loop.getResult(index);
      if (isWide(old.getType()))
        replaceTile(rewriter, loc, old, SmallVector<Value>(parts), chunkWidth);
      else
        rewriter.replaceAllUsesWith(old, parts.front());
    }
    rewriter.eraseOp(loop);
  }

  int64_t chunkWidth = 16;
};

} // namespace
} // namespace mlir::nereid::cpu
