// tt.extern_elementwise: calls of external math libraries by symbol. The interpreter maps the
// libdevice and ocml names (`__nv_expf`, `__ocml_exp_f32`, ...) to host functions computed in
// f64 (or on 64-bit integers) and rounded to the result type. tt.elementwise_inline_asm holds
// target assembly, which the interpreter cannot run: it is an error, never a guess.

#include "Executor.h"
#include "Handlers.h"

#include "llvm/ADT/StringMap.h"

#include <cmath>
#include <functional>

namespace mlir::nereid::interpreter {
namespace {

/// A host implementation of one library function: on doubles (float functions, whose integer
/// operands are read as signed) or on 64-bit integer bits with the operands' width.
struct ExternFunction {
  unsigned arity;
  std::function<double(const double *)> onFloats;
  std::function<uint64_t(const uint64_t *, unsigned)> onIntegers;
};

uint64_t signExtend(uint64_t bits, unsigned width) {
  return width >= 64 ? bits : uint64_t(int64_t(bits << (64 - width)) >> (64 - width));
}

/// The high half of the product of two integers of `width` bits.
uint64_t mulHigh(uint64_t a, uint64_t b, unsigned width, bool isSigned) {
  if (isSigned) {
    __int128 product = __int128(int64_t(signExtend(a, width))) * int64_t(signExtend(b, width));
    return uint64_t(product >> width);
  }
  unsigned __int128 product = (unsigned __int128)a * b;
  return uint64_t(product >> width);
}

/// M. Giles' polynomial: erfinv(y) is about p(w) * y for w = -log((1 - y)(1 + y)).
double gilesPolynomial(double w) {
  double p;
  if (w < 5) {
    w -= 2.5;
    p = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
                     -0.00125372503, -0.00417768164, 0.246640727, 1.50140941})
      p = c + p * w;
  } else {
    w = std::sqrt(w) - 3;
    p = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
                     -0.0076224613, 0.00943887047, 1.00167406, 2.83297682})
      p = c + p * w;
  }
  return p;
}

/// Refines x toward f(x) = target by Newton steps, where f' = sign * 2/sqrt(pi) exp(-x^2).
template <typename F> double newton(F f, double sign, double target, double x) {
  for (int step = 0; step < 4; ++step) {
    double slope = sign * 2 / std::sqrt(M_PI) * std::exp(-x * x);
    if (slope == 0)
      break;
    x -= (f(x) - target) / slope;
  }
  return x;
}

double erfInverse(double y);

/// The x with erfc(x) = z, for z in [0, 2]. Near 1 it is erfinv(1 - z), where 1 - z is exact;
/// otherwise Newton steps on erfc itself, from an estimate computed from z so that tiny z keep
/// their precision.
double erfcInverse(double z) {
  if (std::isnan(z) || z < 0 || z > 2)
    return std::nan("");
  if (z == 0)
    return HUGE_VAL;
  if (z > 1.5)
    return -erfcInverse(2 - z);
  if (z >= 0.5)
    return erfInverse(1 - z);
  double estimate = gilesPolynomial(-std::log(z * (2 - z))) * (1 - z);
  return newton([](double x) { return std::erfc(x); }, -1, z, estimate);
}

/// The x with erf(x) = y, for y in [-1, 1]: Newton steps on erf for |y| <= 0.5, and erfcinv of
/// 1 - |y| (exact there) beyond.
double erfInverse(double y) {
  if (std::isnan(y) || y < -1 || y > 1)
    return std::nan("");
  if (std::fabs(y) > 0.5)
    return y > 0 ? erfcInverse(1 - y) : -erfcInverse(1 + y);
  double estimate = gilesPolynomial(-std::log((1 - y) * (1 + y))) * y;
  return newton([](double x) { return std::erf(x); }, 1, y, estimate);
}

