// Pointer arithmetic and casts: tt.addptr, tt.int_to_ptr, tt.ptr_to_int and tt.bitcast. A
// pointer keeps the buffer it derives from through addptr and pointer bitcasts; int_to_ptr
// takes the buffer that holds the address, if any.

#include "Elementwise.h"
#include "Executor.h"
#include "Handlers.h"
#include "HostVectorLoops.h"
#include "MemoryAccess.h"

namespace mlir::nereid::interpreter {
namespace {

LogicalResult executeAddPtr(Operation *op, Frame &frame) {
  auto addPtr = cast<tt::AddPtrOp>(op);
  // Either operand may be uniform (a splat pointer plus a range of offsets, mostly).
  const Tensor &pointers = frame.getLazy(addPtr.getPtr());
  const Tensor &offsets = frame.getLazy(addPtr.getOffset());
  uint64_t stride = getPointeeElement(addPtr.getPtr().getType()).size;
  Tensor result =
      Tensor::uninitialized(ElementKind::Pointer, broadcastShape({&pointers, &offsets}));
  Pointer *out = result.mutableData<Pointer>();
  visitIntWidth(offsets.kind(), [&](auto width) {
    using W = decltype(width);
    using S = typename W::Storage;
    // An i1 offset counts 0 or 1 elements; wider offsets are signed.
    auto bytes = [stride](S offset) {
      return uint64_t(W::bits == 1 ? int64_t(offset) : W::toSigned(offset)) * stride;
    };
    const Pointer *in = pointers.data<Pointer>();
    const S *offset = offsets.data<S>();
    int64_t count = result.numElements();
    if (pointers.isUniform() && !offsets.isUniform()) {
      Pointer base = in[0];
      if constexpr (W::bits == 32) {
        hostVectorLoops().addOffsetsToBase(out, base, reinterpret_cast<const int32_t *>(offset),
                                           stride, count);
        return;
      }
      for (int64_t i = 0; i < count; ++i)
        out[i] = Pointer{base.address + bytes(offset[i]), base.buffer};
      return;
    }
    if (!pointers.isUniform() && offsets.isUniform()) {
      // A tile of pointers advanced by one offset (`ptrs += BLOCK_K * stride` in a loop).
      uint64_t advance = bytes(offset[0]);
      for (int64_t i = 0; i < count; ++i)
        out[i] = Pointer{in[i].address + advance, in[i].buffer};
      return;
    }
    Tensor allPointers = expandScalar(pointers, result.shape());
    Tensor allOffsets = expandScalar(offsets, result.shape());
    in = allPointers.data<Pointer>();
    offset = allOffsets.data<S>();
    for (int64_t i = 0; i < count; ++i)
      out[i] = Pointer{in[i].address + bytes(offset[i]), in[i].buffer};
  });
  frame.set(addPtr.getResult(), std::move(result));
  return success();
}

LogicalResult executeIntToPtr(Operation *op, Frame &frame) {
  auto intToPtr = cast<tt::IntToPtrOp>(op);
  const Tensor &integers = frame.get(intToPtr.getSrc());
  Tensor result = Tensor::zeros(ElementKind::Pointer, integers.shape());
  for (int64_t i = 0, e = result.numElements(); i < e; ++i) {
    uint64_t address = integers.getBits(i);
    result.mutableData<Pointer>()[i] = Pointer{address, frame.state.launch.findBuffer(address)};
  }
  frame.set(intToPtr.getResult(), std::move(result));
  return success();
}

LogicalResult executePtrToInt(Operation *op, Frame &frame) {
  auto ptrToInt = cast<tt::PtrToIntOp>(op);
  const Tensor &pointers = frame.get(ptrToInt.getSrc());
  Tensor result = Tensor::zeros(ElementKind::I64, pointers.shape());
  for (int64_t i = 0, e = result.numElements(); i < e; ++i)
    result.mutableData<uint64_t>()[i] = pointers.getPointer(i).address;
  frame.set(ptrToInt.getResult(), std::move(result));
  return success();
}

LogicalResult executeBitcast(Operation *op, Frame &frame) {
  Value resultValue = op->getResult(0);
  const Tensor &source = frame.get(op->getOperand(0));
  ElementKind kind = kindOf(resultValue);
  if (kind == ElementKind::Pointer) {
    frame.set(resultValue, source);
    return success();
  }
  // Same width: the bytes are kept and read as the new kind.
  Tensor result = Tensor::zeros(kind, source.shape());
  std::memcpy(result.mutableBytes(), source.bytes(),
              source.numElements() * getStorageSize(source.kind()));
  frame.set(resultValue, std::move(result));
  return success();
}

} // namespace

void registerPointerHandlers(HandlerTable &table) {
  table.add<tt::AddPtrOp>(executeAddPtr);
  table.add<tt::IntToPtrOp>(executeIntToPtr);
  table.add<tt::PtrToIntOp>(executePtrToInt);
  table.add<tt::BitcastOp, arith::BitcastOp>(executeBitcast);
}

} // namespace mlir::nereid::interpreter
