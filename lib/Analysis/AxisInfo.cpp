// The AxisInfo analysis: the lattice value, its seeds, and the sparse dataflow analysis that
// propagates it. The rule of each op family is in AxisInfoRules.cpp.

#include "nereid/Analysis/AxisInfo.h"

#include "AxisInfoInternal.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <algorithm>
#include <numeric>

namespace mlir::nereid {

using DimVector = AxisInfo::DimVector;
using namespace detail;

//===----------------------------------------------------------------------------------------===//
// The lattice value
//===----------------------------------------------------------------------------------------===//

int64_t highestPowerOf2Divisor(int64_t value) {
  if (value == 0)
    return AxisInfo::kMaxDivisibility;
  // In unsigned arithmetic: INT64_MIN's divisor 2^63 is not an int64_t.
  uint64_t magnitude = value < 0 ? -static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  return static_cast<int64_t>(
      std::min<uint64_t>(magnitude & -magnitude, AxisInfo::kMaxDivisibility));
}

AxisInfo::AxisInfo(DimVector contiguity, DimVector divisibility, DimVector constancy,
                   std::optional<int64_t> constantValue)
    : contiguity(std::move(contiguity)), divisibility(std::move(divisibility)),
      constancy(std::move(constancy)), constantValue(constantValue) {
  assert(this->contiguity.size() == this->divisibility.size() &&
         this->contiguity.size() == this->constancy.size() && "one value per dimension");
}

AxisInfo AxisInfo::getPessimistic(unsigned rank) {
  return AxisInfo(DimVector(rank, 1), DimVector(rank, 1), DimVector(rank, 1));
}

unsigned detail::rankOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getRank();
  return 1;
}

DimVector detail::shapeOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return DimVector(shaped.getShape());
  return DimVector{1};
}

/// Reads an integer hint: an IntegerAttr applies to every dimension, a dense attribute gives
/// one value per dimension.
static std::optional<DimVector> readHint(Attribute attr, unsigned rank) {
  if (!attr)
    return std::nullopt;
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return DimVector(rank, integer.getInt());
  if (auto dense = dyn_cast<DenseIntElementsAttr>(attr)) {
    DimVector values;
    for (const APInt &value : dense.getValues<APInt>())
      values.push_back(value.getSExtValue());
    if (values.size() == 1 && rank != 1)
      values.assign(rank, values.front());
    if (values.size() == rank)
      return values;
  }
  return std::nullopt;
}

AxisInfo detail::constantInfo(const DimVector &shape, int64_t value) {
  AxisInfo info(DimVector(shape.size(), 1), DimVector(shape.size(), highestPowerOf2Divisor(value)),
                shape, value);
  info.setNonNegative(value >= 0);
  return info;
}

AxisInfo AxisInfo::getEntryState(Value value) {
  unsigned rank = rankOf(value.getType());
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return getPessimistic(rank);
  auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (!func)
    return getPessimistic(rank);
  unsigned index = arg.getArgNumber();
  if (auto equal = dyn_cast_or_null<IntegerAttr>(func.getArgAttr(index, "tt.equal_to")))
    return constantInfo(shapeOf(value.getType()), equal.getInt());
  AxisInfo info = getPessimistic(rank);
  if (auto divisibility = readHint(func.getArgAttr(index, "tt.divisibility"), rank))
    info.divisibility = *divisibility;
  return info;
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.isInitialized())
    return rhs;
  if (!rhs.isInitialized())
    return lhs;
  if (lhs == rhs)
    return lhs;
  assert(lhs.getRank() == rhs.getRank() && "joining values of different ranks");
  AxisInfo result = getPessimistic(lhs.getRank());
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    result.contiguity[d] = std::gcd(lhs.contiguity[d], rhs.contiguity[d]);
    result.divisibility[d] = std::gcd(lhs.divisibility[d], rhs.divisibility[d]);
    result.constancy[d] = std::gcd(lhs.constancy[d], rhs.constancy[d]);
  }
  if (lhs.constantValue == rhs.constantValue)
    result.constantValue = lhs.constantValue;
  result.nonNegative = lhs.nonNegative && rhs.nonNegative;
  return result;
}

void AxisInfo::print(raw_ostream &os) const {
  auto printDims = [&](StringRef name, const DimVector &dims) {
    os << name << " = [";
    llvm::interleaveComma(dims, os);
    os << "]";
  };
  printDims("contiguity", contiguity);
  os << ", ";
  printDims("divisibility", divisibility);
  os << ", ";
  printDims("constancy", constancy);
  if (constantValue)
    os << ", constant_value = " << *constantValue;
  if (nonNegative)
    os << ", non_negative";
}

int64_t getPointerAlignment(const AxisInfo &info, unsigned dim, int64_t elementBytes) {
  int64_t alignedElements = std::max<int64_t>(1, info.getDivisibility(dim) / elementBytes);
  return std::min(info.getContiguity(dim), alignedElements);
}

int64_t getMaskAlignment(const AxisInfo &info, unsigned dim) { return info.getConstancy(dim); }

