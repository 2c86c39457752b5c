#ifndef NEREID_DIALECT_TRITON_IR_DIALECT_H
#define NEREID_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "nereid/Dialect/Triton/IR/Dialect.h.inc"
#include "nereid/Dialect/Triton/IR/OpsEnums.h.inc"
#include "nereid/Dialect/Triton/IR/Types.h"

namespace mlir::nereid::tt {

/// The side-effect resource of global memory, which every tt memory op reads or writes.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};

} // namespace mlir::nereid::tt

#define GET_OP_CLASSES
#include "nereid/Dialect/Triton/IR/Ops.h.inc"

#endif // NEREID_DIALECT_TRITON_IR_DIALECT_H
