// tt.print and tt.assert on one CPU core: calls of the CPU runtime (libnereid_cpu_runtime.so,
// runtime/include/nereid-cpu/KernelDebug.h), which prints each element as the interpreter does
// and records the first failed assertion of a launch for the Python driver to report.

#include "RuntimeCalls.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/CPU/ProgramArguments.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {
namespace {

/// The value kinds of nereid_cpu_print (NereidCpuValueKind).
enum ValueKind : int32_t {
  kInteger = 0,
  kFloat16 = 1,
  kBFloat16 = 2,
  kFloat32 = 3,
  kFloat64 = 4,
  kPointer = 5,
  kNone = 6,
};

/// The kind of an element type for nereid_cpu_print.
ValueKind getValueKind(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return kPointer;
  if (type.isF16())
    return kFloat16;
  if (type.isBF16())
    return kBFloat16;
  if (type.isF32())
    return kFloat32;
  if (type.isF64())
    return kFloat64;
  return kInteger;
}

/// The bits of a scalar as an i64, zero-extended.
Value toBits(OpBuilder &builder, Location loc, Value value) {
  Type type = value.getType();
  Type i64 = builder.getI64Type();
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::PtrToIntOp::create(builder, loc, i64, value);
  if (auto floatType = dyn_cast<FloatType>(type))
    value = arith::BitcastOp::create(builder, loc, builder.getIntegerType(floatType.getWidth()),
                                     value);
  if (value.getType().getIntOrFloatBitWidth() < 64)
    value = arith::ExtUIOp::create(builder, loc, i64, value);
  return value;
}

/// Runs `body(element, index)` for each element of `value` in row-major order (once, with
/// index 0, for a scalar).
void forEachElementOf(OpBuilder &builder, Location loc, Value value,
                      function_ref<void(OpBuilder &, Value element, Value index)> body) {
  auto type = dyn_cast<VectorType>(value.getType());
  if (!type) {
    body(builder, value, i64Constant(builder, loc, 0));
    return;
  }
  Value flat = vector::ShapeCastOp::create(
      builder, loc, VectorType::get(type.getNumElements(), type.getElementType()), value);
  Value lower = arith::ConstantIndexOp::create(builder, loc, 0);
  Value upper = arith::ConstantIndexOp::create(builder, loc, type.getNumElements());
  Value step = arith::ConstantIndexOp::create(builder, loc, 1);
  scf::ForOp::create(builder, loc, lower, upper, step, ValueRange{},
                     [&](OpBuilder &b, Location loc, Value i, ValueRange) {
                       Value element = vector::ExtractOp::create(b, loc, flat, OpFoldResult(i));
                       Value index = arith::IndexCastOp::create(b, loc, b.getI64Type(), i);
                       body(b, element, index);
                       scf::YieldOp::create(b, loc);
                     });
}

struct PrintOpConversion : OpConversionPattern<tt::PrintOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::PrintOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    Type ptr = LLVM::LLVMPointerType::get(context);
    SmallVector<Type> inputs{i32, i32, i32, ptr, i32, i32, i64, i64, i64, i64, i64,
                             i32, i32, i64, i32, i32};
    func::FuncOp print = getOrDeclare(rewriter, op, "nereid_cpu_print", inputs);
    SmallVector<Value> pid;
    for (unsigned axis = 0; axis < 3; ++axis)
      pid.push_back(getProgramArgument(op, kProgramIdX + axis));
    Value prefix = getString(rewriter, op, op.getPrefix());
    auto call = [&](OpBuilder &builder, int32_t operand, ArrayRef<int64_t> shape, Value index,
                    int32_t kind, int32_t bits, Value value, bool isSigned) {
      SmallVector<Value> arguments(pid);
      arguments.push_back(prefix);
      arguments.push_back(i32Constant(builder, loc, operand));
      llvm::append_range(arguments, shapeArguments(builder, loc, shape));
      arguments.push_back(index);
      arguments.push_back(i32Constant(builder, loc, kind));
      arguments.push_back(i32Constant(builder, loc, bits));
      arguments.push_back(value);
      arguments.push_back(i32Constant(builder, loc, isSigned));
      arguments.push_back(i32Constant(builder, loc, op.getHex()));
      func::CallOp::create(builder, loc, print, arguments);
    };
    if (adaptor.getArgs().empty()) {
      call(rewriter, -1, {}, i64Constant(rewriter, loc, 0), kNone, 0,
           i64Constant(rewriter, loc, 0), false);
      rewriter.eraseOp(op);
      return success();
    }
    for (auto [operand, value] : llvm::enumerate(adaptor.getArgs())) {
      auto type = dyn_cast<VectorType>(value.getType());
      ArrayRef<int64_t> shape = type ? type.getShape() : ArrayRef<int64_t>{};
      if (int64_t(shape.size()) > kMaxReportedRank)
        return replaceWithError(rewriter, op,
                                "the CPU backend prints tiles of at most 4 dimensions");
      Type element = getElementTypeOrSelf(value.getType());
      ValueKind kind = getValueKind(element);
      int32_t bits = kind == kPointer ? 64 : element.getIntOrFloatBitWidth();
      bool isSigned = operand < op.getIsSigned().size() && op.getIsSigned()[operand] != 0;
      int32_t operandIndex = adaptor.getArgs().size() > 1 ? int32_t(operand) : -1;
      forEachElementOf(rewriter, loc, value, [&](OpBuilder &builder, Value item, Value index) {
        call(builder, operandIndex, shape, index, kind, bits, toBits(builder, loc, item),
             isSigned);
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// tt.assert: the first element (row-major) that is zero, if any, is reported with the op's
/// source location.
struct AssertOpConversion : OpConversionPattern<tt::AssertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::AssertOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    Type ptr = LLVM::LLVMPointerType::get(context);
    Value condition = adaptor.getCondition();
    auto type = dyn_cast<VectorType>(condition.getType());
    ArrayRef<int64_t> shape = type ? type.getShape() : ArrayRef<int64_t>{};
    if (int64_t(shape.size()) > kMaxReportedRank)
      return replaceWithError(rewriter, op,
                              "the CPU backend asserts on tiles of at most 4 dimensions");

    auto [failing, count] = findFirstFalse(rewriter, loc, condition);
    Value failed =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, failing, count);

    auto branch = scf::IfOp::create(rewriter, loc, failed);
    OpBuilder builder = branch.getThenBodyBuilder();
    SmallVector<Type> inputs{ptr, ptr, ptr, i32, i32, i32, i32, i32, i32, i64, i64, i64, i64, i64};
    func::FuncOp report = getOrDeclare(builder, op, "nereid_cpu_assert_failed", inputs);
    SmallVector<Value> site = failureSiteArguments(builder, op);
    SmallVector<Value> arguments{site[0], getString(builder, op, op.getMessage())};
    llvm::append_range(arguments, ArrayRef<Value>(site).drop_front());
    llvm::append_range(arguments, shapeArguments(builder, loc, shape));
    arguments.push_back(failing);
    func::CallOp::create(builder, loc, report, arguments);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateDebugOpToVectorPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns, const CpuLoweringInfo &) {
  patterns.add<PrintOpConversion, AssertOpConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::nereid::cpu
