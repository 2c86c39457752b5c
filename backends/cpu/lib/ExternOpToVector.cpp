// tt.extern_elementwise on one CPU core: the libdevice symbols that kernels name
// (tl.extra.libdevice emits them for functions without a math-dialect op). Functions that the C
// math library has are called per element; sinpi, cospi and normcdf are computed in f64 as the
// interpreter defines them; anything else is an error that names the symbol.

#include "nereid/Support/Constants.h"
#include "VectorChunks.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/StringSet.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::nereid::cpu {
namespace {

/// The libdevice name of `symbol` without its prefix and type suffix: `__nv_lgammaf` ->
/// `lgamma`, as the interpreter reads it (interpreter/lib/Extern.cpp).
StringRef getFunctionName(StringRef symbol) {
  StringRef name = symbol;
  for (StringRef prefix : {"__nv_", "__ocml_"})
    name.consume_front(prefix);
  for (StringRef suffix : {"_f16", "_f32", "_f64"})
    name.consume_back(suffix);
  return name;
}

/// Whether `name`, or `name` without the trailing `f` of an f32 libdevice name, satisfies
/// `known`; returns the name that does.
std::optional<StringRef> findFunction(StringRef name, llvm::function_ref<bool(StringRef)> known) {
  if (known(name))
    return name;
  if (name.ends_with("f") && known(name.drop_back()))
    return name.drop_back();
  return std::nullopt;
}

/// The functions of the C math library that libdevice names, by their double-precision name.
bool isLibmFunction(StringRef name) {
  static const llvm::StringSet<> names{"lgamma", "tgamma", "j0",   "j1",
                                       "y0",     "y1",     "exp10", "logb",
                                       "hypot",  "nextafter", "fdim"};
  return names.contains(name);
}

/// The C library function `name` (`lgammaf` for f32) of `arity` operands of `type`, declared
/// in the module when it is not yet.
func::FuncOp getOrDeclareLibm(OpBuilder &builder, Operation *user, StringRef name, Type type,
                              unsigned arity) {
  auto module = user->getParentOfType<ModuleOp>();
  std::string symbol = (name + (type.isF32() ? "f" : "")).str();
  if (auto existing = module.lookupSymbol<func::FuncOp>(symbol))
    return existing;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  auto function = func::FuncOp::create(
      builder, user->getLoc(), symbol,
      builder.getFunctionType(SmallVector<Type>(arity, type), {type}));
  function.setPrivate();
  return function;
}

/// Calls `function` on each lane of the 1-D vectors `operands`, or once on scalars.
Value callPerElement(OpBuilder &builder, Location loc, func::FuncOp function,
                     ArrayRef<Value> operands) {
  auto vectorType = dyn_cast<VectorType>(operands.front().getType());
  if (!vectorType)
    return func::CallOp::create(builder, loc, function, operands).getResult(0);
  Value result = ub::PoisonOp::create(builder, loc, vectorType);
  for (int64_t lane = 0; lane < vectorType.getNumElements(); ++lane) {
    SmallVector<Value> scalars;
    for (Value operand : operands)
      scalars.push_back(vector::ExtractOp::create(builder, loc, operand, ArrayRef<int64_t>{lane}));
    Value value = func::CallOp::create(builder, loc, function, scalars).getResult(0);
    result = vector::InsertOp::create(builder, loc, value, result, ArrayRef<int64_t>{lane});
  }
  return result;
}

/// sinpi(x) = sin(pi x), cospi(x) = cos(pi x), normcdf(x) = erfc(-x / sqrt 2) / 2, computed in
/// f64 and rounded to the operand's type, as the interpreter computes them.
Value computeInF64(OpBuilder &builder, Location loc, StringRef name, Value operand) {
  Type type = operand.getType();
  Type wide = isa<VectorType>(type) ? Type(cast<VectorType>(type).clone(builder.getF64Type()))
                                    : Type(builder.getF64Type());
  Value x = type == wide ? operand : Value(arith::ExtFOp::create(builder, loc, wide, operand));
  Value result;
  if (name == "normcdf") {
    Value scaled = arith::MulFOp::create(builder, loc, x,
                                         createFloatConstant(builder, loc, wide, -llvm::numbers::sqrt2 / 2));
    result = arith::MulFOp::create(builder, loc, math::ErfcOp::create(builder, loc, scaled),
                                   createFloatConstant(builder, loc, wide, 0.5));
  } else {
    Value angle =
        arith::MulFOp::create(builder, loc, x, createFloatConstant(builder, loc, wide, llvm::numbers::pi));
    result = name == "sinpi" ? Value(math::SinOp::create(builder, loc, angle))
                             : Value(math::CosOp::create(builder, loc, angle));
  }
  return type == wide ? result : Value(arith::TruncFOp::create(builder, loc, type, result));
}

struct ExternElementwiseOpConversion : OpConversionPattern<tt::ExternElementwiseOp> {
  ExternElementwiseOpConversion(const TypeConverter &converter, MLIRContext *context,
                                int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(tt::ExternElementwiseOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto isKnown = [](StringRef candidate) {
      return isLibmFunction(candidate) || candidate == "sinpi" || candidate == "cospi" ||
             candidate == "normcdf";
    };
    StringRef name = findFunction(getFunctionName(op.getSymbol()), isKnown).value_or("");
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type element = getElementTypeOrSelf(resultType);
    bool isFloatOp = (element.isF32() || element.isF64()) &&
                     llvm::all_of(adaptor.getSrcs(), [&](Value source) {
                       return getElementTypeOrSelf(source.getType()) == element;
                     });
    bool inF64 = name == "sinpi" || name == "cospi" || name == "normcdf";
    if (!isFloatOp || (!isLibmFunction(name) && !inF64))
      return replaceWithError(rewriter, op,
                              "the CPU backend has no implementation of the external function '" +
                                  op.getSymbol() + "' (library '" + op.getLibname() + "')");
    auto compute = [&](OpBuilder &builder, ArrayRef<Value> operands) -> Value {
      if (inF64)
        return computeInF64(builder, loc, name, operands.front());
      func::FuncOp function =
          getOrDeclareLibm(builder, op, name, element, static_cast<unsigned>(operands.size()));
      return callPerElement(builder, loc, function, operands);
    };
    auto vectorType = dyn_cast<VectorType>(resultType);
    if (!vectorType) {
      rewriter.replaceOp(op, compute(rewriter, SmallVector<Value>(adaptor.getSrcs())));
      return success();
    }
    rewriter.replaceOp(op, buildByChunks(rewriter, loc, vectorType, adaptor.getSrcs(), chunkWidth,
                                         [&](OpBuilder &builder, ArrayRef<Value> chunks,
                                             int64_t) { return compute(builder, chunks); }));
    return success();
  }

  int64_t chunkWidth;
};

} // namespace

void populateExternOpToVectorPatterns(const TypeConverter &typeConverter,
                                      RewritePatternSet &patterns, const CpuLoweringInfo &info) {
  patterns.add<ExternElementwiseOpConversion>(typeConverter, patterns.getContext(),
                                              info.chunkWidth);
}

} // namespace mlir::nereid::cpu
