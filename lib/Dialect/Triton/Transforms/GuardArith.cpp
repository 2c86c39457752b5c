// tt-guard-arith: the integer edge cases that LLVM leaves undefined get the values that
// docs/semantics.md defines (see GuardArithPass in Passes.td).

#include "nereid/Support/Constants.h"

#include "nereid/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

#include "llvm/ADT/TypeSwitch.h"

namespace mlir::nereid::tt {

#define GEN_PASS_DEF_GUARDARITHPASS
#include "nereid/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

unsigned widthOf(Type type) { return getElementTypeOrSelf(type).getIntOrFloatBitWidth(); }

Value isEqual(OpBuilder &builder, Location loc, Value value, const APInt &constant) {
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, value,
                               createIntConstant(builder, loc, value.getType(), constant));
}

/// Division and remainder: the divisor becomes 1 where it is 0 (or where a signed division
/// overflows), and the result there is `onZero(dividend)`.
template <typename OpTy>
void guardDivision(OpTy op, bool isSigned, bool isRemainder) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value lhs = op.getLhs(), rhs = op.getRhs();
  Type type = rhs.getType();
  unsigned width = widthOf(type);
  Value zero = isEqual(builder, loc, rhs, APInt(width, 0));
  Value unsafe = zero;
  if (isSigned) {
    Value overflow = arith::AndIOp::create(
        builder, loc, isEqual(builder, loc, lhs, APInt::getSignedMinValue(width)),
        isEqual(builder, loc, rhs, APInt::getAllOnes(width)));
    unsafe = arith::OrIOp::create(builder, loc, zero, overflow);
  }
  Value safeRhs = arith::SelectOp::create(builder, loc, unsafe,
                                          createIntConstant(builder, loc, type, APInt(width, 1)), rhs);
  auto safe = OpTy::create(builder, loc, lhs, safeRhs);
  Value onZero = isRemainder ? lhs : createIntConstant(builder, loc, type, APInt::getAllOnes(width));
  Value result = arith::SelectOp::create(builder, loc, zero, onZero, safe);
  op.getResult().replaceAllUsesWith(result);
  op.erase();
}

/// Shifts by the width or more (read unsigned) give 0, or the sign for an arithmetic shift.
/// The shift itself takes the amount modulo the width: with the original amount its result
/// would be poison where it is not selected, which is sound LLVM IR, but NVPTX then dropped the
/// select (PTX's shl clamps its amount) after truncating a 64-bit amount to 32 bits, so that
/// x << 2^32 gave x. An amount chosen by a select of 0 was folded back into the same shape.
template <typename OpTy>
void guardShift(OpTy op, bool isArithmetic) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Type type = op.getType();
  unsigned width = widthOf(type);
  Value tooFar = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge, op.getRhs(),
                                       createIntConstant(builder, loc, type, APInt(width, width)));
  Value beyond =
      isArithmetic
          ? Value(arith::ShRSIOp::create(builder, loc, op.getLhs(),
                                         createIntConstant(builder, loc, type, APInt(width, width - 1))))
          : createIntConstant(builder, loc, type, APInt(width, 0));
  Value safeAmount = arith::AndIOp::create(
      builder, loc, op.getRhs(), createIntConstant(builder, loc, type, APInt(width, width - 1)));
  auto shift = OpTy::create(builder, loc, op.getLhs(), safeAmount);
  Value result = arith::SelectOp::create(builder, loc, tooFar, beyond, shift);
  op.getResult().replaceAllUsesWith(result);
  op.erase();
}

/// Float to integer conversions saturate, and NaN gives 0.
template <typename OpTy>
void guardFloatToInt(OpTy op, bool isSigned) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value input = op.getIn();
  Type resultType = op.getType();
  // The bounds (2^31, ...) do not fit in f16 or bf16: compare in f32, where they are exact.
  Type compareType = input.getType();
  if (getElementTypeOrSelf(compareType).getIntOrFloatBitWidth() < 32) {
    Type f32 = builder.getF32Type();
    auto shaped = dyn_cast<ShapedType>(compareType);
    compareType = shaped ? Type(shaped.clone(f32)) : f32;
  }
  Value wide = compareType == input.getType()
                   ? input
                   : Value(arith::ExtFOp::create(builder, loc, compareType, input));
  unsigned width = widthOf(resultType);
  auto compare = [&](arith::CmpFPredicate predicate, double bound) -> Value {
    return arith::CmpFOp::create(builder, loc, predicate, wide,
                                 createFloatConstant(builder, loc, compareType, bound));
  };
  double high = std::ldexp(1.0, isSigned ? width - 1 : width);
  Value tooHigh = compare(arith::CmpFPredicate::OGE, high);
  Value tooLow = isSigned ? compare(arith::CmpFPredicate::OLT, -high)
                          : compare(arith::CmpFPredicate::OLE, -1.0);
  Value isNaN = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO, input, input);
  APInt max = isSigned ? APInt::getSignedMaxValue(width) : APInt::getMaxValue(width);
  APInt min = isSigned ? APInt::getSignedMinValue(width) : APInt(width, 0);
  Value converted = OpTy::create(builder, loc, resultType, input);
  Value result = arith::SelectOp::create(builder, loc, tooHigh,
                                         createIntConstant(builder, loc, resultType, max), converted);
  result = arith::SelectOp::create(builder, loc, tooLow,
                                   createIntConstant(builder, loc, resultType, min), result);
  result = arith::SelectOp::create(builder, loc, isNaN,
                                   createIntConstant(builder, loc, resultType, APInt(width, 0)), result);
  op.getResult().replaceAllUsesWith(result);
  op.erase();
}

