// The standard combiners of tt.reduce and tt.scan (Combiner.h).

#include "nereid/Dialect/Triton/IR/Combiner.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

#include "llvm/ADT/TypeSwitch.h"

namespace mlir::nereid::tt {

std::optional<CombinerKind> matchStandardCombiner(Region &combiner) {
  if (!combiner.hasOneBlock())
    return std::nullopt;
  Block &body = combiner.front();
  if (body.getNumArguments() != 2 || !llvm::hasNItems(body.getOperations(), 2))
    return std::nullopt;
  Operation &op = body.front();
  Operation &terminator = body.back();
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      op.getOperand(0) != body.getArgument(0) || op.getOperand(1) != body.getArgument(1) ||
      terminator.getNumOperands() != 1 || terminator.getOperand(0) != op.getResult(0))
    return std::nullopt;
  using Kind = CombinerKind;
  return llvm::TypeSwitch<Operation *, std::optional<CombinerKind>>(&op)
      .Case([](arith::AddFOp) { return Kind::AddF; })
      .Case([](arith::MulFOp) { return Kind::MulF; })
      .Case([](arith::MaximumFOp) { return Kind::MaximumF; })
      .Case([](arith::MinimumFOp) { return Kind::MinimumF; })
      .Case([](arith::MaxNumFOp) { return Kind::MaxNumF; })
      .Case([](arith::MinNumFOp) { return Kind::MinNumF; })
      .Case([](arith::AddIOp) { return Kind::AddI; })
      .Case([](arith::MulIOp) { return Kind::MulI; })
      .Case([](arith::MaxSIOp) { return Kind::MaxSI; })
      .Case([](arith::MinSIOp) { return Kind::MinSI; })
      .Case([](arith::MaxUIOp) { return Kind::MaxUI; })
      .Case([](arith::MinUIOp) { return Kind::MinUI; })
      .Case([](arith::AndIOp) { return Kind::AndI; })
      .Case([](arith::OrIOp) { return Kind::OrI; })
      .Case([](arith::XOrIOp) { return Kind::XOrI; })
      .Default([](Operation *) { return std::nullopt; });
}

TypedAttr getNeutralElement(CombinerKind kind, Type element) {
  Builder b(element.getContext());
  if (auto floatType = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    switch (kind) {
    case CombinerKind::AddF:
      return b.getFloatAttr(element, -0.0);
    case CombinerKind::MulF:
      return b.getFloatAttr(element, 1.0);
    case CombinerKind::MaxNumF:
    case CombinerKind::MinNumF:
      return FloatAttr::get(element, APFloat::getNaN(semantics));
    case CombinerKind::MaximumF:
      return FloatAttr::get(element, APFloat::getInf(semantics, /*Negative=*/true));
    case CombinerKind::MinimumF:
      return FloatAttr::get(element, APFloat::getInf(semantics, /*Negative=*/false));
    default:
      break;
    }
  }
  unsigned width = element.getIntOrFloatBitWidth();
  auto value = [&]() -> APInt {
    switch (kind) {
    case CombinerKind::MulI:
      return APInt(width, 1);
    case CombinerKind::MaxSI:
      return APInt::getSignedMinValue(width);
    case CombinerKind::MinSI:
      return APInt::getSignedMaxValue(width);
    case CombinerKind::MinUI:
    case CombinerKind::AndI:
      return APInt::getAllOnes(width);
    default: // AddI, MaxUI, OrI, XOrI
      return APInt(width, 0);
    }
  };
  return b.getIntegerAttr(element, value());
}

bool isOrderIndependent(CombinerKind kind) {
  return kind != CombinerKind::AddF && kind != CombinerKind::MulF;
}

} // namespace mlir::nereid::tt
