// tt-cpu-prefetch-next-rows: a loop that reads again the rows an earlier loop read fetches the
// rows after them while it computes (see PrefetchCpuNextRowsPass in Passes.td).

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_PREFETCHCPUNEXTROWSPASS
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

/// Prefetches, beside `row.load`, the address as many elements past it as its sweep loop's
/// range spans: the same columns of the next row when rows are that long.
void prefetchNextRow(RowLoad row, DenseMap<Operation *, Value> &spans) {
  Location loc = row.load.getLoc();
  Value &span = spans[row.sweep];
  if (!span) {
    OpBuilder builder(row.sweep);
    span = arith::SubIOp::create(builder, loc, row.sweep.getUpperBound(),
                                 row.sweep.getLowerBound());
  }
  OpBuilder builder(row.load);
  Value index = row.address.getDynamicIndices()[0];
  Value distance = getValueOrCreateCastToIndexLike(builder, loc, index.getType(), span);
  Value next = arith::AddIOp::create(builder, loc, index, distance);
  Value address = LLVM::GEPOp::create(builder, loc, row.address.getType(),
                                      row.address.getElemType(), row.address.getBase(),
                                      ValueRange{next});
  LLVM::Prefetch::create(builder, loc, address, /*rw=*/0, kL2Locality, /*cache=*/1);
}

struct PrefetchCpuNextRowsPass : impl::PrefetchCpuNextRowsPassBase<PrefetchCpuNextRowsPass> {
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
    DenseMap<Operation *, Value> spans;
    for (RowLoad row : rows) {
      Value base = row.address.getBase();
      SmallVector<scf::ForOp> &sweeps = sweepsOfBase[base];
      if (!prefetchingSweep.contains(base) &&
          llvm::any_of(sweeps, [&](scf::ForOp s) { return runsBefore(s, row.sweep); }))
        prefetchingSweep[base] = row.sweep;
      if (!llvm::is_contained(sweeps, row.sweep))
        sweeps.push_back(row.sweep);
      if (prefetchingSweep.lookup(base) == row.sweep)
        prefetchNextRow(row, spans);
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
