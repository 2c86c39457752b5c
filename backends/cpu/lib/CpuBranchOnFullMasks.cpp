// cpu-branch-on-full-masks: plain vector accesses for chunks whose mask is all true, on
// targets where masked ones are slow (see CpuBranchOnFullMasksPass in Passes.td).

#include "BranchAccess.h"
#include "CpuTarget.h"

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUBRANCHONFULLMASKSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Whether every lane of `mask` is set, as an i1.
Value isFull(OpBuilder &builder, Location loc, Value mask) {
  return vector::ReductionOp::create(builder, loc, vector::CombiningKind::AND, mask);
}

void branchLoad(LLVM::MaskedLoadOp load) {
  OpBuilder builder(load);
  branchAccess(load, isFull(builder, load.getLoc(), load.getMask()), [&](OpBuilder &full) {
    return LLVM::LoadOp::create(full, load.getLoc(), load.getType(), load.getData(),
                                load.getAlignment())
        .getResult();
  });
}

void branchStore(LLVM::MaskedStoreOp store) {
  OpBuilder builder(store);
  branchAccess(store, isFull(builder, store.getLoc(), store.getMask()),
               [&](OpBuilder &full) -> Value {
                 LLVM::StoreOp::create(full, store.getLoc(), store.getValue(), store.getData(),
                                       store.getAlignment());
                 return nullptr;
               });
}

struct CpuBranchOnFullMasksPass : impl::CpuBranchOnFullMasksPassBase<CpuBranchOnFullMasksPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<CpuTargetInfo>> cpu =
        getCpuTarget(getOperation(), target, getArgument());
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
