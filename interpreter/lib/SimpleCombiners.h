#ifndef NEREID_INTERPRETER_LIB_SIMPLECOMBINERS_H
#define NEREID_INTERPRETER_LIB_SIMPLECOMBINERS_H

#include "Tensor.h"

#include "mlir/IR/Region.h"

namespace mlir::nereid::interpreter {

/// Reduces `source` along `axis` with the combiner when it is a standard one
/// (tt::matchStandardCombiner), on f32, f64 or integers.
/// The elements are combined in the same order, with the same scalar functions, as running the
/// combiner would, only without interpreting it once per element. Returns none for any other
/// combiner.
std::optional<Tensor> reduceWithSimpleCombiner(Region &combiner, const Tensor &source,
                                               unsigned axis);

/// The same for an inclusive scan, forward or reversed.
std::optional<Tensor> scanWithSimpleCombiner(Region &combiner, const Tensor &source, unsigned axis,
                                             bool reverse);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_SIMPLECOMBINERS_H
