// Program identity and value creation: tt.get_program_id, tt.get_num_programs, tt.make_range,
// tt.splat and arith.constant.

#include "Constants.h"
#include "Executor.h"
#include "Handlers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::nereid::interpreter {

FailureOr<Tensor> materializeConstant(TypedAttr value) {
  std::optional<ElementKind> kind = getElementKindOf(value.getType());
  if (!kind || (!isIntegerKind(*kind) && !isFloatKind(*kind)))
    return failure();
  auto bitsOf = [](Attribute element) -> std::optional<uint64_t> {
    if (auto integer = dyn_cast<IntegerAttr>(element))
      return integer.getValue().getZExtValue();
    if (auto floating = dyn_cast<FloatAttr>(element))
      return floating.getValue().bitcastToAPInt().getZExtValue();
    return std::nullopt;
  };
  if (auto scalar = bitsOf(value)) {
    Tensor tensor = Tensor::zeros(*kind, {});
    tensor.setBits(0, *scalar);
    return tensor;
  }
  auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value);
  if (!dense)
    return failure();
  Tensor tensor = Tensor::zeros(*kind, dense.getType().getShape());
  if (dense.isSplat()) {
    uint64_t bits = isFloatKind(*kind)
                        ? dense.getSplatValue<APFloat>().bitcastToAPInt().getZExtValue()
                        : dense.getSplatValue<APInt>().getZExtValue();
    for (int64_t i = 0, e = tensor.numElements(); i < e; ++i)
      tensor.setBits(i, bits);
    return tensor;
  }
  int64_t i = 0;
  if (isFloatKind(*kind)) {
    for (const APFloat &element : dense.getValues<APFloat>())
      tensor.setBits(i++, element.bitcastToAPInt().getZExtValue());
  } else {
    for (const APInt &element : dense.getValues<APInt>())
      tensor.setBits(i++, element.getZExtValue());
  }
  return tensor;
}

namespace {

Tensor scalarI32(uint32_t value) {
  Tensor tensor = Tensor::zeros(ElementKind::I32, {});
  tensor.mutableData<uint32_t>()[0] = value;
  return tensor;
}

LogicalResult executeGetProgramId(Operation *op, Frame &frame) {
  auto getId = cast<tt::GetProgramIdOp>(op);
  frame.set(getId.getResult(),
            scalarI32(frame.state.programId[static_cast<unsigned>(getId.getAxis())]));
  return success();
}

LogicalResult executeGetNumPrograms(Operation *op, Frame &frame) {
  auto getNum = cast<tt::GetNumProgramsOp>(op);
  frame.set(getNum.getResult(),
            scalarI32(frame.state.launch.grid[static_cast<unsigned>(getNum.getAxis())]));
  return success();
}

LogicalResult executeMakeRange(Operation *op, Frame &frame) {
  auto range = cast<tt::MakeRangeOp>(op);
  Tensor result = Tensor::uninitialized(ElementKind::I32, range.getType().getShape());
  int32_t *out = result.mutableData<int32_t>();
  int32_t start = int32_t(range.getStart());
  for (int64_t i = 0, e = result.numElements(); i < e; ++i)
    out[i] = start + int32_t(i);
  frame.set(range.getResult(), std::move(result));
  return success();
}

LogicalResult executeSplat(Operation *op, Frame &frame) {
  auto splat = cast<tt::SplatOp>(op);
  frame.set(splat.getResult(),
            Tensor::splat(frame.get(splat.getSrc()), splat.getType().getShape()));
  return success();
}

LogicalResult executeConstant(Operation *op, Frame &frame) {
  auto constant = cast<arith::ConstantOp>(op);
  auto it = frame.state.launch.constants.find(op);
  if (it == frame.state.launch.constants.end())
    return frame.fail(op, "unsupported constant",
                      "arith.constant has a value the interpreter "
                      "cannot read");
  frame.set(constant.getResult(), it->second);
  return success();
}

} // namespace

void registerProgramHandlers(HandlerTable &table) {
  table.add<tt::GetProgramIdOp>(executeGetProgramId);
  table.add<tt::GetNumProgramsOp>(executeGetNumPrograms);
  table.add<tt::MakeRangeOp>(executeMakeRange);
  table.add<tt::SplatOp>(executeSplat);
  table.add<arith::ConstantOp>(executeConstant);
}

} // namespace mlir::nereid::interpreter