bool detail::isTracked(Type type) {
  Type element = getElementTypeOrSelf(type);
  return isa<IntegerType, IndexType, tt::PointerType>(element);
}

//===----------------------------------------------------------------------------------------===//
// The dataflow analysis
//===----------------------------------------------------------------------------------------===//

/// Overrides the computed facts with the frontend's hints (tl.multiple_of, tl.max_contiguous,
/// tl.max_constancy), which the user asserts.
static void applyHints(Operation *op, AxisInfo &info) {
  unsigned rank = info.getRank();
  auto contiguity = readHint(op->getAttr("tt.contiguity"), rank);
  auto divisibility = readHint(op->getAttr("tt.divisibility"), rank);
  auto constancy = readHint(op->getAttr("tt.constancy"), rank);
  if (!contiguity && !divisibility && !constancy)
    return;
  bool nonNegative = info.isNonNegative();
  info = AxisInfo(contiguity ? *contiguity : info.getContiguity(),
                  divisibility ? *divisibility : info.getDivisibility(),
                  constancy ? *constancy : info.getConstancy(), info.getConstantValue());
  info.setNonNegative(nonNegative);
}

LogicalResult AxisInfoAnalysis::visitOperation(Operation *op,
                                               ArrayRef<const AxisInfoLattice *> operands,
                                               ArrayRef<AxisInfoLattice *> results) {
  SmallVector<const AxisInfo *> operandInfos;
  for (auto [operand, lattice] : llvm::zip_equal(op->getOperands(), operands)) {
    if (!isTracked(operand.getType())) {
      operandInfos.push_back(nullptr);
      continue;
    }
    // Wait until every tracked operand is known.
    if (!lattice->getValue().isInitialized())
      return success();
    operandInfos.push_back(&lattice->getValue());
  }
  for (auto [index, result] : llvm::enumerate(op->getResults())) {
    if (!isTracked(result.getType()))
      continue;
    std::optional<AxisInfo> info = computeAxisInfo(op, index, operandInfos);
    AxisInfo value = info ? *info : AxisInfo::getPessimistic(rankOf(result.getType()));
    if (op->getNumResults() == 1)
      applyHints(op, value);
    propagateIfChanged(results[index], results[index]->join(value));
  }
  return success();
}

void AxisInfoAnalysis::visitNonControlFlowArguments(Operation *op, const RegionSuccessor &successor,
                                                    ArrayRef<AxisInfoLattice *> argLattices,
                                                    unsigned firstIndex) {
  auto forOp = dyn_cast<scf::ForOp>(op);
  if (!forOp) {
    SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(op, successor, argLattices,
                                                                firstIndex);
    return;
  }
  // Which of `argLattices` is the induction variable's depends on the MLIR version (in 22 the
  // lattices of a loop without iter_args are the induction variable's alone, from index 0), so
  // it is found by its value; the others that control flow does not set are pessimistic.
  unsigned numInputs = successor.getSuccessorInputs().size();
  for (auto [index, lattice] : llvm::enumerate(argLattices)) {
    if (lattice->getAnchor() == forOp.getInductionVar())
      continue;
    if (index < firstIndex || index >= firstIndex + numInputs)
      setToEntryState(lattice);
  }
  auto inductionLattice = llvm::find_if(argLattices, [&](AxisInfoLattice *lattice) {
    return lattice->getAnchor() == forOp.getInductionVar();
  });
  if (inductionLattice == argLattices.end())
    return;
  // The induction variable: lower bound plus multiples of the step. The bounds are read at the
  // body's entry, so that the body's arguments are visited again when they change.
  ProgramPoint *point = getProgramPointBefore(forOp.getBody());
  const AxisInfo &lower = getLatticeElementFor(point, forOp.getLowerBound())->getValue();
  const AxisInfo &step = getLatticeElementFor(point, forOp.getStep())->getValue();
  if (!lower.isInitialized() || !step.isInitialized())
    return;
  int64_t divisibility = std::gcd(lower.getDivisibility(0), step.getDivisibility(0));
  AxisInfo induction({1}, {divisibility}, {1});
  induction.setNonNegative(lower.isNonNegative() && step.isNonNegative());
  propagateIfChanged(*inductionLattice, (*inductionLattice)->join(induction));
}

void AxisInfoAnalysis::setToEntryState(AxisInfoLattice *lattice) {
  propagateIfChanged(lattice, lattice->join(AxisInfo::getEntryState(lattice->getAnchor())));
}

FailureOr<std::unique_ptr<DataFlowSolver>> AxisInfoAnalysis::run(Operation *root) {
  auto solver = std::make_unique<DataFlowSolver>();
  solver->load<dataflow::DeadCodeAnalysis>();
  solver->load<dataflow::SparseConstantPropagation>();
  solver->load<AxisInfoAnalysis>();
  if (failed(solver->initializeAndRun(root)))
    return failure();
  return solver;
}

const AxisInfo *getAxisInfo(const DataFlowSolver &solver, Value value) {
  const auto *lattice = solver.lookupState<AxisInfoLattice>(value);
  if (!lattice || !lattice->getValue().isInitialized())
    return nullptr;
  return &lattice->getValue();
}

} // namespace mlir::nereid
