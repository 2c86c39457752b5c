#ifndef NEREID_DIALECT_TRITON_IR_COMBINER_H
#define NEREID_DIALECT_TRITON_IR_COMBINER_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Region.h"

#include <cstdint>
#include <optional>

namespace mlir::nereid::tt {

/// The standard combiners of `tt.reduce` and `tt.scan`: one arith op of the accumulator and the
/// next element. Every backend recognizes them the same way (matchStandardCombiner) and may
/// then compute them natively (a vector reduction, a warp shuffle tree, a host loop) instead of
/// running the region once per element.
enum class CombinerKind : uint8_t {
  AddF,     ///< arith.addf
  MulF,     ///< arith.mulf
  MaximumF, ///< arith.maximumf (NaN wins)
  MinimumF, ///< arith.minimumf (NaN wins)
  MaxNumF,  ///< arith.maxnumf (the number wins over NaN)
  MinNumF,  ///< arith.minnumf (the number wins over NaN)
  AddI,     ///< arith.addi
  MulI,     ///< arith.muli
  MaxSI,    ///< arith.maxsi
  MinSI,    ///< arith.minsi
  MaxUI,    ///< arith.maxui
  MinUI,    ///< arith.minui
  AndI,     ///< arith.andi
  OrI,      ///< arith.ori
  XOrI,     ///< arith.xori
};

/// The kind of `combiner`, a combine region `^bb0(%acc, %x): %r = op %acc, %x; tt.*.return
/// %r` whose op is one of CombinerKind's, or std::nullopt for any other region (several ops,
/// swapped operands, several results, ...).
std::optional<CombinerKind> matchStandardCombiner(Region &combiner);

/// The neutral element of `kind` for elements of `element` (an integer or float type): the
/// value `e` with `op(e, x) == x` for every `x`, -0.0 for a float sum, NaN for maxnumf, the
/// smallest value for a max.
TypedAttr getNeutralElement(CombinerKind kind, Type element);

/// Whether the result of combining with `kind` depends only on the multiset of elements, not
/// on their order: every integer combiner (they wrap around), and float max and min, up to
/// which NaN they return. Float sums and products round differently in another order.
bool isOrderIndependent(CombinerKind kind);

} // namespace mlir::nereid::tt

#endif // NEREID_DIALECT_TRITON_IR_COMBINER_H
