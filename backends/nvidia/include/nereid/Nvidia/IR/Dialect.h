// The nvidia dialect: the NVIDIA backend's layouts (#nvidia.mma, #nvidia.mma_shared), which
// implement the ttg layout interfaces, and its ops (nvidia.warpgroup_dot).

#ifndef NEREID_NVIDIA_IR_DIALECT_H
#define NEREID_NVIDIA_IR_DIALECT_H

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "nereid/Nvidia/IR/Dialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "nereid/Nvidia/IR/Attrs.h.inc"

#define GET_OP_CLASSES
#include "nereid/Nvidia/IR/Ops.h.inc"

#endif // NEREID_NVIDIA_IR_DIALECT_H
