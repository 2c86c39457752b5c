// cpu-branch-on-contiguous-pointers: a gather or scatter whose pointers turn out to be
// consecutive at run time takes a vector access (see CpuBranchOnContiguousPointersPass in
// Passes.td).

#include "BranchAccess.h"
#include "LaneGEP.h"

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUBRANCHONCONTIGUOUSPOINTERSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The scalar that every lane of `value` holds (a broadcast), `value` itself when it is a
/// scalar, or null.
Value getUniformScalar(Value value) {
  if (!isa<VectorType>(value.getType()))
    return value;
  if (auto broadcast = value.getDefiningOp<vector::BroadcastOp>())
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

/// A vector GEP index that is a scalar added to every lane of a vector: `uniform + varying`.
struct SplitIndex {
  Value uniform;
  Value varying;
};

/// `index` split into a scalar and a vector addend, or std::nullopt.
std::optional<SplitIndex> splitUniformAddend(Value index) {
  auto add = index.getDefiningOp<arith::AddIOp>();
  if (!add || !isa<VectorType>(add.getType()))
    return std::nullopt;
  if (Value uniform = getUniformScalar(add.getLhs()))
    return SplitIndex{uniform, add.getRhs()};
  if (Value uniform = getUniformScalar(add.getRhs()))
    return SplitIndex{uniform, add.getLhs()};
  return std::nullopt;
}

/// Whether the lanes of the integer vector `values` are its first lane plus the lane index.
Value buildConsecutiveCheck(OpBuilder &builder, Location loc, Value values) {
  auto type = cast<VectorType>(values.getType());
  unsigned width = type.getElementTypeBitWidth();
  SmallVector<APInt> lanes = llvm::map_to_vector(llvm::seq<int64_t>(0, type.getNumElements()),
                                                 [&](int64_t lane) { return APInt(width, lane); });
  Value iota = arith::ConstantOp::create(builder, loc, DenseElementsAttr::get(type, lanes));
  Value first = vector::ExtractOp::create(builder, loc, values, ArrayRef<int64_t>{0});
  Value expected = arith::AddIOp::create(
      builder, loc, vector::BroadcastOp::create(builder, loc, type, first), iota);
  Value equal =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, values, expected);
  return vector::ReductionOp::create(builder, loc, vector::CombiningKind::AND, equal);
}

/// The contiguity check of `ptrs = gep(splat(p), uniform + varying)` (elements of
/// `elementType`), with scalar ops for its first pointer, or std::nullopt when `ptrs` is not
/// of that form. The pointers are consecutive when `varying` is and the first lane's index
/// leaves room for the others (a narrow index is sign-extended, so it must not wrap around
/// within the chunk). Only the first condition is on vectors, and `varying` is typically
/// loop-invariant (a row's column offsets), so LLVM hoists it, and each chunk checks one
/// scalar.
std::optional<ContiguityCheck> buildSplitIndexCheck(OpBuilder &builder, Location loc,
                                                    Value ptrs, Type elementType) {
  auto gep = ptrs.getDefiningOp<LLVM::GEPOp>();
  if (!gep || gep.getElemType() != elementType || gep.getRawConstantIndices().size() != 1 ||
      gep.getDynamicIndices().size() != 1 || !getUniformScalar(gep.getBase()))
    return std::nullopt;
  std::optional<SplitIndex> split = splitUniformAddend(gep.getDynamicIndices().front());
  if (!split)
    return std::nullopt;
  auto type = cast<VectorType>(split->varying.getType());
  unsigned width = type.getElementTypeBitWidth();
  Value firstLane = arith::AddIOp::create(
      builder, loc, split->uniform,
      vector::ExtractOp::create(builder, loc, split->varying, ArrayRef<int64_t>{0}));
  Value first = buildLaneGEP(builder, loc, gep, getUniformScalar(gep.getBase()),
                             [&](Value) { return firstLane; });
  Value contiguous = buildConsecutiveCheck(builder, loc, split->varying);
  if (width < 64) {
    APInt lastStart = APInt::getSignedMaxValue(width) - (type.getNumElements() - 1);
    Value room = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::sle, firstLane,
        arith::ConstantOp::create(builder, loc,
                                  builder.getIntegerAttr(firstLane.getType(), lastStart)));
    contiguous = arith::AndIOp::create(builder, loc, contiguous, room);
  }
  return ContiguityCheck{first, contiguous};
}

/// The contiguity check of the pointers `ptrs` to elements of `elementType`. A GEP that moves
/// every pointer by one offset keeps their contiguity, so the check looks through such GEPs:
/// on the tile a loop advances (cpu-rebase-loop-pointers), it is then loop-invariant and
/// LLVM hoists it.
ContiguityCheck buildContiguityCheck(OpBuilder &builder, Location loc, Value ptrs,
                                     Type elementType) {
  SmallVector<LLVM::GEPOp> uniformMoves;
  Value base = ptrs;
  while (auto gep = base.getDefiningOp<LLVM::GEPOp>()) {
    if (!isa<VectorType>(gep.getBase().getType()) ||
        !llvm::all_of(gep.getDynamicIndices(),
                      [](Value index) { return getUniformScalar(index); }))
      break;
    uniformMoves.push_back(gep);
    base = gep.getBase();
  }
  auto applyMoves = [&](Value first) {
    for (LLVM::GEPOp gep : llvm::reverse(uniformMoves))
      first = buildLaneGEP(builder, loc, gep, first, getUniformScalar);
    return first;
  };
  if (std::optional<ContiguityCheck> check =
          buildSplitIndexCheck(builder, loc, base, elementType))
    return {applyMoves(check->first), check->contiguous};
  auto type = cast<VectorType>(ptrs.getType());
  Value baseFirst = vector::ExtractOp::create(builder, loc, base, ArrayRef<int64_t>{0});
  Value first = applyMoves(baseFirst);
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

struct CpuBranchOnContiguousPointersPass
    : impl::CpuBranchOnContiguousPointersPassBase<CpuBranchOnContiguousPointersPass> {
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
