#include "RuntimeCalls.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/CPU/ProgramArguments.h"
#include "nereid/Support/Location.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::nereid::cpu {

func::FuncOp getOrDeclare(OpBuilder &builder, Operation *user, StringRef name,
                          ArrayRef<Type> inputs, ArrayRef<Type> results) {
  auto module = user->getParentOfType<ModuleOp>();
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  auto function = func::FuncOp::create(builder, user->getLoc(), name,
                                       builder.getFunctionType(inputs, results));
  function.setPrivate();
  return function;
}

Value getString(OpBuilder &builder, Operation *user, StringRef text) {
  auto module = user->getParentOfType<ModuleOp>();
  std::string name = "nereid_string_" + std::to_string(llvm::hash_value(text));
  auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
  if (!global) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    std::string bytes = text.str();
    bytes.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
    global = LLVM::GlobalOp::create(builder, user->getLoc(), type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    builder.getStringAttr(bytes));
  }
  return LLVM::AddressOfOp::create(builder, user->getLoc(), global);
}

Value i32Constant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(builder, loc, builder.getI32Type(), value);
}

Value i64Constant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), value);
}

SmallVector<Value> shapeArguments(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape) {
  SmallVector<Value> values{i32Constant(builder, loc, shape.size())};
  for (int64_t d = 0; d < kMaxReportedRank; ++d)
    values.push_back(i64Constant(builder, loc, d < int64_t(shape.size()) ? shape[d] : 1));
  return values;
}

SmallVector<Value> failureSiteArguments(OpBuilder &builder, Operation *op) {
  Location loc = op->getLoc();
  std::optional<FileLineColLoc> where = findFileLocation(loc);
  auto kernel =
      op->getParentOfType<func::FuncOp>()->getAttrOfType<StringAttr>(kKernelAttrName);
  SmallVector<Value> arguments{
      getString(builder, op, kernel ? kernel.getValue() : StringRef("<device function>")),
      getString(builder, op, where ? where->getFilename().getValue() : StringRef()),
      i32Constant(builder, loc, where ? where->getLine() : 0),
      i32Constant(builder, loc, where ? where->getColumn() : 0)};
  for (unsigned axis = 0; axis < 3; ++axis)
    arguments.push_back(getProgramArgument(op, kProgramIdX + axis));
  return arguments;
}

std::pair<Value, Value> findFirstFalse(OpBuilder &builder, Location loc, Value condition) {
  Type i64 = builder.getI64Type();
  Value zero = arith::ConstantOp::create(builder, loc, builder.getZeroAttr(condition.getType()));
  Value isFalse = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, condition, zero);
  auto type = dyn_cast<VectorType>(condition.getType());
  if (!type) {
    Value count = i64Constant(builder, loc, 1);
    return {arith::SelectOp::create(builder, loc, isFalse, i64Constant(builder, loc, 0), count),
            count};
  }
  int64_t elements = type.getNumElements();
  Value flat = vector::ShapeCastOp::create(
      builder, loc, VectorType::get(elements, builder.getI1Type()), isFalse);
  auto indexType = VectorType::get(elements, i64);
  SmallVector<int64_t> iota(elements);
  for (int64_t i = 0; i < elements; ++i)
    iota[i] = i;
  Value indices = arith::ConstantOp::create(
      builder, loc, DenseElementsAttr::get(indexType, ArrayRef<int64_t>(iota)));
  Value count = i64Constant(builder, loc, elements);
  Value none = vector::BroadcastOp::create(builder, loc, indexType, count);
  Value candidates = arith::SelectOp::create(builder, loc, flat, indices, none);
  return {vector::ReductionOp::create(builder, loc, vector::CombiningKind::MINSI, candidates),
          count};
}

} // namespace mlir::nereid::cpu