const llvm::StringMap<ExternFunction> &getExternFunctions() {
  static const llvm::StringMap<ExternFunction> functions = [] {
    llvm::StringMap<ExternFunction> map;
    auto unary = [&](StringRef name, double (*f)(double)) {
      map[name] = {1, [f](const double *x) { return f(x[0]); }, nullptr};
    };
    auto binary = [&](StringRef name, double (*f)(double, double)) {
      map[name] = {2, [f](const double *x) { return f(x[0], x[1]); }, nullptr};
    };
    auto integer = [&](StringRef name, unsigned arity,
                       std::function<uint64_t(const uint64_t *, unsigned)> f) {
      map[name] = {arity, nullptr, std::move(f)};
    };
    for (auto [name, f] : std::initializer_list<std::pair<StringRef, double (*)(double)>>{
             {"exp", std::exp},       {"exp2", std::exp2},     {"expm1", std::expm1},
             {"log", std::log},       {"log2", std::log2},     {"log10", std::log10},
             {"log1p", std::log1p},   {"logb", std::logb},     {"sin", std::sin},
             {"cos", std::cos},       {"tan", std::tan},       {"asin", std::asin},
             {"acos", std::acos},     {"atan", std::atan},     {"sinh", std::sinh},
             {"cosh", std::cosh},     {"tanh", std::tanh},     {"asinh", std::asinh},
             {"acosh", std::acosh},   {"atanh", std::atanh},   {"sqrt", std::sqrt},
             {"cbrt", std::cbrt},     {"erf", std::erf},       {"erfc", std::erfc},
             {"lgamma", std::lgamma}, {"tgamma", std::tgamma}, {"floor", std::floor},
             {"ceil", std::ceil},     {"trunc", std::trunc},   {"round", std::round},
             {"fabs", std::fabs}})
      unary(name, f);
    unary("rint", [](double x) { return std::copysign(x - std::remainder(x, 1.0), x); });
    unary("nearbyint", [](double x) { return std::copysign(x - std::remainder(x, 1.0), x); });
    unary("exp10", [](double x) { return std::pow(10.0, x); });
    unary("erfinv", erfInverse);
    unary("erfcinv", erfcInverse);
    unary("normcdfinv", [](double p) { return 0 - M_SQRT2 * erfcInverse(2 * p); });
    unary("j0", [](double x) { return ::j0(x); });
    unary("j1", [](double x) { return ::j1(x); });
    unary("y0", [](double x) { return ::y0(x); });
    unary("y1", [](double x) { return ::y1(x); });
    unary("rsqrt", [](double x) { return 1.0 / std::sqrt(x); });
    unary("rcbrt", [](double x) { return 1.0 / std::cbrt(x); });
    unary("sinpi", [](double x) { return std::sin(M_PI * x); });
    unary("cospi", [](double x) { return std::cos(M_PI * x); });
    unary("normcdf", [](double x) { return 0.5 * std::erfc(-x / M_SQRT2); });
    unary("saturate", [](double x) { return x != x ? 0.0 : std::fmin(std::fmax(x, 0.0), 1.0); });
    unary("isnan", [](double x) { return double(std::isnan(x)); });
    unary("isinf", [](double x) { return double(std::isinf(x)); });
    unary("finite", [](double x) { return double(std::isfinite(x)); });
    unary("isfinite", [](double x) { return double(std::isfinite(x)); });
    unary("signbit", [](double x) { return double(std::signbit(x)); });
    for (auto [name, f] : std::initializer_list<std::pair<StringRef, double (*)(double, double)>>{
             {"pow", std::pow},
             {"atan2", std::atan2},
             {"fmod", std::fmod},
             {"remainder", std::remainder},
             {"hypot", std::hypot},
             {"fmin", std::fmin},
             {"fmax", std::fmax},
             {"copysign", std::copysign},
             {"fdim", std::fdim},
             {"nextafter", std::nextafter},
             {"powi", std::pow}})
      binary(name, f);
    map["fma"] = {3, [](const double *x) { return std::fma(x[0], x[1], x[2]); }, nullptr};

    auto absolute = [](const uint64_t *x, unsigned w) {
      int64_t v = int64_t(signExtend(x[0], w));
      return v < 0 ? uint64_t(0) - x[0] : x[0];
    };
    auto signedMin = [](const uint64_t *x, unsigned w) {
      return int64_t(signExtend(x[0], w)) <= int64_t(signExtend(x[1], w)) ? x[0] : x[1];
    };
    auto signedMax = [](const uint64_t *x, unsigned w) {
      return int64_t(signExtend(x[0], w)) >= int64_t(signExtend(x[1], w)) ? x[0] : x[1];
    };
    auto unsignedMin = [](const uint64_t *x, unsigned) { return std::min(x[0], x[1]); };
    auto unsignedMax = [](const uint64_t *x, unsigned) { return std::max(x[0], x[1]); };
    auto popCount = [](const uint64_t *x, unsigned) {
      return uint64_t(__builtin_popcountll(x[0]));
    };
    auto leadingZeros = [](const uint64_t *x, unsigned w) {
      return x[0] == 0 ? uint64_t(w) : uint64_t(__builtin_clzll(x[0])) - (64 - w);
    };
    auto bitReverse = [](const uint64_t *x, unsigned w) {
      uint64_t reversed = 0;
      for (unsigned i = 0; i < w; ++i)
        reversed |= ((x[0] >> i) & 1) << (w - 1 - i);
      return reversed;
    };
    auto mulHi = [](const uint64_t *x, unsigned w) { return mulHigh(x[0], x[1], w, true); };
    auto umulHi = [](const uint64_t *x, unsigned w) { return mulHigh(x[0], x[1], w, false); };
    for (StringRef name : {"abs", "llabs"})
      integer(name, 1, absolute);
    for (StringRef name : {"min", "llmin"})
      integer(name, 2, signedMin);
    for (StringRef name : {"max", "llmax"})
      integer(name, 2, signedMax);
    for (StringRef name : {"umin", "ullmin"})
      integer(name, 2, unsignedMin);
    for (StringRef name : {"umax", "ullmax"})
      integer(name, 2, unsignedMax);
    for (StringRef name : {"popc", "popcll"})
      integer(name, 1, popCount);
    for (StringRef name : {"clz", "clzll"})
      integer(name, 1, leadingZeros);
    for (StringRef name : {"brev", "brevll"})
      integer(name, 1, bitReverse);
    for (StringRef name : {"mulhi", "mul64hi"})
      integer(name, 2, mulHi);
    for (StringRef name : {"umulhi", "umul64hi"})
      integer(name, 2, umulHi);
    return map;
  }();
  return functions;
}

