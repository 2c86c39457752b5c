#ifndef NEREID_CPU_LIB_STANDARDCOMBINER_H
#define NEREID_CPU_LIB_STANDARDCOMBINER_H

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Region.h"

#include <optional>

namespace mlir::nereid::cpu {

/// A reduction combiner that is one standard associative and commutative op of its two
/// arguments (sum, product, min, max, bitwise; tt::matchStandardCombiner), as the vector
/// dialect names it: the CPU backend may combine its elements in any order.
struct StandardCombiner {
  /// The vector.multi_reduction kind of the op.
  vector::CombiningKind kind;
  /// The op's neutral element, of the reduced element type.
  TypedAttr neutral;
};

/// The standard combiner that the region `combiner` of a reduction over `element`s is, or
/// std::nullopt when it is any other.
std::optional<StandardCombiner> matchStandardCombiner(Region &combiner, Type element);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_STANDARDCOMBINER_H
