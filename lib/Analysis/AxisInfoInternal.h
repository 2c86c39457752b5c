#ifndef NEREID_LIB_ANALYSIS_AXISINFOINTERNAL_H
#define NEREID_LIB_ANALYSIS_AXISINFOINTERNAL_H

#include "nereid/Analysis/AxisInfo.h"

namespace mlir::nereid::detail {

/// The number of dimensions of AxisInfo for a value of `type`: a tensor's rank, 1 for a scalar.
unsigned rankOf(Type type);

/// The shape that AxisInfo sees: a tensor's shape, [1] for a scalar.
AxisInfo::DimVector shapeOf(Type type);

/// The AxisInfo of a value whose every element is `value`.
AxisInfo constantInfo(const AxisInfo::DimVector &shape, int64_t value);

/// Whether the analysis tracks values of `type`: integers, indices and pointers, and tensors of
/// them.
bool isTracked(Type type);

} // namespace mlir::nereid::detail

#endif // NEREID_LIB_ANALYSIS_AXISINFOINTERNAL_H
