#ifndef NEREID_CPU_TYPECONVERTER_H
#define NEREID_CPU_TYPECONVERTER_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::nereid::cpu {

/// The types of a kernel on one CPU core: a tile (ranked tensor, whatever its layout) becomes a
/// `vector` of the same shape, `!tt.ptr` becomes `!llvm.ptr`, and scalars stay as they are.
class CpuTypeConverter : public TypeConverter {
public:
  explicit CpuTypeConverter(MLIRContext *context);
};

/// The type an element of `elementType` has in memory, as LLVM loads and stores it: i1 is a
/// byte, and a float format without an LLVM type (fp8) an integer of its width. So is bf16:
/// targets without bf16 arithmetic (AVX2) move `bfloat` values through f32, with a library
/// call per lane to round each back, even when a load only feeds a bitcast.
Type getMemoryElementType(Type elementType);

/// `value` (a scalar or vector) as `memoryType`, its type in memory: i1 zero-extended, fp8
/// bitcast; the value itself when the types are equal.
Value toMemoryType(OpBuilder &builder, Location loc, Value value, Type memoryType);

/// The inverse of toMemoryType: a value loaded as its memory type, as `registerType`.
Value fromMemoryType(OpBuilder &builder, Location loc, Value value, Type registerType);

/// Whether `op` takes or gives a tile (a ranked tensor): the ops that the CPU lowering turns
/// into vector code.
inline bool hasTileTypes(Operation *op) {
  auto isTile = [](Type type) { return isa<RankedTensorType>(type); };
  return llvm::any_of(op->getOperandTypes(), isTile) ||
         llvm::any_of(op->getResultTypes(), isTile);
}

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_TYPECONVERTER_H
