#ifndef NEREID_ANALYSIS_AXISINFO_H
#define NEREID_ANALYSIS_AXISINFO_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::nereid {

/// What is known, per dimension, about the elements of an integer or pointer value: the facts
/// that coalescing and vectorization need to choose access widths. A scalar has one dimension.
///
/// - contiguity[d]: the values form runs of that many consecutive integers (increasing by 1; for
///   pointers by one element) along d.
/// - divisibility[d]: the largest power of two known to divide the first element of every run
///   of contiguity[d] elements along d (every element when contiguity[d] is 1). This is Triton's
///   definition. Pointers are measured in bytes, as in Triton: `addptr` scales the offset's
///   divisibility by the element size.
/// - constancy[d]: the values form runs of that many equal elements along d.
///
/// - nonNegative: every element is known to be at least 0 (ranges, program ids, non-negative
///   constants, and sums and products of them, assuming, as Triton does, that offsets do not
///   overflow). Signed division and remainder keep their runs only on non-negative dividends,
///   since they round toward zero.
///
/// A value with rank 0 is uninitialized: the analysis has not reached it yet.
class AxisInfo {
public:
  using DimVector = llvm::SmallVector<int64_t, 4>;

  /// The largest divisibility recorded, the divisibility of 0: 2^30, as Triton caps it.
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

  AxisInfo() = default;
  AxisInfo(DimVector contiguity, DimVector divisibility, DimVector constancy,
           std::optional<int64_t> constantValue = std::nullopt);

  /// The least informative value of `rank` dimensions: runs of 1, divisibility 1.
  static AxisInfo getPessimistic(unsigned rank);
  /// What the analysis knows with no operands: a function argument seeded from its
  /// `tt.divisibility` and `tt.equal_to` attributes, or a pessimistic value.
  static AxisInfo getEntryState(Value value);

  unsigned getRank() const { return contiguity.size(); }
  bool isInitialized() const { return getRank() != 0; }
  int64_t getContiguity(unsigned dim) const { return contiguity[dim]; }
  int64_t getDivisibility(unsigned dim) const { return divisibility[dim]; }
  int64_t getConstancy(unsigned dim) const { return constancy[dim]; }
  const DimVector &getContiguity() const { return contiguity; }
  const DimVector &getDivisibility() const { return divisibility; }
  const DimVector &getConstancy() const { return constancy; }
  /// The value of every element, when it is a known constant.
  std::optional<int64_t> getConstantValue() const { return constantValue; }
  bool isNonNegative() const { return nonNegative; }
  void setNonNegative(bool value) { nonNegative = value; }

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity && divisibility == other.divisibility &&
           constancy == other.constancy && constantValue == other.constantValue &&
           nonNegative == other.nonNegative;
  }

  /// The facts that hold of both `lhs` and `rhs`: per-dimension gcds. An uninitialized side
  /// contributes nothing.
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  /// Prints `contiguity = [..], divisibility = [..], constancy = [..]`, then the constant value
  /// when there is one and `non_negative` when that is known.
  void print(raw_ostream &os) const;

private:
  DimVector contiguity;
  DimVector divisibility;
  DimVector constancy;
  std::optional<int64_t> constantValue;
  bool nonNegative = false;
};

/// The largest power of two dividing `value`, capped at AxisInfo::kMaxDivisibility (also the
/// answer for 0).
int64_t highestPowerOf2Divisor(int64_t value);

/// How many elements along `dim` one vector access through a pointer tensor described by `info`
/// may cover: the contiguity, limited by the alignment that the divisibility (in bytes)
/// guarantees for elements of `elementBytes` bytes. This is what coalescing asks of a load or
/// store's pointer along its fastest dimension.
int64_t getPointerAlignment(const AxisInfo &info, unsigned dim, int64_t elementBytes);

/// How many elements along `dim` share one mask value, so that a vector access of that width
/// needs one predicate: the constancy.
int64_t getMaskAlignment(const AxisInfo &info, unsigned dim);

/// The sparse lattice element that the analysis attaches to each value.
using AxisInfoLattice = dataflow::Lattice<AxisInfo>;

/// The AxisInfo analysis: a sparse forward dataflow analysis over tt, arith and scf ops. Load it
/// into a DataFlowSolver together with DeadCodeAnalysis and SparseConstantPropagation, which the
/// framework needs to know which blocks run; AxisInfoAnalysis::run does that for you.
class AxisInfoAnalysis : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op, ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override;

  void visitNonControlFlowArguments(Operation *op, const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override;

  void setToEntryState(AxisInfoLattice *lattice) override;

  /// Runs the analysis, with the analyses it depends on, over `root` and returns the solver that
  /// holds the results; query it with `getAxisInfo`.
  static FailureOr<std::unique_ptr<DataFlowSolver>> run(Operation *root);
};

/// The AxisInfo of `value` in a solver filled by AxisInfoAnalysis::run, or nullptr when the
/// analysis did not reach it (dead code, or a value that is neither integer nor pointer).
const AxisInfo *getAxisInfo(const DataFlowSolver &solver, Value value);

/// The size in bytes of what a pointer (or tile of pointers) points at, the unit of its
/// contiguity: a number's bytes (an i1 counts 1), 8 for a pointer.
int64_t pointeeSizeInBytes(Type pointerLike);

/// The AxisInfo rule of one op: the result's lattice from the operands'. Returns std::nullopt for
/// ops without a rule, whose results the analysis treats pessimistically. Exposed so that
/// passes can ask what an op would produce from hypothetical operands.
std::optional<AxisInfo> computeAxisInfo(Operation *op, unsigned resultIndex,
                                        ArrayRef<const AxisInfo *> operands);

} // namespace mlir::nereid

#endif // NEREID_ANALYSIS_AXISINFO_H
