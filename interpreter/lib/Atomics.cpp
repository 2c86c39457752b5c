// tt.atomic_rmw and tt.atomic_cas. Each element's update is indivisible: it holds the lock of
// its address's stripe, so results stay exact when programs run in parallel. The elements of
// one tensor are updated in row-major order, and each result element is the value memory held
// just before that element's update.

#include "Elementwise.h"
#include "Executor.h"
#include "Handlers.h"
#include "MemoryAccess.h"

namespace mlir::nereid::interpreter {
namespace {

uint64_t readBits(const uint8_t *address, unsigned size) {
  uint64_t bits = 0;
  std::memcpy(&bits, address, size); // little-endian host: the low bytes
  return bits;
}

void writeBits(uint8_t *address, unsigned size, uint64_t bits) {
  std::memcpy(address, &bits, size);
}

/// The new memory value of an integer read-modify-write.
uint64_t combineIntegers(tt::RMWOp rmw, unsigned width, uint64_t old, uint64_t value) {
  auto toSigned = [&](uint64_t bits) {
    return width == 64 ? int64_t(bits) : int64_t(bits << (64 - width)) >> (64 - width);
  };
  switch (rmw) {
  case tt::RMWOp::AND:
    return old & value;
  case tt::RMWOp::OR:
    return old | value;
  case tt::RMWOp::XOR:
    return old ^ value;
  case tt::RMWOp::ADD:
    return old + value;
  case tt::RMWOp::MAX:
    return toSigned(old) >= toSigned(value) ? old : value;
  case tt::RMWOp::MIN:
    return toSigned(old) <= toSigned(value) ? old : value;
  case tt::RMWOp::UMAX:
    return old >= value ? old : value;
  case tt::RMWOp::UMIN:
    return old <= value ? old : value;
  case tt::RMWOp::XCHG:
  case tt::RMWOp::FADD:
    return value;
  }
  return value;
}

/// The new memory value of a float read-modify-write: fadd rounds to nearest even; max and min
/// follow arith.maximumf and arith.minimumf (NaN wins).
uint64_t combineFloats(tt::RMWOp rmw, ElementKind kind, uint64_t oldBits, uint64_t valueBits) {
  if (rmw == tt::RMWOp::XCHG)
    return valueBits;
  Tensor pair = Tensor::zeros(kind, {2});
  pair.setBits(0, oldBits);
  pair.setBits(1, valueBits);
  double old = pair.getFloat(0), value = pair.getFloat(1);
  double combined = value;
  if (rmw == tt::RMWOp::FADD)
    combined = kind == ElementKind::F32 ? double(float(old) + float(value)) : old + value;
  else if (rmw == tt::RMWOp::MAX)
    combined = maximumOf(old, value);
  else if (rmw == tt::RMWOp::MIN)
    combined = minimumOf(old, value);
  pair.setFloat(0, combined);
  return pair.getBits(0);
}

LogicalResult executeAtomicRMW(Operation *op, Frame &frame) {
  auto atomic = cast<tt::AtomicRMWOp>(op);
  const Tensor &pointers = frame.get(atomic.getPtr());
  const Tensor &values = frame.get(atomic.getVal());
  const Tensor *mask = atomic.getMask() ? &frame.get(atomic.getMask()) : nullptr;
  MemoryElement element = getPointeeElement(atomic.getPtr().getType());
  auto maskedIn = [&](int64_t i) { return !mask || mask->getBits(mask->isScalar() ? 0 : i) != 0; };
  for (int64_t i = 0, e = pointers.numElements(); i < e; ++i)
    if (maskedIn(i) &&
        failed(checkAccess(op, frame, "tt.atomic_rmw", "updates", pointers.getPointer(i),
                           element.size, pointers.shape(), i)))
      return failure();
  Tensor result = Tensor::zeros(element.kind, pointers.shape());
  tt::RMWOp rmw = atomic.getAtomicRmwOp();
  for (int64_t i = 0, e = pointers.numElements(); i < e; ++i) {
    if (!maskedIn(i))
      continue;
    uint64_t address = pointers.getPointer(i).address;
    auto *memory = reinterpret_cast<uint8_t *>(address);
    std::lock_guard<std::mutex> lock(frame.state.launch.locks.forAddress(address));
    uint64_t old = readBits(memory, element.size);
    uint64_t value = values.getBits(i);
    uint64_t updated = isFloatKind(element.kind)
                           ? combineFloats(rmw, element.kind, old, value)
                           : combineIntegers(rmw, getIntegerWidth(element.kind), old, value);
    writeBits(memory, element.size, updated);
    result.setBits(i, old);
  }
  frame.set(atomic.getResult(), std::move(result));
  return success();
}

/// Compares the bits: a float NaN equals an identical NaN, and -0 does not equal +0.
LogicalResult executeAtomicCAS(Operation *op, Frame &frame) {
  auto atomic = cast<tt::AtomicCASOp>(op);
  const Tensor &pointers = frame.get(atomic.getPtr());
  const Tensor &expected = frame.get(atomic.getCmp());
  const Tensor &values = frame.get(atomic.getVal());
  MemoryElement element = getPointeeElement(atomic.getPtr().getType());
  for (int64_t i = 0, e = pointers.numElements(); i < e; ++i)
    if (failed(checkAccess(op, frame, "tt.atomic_cas", "updates", pointers.getPointer(i),
                           element.size, pointers.shape(), i)))
      return failure();
  Tensor result = Tensor::zeros(element.kind, pointers.shape());
  for (int64_t i = 0, e = pointers.numElements(); i < e; ++i) {
    uint64_t address = pointers.getPointer(i).address;
    auto *memory = reinterpret_cast<uint8_t *>(address);
    std::lock_guard<std::mutex> lock(frame.state.launch.locks.forAddress(address));
    uint64_t old = readBits(memory, element.size);
    if (old == expected.getBits(i))
      writeBits(memory, element.size, values.getBits(i));
    result.setBits(i, old);
  }
  frame.set(atomic.getResult(), std::move(result));
  return success();
}

} // namespace

void registerAtomicHandlers(HandlerTable &table) {
  table.add<tt::AtomicRMWOp>(executeAtomicRMW);
  table.add<tt::AtomicCASOp>(executeAtomicCAS);
}

} // namespace mlir::nereid::interpreter
