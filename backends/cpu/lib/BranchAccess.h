#ifndef NEREID_CPU_LIB_BRANCHACCESS_H
#define NEREID_CPU_LIB_BRANCHACCESS_H

// A memory access chunk put behind a run-time test, with a cheaper access when it holds: how
// cpu-branch-on-full-masks and cpu-branch-on-contiguous-pointers rewrite accesses.

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::nereid::cpu {

/// Replaces the access `access` (a load with one result, or a store with none) by an scf.if
/// on `condition` (an i1 built before it): the then branch holds what `buildFast` builds (for
/// a load, it returns the loaded value), the else branch `access` itself.
inline void branchAccess(Operation *access, Value condition,
                         llvm::function_ref<Value(OpBuilder &)> buildFast) {
  OpBuilder builder(access);
  Location loc = access->getLoc();
  auto branch = scf::IfOp::create(builder, loc, access->getResultTypes(), condition,
                                  /*withElseRegion=*/true);
  OpBuilder fast = branch.getThenBodyBuilder();
  Value value = buildFast(fast);
  if (access->getNumResults() == 0) {
    access->moveBefore(branch.elseBlock()->getTerminator());
    return;
  }
  scf::YieldOp::create(fast, loc, value);
  access->moveBefore(branch.elseBlock(), branch.elseBlock()->begin());
  access->getResult(0).replaceUsesWithIf(branch.getResult(0), [&](OpOperand &use) {
    return use.getOwner()->getParentOp() != branch;
  });
  OpBuilder slow = branch.getElseBodyBuilder();
  slow.setInsertionPointAfter(access);
  scf::YieldOp::create(slow, loc, access->getResult(0));
}

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_BRANCHACCESS_H
