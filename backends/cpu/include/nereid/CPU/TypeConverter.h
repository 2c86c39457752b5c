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

/// The type an element of `elementType` has in memory: i1 is stored as a byte.
Type getMemoryElementType(Type elementType);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_TYPECONVERTER_H
