// The amd dialect: the AMD backend's layouts (#amd.mfma), which implement the ttg layout
// interfaces.

#ifndef NEREID_AMD_IR_DIALECT_H
#define NEREID_AMD_IR_DIALECT_H

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Dialect.h"

#include "nereid/Amd/IR/Dialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "nereid/Amd/IR/Attrs.h.inc"

#endif // NEREID_AMD_IR_DIALECT_H
