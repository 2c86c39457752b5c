#include "StandardCombiner.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "llvm/ADT/TypeSwitch.h"

namespace mlir::nereid::cpu {

std::optional<StandardCombiner> matchStandardCombiner(Region &combiner, Type element) {
  Block &body = combiner.front();
  if (body.getNumArguments() != 2 || !llvm::hasSingleElement(body.without_terminator()))
    return std::nullopt;
  Operation &op = body.front();
  if (op.getNumOperands() != 2 || op.getOperand(0) != body.getArgument(0) ||
      op.getOperand(1) != body.getArgument(1) ||
      body.getTerminator()->getOperand(0) != op.getResult(0))
    return std::nullopt;
  using Kind = vector::CombiningKind;
  Builder b(combiner.getContext());
  auto floatType = dyn_cast<FloatType>(element);
  unsigned width = element.getIntOrFloatBitWidth();
  auto floatAttr = [&](double value) -> TypedAttr { return b.getFloatAttr(element, value); };
  auto intAttr = [&](APInt value) -> TypedAttr { return b.getIntegerAttr(element, value); };
  auto nan = [&]() -> TypedAttr {
    return FloatAttr::get(element, APFloat::getNaN(floatType.getFloatSemantics()));
  };
  auto inf = [&](bool negative) -> TypedAttr {
    return FloatAttr::get(element, APFloat::getInf(floatType.getFloatSemantics(), negative));
  };
  return llvm::TypeSwitch<Operation *,
                          std::optional<StandardCombiner>>(&op)
      .Case([&](arith::AddFOp) { return StandardCombiner{Kind::ADD, floatAttr(-0.0)}; })
      .Case([&](arith::MulFOp) { return StandardCombiner{Kind::MUL, floatAttr(1.0)}; })
      .Case([&](arith::MaxNumFOp) { return StandardCombiner{Kind::MAXNUMF, nan()}; })
      .Case([&](arith::MinNumFOp) { return StandardCombiner{Kind::MINNUMF, nan()}; })
      .Case([&](arith::MaximumFOp) { return StandardCombiner{Kind::MAXIMUMF, inf(true)}; })
      .Case([&](arith::MinimumFOp) { return StandardCombiner{Kind::MINIMUMF, inf(false)}; })
      .Case([&](arith::AddIOp) { return StandardCombiner{Kind::ADD, intAttr(APInt(width, 0))}; })
      .Case([&](arith::MulIOp) { return StandardCombiner{Kind::MUL, intAttr(APInt(width, 1))}; })
      .Case([&](arith::MaxSIOp) {
        return StandardCombiner{Kind::MAXSI, intAttr(APInt::getSignedMinValue(width))};
      })
      .Case([&](arith::MinSIOp) {
        return StandardCombiner{Kind::MINSI, intAttr(APInt::getSignedMaxValue(width))};
      })
      .Case([&](arith::MaxUIOp) { return StandardCombiner{Kind::MAXUI, intAttr(APInt(width, 0))}; })
      .Case([&](arith::MinUIOp) {
        return StandardCombiner{Kind::MINUI, intAttr(APInt::getMaxValue(width))};
      })
      .Case([&](arith::AndIOp) { return StandardCombiner{Kind::AND, intAttr(APInt::getAllOnes(width))}; })
      .Case([&](arith::OrIOp) { return StandardCombiner{Kind::OR, intAttr(APInt(width, 0))}; })
      .Case([&](arith::XOrIOp) { return StandardCombiner{Kind::XOR, intAttr(APInt(width, 0))}; })
      .Default([](Operation *) { return std::nullopt; });
}

} // namespace mlir::nereid::cpu
