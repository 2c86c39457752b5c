// HostVectorLoops for one vector ISA. This file is compiled once per ISA, with that ISA's
// compiler flags and with NEREID_HOST_VECTOR_LOOPS naming the table it defines
// (CMakeLists.txt). Nothing here may have external or inline linkage outside a namespace of
// this build's own: the linker would keep one copy of such a function for every build, which
// could be another ISA's. So the loops have internal linkage, and xsimd is renamed per build.

#include "HostVectorLoops.h"

#include <xsimd/xsimd.hpp>

#include <cstring>

namespace mlir::nereid::interpreter {
namespace {

bool areAllWithinBuffer(const Pointer *pointers, int64_t count, const uint8_t *mask,
                        size_t maskStride, int64_t bufferIndex, uint64_t bufferBase,
                        uint64_t bufferSize, unsigned size) {
  if (bufferSize < size)
    return false;
  uint64_t last = bufferSize - size;
  // An or of each element's faults, which a selected element keeps and a masked-out one
  // clears: a pointer into another buffer, an offset past the last element, low address bits.
  auto faults = [&](int64_t i) -> uint64_t {
    const Pointer &pointer = pointers[i];
    return uint64_t(pointer.buffer != bufferIndex) |
           uint64_t(pointer.address - bufferBase > last) | (pointer.address & (size - 1));
  };
  uint64_t any = 0;
  if (!mask) {
    for (int64_t i = 0; i < count; ++i)
      any |= faults(i);
  } else {
    for (int64_t i = 0; i < count; ++i)
      any |= faults(i) & (uint64_t(0) - uint64_t(mask[i * maskStride] != 0));
  }
  return any == 0;
}

void addOffsetsToBase(Pointer *out, Pointer base, const int32_t *offsets, uint64_t stride,
                      int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    out[i] = Pointer{base.address + uint64_t(int64_t(offsets[i])) * stride, base.buffer};
}

void gather32(uint32_t *out, const Pointer *pointers, const uint8_t *mask, int64_t count) {
  auto at = [&](int64_t i) {
    uint32_t value;
    std::memcpy(&value, reinterpret_cast<const void *>(pointers[i].address), sizeof(value));
    return value;
  };
  if (!mask) {
    for (int64_t i = 0; i < count; ++i)
      out[i] = at(i);
    return;
  }
  for (int64_t i = 0; i < count; ++i)
    if (mask[i])
      out[i] = at(i);
}

void scatter32(const Pointer *pointers, const uint32_t *values, const uint8_t *mask,
               int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    if (!mask || mask[i])
      std::memcpy(reinterpret_cast<void *>(pointers[i].address), &values[i], sizeof(uint32_t));
}

/// An operand read element by element, as an xsimd batch (`batch(i)`, elements i onwards) or as
/// one element (`at(i)`).
template <typename T> struct ArrayOperand {
  const T *data;
  xsimd::batch<T> batch(int64_t i) const { return xsimd::batch<T>::load_unaligned(data + i); }
  T at(int64_t i) const { return data[i]; }
};

/// An operand that has one value for every element.
template <typename T> struct UniformOperand {
  T value;
  xsimd::batch<T> batch(int64_t) const { return xsimd::batch<T>(value); }
  T at(int64_t) const { return value; }
};

/// Calls `loop(x, y)` with each operand as an ArrayOperand or, where its stride is 0, as a
/// UniformOperand: one loop per layout, so that each reads whole batches or broadcasts.
template <typename T, typename Loop>
void withOperands(const T *x, size_t xStride, const T *y, size_t yStride, Loop loop) {
  if (xStride == 0 && yStride == 0)
    loop(UniformOperand<T>{x[0]}, UniformOperand<T>{y[0]});
  else if (xStride == 0)
    loop(UniformOperand<T>{x[0]}, ArrayOperand<T>{y});
  else if (yStride == 0)
    loop(ArrayOperand<T>{x}, UniformOperand<T>{y[0]});
  else
    loop(ArrayOperand<T>{x}, ArrayOperand<T>{y});
}

/// out[i] = fn(x[i], y[i]), whole batches first; fn takes two batches or two elements.
template <typename T, typename Fn>
void applyBinary(T *out, const T *x, size_t xStride, const T *y, size_t yStride, int64_t count,
                 Fn fn) {
  withOperands(x, xStride, y, yStride, [&](auto a, auto b) {
    constexpr int64_t width = xsimd::batch<T>::size;
    int64_t i = 0;
    for (; i + width <= count; i += width)
      fn(a.batch(i), b.batch(i)).store_unaligned(out + i);
    for (; i < count; ++i)
      out[i] = fn(a.at(i), b.at(i));
  });
}

template <typename T>
void applyFloat(FloatOperation operation, T *out, const T *x, size_t xStride, const T *y,
                size_t yStride, int64_t count) {
  auto apply = [&](auto fn) { applyBinary(out, x, xStride, y, yStride, count, fn); };
  switch (operation) {
  case FloatOperation::Add:
    return apply([](auto a, auto b) { return a + b; });
  case FloatOperation::Subtract:
    return apply([](auto a, auto b) { return a - b; });
  case FloatOperation::Multiply:
    return apply([](auto a, auto b) { return a * b; });
  case FloatOperation::Divide:
    return apply([](auto a, auto b) { return a / b; });
  }
}

template <typename T>
void applyInteger(IntegerOperation operation, T *out, const T *x, size_t xStride, const T *y,
                  size_t yStride, int64_t count) {
  auto apply = [&](auto fn) { applyBinary(out, x, xStride, y, yStride, count, fn); };
  switch (operation) {
  case IntegerOperation::Add:
    return apply([](auto a, auto b) { return a + b; });
  case IntegerOperation::Subtract:
    return apply([](auto a, auto b) { return a - b; });
  case IntegerOperation::Multiply:
    return apply([](auto a, auto b) { return a * b; });
  case IntegerOperation::And:
    return apply([](auto a, auto b) { return a & b; });
  case IntegerOperation::Or:
    return apply([](auto a, auto b) { return a | b; });
  case IntegerOperation::Xor:
    return apply([](auto a, auto b) { return a ^ b; });
  }
}

// A result of one byte per element, which xsimd 8 cannot narrow a comparison to: the
// compiler vectorizes these loops for the ISA.
template <typename T>
void compare(uint8_t *out, const T *x, size_t xStride, const T *y, size_t yStride, bool onLess,
             bool onEqual, bool onGreater, int64_t count) {
  withOperands(x, xStride, y, yStride, [&](auto a, auto b) {
    for (int64_t i = 0; i < count; ++i) {
      T p = a.at(i), q = b.at(i);
      out[i] = (onLess & (p < q)) | (onEqual & (p == q)) | (onGreater & (p > q));
    }
  });
}

void compareI32(uint8_t *out, const uint32_t *x, size_t xStride, const uint32_t *y,
                size_t yStride, bool isSigned, bool onLess, bool onEqual, bool onGreater,
                int64_t count) {
  if (isSigned)
    compare(out, reinterpret_cast<const int32_t *>(x), xStride,
            reinterpret_cast<const int32_t *>(y), yStride, onLess, onEqual, onGreater, count);
  else
    compare(out, x, xStride, y, yStride, onLess, onEqual, onGreater, count);
}

} // namespace

extern const HostVectorLoops NEREID_HOST_VECTOR_LOOPS = {
    .areAllWithinBuffer = areAllWithinBuffer,
    .addOffsetsToBase = addOffsetsToBase,
    .gather32 = gather32,
    .scatter32 = scatter32,
    .applyF32 = applyFloat<float>,
    .applyF64 = applyFloat<double>,
    .applyI32 = applyInteger<uint32_t>,
    .applyI64 = applyInteger<uint64_t>,
    .compareI32 = compareI32,
};

} // namespace mlir::nereid::interpreter
