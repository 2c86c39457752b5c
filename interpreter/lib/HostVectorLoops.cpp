#include "HostVectorLoops.h"

#include <cstring>

namespace mlir::nereid::interpreter {

NEREID_HOST_VECTOR_CLONES
bool areAllWithinBuffer(const Pointer *pointers, int64_t count, const uint8_t *mask,
                        size_t maskStride, int64_t bufferIndex, const Buffer &buffer,
                        unsigned size) {
  if (buffer.size < size)
    return false;
  uint64_t base = buffer.base, last = buffer.size - size;
  // An or of each element's faults, which a selected element keeps and a masked-out one
  // clears: a pointer into another buffer, an offset past the last element, low address bits.
  auto faults = [&](int64_t i) -> uint64_t {
    const Pointer &pointer = pointers[i];
    return uint64_t(pointer.buffer != bufferIndex) | uint64_t(pointer.address - base > last) |
           (pointer.address & (size - 1));
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

NEREID_HOST_VECTOR_CLONES
void addOffsetsToBase(Pointer *out, Pointer base, const int32_t *offsets, uint64_t stride,
                      int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    out[i] = Pointer{base.address + uint64_t(int64_t(offsets[i])) * stride, base.buffer};
}

NEREID_HOST_VECTOR_CLONES
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

NEREID_HOST_VECTOR_CLONES
void scatter32(const Pointer *pointers, const uint32_t *values, const uint8_t *mask,
               int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    if (!mask || mask[i])
      std::memcpy(reinterpret_cast<void *>(pointers[i].address), &values[i], sizeof(uint32_t));
}

// A loop over `count` elements for each way the operands can be read: both as arrays, or one
// of them uniform (stride 0), so that the vectorizer sees unit strides and broadcasts. This is
// Elementwise.h's withElementReaders as a macro: a template instantiated from a clone would be
// compiled for the baseline ISA, not for the clone's.
#define FOR_EACH_OPERAND_LAYOUT(T, x, xStride, y, yStride, count, STORE)                          \
  do {                                                                                             \
    if (xStride == 0 && yStride != 0) {                                                            \
      T a = x[0];                                                                                  \
      for (int64_t i = 0; i < count; ++i) {                                                        \
        T b = y[i];                                                                                \
        STORE;                                                                                     \
      }                                                                                            \
    } else if (yStride == 0) {                                                                     \
      T b = y[0];                                                                                  \
      for (int64_t i = 0; i < count; ++i) {                                                        \
        T a = x[i * xStride];                                                                      \
        STORE;                                                                                     \
      }                                                                                            \
    } else {                                                                                       \
      for (int64_t i = 0; i < count; ++i) {                                                        \
        T a = x[i], b = y[i];                                                                      \
        STORE;                                                                                     \
      }                                                                                            \
    }                                                                                              \
  } while (false)

NEREID_HOST_VECTOR_CLONES
void applyF32(F32Operation operation, float *out, const float *x, size_t xStride, const float *y,
              size_t yStride, int64_t count) {
  switch (operation) {
  case F32Operation::Add:
    FOR_EACH_OPERAND_LAYOUT(float, x, xStride, y, yStride, count, out[i] = a + b);
    return;
  case F32Operation::Subtract:
    FOR_EACH_OPERAND_LAYOUT(float, x, xStride, y, yStride, count, out[i] = a - b);
    return;
  case F32Operation::Multiply:
    FOR_EACH_OPERAND_LAYOUT(float, x, xStride, y, yStride, count, out[i] = a * b);
    return;
  case F32Operation::Divide:
    FOR_EACH_OPERAND_LAYOUT(float, x, xStride, y, yStride, count, out[i] = a / b);
    return;
  }
}

NEREID_HOST_VECTOR_CLONES
void compareI32(uint8_t *out, const uint32_t *x, size_t xStride, const uint32_t *y,
                size_t yStride, bool isSigned, bool onLess, bool onEqual, bool onGreater,
                int64_t count) {
  if (isSigned) {
    auto sx = reinterpret_cast<const int32_t *>(x), sy = reinterpret_cast<const int32_t *>(y);
    FOR_EACH_OPERAND_LAYOUT(int32_t, sx, xStride, sy, yStride, count,
                            out[i] = (onLess & (a < b)) | (onEqual & (a == b)) |
                                     (onGreater & (a > b)));
    return;
  }
  FOR_EACH_OPERAND_LAYOUT(uint32_t, x, xStride, y, yStride, count,
                          out[i] = (onLess & (a < b)) | (onEqual & (a == b)) |
                                   (onGreater & (a > b)));
}

#undef FOR_EACH_OPERAND_LAYOUT

} // namespace mlir::nereid::interpreter
