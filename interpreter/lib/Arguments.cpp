#include "Arguments.h"

#include "mlir/IR/Diagnostics.h"

namespace mlir::nereid::interpreter {
namespace {

const char *describeKind(KernelArgument::Kind kind) {
  switch (kind) {
  case KernelArgument::Kind::Buffer:
    return "a buffer";
  case KernelArgument::Kind::Integer:
    return "an integer";
  case KernelArgument::Kind::Float:
    return "a float";
  }
  return "an argument";
}

/// Whether `value` is representable in `width` bits, as a signed or an unsigned number.
bool fitsInWidth(int64_t value, unsigned width) {
  if (width >= 64)
    return true;
  if (width == 1)
    return value == 0 || value == 1;
  int64_t low = -(int64_t(1) << (width - 1));
  int64_t high = (int64_t(1) << width) - 1;
  return value >= low && value <= high;
}

} // namespace

FailureOr<SmallVector<Tensor>> bindArguments(tt::FuncOp kernel, ArrayRef<KernelArgument> arguments,
                                             LaunchContext &launch) {
  ArrayRef<Type> parameters = kernel.getArgumentTypes();
  if (parameters.size() != arguments.size())
    return emitError(kernel.getLoc())
           << "kernel '" << kernel.getName() << "' takes " << parameters.size()
           << " arguments; got " << arguments.size();
  SmallVector<Tensor> values;
  for (auto [index, type, argument] : llvm::enumerate(parameters, arguments)) {
    auto fail = [&, index = index, type = type]() {
      return emitError(kernel.getLoc()) << "argument " << index << " of kernel '"
                                        << kernel.getName() << "' (type " << type << ") ";
    };
    std::optional<ElementKind> kind = getElementKind(type);
    bool isPointer = kind == ElementKind::Pointer;
    bool isInteger = kind && isIntegerKind(*kind) && !isa<IndexType>(type);
    bool isFloat = kind && isFloatKind(*kind);
    if (!isPointer && !isInteger && !isFloat)
      return fail() << "has a type that the host cannot pass";
    KernelArgument::Kind expected = isPointer   ? KernelArgument::Kind::Buffer
                                    : isInteger ? KernelArgument::Kind::Integer
                                                : KernelArgument::Kind::Float;
    if (argument.kind != expected)
      return fail() << "needs " << describeKind(expected) << "; got "
                    << describeKind(argument.kind);

    uint64_t bits = 0;
    if (isPointer) {
      if (!argument.data && argument.sizeBytes != 0)
        return fail() << "is a null buffer of " << argument.sizeBytes << " bytes";
      bits = reinterpret_cast<uintptr_t>(argument.data);
      launch.buffers.push_back(Buffer{bits, argument.sizeBytes, unsigned(index)});
      Tensor pointer = Tensor::zeros(ElementKind::Pointer, {});
      pointer.mutableData<Pointer>()[0] = Pointer{bits, int64_t(launch.buffers.size() - 1)};
      values.push_back(pointer);
    } else if (isInteger) {
      unsigned width = getIntegerWidth(*kind);
      if (!fitsInWidth(argument.integer, width))
        return fail() << "cannot hold " << argument.integer;
      bits = uint64_t(argument.integer);
      Tensor integer = Tensor::zeros(*kind, {});
      integer.setBits(0, bits);
      values.push_back(integer);
    } else {
      Tensor floating = Tensor::zeros(*kind, {});
      floating.setFloat(0, argument.floating);
      values.push_back(floating);
    }

    // The launch specialization must hold, or compiled code would be wrong for these values.
    if (auto divisibility = kernel.getArgAttrOfType<IntegerAttr>(index, "tt.divisibility")) {
      uint64_t divisor = divisibility.getInt();
      if ((isPointer || isInteger) && divisor > 0 && bits % divisor != 0)
        return fail() << "is declared tt.divisibility = " << divisor << ", but "
                      << (isPointer ? "its address " : "its value ") << bits
                      << " is not a multiple of it";
    }
    if (kernel.getArgAttrOfType<IntegerAttr>(index, "tt.equal_to") && isInteger && bits != 1)
      return fail() << "is declared tt.equal_to = 1, but its value is " << argument.integer;
  }
  return values;
}

} // namespace mlir::nereid::interpreter