/// The host function for a library symbol: the prefix (`__nv_`, `__ocml_`) and the type suffix
/// (`_f32`, or a trailing `f` of an f32 libdevice name) are dropped.
const ExternFunction *lookupExtern(StringRef symbol) {
  const llvm::StringMap<ExternFunction> &functions = getExternFunctions();
  StringRef name = symbol;
  for (StringRef prefix : {"__nv_", "__ocml_"})
    name.consume_front(prefix);
  for (StringRef suffix : {"_f16", "_f32", "_f64"})
    name.consume_back(suffix);
  auto it = functions.find(name);
  if (it == functions.end() && name.ends_with("f"))
    it = functions.find(name.drop_back());
  return it == functions.end() ? nullptr : &it->second;
}

LogicalResult executeExternElementwise(Operation *op, Frame &frame) {
  auto call = cast<tt::ExternElementwiseOp>(op);
  const ExternFunction *function = lookupExtern(call.getSymbol());
  if (!function)
    return frame.fail(op, "unknown external function",
                      "the interpreter has no implementation of '" + call.getSymbol() +
                          "' (library '" + call.getLibname() + "')");
  if (function->arity != call.getSrcs().size())
    return frame.fail(op, "wrong call of an external function",
                      "'" + call.getSymbol() + "' takes " + Twine(function->arity) +
                          " operands; got " + Twine(call.getSrcs().size()));
  SmallVector<const Tensor *, 3> operands;
  for (Value source : call.getSrcs())
    operands.push_back(&frame.get(source));
  ElementKind resultKind = kindOf(call.getResult());
  bool onIntegers = bool(function->onIntegers);
  if (onIntegers &&
      (!isIntegerKind(resultKind) || llvm::any_of(operands, [](const Tensor *operand) {
        return !isIntegerKind(operand->kind());
      })))
    return frame.fail(op, "wrong call of an external function",
                      "'" + call.getSymbol() + "' takes and returns integers");
  auto isNumber = [](ElementKind kind) { return isIntegerKind(kind) || isFloatKind(kind); };
  if (!isNumber(resultKind) ||
      llvm::any_of(operands, [&](const Tensor *operand) { return !isNumber(operand->kind()); }))
    return frame.fail(op, "wrong call of an external function",
                      "'" + call.getSymbol() + "' takes and returns numbers");

  Tensor result = Tensor::zeros(resultKind, operands.front()->shape());
  for (int64_t i = 0, e = result.numElements(); i < e; ++i) {
    if (onIntegers) {
      uint64_t arguments[3] = {0, 0, 0};
      for (size_t k = 0; k < operands.size(); ++k)
        arguments[k] = operands[k]->getBits(i);
      result.setBits(i, function->onIntegers(arguments, getIntegerWidth(operands[0]->kind())));
      continue;
    }
    double arguments[3] = {0, 0, 0};
    for (size_t k = 0; k < operands.size(); ++k)
      arguments[k] = isIntegerKind(operands[k]->kind()) ? double(operands[k]->getSigned(i))
                                                        : operands[k]->getFloat(i);
    double value = function->onFloats(arguments);
    if (isIntegerKind(resultKind))
      result.setBits(i, std::isfinite(value) ? uint64_t(int64_t(value)) : 0);
    else
      result.setFloat(i, value);
  }
  frame.set(call.getResult(), std::move(result));
  return success();
}

LogicalResult executeInlineAsm(Operation *op, Frame &frame) {
  auto inlineAsm = cast<tt::ElementwiseInlineAsmOp>(op);
  return frame.fail(op, "unsupported op",
                    "tt.elementwise_inline_asm holds target assembly (\"" +
                        inlineAsm.getAsmString() + "\"), which the interpreter cannot run");
}

} // namespace

void registerExternHandlers(HandlerTable &table) {
  table.add<tt::ExternElementwiseOp>(executeExternElementwise);
  table.add<tt::ElementwiseInlineAsmOp>(executeInlineAsm);
}

} // namespace mlir::nereid::interpreter
