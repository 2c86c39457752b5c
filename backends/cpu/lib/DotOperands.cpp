#include "DotOperands.h"

#include "nereid/Support/Constants.h"

namespace mlir::nereid::cpu {

bool canMultiplyBF16Pairs(tt::DotOp dot, int64_t chunkWidth) {
  RankedTensorType a = dot.getA().getType(), b = dot.getB().getType();
  if (!a.getElementType().isBF16() || !b.getElementType().isBF16() ||
      !dot.getType().getElementType().isF32())
    return false;
  int64_t rank = a.getRank(), depth = a.getDimSize(rank - 1);
  int64_t columns = b.getDimSize(rank - 1);
  int64_t chunk = chunkWidth > 0 ? std::min(columns, chunkWidth) : columns;
  return depth % 2 == 0 && columns % chunk == 0 && llvm::is_contained({4, 8, 16}, chunk);
}

Value extendTo(OpBuilder &builder, Location loc, Value value, Type element) {
  auto type = cast<ShapedType>(value.getType());
  if (type.getElementType() == element)
    return value;
  Type target = type.clone(element);
  if (isa<FloatType>(element))
    return arith::ExtFOp::create(builder, loc, target, value);
  return arith::ExtSIOp::create(builder, loc, target, value);
}

Value roundToTF32(OpBuilder &builder, Location loc, Value value) {
  auto type = cast<ShapedType>(value.getType());
  auto bitsType = type.clone(builder.getI32Type());
  auto constant = [&](int64_t v) -> Value {
    return createSplatConstant(builder, loc, bitsType, builder.getI32IntegerAttr(v));
  };
  Value bits = arith::BitcastOp::create(builder, loc, bitsType, value);
  Value rounded = arith::AndIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, bits, constant(0x1000)),
      constant(static_cast<int32_t>(0xFFFFE000)));
  Value magnitude = arith::AndIOp::create(builder, loc, bits, constant(0x7FFFFFFF));
  Value finite = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, magnitude,
                                       constant(0x7F800000));
  Value result = arith::SelectOp::create(builder, loc, finite, rounded, bits);
  return arith::BitcastOp::create(builder, loc, type, result);
}

} // namespace mlir::nereid::cpu
