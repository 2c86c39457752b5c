#ifndef NEREID_CPU_PROGRAMARGUMENTS_H
#define NEREID_CPU_PROGRAMARGUMENTS_H

#include "mlir/IR/Value.h"

namespace mlir::nereid::cpu {

/// A kernel function on the CPU takes its parameters, then these six i32 values, in this order:
/// the program's id along x, y and z, and the grid's size along x, y and z.
enum ProgramArgument : unsigned {
  kProgramIdX = 0,
  kGridSizeX = 3,
  kNumProgramArguments = 6,
};

/// The attribute that marks the func.func `<name>_impl` of a kernel (a public tt.func) with the
/// kernel's name, for which cpu-add-launch-entries adds the entry points `<name>_program`
/// and `<name>_grid`.
inline constexpr const char kKernelAttrName[] = "nereid.kernel";

/// The program argument `index` (a ProgramArgument) of the converted kernel function around
/// `op`: its program id or grid size along one axis.
Value getProgramArgument(Operation *op, unsigned index);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_PROGRAMARGUMENTS_H
