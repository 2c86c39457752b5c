// The AxisInfo rules, one per op family: a result's lattice value from its operands'. They
// follow Triton's lib/Analysis/AxisInfo.cpp, with two tightenings: where a result's runs are
// shorter than an operand's, the operand's divisibility is reduced to what holds at the result's
// run starts (see `divisibilityAtRunStarts`), and signed division and remainder keep runs only on
// non-negative dividends.

#include "nereid/Analysis/AxisInfo.h"

#include "AxisInfoInternal.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

namespace mlir::nereid {

using DimVector = AxisInfo::DimVector;
using namespace detail;

//===----------------------------------------------------------------------------------------===//
// Helpers of the rules
//===----------------------------------------------------------------------------------------===//

namespace {

/// A product of divisibilities, capped.
int64_t multiplyDivisibility(int64_t lhs, int64_t rhs) {
  if (lhs >= AxisInfo::kMaxDivisibility / rhs)
    return AxisInfo::kMaxDivisibility;
  return lhs * rhs;
}

/// The divisibility that holds of every element along `dim`, not only of the run starts.
int64_t elementDivisibility(const AxisInfo &info, unsigned dim) {
  return info.getContiguity(dim) > 1 ? 1 : info.getDivisibility(dim);
}

/// The divisibility of `info`'s elements at the starts of a result's runs of `runLength`
/// (aligned blocks): the run starts of `info` itself when the runs coincide, every element when
/// `info` has no runs, and otherwise run starts plus multiples of `runLength`.
int64_t divisibilityAtRunStarts(const AxisInfo &info, unsigned dim, int64_t runLength) {
  int64_t contiguity = info.getContiguity(dim);
  if (contiguity == 1 || contiguity == runLength)
    return info.getDivisibility(dim);
  return std::gcd(info.getDivisibility(dim), highestPowerOf2Divisor(runLength));
}

bool isContiguousDim(const AxisInfo &info, const DimVector &shape, unsigned dim) {
  return info.getContiguity(dim) == shape[dim];
}

bool isConstantDim(const AxisInfo &info, const DimVector &shape, unsigned dim) {
  return info.getConstancy(dim) == shape[dim];
}

bool isConstant(const AxisInfo *info, int64_t value) {
  return info && info->getConstantValue() == value;
}

/// Wraps `value` to a signed integer of `bitWidth` bits.
int64_t wrap(int64_t value, unsigned bitWidth) {
  if (bitWidth == 0 || bitWidth >= 64)
    return value;
  if (bitWidth == 1)
    return value & 1;
  return llvm::SignExtend64(static_cast<uint64_t>(value), bitWidth);
}

uint64_t asUnsigned(int64_t value, unsigned bitWidth) {
  if (bitWidth == 0 || bitWidth >= 64)
    return static_cast<uint64_t>(value);
  return static_cast<uint64_t>(value) & llvm::maskTrailingOnes<uint64_t>(bitWidth);
}

unsigned bitWidthOf(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (auto integer = dyn_cast<IntegerType>(element))
    return integer.getWidth();
  return 64;
}

/// The constant that a binary integer op yields on constant operands, when it is defined.
std::optional<int64_t> foldBinary(Operation *op, int64_t lhs, int64_t rhs) {
  unsigned width = bitWidthOf(op->getResult(0).getType());
  uint64_t ulhs = asUnsigned(lhs, width), urhs = asUnsigned(rhs, width);
  std::optional<int64_t> result =
      llvm::TypeSwitch<Operation *, std::optional<int64_t>>(op)
          .Case([&](arith::AddIOp) { return lhs + rhs; })
          .Case([&](arith::SubIOp) { return lhs - rhs; })
          .Case([&](arith::MulIOp) { return lhs * rhs; })
          .Case([&](arith::DivSIOp) -> std::optional<int64_t> {
            if (rhs == 0 || (rhs == -1 && lhs == INT64_MIN))
              return std::nullopt;
            return lhs / rhs;
          })
          .Case([&](arith::DivUIOp) -> std::optional<int64_t> {
            if (urhs == 0)
              return std::nullopt;
            return static_cast<int64_t>(ulhs / urhs);
          })
          .Case([&](arith::RemSIOp) -> std::optional<int64_t> {
            if (rhs == 0 || rhs == -1)
              return rhs == -1 ? std::optional<int64_t>(0) : std::nullopt;
            return lhs % rhs;
          })
          .Case([&](arith::RemUIOp) -> std::optional<int64_t> {
            if (urhs == 0)
              return std::nullopt;
            return static_cast<int64_t>(ulhs % urhs);
          })
          .Case([&](arith::MaxSIOp) { return std::max(lhs, rhs); })
          .Case([&](arith::MinSIOp) { return std::min(lhs, rhs); })
          .Case([&](arith::MaxUIOp) { return static_cast<int64_t>(std::max(ulhs, urhs)); })
          .Case([&](arith::MinUIOp) { return static_cast<int64_t>(std::min(ulhs, urhs)); })
          .Case([&](arith::AndIOp) { return lhs & rhs; })
          .Case([&](arith::OrIOp) { return lhs | rhs; })
          .Case([&](arith::XOrIOp) { return lhs ^ rhs; })
          .Case([&](arith::ShLIOp) -> std::optional<int64_t> {
            if (urhs >= width)
              return std::nullopt;
            return static_cast<int64_t>(ulhs << urhs);
          })
          .Case([&](arith::ShRSIOp) -> std::optional<int64_t> {
            if (urhs >= width)
              return std::nullopt;
            return lhs >> urhs;
          })
          .Case([&](arith::ShRUIOp) -> std::optional<int64_t> {
            if (urhs >= width)
              return std::nullopt;
            return static_cast<int64_t>(ulhs >> urhs);
          })
          .Default([](Operation *) { return std::nullopt; });
  if (!result)
    return std::nullopt;
  return wrap(*result, width);
}

std::optional<bool> foldCompare(arith::CmpIPredicate predicate, int64_t lhs, int64_t rhs,
                                unsigned width) {
  uint64_t ulhs = asUnsigned(lhs, width), urhs = asUnsigned(rhs, width);
  switch (predicate) {
  case arith::CmpIPredicate::eq:
    return lhs == rhs;
  case arith::CmpIPredicate::ne:
    return lhs != rhs;
  case arith::CmpIPredicate::slt:
    return lhs < rhs;
  case arith::CmpIPredicate::sle:
    return lhs <= rhs;
  case arith::CmpIPredicate::sgt:
    return lhs > rhs;
  case arith::CmpIPredicate::sge:
    return lhs >= rhs;
  case arith::CmpIPredicate::ult:
    return ulhs < urhs;
  case arith::CmpIPredicate::ule:
    return ulhs <= urhs;
  case arith::CmpIPredicate::ugt:
    return ulhs > urhs;
  case arith::CmpIPredicate::uge:
    return ulhs >= urhs;
  }
  return std::nullopt;
}

} // namespace

//===----------------------------------------------------------------------------------------===//
// The rules, one per op family
//===----------------------------------------------------------------------------------------===//

namespace {

std::optional<AxisInfo> visitConstant(arith::ConstantOp op) {
  DimVector shape = shapeOf(op.getType());
  auto valueOf = [&](const APInt &value) {
    return value.getBitWidth() == 1 ? static_cast<int64_t>(value.getZExtValue())
                                    : value.getSExtValue();
  };
  if (auto integer = dyn_cast<IntegerAttr>(op.getValue()))
    return constantInfo(shape, valueOf(integer.getValue()));
  if (auto dense = dyn_cast<DenseIntElementsAttr>(op.getValue()))
    if (dense.isSplat())
      return constantInfo(shape, valueOf(dense.getSplatValue<APInt>()));
  return std::nullopt;
}

std::optional<AxisInfo> visitMakeRange(tt::MakeRangeOp op) {
  // I32Attr reads back unsigned; the bounds are signed.
  int64_t start = static_cast<int32_t>(op.getStart());
  int64_t end = static_cast<int32_t>(op.getEnd());
  return AxisInfo({end - start}, {highestPowerOf2Divisor(start)}, {1});
}

std::optional<AxisInfo> visitSplat(tt::SplatOp op, const AxisInfo &src) {
  DimVector shape = shapeOf(op.getType());
  return AxisInfo(DimVector(shape.size(), 1), DimVector(shape.size(), src.getDivisibility(0)),
                  shape, src.getConstantValue());
}

std::optional<AxisInfo> visitBroadcast(tt::BroadcastOp op, const AxisInfo &src) {
  DimVector srcShape = shapeOf(op.getSrc().getType()), shape = shapeOf(op.getType());
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < shape.size(); ++d) {
    bool stretched = srcShape[d] == 1 && shape[d] != 1;
    contiguity.push_back(stretched ? 1 : src.getContiguity(d));
    divisibility.push_back(src.getDivisibility(d));
    constancy.push_back(stretched ? shape[d] : src.getConstancy(d));
  }
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

std::optional<AxisInfo> visitExpandDims(tt::ExpandDimsOp op, const AxisInfo &src) {
  // The new dimension has size 1: every element is its own run, and its divisibility is what
  // holds of every element of the source.
  int64_t divisibility = AxisInfo::kMaxDivisibility;
  if (src.getConstantValue())
    divisibility = highestPowerOf2Divisor(*src.getConstantValue());
  else
    for (unsigned d = 0; d < src.getRank(); ++d)
      divisibility = std::gcd(divisibility, elementDivisibility(src, d));
  DimVector contiguity = src.getContiguity(), divisibilities = src.getDivisibility(),
            constancy = src.getConstancy();
  unsigned axis = op.getAxis();
  contiguity.insert(contiguity.begin() + axis, 1);
  divisibilities.insert(divisibilities.begin() + axis, divisibility);
  constancy.insert(constancy.begin() + axis, 1);
  return AxisInfo(contiguity, divisibilities, constancy, src.getConstantValue());
}

std::optional<AxisInfo> visitTrans(tt::TransOp op, const AxisInfo &src) {
  DimVector contiguity, divisibility, constancy;
  for (int32_t d : op.getOrder()) {
    contiguity.push_back(src.getContiguity(d));
    divisibility.push_back(src.getDivisibility(d));
    constancy.push_back(src.getConstancy(d));
  }
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

/// maxsi, maxui, minsi, minui: each element is one of the two operands', so only what holds of
/// every element of both survives; runs of consecutive values may switch sides midway.
std::optional<AxisInfo> visitMinMax(const AxisInfo &lhs, const AxisInfo &rhs) {
  DimVector contiguity(lhs.getRank(), 1), divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    divisibility.push_back(std::gcd(elementDivisibility(lhs, d), elementDivisibility(rhs, d)));
    constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

/// addi, subi and addptr (an add of the offset scaled by the element size in bytes).
std::optional<AxisInfo> visitAdd(const AxisInfo &lhs, const AxisInfo &rhs, bool isSub,
                                 int64_t rhsScale) {
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    // Contiguity means increasing by one: a contiguous right-hand side of a subtraction
    // decreases.
    int64_t runs = std::gcd(lhs.getContiguity(d), rhs.getConstancy(d));
    if (!isSub)
      runs = std::max(runs, std::gcd(lhs.getConstancy(d), rhs.getContiguity(d)));
    contiguity.push_back(runs);
    divisibility.push_back(
        std::gcd(divisibilityAtRunStarts(lhs, d, runs),
                 multiplyDivisibility(divisibilityAtRunStarts(rhs, d, runs), rhsScale)));
    constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

std::optional<AxisInfo> visitMul(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (isConstant(&rhs, 1))
    return lhs;
  if (isConstant(&lhs, 1))
    return rhs;
  DimVector contiguity(lhs.getRank(), 1), divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    divisibility.push_back(
        multiplyDivisibility(elementDivisibility(lhs, d), elementDivisibility(rhs, d)));
    constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

/// divsi, divui, and right shifts by a constant (`shift`, a division by 2^shift).
std::optional<AxisInfo> visitDiv(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs,
                                 std::optional<int64_t> shift) {
  if (shift ? *shift == 0 : isConstant(&rhs, 1))
    return lhs;
  if (isConstant(&lhs, 0))
    return lhs;
  DimVector shape = shapeOf(op->getResult(0).getType());
  DimVector contiguity(lhs.getRank(), 1), divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t runs = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    // A run of consecutive values starting at a multiple of D, divided by a multiple of D,
    // is constant over aligned blocks of D.
    int64_t divisor =
        shift ? (int64_t(1) << std::min<int64_t>(*shift, 30)) : rhs.getDivisibility(d);
    // Signed division rounds toward zero, which breaks the blocks of a negative dividend.
    bool signedRounding = isa<arith::DivSIOp>(op) && !lhs.isNonNegative();
    if (!signedRounding && isContiguousDim(lhs, shape, d) &&
        (shift || isConstantDim(rhs, shape, d)))
      runs =
          std::max(runs, std::gcd(lhs.getContiguity(d), std::gcd(lhs.getDivisibility(d), divisor)));
    constancy.push_back(runs);
    divisibility.push_back(shift ? std::max<int64_t>(1, elementDivisibility(lhs, d) >> *shift) : 1);
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

std::optional<AxisInfo> visitRem(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs) {
  DimVector shape = shapeOf(op->getResult(0).getType());
  if (isConstant(&rhs, 1))
    return constantInfo(shape, 0);
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t runs = 1;
    // A signed remainder of a negative dividend counts down from 0 to -(rhs - 1) and back.
    bool signedRounding = isa<arith::RemSIOp>(op) && !lhs.isNonNegative();
    if (!signedRounding && isContiguousDim(lhs, shape, d) && isConstantDim(rhs, shape, d))
      runs =
          std::gcd(lhs.getContiguity(d), std::gcd(lhs.getDivisibility(d), rhs.getDivisibility(d)));
    contiguity.push_back(runs);
    // lhs - q * rhs: divisible by what divides both.
    divisibility.push_back(
        std::gcd(divisibilityAtRunStarts(lhs, d, runs), elementDivisibility(rhs, d)));
    constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

/// andi, ori, xori: no runs survive but those of equal values.
std::optional<AxisInfo> visitBitwise(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs) {
  DimVector contiguity(lhs.getRank(), 1), divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t l = elementDivisibility(lhs, d), r = elementDivisibility(rhs, d);
    // x & y keeps the trailing zeros of both; | and ^ those common to both.
    divisibility.push_back(isa<arith::AndIOp>(op) ? std::max(l, r) : std::min(l, r));
    constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

std::optional<AxisInfo> visitShiftLeft(const AxisInfo &lhs, const AxisInfo &rhs) {
  std::optional<int64_t> shift = rhs.getConstantValue();
  if (shift == 0)
    return lhs;
  DimVector contiguity(lhs.getRank(), 1), divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t scale = shift && *shift >= 0 ? (int64_t(1) << std::min<int64_t>(*shift, 30)) : 1;
    divisibility.push_back(multiplyDivisibility(elementDivisibility(lhs, d), scale));
    constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

std::optional<AxisInfo> visitShiftRight(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs) {
  std::optional<int64_t> shift = rhs.getConstantValue();
  // A shift by the width or more is poison: nothing to say about it (and no shift of an int64_t
  // to compute, which would be undefined).
  if (shift && *shift >= 0 && *shift < 64)
    return visitDiv(op, lhs, rhs, shift);
  DimVector ones(lhs.getRank(), 1), constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d)
    constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  return AxisInfo(ones, ones, constancy);
}

std::optional<AxisInfo> visitCompare(arith::CmpIOp op, const AxisInfo &lhs, const AxisInfo &rhs) {
  DimVector shape = shapeOf(op.getType());
  if (lhs.getConstantValue() && rhs.getConstantValue())
    if (std::optional<bool> value =
            foldCompare(op.getPredicate(), *lhs.getConstantValue(), *rhs.getConstantValue(),
                        bitWidthOf(op.getLhs().getType())))
      return constantInfo(shape, *value);
  using P = arith::CmpIPredicate;
  P predicate = op.getPredicate();
  bool greaterOrLessEqual = llvm::is_contained({P::sgt, P::ugt, P::sle, P::ule}, predicate);
  bool lessOrGreaterEqual = llvm::is_contained({P::slt, P::ult, P::sge, P::uge}, predicate);
  DimVector ones(lhs.getRank(), 1), constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    int64_t runs = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    int64_t divisor = std::gcd(lhs.getDivisibility(d), rhs.getDivisibility(d));
    // A constant multiple of D compared with a run of consecutive values that starts at a
    // multiple of D: the answer is the same over aligned blocks of D.
    if (greaterOrLessEqual && isConstantDim(lhs, shape, d))
      runs = std::max(runs, std::gcd(rhs.getContiguity(d), divisor));
    else if (lessOrGreaterEqual && isConstantDim(rhs, shape, d))
      runs = std::max(runs, std::gcd(lhs.getContiguity(d), divisor));
    constancy.push_back(runs);
  }
  return AxisInfo(ones, ones, constancy);
}

std::optional<AxisInfo> visitSelect(arith::SelectOp op, const AxisInfo &condition,
                                    const AxisInfo &trueInfo, const AxisInfo &falseInfo) {
  if (std::optional<int64_t> value = condition.getConstantValue())
    return *value ? trueInfo : falseInfo;
  DimVector shape = shapeOf(op.getType());
  bool scalarCondition = !isa<ShapedType>(op.getCondition().getType());
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < trueInfo.getRank(); ++d) {
    int64_t conditionRuns = scalarCondition ? shape[d] : condition.getConstancy(d);
    int64_t runs =
        std::gcd(std::gcd(trueInfo.getContiguity(d), falseInfo.getContiguity(d)), conditionRuns);
    contiguity.push_back(runs);
    divisibility.push_back(std::gcd(divisibilityAtRunStarts(trueInfo, d, runs),
                                    divisibilityAtRunStarts(falseInfo, d, runs)));
    constancy.push_back(
        std::gcd(std::gcd(trueInfo.getConstancy(d), falseInfo.getConstancy(d)), conditionRuns));
  }
  std::optional<int64_t> constant;
  if (trueInfo.getConstantValue() == falseInfo.getConstantValue())
    constant = trueInfo.getConstantValue();
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

} // namespace

/// Whether every element of `op`'s result is at least 0, from the operands'.
static bool isNonNegativeResult(Operation *op, ArrayRef<const AxisInfo *> operands) {
  auto nonNegative = [&](unsigned i) {
    return i < operands.size() && operands[i] && operands[i]->isNonNegative();
  };
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([](tt::MakeRangeOp op) { return static_cast<int32_t>(op.getStart()) >= 0; })
      .Case<tt::GetProgramIdOp, tt::GetNumProgramsOp, arith::ExtUIOp>(
          [](Operation *) { return true; })
      .Case<tt::SplatOp, tt::BroadcastOp, tt::ExpandDimsOp, tt::TransOp, ttg::ConvertLayoutOp,
            arith::ExtSIOp, arith::IndexCastOp, arith::RemSIOp, arith::RemUIOp, arith::DivUIOp,
            arith::ShRSIOp, arith::ShRUIOp>([&](Operation *) { return nonNegative(0); })
      .Case<arith::AddIOp, arith::MulIOp, arith::DivSIOp, arith::MinSIOp, arith::OrIOp,
            arith::XOrIOp, arith::ShLIOp>(
          [&](Operation *) { return nonNegative(0) && nonNegative(1); })
      .Case<arith::AndIOp, arith::MaxSIOp>(
          [&](Operation *) { return nonNegative(0) || nonNegative(1); })
      .Case([&](arith::SelectOp) { return nonNegative(1) && nonNegative(2); })
      .Default([](Operation *) { return false; });
}

static std::optional<AxisInfo> computeAxisInfoOfOp(Operation *op, unsigned resultIndex,
                                                   ArrayRef<const AxisInfo *> operands);

std::optional<AxisInfo> computeAxisInfo(Operation *op, unsigned resultIndex,
                                        ArrayRef<const AxisInfo *> operands) {
  std::optional<AxisInfo> info = computeAxisInfoOfOp(op, resultIndex, operands);
  if (info)
    info->setNonNegative(info->getConstantValue() ? *info->getConstantValue() >= 0
                                                  : isNonNegativeResult(op, operands));
  return info;
}

static std::optional<AxisInfo> computeAxisInfoOfOp(Operation *op, unsigned resultIndex,
                                                   ArrayRef<const AxisInfo *> operands) {
  if (!isTracked(op->getResult(resultIndex).getType()))
    return std::nullopt;
  auto operand = [&](unsigned i) -> const AxisInfo * {
    return i < operands.size() ? operands[i] : nullptr;
  };
  const AxisInfo *lhs = operand(0), *rhs = operand(1);
  // Binary integer ops on two constants give a constant.
  if (op->getNumOperands() == 2 && lhs && rhs && lhs->getConstantValue() && rhs->getConstantValue())
    if (std::optional<int64_t> value =
            foldBinary(op, *lhs->getConstantValue(), *rhs->getConstantValue()))
      return constantInfo(shapeOf(op->getResult(0).getType()), *value);
  return llvm::TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
      .Case([](arith::ConstantOp op) { return visitConstant(op); })
      .Case([](tt::MakeRangeOp op) { return visitMakeRange(op); })
      .Case<tt::GetProgramIdOp, tt::GetNumProgramsOp>(
          [](Operation *) { return AxisInfo::getPessimistic(1); })
      .Case([&](tt::SplatOp op) -> std::optional<AxisInfo> {
        if (!lhs)
          return std::nullopt;
        return visitSplat(op, *lhs);
      })
      .Case([&](tt::BroadcastOp op) { return visitBroadcast(op, *lhs); })
      .Case([&](tt::ExpandDimsOp op) { return visitExpandDims(op, *lhs); })
      .Case([&](tt::TransOp op) { return visitTrans(op, *lhs); })
      .Case<arith::MaxSIOp, arith::MaxUIOp, arith::MinSIOp, arith::MinUIOp>(
          [&](Operation *) { return visitMinMax(*lhs, *rhs); })
      .Case([&](tt::AddPtrOp op) {
        return visitAdd(*lhs, *rhs, /*isSub=*/false, pointeeSizeInBytes(op.getType()));
      })
      .Case([&](arith::AddIOp) { return visitAdd(*lhs, *rhs, /*isSub=*/false, 1); })
      .Case([&](arith::SubIOp) { return visitAdd(*lhs, *rhs, /*isSub=*/true, 1); })
      .Case([&](arith::MulIOp) { return visitMul(*lhs, *rhs); })
      .Case<arith::DivSIOp, arith::DivUIOp>(
          [&](Operation *op) { return visitDiv(op, *lhs, *rhs, std::nullopt); })
      .Case<arith::RemSIOp, arith::RemUIOp>([&](Operation *op) { return visitRem(op, *lhs, *rhs); })
      .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
          [&](Operation *op) { return visitBitwise(op, *lhs, *rhs); })
      .Case([&](arith::ShLIOp) { return visitShiftLeft(*lhs, *rhs); })
      .Case<arith::ShRSIOp, arith::ShRUIOp>(
          [&](Operation *op) { return visitShiftRight(op, *lhs, *rhs); })
      .Case([&](arith::CmpIOp op) { return visitCompare(op, *lhs, *rhs); })
      .Case([&](arith::SelectOp op) -> std::optional<AxisInfo> {
        if (!lhs || !rhs || !operand(2))
          return std::nullopt;
        return visitSelect(op, *lhs, *rhs, *operand(2));
      })
      // Casts keep the values (Triton treats truncation the same way), and so does moving a
      // tensor to another layout.
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp,
            arith::IndexCastUIOp, tt::PtrToIntOp, tt::IntToPtrOp, tt::BitcastOp,
            ttg::ConvertLayoutOp>(
          [&](Operation *) -> std::optional<AxisInfo> {
            if (!lhs)
              return std::nullopt;
            return *lhs;
          })
      .Default([](Operation *) { return std::nullopt; });
}

int64_t pointeeSizeInBytes(Type pointerLike) {
  Type pointee = getElementTypeOrSelf(tt::getPointeeType(pointerLike));
  if (pointee.isIntOrFloat())
    return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  return 8;
}

} // namespace mlir::nereid
