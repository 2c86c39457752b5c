// tt-cpu-branch-on-contiguous-pointers: a gather or scatter whose pointers turn out to be
// consecutive at run time takes a vector access (see BranchOnContiguousPointersPass in
// Passes.td).

#include "BranchAccess.h"
#include "LaneGEP.h"

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_BRANCHONCONTIGUOUSPOINTERSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The scalar that every lane of `index` (a GEP index) holds, or null.
Value getUniformIndex(Value index) {
  if (!isa<VectorType>(index.getType()))
    return index;
  if (auto broadcast = index.getDefiningOp<vector::BroadcastOp>())
    if (!isa<VectorType>(broadcast.getSource().getType()))
      return broadcast.getSource();
  return nullptr;
}

/// The first of a vector of pointers, and whether the others follow it element by element.
struct ContiguityCheck {
  Value first;
  /// An i1.
  Value contiguous;
};

/// The contiguity check of the pointers `ptrs` to elements of `elementType`. A GEP that moves
/// every pointer by one offset keeps their contiguity, so the check looks through such GEPs:
/// on the tile a loop advances (tt-cpu-rebase-loop-pointers), it is then loop-invariant and
/// LLVM hoists it.
ContiguityCheck buildContiguityCheck(OpBuilder &builder, Location loc, Value ptrs,
                                     Type elementType) {
  SmallVector<LLVM::GEPOp> uniformMoves;
  Value base = ptrs;
  while (auto gep = base.getDefiningOp<LLVM::GEPOp>()) {
    if (!isa<VectorType>(gep.getBase().getType()) ||
        !llvm::all_of(gep.getDynamicIndices(), [](Value index) { return getUniformIndex(index); }))
      break;
    uniformMoves.push_back(gep);
    base = gep.getBase();
  }
  auto type = cast<VectorType>(ptrs.getType());
  Value baseFirst = vector::ExtractOp::create(builder, loc, base, ArrayRef<int64_t>{0});
  Value first = baseFirst;
  for (LLVM::GEPOp gep : llvm::reverse(uniformMoves))
    first = buildLaneGEP(builder, loc, gep, first, getUniformIndex);
  Value bases = vector::BroadcastOp::create(builder, loc, type, baseFirst);
  auto indexType = VectorType::get(type.getShape(), builder.getI64Type());
  SmallVector<int64_t> lanes = llvm::to_vector(llvm::seq<int64_t>(0, type.getNumElements()));
  Value iota = arith::ConstantOp::create(
      builder, loc, DenseElementsAttr::get(indexType, ArrayRef<int64_t>(lanes)));
  Value expected = LLVM::GEPOp::create(builder, loc, type, elementType, bases, ValueRange{iota});
  Value equal = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq, base, expected);
  Value all = vector::ReductionOp::create(builder, loc, vector::CombiningKind::AND, equal);
  return {first, all};
}

void branchGather(LLVM::masked_gather gather) {
  OpBuilder builder(gather);
  Location loc = gather.getLoc();
  auto type = cast<VectorType>(gather.getType());
  ContiguityCheck check =
      buildContiguityCheck(builder, loc, gather.getPtrs(), type.getElementType());
  branchAccess(gather, check.contiguous, [&](OpBuilder &run) -> Value {
    Value passThrough = gather.getPassThru().empty()
                            ? Value(LLVM::PoisonOp::create(run, loc, type))
                            : gather.getPassThru().front();
    return LLVM::MaskedLoadOp::create(run, loc, type, check.first, gather.getMask(), passThrough,
                                      gather.getAlignmentAttr(), UnitAttr());
  });
}

void branchScatter(LLVM::masked_scatter scatter) {
  OpBuilder builder(scatter);
  Location loc = scatter.getLoc();
  Type elementType = cast<VectorType>(scatter.getValue().getType()).getElementType();
  ContiguityCheck check = buildContiguityCheck(builder, loc, scatter.getPtrs(), elementType);
  branchAccess(scatter, check.contiguous, [&](OpBuilder &run) -> Value {
    LLVM::MaskedStoreOp::create(run, loc, scatter.getValue(), check.first, scatter.getMask(),
                                scatter.getAlignmentAttr());
    return nullptr;
  });
}

struct BranchOnContiguousPointersPass
    : impl::BranchOnContiguousPointersPassBase<BranchOnContiguousPointersPass> {
  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    getOperation().walk([&](Operation *op) {
      if (isa<LLVM::masked_gather, LLVM::masked_scatter>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      if (auto gather = dyn_cast<LLVM::masked_gather>(op))
        branchGather(gather);
      else
        branchScatter(cast<LLVM::masked_scatter>(op));
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
