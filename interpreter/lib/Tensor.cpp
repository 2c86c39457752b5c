#include "Tensor.h"

#include "StoragePool.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cassert>

#include <vector>

namespace mlir::nereid::interpreter {

std::optional<ElementKind> getElementKind(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    switch (integer.getWidth()) {
    case 1:
      return ElementKind::I1;
    case 8:
      return ElementKind::I8;
    case 16:
      return ElementKind::I16;
    case 32:
      return ElementKind::I32;
    case 64:
      return ElementKind::I64;
    default:
      return std::nullopt;
    }
  }
  if (isa<IndexType>(type))
    return ElementKind::I64;
  if (type.isF16())
    return ElementKind::F16;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isF32())
    return ElementKind::F32;
  if (type.isF64())
    return ElementKind::F64;
  if (isa<Float8E5M2Type>(type))
    return ElementKind::F8E5M2;
  if (isa<Float8E4M3FNType>(type))
    return ElementKind::F8E4M3FN;
  if (isa<Float8E4M3FNUZType>(type))
    return ElementKind::F8E4M3FNUZ;
  if (isa<Float8E5M2FNUZType>(type))
    return ElementKind::F8E5M2FNUZ;
  if (isa<Float8E4M3B11FNUZType>(type))
    return ElementKind::F8E4M3B11FNUZ;
  if (isa<tt::PointerType>(type))
    return ElementKind::Pointer;
  if (isa<tt::TensorDescType>(type))
    return ElementKind::Descriptor;
  return std::nullopt;
}

std::optional<ElementKind> getElementKindOf(Type scalarOrTensor) {
  if (auto tensor = dyn_cast<RankedTensorType>(scalarOrTensor))
    return getElementKind(tensor.getElementType());
  return getElementKind(scalarOrTensor);
}

bool isIntegerKind(ElementKind kind) { return kind <= ElementKind::I64; }

bool isFloatKind(ElementKind kind) {
  return kind >= ElementKind::F16 && kind <= ElementKind::F8E4M3B11FNUZ;
}

unsigned getIntegerWidth(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
    return 1;
  case ElementKind::I8:
    return 8;
  case ElementKind::I16:
    return 16;
  case ElementKind::I32:
    return 32;
  default:
    return 64;
  }
}

const FloatFormat &getFloatFormat(ElementKind kind) {
  switch (kind) {
  case ElementKind::F16:
    return kFloat16;
  case ElementKind::BF16:
    return kBFloat16;
  case ElementKind::F32:
    return kFloat32;
  case ElementKind::F8E5M2:
    return kFloat8E5M2;
  case ElementKind::F8E4M3FN:
    return kFloat8E4M3FN;
  case ElementKind::F8E4M3FNUZ:
    return kFloat8E4M3FNUZ;
  case ElementKind::F8E5M2FNUZ:
    return kFloat8E5M2FNUZ;
  case ElementKind::F8E4M3B11FNUZ:
    return kFloat8E4M3B11FNUZ;
  default:
    return kFloat64;
  }
}

size_t getStorageSize(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
  case ElementKind::I8:
  case ElementKind::F8E5M2:
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E4M3FNUZ:
  case ElementKind::F8E5M2FNUZ:
  case ElementKind::F8E4M3B11FNUZ:
    return 1;
  case ElementKind::I16:
  case ElementKind::F16:
  case ElementKind::BF16:
    return 2;
  case ElementKind::I32:
  case ElementKind::F32:
    return 4;
  case ElementKind::I64:
  case ElementKind::F64:
    return 8;
  case ElementKind::Pointer:
    return sizeof(Pointer);
  case ElementKind::Descriptor:
    return 0;
  }
  return 0;
}

