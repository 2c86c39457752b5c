// cpu-prefetch-next-rows: a loop that reads again the rows an earlier loop read fetches the
// rows after them while it computes (see CpuPrefetchNextRowsPass in Passes.td).

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUPREFETCHNEXTROWSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// llvm.prefetch's locality 2 (x86's prefetcht1): the line goes to the L2, where the next row
/// waits without evicting the row being computed on from the L1.
constexpr uint32_t kL2Locality = 2;

/// A vector load of `base[index]`, and the outermost loop whose induction variable is a term of
/// the index: the loop that sweeps the row.
struct RowLoad {
  LLVM::LoadOp load;
  LLVM::GEPOp address;
  scf::ForOp sweep;
};

/// The outermost scf.for whose induction variable is a term of `index`, a sum of integers
/// (arith.addi of terms, their extensions and casts), or null.
scf::ForOp getSweepLoop(Value index) {
  scf::ForOp outermost;
  SmallVector<Value> terms{index};
  while (!terms.empty()) {
    Value term = terms.pop_back_val();
    if (scf::ForOp loop = scf::getForInductionVarOwner(term)) {
      if (!outermost || loop->isProperAncestor(outermost))
        outermost = loop;
      continue;
    }
    Operation *def = term.getDefiningOp();
    if (isa_and_nonnull<arith::AddIOp>(def))
      terms.append(def->operand_begin(), def->operand_end());
    else if (isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp>(def))
      terms.push_back(def->getOperand(0));
  }
  return outermost;
}

/// `load` as a row load: a vector load whose address is a getelementptr with one index, an
/// index that a loop's induction variable sweeps.
std::optional<RowLoad> matchRowLoad(LLVM::LoadOp load) {
  auto address = load.getAddr().getDefiningOp<LLVM::GEPOp>();
  if (!isa<VectorType>(load.getType()) || !address || address.getDynamicIndices().size() != 1 ||
      address.getRawConstantIndices().size() != 1)
    return std::nullopt;
  scf::ForOp sweep = getSweepLoop(address.getDynamicIndices()[0]);
  if (!sweep)
    return std::nullopt;
  return RowLoad{load, address, sweep};
}

/// Whether `earlier` has finished when `later` starts: an ancestor of `earlier` precedes an
/// ancestor of `later` in one block (neither holds the other).
bool runsBefore(Operation *earlier, Operation *later) {
  for (Operation *op = later; op && op->getBlock(); op = op->getParentOp())
    if (Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*earlier))
      return ancestor != op && ancestor->isBeforeInBlock(op);
  return false;
}

/// The loop around `row`'s sweep whose induction variable, times a stride, is the index of
/// the row's base (`gep p[iv * stride]` of the same element type, through sign extensions,
/// outside the sweep), and that stride: a persistent kernel's loop over its rows.
std::optional<std::pair<scf::ForOp, Value>> matchRowLoop(RowLoad row) {
  auto address = row.address.getBase().getDefiningOp<LLVM::GEPOp>();
  if (!address || address.getDynamicIndices().size() != 1 ||
      address.getRawConstantIndices().size() != 1 ||
      address.getElemType() != row.address.getElemType() || row.sweep->isAncestor(address))
    return std::nullopt;
  Value index = address.getDynamicIndices()[0];
  while (auto extension = index.getDefiningOp<arith::ExtSIOp>())
    index = extension.getIn();
  auto product = index.getDefiningOp<arith::MulIOp>();
  if (!product)
    return std::nullopt;
  for (auto [factor, stride] : {std::pair(product.getLhs(), product.getRhs()),
                                std::pair(product.getRhs(), product.getLhs())}) {
    scf::ForOp loop = scf::getForInductionVarOwner(factor);
    if (loop && loop->isProperAncestor(row.sweep))
      return std::pair(loop, stride);
  }
  return std::nullopt;
}

/// The elements from what `row`'s sweep reads to what this thread reads next, computed before
/// the sweep: the next iteration's row when a loop around the sweep indexes the row's base
/// and has one more iteration, else the sweep's span (ub - lb), the next program's row when
/// rows are that long.
Value getNextRowDistance(RowLoad row) {
  Location loc = row.load.getLoc();
  OpBuilder builder(row.sweep);
  Value span = arith::SubIOp::create(builder, loc, row.sweep.getUpperBound(),
                                     row.sweep.getLowerBound());
  std::optional<std::pair<scf::ForOp, Value>> rowLoop = matchRowLoop(row);
  if (!rowLoop)
    return span;
  auto [loop, stride] = *rowLoop;
  Value nextIteration =
      arith::AddIOp::create(builder, loc, loop.getInductionVar(), loop.getStep());
  Value hasNext = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, nextIteration,
                                        loop.getUpperBound());
  Value step = getValueOrCreateCastToIndexLike(builder, loc, stride.getType(), loop.getStep());
  Value advance = arith::MulIOp::create(builder, loc, step, stride);
  advance = getValueOrCreateCastToIndexLike(builder, loc, span.getType(), advance);
  return arith::SelectOp::create(builder, loc, hasNext, advance, span);
}

/// Prefetches, beside `row.load`, the address the next row's read of it will have.
void prefetchNextRow(RowLoad row, DenseMap<std::pair<Operation *, Value>, Value> &distances) {
  Location loc = row.load.getLoc();
  Value &distance = distances[{row.sweep, row.address.getBase()}];
  if (!distance)
    distance = getNextRowDistance(row);
  OpBuilder builder(row.load);
  Value index = row.address.getDynamicIndices()[0];
  Value offset = getValueOrCreateCastToIndexLike(builder, loc, index.getType(), distance);
  Value next = arith::AddIOp::create(builder, loc, index, offset);
  Value address = LLVM::GEPOp::create(builder, loc, row.address.getType(),
                                      row.address.getElemType(), row.address.getBase(),
                                      ValueRange{next});
  LLVM::Prefetch::create(builder, loc, address, /*rw=*/0, kL2Locality, /*cache=*/1);
}

struct CpuPrefetchNextRowsPass : impl::CpuPrefetchNextRowsPassBase<CpuPrefetchNextRowsPass> {
  void runOnOperation() override {
    SmallVector<RowLoad> rows;
    getOperation().walk([&](LLVM::LoadOp load) {
      if (std::optional<RowLoad> row = matchRowLoad(load))
        rows.push_back(*row);
    });
    // Per base pointer: the sweep loops that read it, in program order, and the one that
    // prefetches for it (the first that reads what an earlier one read).
    DenseMap<Value, SmallVector<scf::ForOp>> sweepsOfBase;
    DenseMap<Value, scf::ForOp> prefetchingSweep;
    // Per sweep and base: the distance to the next row, computed once before the sweep.
    DenseMap<std::pair<Operation *, Value>, Value> distances;
    for (RowLoad row : rows) {
      Value base = row.address.getBase();
      SmallVector<scf::ForOp> &sweeps = sweepsOfBase[base];
      if (!prefetchingSweep.contains(base) &&
          llvm::any_of(sweeps, [&](scf::ForOp s) { return runsBefore(s, row.sweep); }))
        prefetchingSweep[base] = row.sweep;
      if (!llvm::is_contained(sweeps, row.sweep))
        sweeps.push_back(row.sweep);
      if (prefetchingSweep.lookup(base) == row.sweep)
        prefetchNextRow(row, distances);
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
