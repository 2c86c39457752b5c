// Float conversions in rounding modes that LLVM's fptrunc does not offer on a CPU.

#include "FloatRounding.h"

#include "nereid/Support/Constants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::nereid::cpu {

Value truncateTowardZero(OpBuilder &builder, Location loc, Value value, Type type) {
  Value nearest = arith::TruncFOp::create(builder, loc, type, value);
  Value back = arith::ExtFOp::create(builder, loc, value.getType(), nearest);
  Value beyond = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OGT,
                                       math::AbsFOp::create(builder, loc, back),
                                       math::AbsFOp::create(builder, loc, value));
  unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
  Type bitsType = builder.getIntegerType(width);
  if (auto vector = dyn_cast<VectorType>(type))
    bitsType = vector.clone(bitsType);
  Value bits = arith::BitcastOp::create(builder, loc, bitsType, nearest);
  Value stepped = arith::SubIOp::create(builder, loc, bits,
                                        createIntConstant(builder, loc, bitsType,
                                                          APInt(width, 1)));
  return arith::SelectOp::create(builder, loc, beyond,
                                 arith::BitcastOp::create(builder, loc, type, stepped), nearest);
}

Value roundToOddF32(OpBuilder &builder, Location loc, Value value, Type f32) {
  Value truncated = truncateTowardZero(builder, loc, value, f32);
  Value back = arith::ExtFOp::create(builder, loc, value.getType(), truncated);
  Value inexact = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::ONE, back, value);
  Type i32 = builder.getI32Type();
  if (auto vector = dyn_cast<VectorType>(f32))
    i32 = vector.clone(i32);
  Value bits = arith::BitcastOp::create(builder, loc, i32, truncated);
  Value odd = arith::OrIOp::create(builder, loc, bits,
                                   arith::ExtUIOp::create(builder, loc, i32, inexact));
  return arith::BitcastOp::create(builder, loc, f32, odd);
}

} // namespace mlir::nereid::cpu