int64_t getNumElements(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

SmallVector<int64_t, 4> getRowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (int64_t i = int64_t(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

Tensor Tensor::zeros(ElementKind kind, ArrayRef<int64_t> shape) {
  Tensor tensor = uninitialized(kind, shape);
  std::memset(tensor.mutableBytes(), 0, size_t(tensor.numElements_) * getStorageSize(kind));
  return tensor;
}

Tensor Tensor::uninitialized(ElementKind kind, ArrayRef<int64_t> shape) {
  Tensor tensor;
  tensor.kind_ = kind;
  tensor.shape_.assign(shape.begin(), shape.end());
  tensor.numElements_ = getNumElements(shape);
  tensor.storage_ = allocateStorage(size_t(tensor.numElements_) * getStorageSize(kind));
  return tensor;
}

Tensor Tensor::descriptor(TensorDescriptor descriptor) {
  Tensor tensor;
  tensor.kind_ = ElementKind::Descriptor;
  tensor.numElements_ = 1;
  tensor.descriptor_ = std::make_shared<const TensorDescriptor>(std::move(descriptor));
  return tensor;
}

Tensor Tensor::splat(const Tensor &scalar, ArrayRef<int64_t> shape) {
  assert(scalar.isScalar() && !shape.empty() && "a splat is of a scalar, to a tensor shape");
  Tensor tensor = scalar;
  tensor.shape_.assign(shape.begin(), shape.end());
  tensor.numElements_ = getNumElements(shape);
  tensor.isSplat_ = true;
  return tensor;
}

Tensor Tensor::withShape(ArrayRef<int64_t> shape) const {
  Tensor tensor = *this;
  tensor.shape_.assign(shape.begin(), shape.end());
  return tensor;
}

uint64_t Tensor::getBits(int64_t index) const {
  switch (getStorageSize(kind_)) {
  case 1:
    return data<uint8_t>()[index];
  case 2:
    return data<uint16_t>()[index];
  case 4:
    return data<uint32_t>()[index];
  case 8:
    return data<uint64_t>()[index];
  default:
    return 0;
  }
}

int64_t Tensor::getSigned(int64_t index) const {
  unsigned width = getIntegerWidth(kind_);
  uint64_t bits = getBits(index);
  if (width == 64)
    return int64_t(bits);
  return int64_t(bits << (64 - width)) >> (64 - width);
}

namespace {

/// The value of every encoding of a format of at most 16 bits, as floats (all of them are exact
/// in f32), so that reading a narrow float is one table lookup.
class DecodeTable {
public:
  explicit DecodeTable(const FloatFormat &format) : values(size_t(1) << format.bits) {
    for (size_t bits = 0; bits < values.size(); ++bits)
      values[bits] = float(decodeFloat(format, bits));
  }
  float operator[](uint64_t bits) const { return values[bits]; }

private:
  std::vector<float> values;
};

const DecodeTable &getDecodeTable(ElementKind kind) {
  static const DecodeTable f16(kFloat16);
  static const DecodeTable f8e5m2(kFloat8E5M2);
  static const DecodeTable f8e4m3fn(kFloat8E4M3FN);
  static const DecodeTable f8e4m3fnuz(kFloat8E4M3FNUZ);
  static const DecodeTable f8e5m2fnuz(kFloat8E5M2FNUZ);
  static const DecodeTable f8e4m3b11fnuz(kFloat8E4M3B11FNUZ);
  switch (kind) {
  case ElementKind::F8E5M2:
    return f8e5m2;
  case ElementKind::F8E4M3FN:
    return f8e4m3fn;
  case ElementKind::F8E4M3FNUZ:
    return f8e4m3fnuz;
  case ElementKind::F8E5M2FNUZ:
    return f8e5m2fnuz;
  case ElementKind::F8E4M3B11FNUZ:
    return f8e4m3b11fnuz;
  default:
    return f16;
  }
}

} // namespace

double Tensor::getFloat(int64_t index) const {
  switch (kind_) {
  case ElementKind::F32:
    return data<float>()[index];
  case ElementKind::F64:
    return data<double>()[index];
  case ElementKind::BF16: {
    uint32_t bits = uint32_t(data<uint16_t>()[index]) << 16;
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    return value;
  }
  default:
    return getDecodeTable(kind_)[getBits(index)];
  }
}

void Tensor::setBits(int64_t index, uint64_t bits) {
  switch (getStorageSize(kind_)) {
  case 1:
    mutableData<uint8_t>()[index] = uint8_t(kind_ == ElementKind::I1 ? bits & 1 : bits);
    break;
  case 2:
    mutableData<uint16_t>()[index] = uint16_t(bits);
    break;
  case 4:
    mutableData<uint32_t>()[index] = uint32_t(bits);
    break;
  case 8:
    mutableData<uint64_t>()[index] = bits;
    break;
  default:
    break;
  }
}

void Tensor::setFloat(int64_t index, double value, Rounding rounding) {
  if (kind_ == ElementKind::F64) {
    mutableData<double>()[index] = value;
    return;
  }
  if (kind_ == ElementKind::F32 && rounding == Rounding::NearestEven) {
    mutableData<float>()[index] = float(value);
    return;
  }
  setBits(index, encodeFloat(getFloatFormat(kind_), value, rounding));
}

Tensor expandScalar(const Tensor &tensor, ArrayRef<int64_t> shape) {
  if (!tensor.isUniform() || shape.empty())
    return tensor;
  Tensor result = Tensor::uninitialized(tensor.kind(), shape);
  visitStorageType(getStorageSize(tensor.kind()), [&](auto tag) {
    using T = decltype(tag);
    T value = tensor.data<T>()[0];
    T *out = result.mutableData<T>();
    for (int64_t i = 0, e = result.numElements(); i < e; ++i)
      out[i] = value;
  });
  return result;
}

} // namespace mlir::nereid::interpreter
