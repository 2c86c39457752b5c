#ifndef NEREID_INTERPRETER_LIB_TENSOR_H
#define NEREID_INTERPRETER_LIB_TENSOR_H

#include "Pointer.h"
#include "nereid/Support/FloatFormats.h"

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>

namespace mlir::nereid::interpreter {

/// The element types a runtime value can hold. Integers are signless, as in the IR: each op says
/// how it reads them. `index` values are held as I64.
enum class ElementKind : uint8_t {
  I1,
  I8,
  I16,
  I32,
  I64,
  F16,
  BF16,
  F32,
  F64,
  F8E5M2,
  F8E4M3FN,
  F8E4M3FNUZ,
  F8E5M2FNUZ,
  F8E4M3B11FNUZ,
  Pointer,
  Descriptor,
};

/// The kind of elements of type `type` (the element type itself, not a tensor), or none for a
/// type the interpreter does not run (vectors, i128, f80, ...).
std::optional<ElementKind> getElementKind(Type type);

/// The kind of the elements of a scalar or tensor type.
std::optional<ElementKind> getElementKindOf(Type scalarOrTensor);

/// Whether a kind is one of the integers I1 to I64.
bool isIntegerKind(ElementKind kind);
/// Whether a kind is one of the floats, f64 down to the fp8 formats.
bool isFloatKind(ElementKind kind);
/// The bit width of an integer kind (1 for I1).
unsigned getIntegerWidth(ElementKind kind);
/// The format of a float kind.
const FloatFormat &getFloatFormat(ElementKind kind);
/// Bytes per element in a Tensor's storage; a pointer is a Pointer, 16 bytes.
size_t getStorageSize(ElementKind kind);

/// The value of a `!tt.tensordesc`: a strided tensor in memory.
struct TensorDescriptor {
  Pointer base;
  SmallVector<int64_t, 4> shape;
  SmallVector<int64_t, 4> strides; ///< in elements
};

/// A runtime value: a scalar (rank 0) or a tensor of one element kind, in row-major order.
/// Storage is immutable once the value is bound, and shared between copies, so that passing a
/// value (a loop-carried tensor, a call argument) costs no copy.
class Tensor {
public:
  Tensor() = default;

  /// A zero-filled tensor of `shape` (empty for a scalar), ready to be written.
  static Tensor zeros(ElementKind kind, ArrayRef<int64_t> shape);
  /// A tensor of `shape` whose elements are unspecified: for a result whose every element the
  /// caller writes before binding it, so that the storage is not filled twice.
  static Tensor uninitialized(ElementKind kind, ArrayRef<int64_t> shape);
  /// A scalar descriptor value.
  static Tensor descriptor(TensorDescriptor descriptor);
  /// The element of `scalar` (rank 0) at every position of `shape` (rank 1 or more), stored
  /// once: the value of a tt.splat, made in constant time. Its data() holds that one element,
  /// so a splat must not be read by index: Frame::get writes it out for the handlers that do,
  /// and only the handlers that read operands through Frame::getLazy see it.
  static Tensor splat(const Tensor &scalar, ArrayRef<int64_t> shape);

  /// The kind of every element.
  ElementKind kind() const { return kind_; }
  /// The shape; empty for a scalar.
  ArrayRef<int64_t> shape() const { return shape_; }
  int64_t rank() const { return shape_.size(); }
  /// The number of elements: 1 for a scalar.
  int64_t numElements() const { return numElements_; }
  bool isScalar() const { return shape_.empty(); }
  /// Whether this is a splat (Tensor::splat).
  bool isSplat() const { return isSplat_; }
  /// Whether every element is element 0, the only one data() holds: a scalar or a splat.
  bool isUniform() const { return isScalar() || isSplat_; }

  /// The elements in row-major order, getStorageSize(kind()) bytes each.
  const uint8_t *bytes() const { return storage_.get(); }
  /// Writable bytes; only for a tensor that was just created and is not yet shared.
  uint8_t *mutableBytes() { return storage_.get(); }
  /// The elements as an array of T, the C++ type of the kind's storage.
  template <typename T> const T *data() const { return reinterpret_cast<const T *>(bytes()); }
  /// Writable elements, as mutableBytes().
  template <typename T> T *mutableData() { return reinterpret_cast<T *>(mutableBytes()); }

  /// The same elements under another shape with the same number of elements; storage is shared.
  Tensor withShape(ArrayRef<int64_t> shape) const;

  /// The value of a descriptor, or null for any other kind.
  const TensorDescriptor *getDescriptor() const { return descriptor_.get(); }

  /// The bits of element `index` of an integer or float tensor, zero-extended to 64 bits.
  uint64_t getBits(int64_t index) const;
  /// Element `index` of an integer tensor, sign-extended from its width (i1: 0 or -1).
  int64_t getSigned(int64_t index) const;
  /// Element `index` of an integer tensor, zero-extended.
  uint64_t getUnsigned(int64_t index) const { return getBits(index); }
  /// Element `index` of a float tensor, exactly.
  double getFloat(int64_t index) const;
  /// Element `index` of a pointer tensor.
  Pointer getPointer(int64_t index) const { return data<Pointer>()[index]; }

  /// Writes element `index` of an integer or float tensor from its bits (truncated).
  void setBits(int64_t index, uint64_t bits);
  /// Writes element `index` of a float tensor, rounding as told.
  void setFloat(int64_t index, double value, Rounding rounding = Rounding::NearestEven);

private:
  ElementKind kind_ = ElementKind::I32;
  SmallVector<int64_t, 4> shape_;
  int64_t numElements_ = 0;
  bool isSplat_ = false;
  std::shared_ptr<uint8_t[]> storage_;
  std::shared_ptr<const TensorDescriptor> descriptor_;
};

/// Calls `fn` with a value of the plain type that moves one element of `size` storage bytes:
/// uint8_t, uint16_t, uint32_t or uint64_t, or Pointer. Loops that only move elements use it to
/// copy with typed loads and stores instead of memcpy calls.
template <typename Fn> decltype(auto) visitStorageType(size_t size, Fn &&fn) {
  switch (size) {
  case 1:
    return fn(uint8_t());
  case 2:
    return fn(uint16_t());
  case 4:
    return fn(uint32_t());
  case 8:
    return fn(uint64_t());
  default:
    return fn(Pointer());
  }
}

/// The number of elements of `shape` (1 for a scalar).
int64_t getNumElements(ArrayRef<int64_t> shape);

/// The row-major strides of `shape`, in elements.
SmallVector<int64_t, 4> getRowMajorStrides(ArrayRef<int64_t> shape);

/// `tensor` with its element repeated to fill `shape`, when `tensor` is uniform (a scalar, or a
/// splat of that shape); the tensor itself otherwise. Elementwise ops use it for scalar
/// operands of tensor ops (an `arith.select` with a scalar condition, a constant inside a
/// combiner run on whole tensors), and Frame::get to write splats out.
Tensor expandScalar(const Tensor &tensor, ArrayRef<int64_t> shape);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_TENSOR_H
