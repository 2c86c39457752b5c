#include "Formatting.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"


namespace mlir::nereid::interpreter {

std::string formatElement(const Tensor &tensor, int64_t index, bool isSigned, bool hex) {
  std::string text;
  llvm::raw_string_ostream stream(text);
  ElementKind kind = tensor.kind();
  if (kind == ElementKind::Pointer) {
    stream << llvm::format_hex(tensor.getPointer(index).address, 18);
    return text;
  }
  if (kind == ElementKind::Descriptor)
    return "<tensor descriptor>";
  unsigned bits = isIntegerKind(kind) ? getIntegerWidth(kind) : getFloatFormat(kind).bits;
  if (hex) {
    stream << llvm::format_hex(tensor.getBits(index), 2 + (bits + 3) / 4);
    return text;
  }
  if (isIntegerKind(kind)) {
    if (isSigned && kind != ElementKind::I1)
      stream << tensor.getSigned(index);
    else
      stream << tensor.getUnsigned(index);
    return text;
  }
  return formatFloat(tensor.getFloat(index), getFloatFormat(kind));
}

} // namespace mlir::nereid::interpreter
