#ifndef NEREID_CPU_LIB_LANEGEP_H
#define NEREID_CPU_LIB_LANEGEP_H

// One lane of a vector llvm.getelementptr, computed as a scalar GEP.

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid::cpu {

/// The scalar llvm.getelementptr that computes one lane of the vector GEP `gep` from the
/// scalar pointer `base`: each dynamic index becomes `laneOf(index)`, and the constant indices,
/// the element type and the flags stay.
inline Value buildLaneGEP(OpBuilder &builder, Location loc, LLVM::GEPOp gep, Value base,
                          llvm::function_ref<Value(Value)> laneOf) {
  SmallVector<LLVM::GEPArg> indices;
  for (auto index : gep.getIndices()) {
    if (auto value = dyn_cast<Value>(index))
      indices.push_back(laneOf(value));
    else
      indices.push_back(static_cast<int32_t>(cast<IntegerAttr>(index).getInt()));
  }
  return LLVM::GEPOp::create(builder, loc, base.getType(), gep.getElemType(), base, indices,
                             gep.getNoWrapFlags());
}

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_LANEGEP_H
