// tt-fold-dot-additions: `x + tt.dot(a, b, 0)` becomes `tt.dot(a, b, x)` (see
// FoldDotAdditionsPass in Passes.td).

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

namespace mlir::nereid::tt {

#define GEN_PASS_DEF_FOLDDOTADDITIONSPASS
#include "nereid/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

/// Whether a dot accumulating in `element` may start from another value than zero: its sum
/// is exact (integers) or rounded once per step in a type as wide as f32.
bool mayStartFromAddend(Type element) {
  return isa<IntegerType>(element) || element.isF32() || element.isF64();
}

/// The operand of `add` that is a dot to fold (starting from a constant zero, used only by
/// `add`, of the addition's type), and the other operand; none when there is no such dot.
std::optional<std::pair<DotOp, Value>> matchDotAddition(Operation *add) {
  for (unsigned index : {0u, 1u}) {
    auto dot = add->getOperand(index).getDefiningOp<DotOp>();
    Value addend = add->getOperand(1 - index);
    if (!dot || !dot->hasOneUse() || addend.getType() != dot.getType() ||
        !mayStartFromAddend(getElementTypeOrSelf(dot.getType())))
      continue;
    if (matchPattern(dot.getC(), m_AnyZeroFloat()) || matchPattern(dot.getC(), m_Zero()))
      return std::make_pair(dot, addend);
  }
  return std::nullopt;
}

struct FoldDotAdditionsPass : impl::FoldDotAdditionsPassBase<FoldDotAdditionsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> additions;
    getOperation()->walk([&](Operation *op) {
      if (isa<arith::AddFOp, arith::AddIOp>(op))
        additions.push_back(op);
    });
    for (Operation *add : additions) {
      std::optional<std::pair<DotOp, Value>> match = matchDotAddition(add);
      if (!match)
        continue;
      auto [dot, addend] = *match;
      // At the addition, where the addend is defined and the dot's operands are too.
      OpBuilder builder(add);
      auto folded = cast<DotOp>(builder.clone(*dot));
      folded->setLoc(add->getLoc());
      folded.getCMutable().assign(addend);
      add->replaceAllUsesWith(folded);
      add->erase();
      dot->erase();
    }
  }
};

} // namespace
} // namespace mlir::nereid::tt