/// maxnumf and minnumf order -0 below +0 (LLVM's maxnum and minnum may return either):
///   lhs is NaN           -> rhs
///   lhs == rhs           -> the bitwise and (max) or or (min) of the two: +0 (max) or -0 (min)
///                           when the zeros differ in sign, the value itself otherwise
///   otherwise            -> rhs where lhs < rhs (max) or lhs > rhs (min), else lhs
/// The last select is the exact semantics of x86's maxps/minps, which LLVM emits for it; a NaN
/// rhs compares false and gives lhs. Six instructions a vector, where LLVM's expansion of the
/// zero-ordering `maximum` and two NaN selects took ten.
void guardNumberMinMax(Operation *op, bool isMax) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Type type = lhs.getType();
  Type integerType = builder.getIntegerType(widthOf(type));
  if (auto shaped = dyn_cast<ShapedType>(type))
    integerType = shaped.clone(integerType);
  auto compare = [&](arith::CmpFPredicate predicate, Value a, Value b) -> Value {
    return arith::CmpFOp::create(builder, loc, predicate, a, b);
  };
  Value rhsWins = compare(isMax ? arith::CmpFPredicate::OLT : arith::CmpFPredicate::OGT, lhs, rhs);
  Value result = arith::SelectOp::create(builder, loc, rhsWins, rhs, lhs);
  Value lhsBits = arith::BitcastOp::create(builder, loc, integerType, lhs);
  Value rhsBits = arith::BitcastOp::create(builder, loc, integerType, rhs);
  Value mergedBits = isMax ? arith::AndIOp::create(builder, loc, lhsBits, rhsBits).getResult()
                           : arith::OrIOp::create(builder, loc, lhsBits, rhsBits).getResult();
  Value merged = arith::BitcastOp::create(builder, loc, type, mergedBits);
  result = arith::SelectOp::create(builder, loc, compare(arith::CmpFPredicate::OEQ, lhs, rhs),
                                   merged, result);
  result = arith::SelectOp::create(builder, loc, compare(arith::CmpFPredicate::UNO, lhs, lhs), rhs,
                                   result);
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

struct GuardArithPass : impl::GuardArithPassBase<GuardArithPass> {
  using GuardArithPassBase::GuardArithPassBase;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      // Index arithmetic is the lowering's own addressing (a panel of a buffer), never the
      // language's integers.
      if (op->getNumResults() == 1 && getElementTypeOrSelf(op->getResult(0)).isIndex())
        return;
      if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
              arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp, arith::ShLIOp,
              arith::ShRUIOp, arith::ShRSIOp, arith::FPToSIOp, arith::FPToUIOp>(op) ||
          (guardMinMax && isa<arith::MaxNumFOp, arith::MinNumFOp>(op)))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      llvm::TypeSwitch<Operation *>(op)
          .Case([](arith::DivSIOp op) { guardDivision(op, true, false); })
          .Case([](arith::DivUIOp op) { guardDivision(op, false, false); })
          .Case([](arith::RemSIOp op) { guardDivision(op, true, true); })
          .Case([](arith::RemUIOp op) { guardDivision(op, false, true); })
          .Case([](arith::CeilDivSIOp op) { guardDivision(op, true, false); })
          .Case([](arith::CeilDivUIOp op) { guardDivision(op, false, false); })
          .Case([](arith::FloorDivSIOp op) { guardDivision(op, true, false); })
          .Case([](arith::ShLIOp op) { guardShift(op, false); })
          .Case([](arith::ShRUIOp op) { guardShift(op, false); })
          .Case([](arith::ShRSIOp op) { guardShift(op, true); })
          .Case([](arith::FPToSIOp op) { guardFloatToInt(op, true); })
          .Case([](arith::FPToUIOp op) { guardFloatToInt(op, false); })
          .Case([](arith::MaxNumFOp op) { guardNumberMinMax(op, /*isMax=*/true); })
          .Case([](arith::MinNumFOp op) { guardNumberMinMax(op, /*isMax=*/false); });
    }
  }
};

} // namespace
} // namespace mlir::nereid::tt
