// tt-cpu-branch-on-full-masks: plain vector accesses for chunks whose mask is all true, on
// targets where masked ones are slow (see BranchOnFullMasksPass in Passes.td).

#include "CpuTarget.h"

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_BRANCHONFULLMASKSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Whether every lane of `mask` is set, as an i1.
Value isFull(OpBuilder &builder, Location loc, Value mask) {
  return vector::ReductionOp::create(builder, loc, vector::CombiningKind::AND, mask);
}

void branchLoad(LLVM::MaskedLoadOp load) {
  OpBuilder builder(load);
  Location loc = load.getLoc();
  auto branch = scf::IfOp::create(builder, loc, load.getType(),
                                  isFull(builder, loc, load.getMask()), /*withElse=*/true);
  OpBuilder full = branch.getThenBodyBuilder();
  Value plain = LLVM::LoadOp::create(full, loc, load.getType(), load.getData(),
                                     load.getAlignment());
  scf::YieldOp::create(full, loc, plain);
  load->moveBefore(branch.elseBlock(), branch.elseBlock()->begin());
  load.getRes().replaceUsesWithIf(branch.getResult(0), [&](OpOperand &use) {
    return use.getOwner()->getParentOp() != branch;
  });
  OpBuilder partial = branch.getElseBodyBuilder();
  partial.setInsertionPointAfter(load);
  scf::YieldOp::create(partial, loc, load.getRes());
}

void branchStore(LLVM::MaskedStoreOp store) {
  OpBuilder builder(store);
  Location loc = store.getLoc();
  auto branch = scf::IfOp::create(builder, loc, isFull(builder, loc, store.getMask()),
                                  /*withElseRegion=*/true);
  OpBuilder full = branch.getThenBodyBuilder();
  LLVM::StoreOp::create(full, loc, store.getValue(), store.getData(), store.getAlignment());
  store->moveBefore(branch.elseBlock()->getTerminator());
}

struct BranchOnFullMasksPass : impl::BranchOnFullMasksPassBase<BranchOnFullMasksPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<CpuTargetInfo>> cpu =
        parseCpuTarget(getOperation(), target, getArgument());
    if (failed(cpu))
      return signalPassFailure();
    if ((*cpu)->hasCheapMaskedAccesses())
      return;
    SmallVector<Operation *> accesses;
    getOperation().walk([&](Operation *op) {
      if (isa<LLVM::MaskedLoadOp, LLVM::MaskedStoreOp>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      Value mask = isa<LLVM::MaskedLoadOp>(op) ? cast<LLVM::MaskedLoadOp>(op).getMask()
                                               : cast<LLVM::MaskedStoreOp>(op).getMask();
      if (matchPattern(mask, m_Constant()))
        continue;
      if (auto load = dyn_cast<LLVM::MaskedLoadOp>(op))
        branchLoad(load);
      else
        branchStore(cast<LLVM::MaskedStoreOp>(op));
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
