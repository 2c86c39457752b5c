#include "TileCombiner.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::nereid::cpu {

bool isElementwiseCombiner(Region &combiner) {
  return llvm::all_of(combiner.front().without_terminator(), [](Operation &op) {
    return isa<arith::ArithDialect, math::MathDialect>(op.getDialect()) && !op.getNumRegions();
  });
}

SmallVector<Value> combineTiles(OpBuilder &builder, Location loc, Region &combiner,
                                ValueRange accumulated, ValueRange next,
                                RankedTensorType tileType) {
  Block &body = combiner.front();
  auto lift = [&](Type scalar) -> Type { return tileType.clone(scalar); };
  IRMapping mapping;
  for (auto [argument, value] :
       llvm::zip(body.getArguments(), llvm::concat<const Value>(accumulated, next)))
    mapping.map(argument, value);
  auto lookup = [&](Value value) -> Value {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    Value splat = tt::SplatOp::create(builder, loc, lift(value.getType()), value);
    mapping.map(value, splat);
    return splat;
  };
  for (Operation &op : body.without_terminator()) {
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto value = cast<TypedAttr>(constant.getValue());
      auto splat = DenseElementsAttr::get(cast<ShapedType>(lift(value.getType())), value);
      mapping.map(constant.getResult(), arith::ConstantOp::create(builder, loc, splat));
      continue;
    }
    SmallVector<Value> operands = llvm::map_to_vector(op.getOperands(), lookup);
    SmallVector<Type> types = llvm::map_to_vector(op.getResultTypes(), lift);
    OperationState state(op.getLoc(), op.getName(), operands, types, op.getAttrs());
    mapping.map(op.getResults(), builder.create(state)->getResults());
  }
  return llvm::map_to_vector(body.getTerminator()->getOperands(), lookup);
}

} // namespace mlir::nereid::cpu
