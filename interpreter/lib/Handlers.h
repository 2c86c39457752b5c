#ifndef NEREID_INTERPRETER_LIB_HANDLERS_H
#define NEREID_INTERPRETER_LIB_HANDLERS_H

namespace mlir::nereid::interpreter {

class HandlerTable;

/// Each op family adds its handlers to the table; one function per file.
void registerProgramHandlers(HandlerTable &table);     // Program.cpp
void registerShapeHandlers(HandlerTable &table);       // Shape.cpp
void registerPointerHandlers(HandlerTable &table);     // Pointers.cpp
void registerMemoryHandlers(HandlerTable &table);      // Memory.cpp
void registerAtomicHandlers(HandlerTable &table);      // Atomics.cpp
void registerDescriptorHandlers(HandlerTable &table);  // Descriptors.cpp
void registerSelectHandlers(HandlerTable &table);      // Select.cpp
void registerIntegerHandlers(HandlerTable &table);     // IntegerArith.cpp
void registerFloatHandlers(HandlerTable &table);       // FloatArith.cpp
void registerMathHandlers(HandlerTable &table);        // Math.cpp
void registerExternHandlers(HandlerTable &table);      // Extern.cpp
void registerConversionHandlers(HandlerTable &table);  // Conversions.cpp
void registerDotHandlers(HandlerTable &table);         // Dot.cpp
void registerReduceHandlers(HandlerTable &table);      // Reduce.cpp
void registerControlFlowHandlers(HandlerTable &table); // ControlFlow.cpp
void registerDebugHandlers(HandlerTable &table);       // Debug.cpp

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_HANDLERS_H
