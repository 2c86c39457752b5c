// tt.atomic_rmw and tt.atomic_cas: one atomic per element, performed by the first holder of the
// element only (a broadcast layout holds it in several registers or threads, and each update
// must reach memory once). The target emits the atomic instruction; float max and min, and
// adds the chip cannot do atomically, loop on compare-and-swap. Where the result is used and
// several threads hold an element, the old values reach the other holders through shared
// memory.

#include "nereid/Conversion/TritonGPUToLLVM/MemoryAccess.h"
#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAllocation.h"
#include "nereid/Conversion/TritonGPUToLLVM/TypeConverter.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {
namespace {

/// The integer type as wide as `type`.
Type getBitsType(Type type) {
  return IntegerType::get(type.getContext(), type.getIntOrFloatBitWidth());
}

Value toBits(OpBuilder &builder, Location loc, Value value) {
  Type bits = getBitsType(value.getType());
  if (bits == value.getType())
    return value;
  return LLVM::BitcastOp::create(builder, loc, bits, value);
}

Value fromBits(OpBuilder &builder, Location loc, Value bits, Type type) {
  if (bits.getType() == type)
    return bits;
  return LLVM::BitcastOp::create(builder, loc, type, bits);
}

/// The and of two predicates, either of which may be null (always true).
Value andPredicates(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  if (!lhs)
    return rhs;
  if (!rhs)
    return lhs;
  return LLVM::AndOp::create(builder, loc, lhs, rhs);
}

/// What a read-modify-write of `kind` stores, from the old value and the operand: the part of
/// the compare-and-swap loop that the target could not do in one instruction.
Value combine(OpBuilder &builder, Location loc, tt::RMWOp kind, Value old, Value value) {
  switch (kind) {
  case tt::RMWOp::FADD:
    return LLVM::FAddOp::create(builder, loc, old, value);
  case tt::RMWOp::MAX: // On floats: NaN wins and -0 < +0, as arith.maximumf.
    return LLVM::MaximumOp::create(builder, loc, old, value);
  case tt::RMWOp::MIN:
    return LLVM::MinimumOp::create(builder, loc, old, value);
  case tt::RMWOp::XCHG:
    return value;
  default:
    llvm_unreachable("the target performs integer read-modify-writes in one instruction");
  }
}

/// A read-modify-write as a loop on compare-and-swap: read the old value, compute the new one,
/// and swap it in if memory still holds the old bits (compared as bits, so that a NaN ends the
/// loop). Returns the old value, 0 where `predicate` is false. Leaves the rewriter in the block
/// after the loop.
Value emitCompareAndSwapLoop(ConversionPatternRewriter &rewriter, Location loc,
                             const GpuLoweringInfo &info, tt::RMWOp kind, Value pointer,
                             Value value, Value predicate, tt::MemSemantic sem,
                             tt::MemSyncScope scope) {
  Type type = value.getType();
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Value result = after->addArgument(type, loc);
  Block *loop = rewriter.createBlock(after, {type}, {loc});
  Block *start = rewriter.createBlock(loop);

  rewriter.setInsertionPointToEnd(before);
  if (predicate) {
    Value zero = LLVM::ZeroOp::create(rewriter, loc, type);
    LLVM::CondBrOp::create(rewriter, loc, predicate, start, ValueRange(), after,
                           ValueRange{zero});
  } else {
    LLVM::BrOp::create(rewriter, loc, ValueRange(), start);
  }

  rewriter.setInsertionPointToEnd(start);
  unsigned bytes = std::max(1u, type.getIntOrFloatBitWidth() / 8);
  Value first = LLVM::LoadOp::create(rewriter, loc, type, pointer, bytes);
  LLVM::BrOp::create(rewriter, loc, ValueRange{first}, loop);

  rewriter.setInsertionPointToEnd(loop);
  Value old = loop->getArgument(0);
  Value oldBits = toBits(rewriter, loc, old);
  Value updated = combine(rewriter, loc, kind, old, value);
  Value seen = info.target.atomicCAS(rewriter, loc, pointer, oldBits,
                                     toBits(rewriter, loc, updated), Value(), sem, scope);
  Value swapped = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, seen, oldBits);
  LLVM::CondBrOp::create(rewriter, loc, swapped, after, ValueRange{old}, loop,
                         ValueRange{fromBits(rewriter, loc, seen, type)});

  rewriter.setInsertionPointToStart(after);
  return result;
}

/// One element's read-modify-write: the target's instruction, or the compare-and-swap loop.
Value emitAtomicRMW(ConversionPatternRewriter &rewriter, Location loc, const GpuLoweringInfo &info,
                    tt::AtomicRMWOp op, Value pointer, Value value, Value predicate) {
  if (Value old = info.target.atomicRMW(rewriter, loc, op.getAtomicRmwOp(), pointer, value,
                                        predicate, op.getSem(), op.getScope()))
    return old;
  return emitCompareAndSwapLoop(rewriter, loc, info, op.getAtomicRmwOp(), pointer, value,
                                predicate, op.getSem(), op.getScope());
}

/// One element's compare-and-swap, on the bits of floats.
Value emitAtomicCAS(ConversionPatternRewriter &rewriter, Location loc, const GpuLoweringInfo &info,
                    tt::AtomicCASOp op, Value pointer, Value expected, Value desired,
                    Value predicate) {
  Value old = info.target.atomicCAS(rewriter, loc, pointer, toBits(rewriter, loc, expected),
                                    toBits(rewriter, loc, desired), predicate, op.getSem(),
                                    op.getScope());
  return fromBits(rewriter, loc, old, expected.getType());
}

/// Gives every thread the old values that the first holders of its elements got: each thread
/// writes its registers to slots of its own in shared memory (register-major, then thread),
/// and reads those of the thread whose redundant lane and warp bits are 0. `values` has one
/// entry per register; the redundant registers' entries are ignored. The slots are `op`'s
/// scratch buffer, of getAtomicSharedBytes bytes.
void broadcastFromFirstHolders(ConversionPatternRewriter &rewriter, Location loc, Operation *op,
                               const GpuLoweringInfo &info, const RedundantHolderMasks &masks,
                               MutableArrayRef<Value> values) {
  Type type = values.front().getType();
  Type i32 = rewriter.getI32Type();
  int32_t threads = info.numWarps * info.target.getWarpSize();
  int32_t bytes = std::max(1u, type.getIntOrFloatBitWidth() / 8);
  Value buffer = getScratchBuffer(rewriter, op, info.target);
  auto constant = [&](int32_t value) {
    return LLVM::ConstantOp::create(rewriter, loc, i32, rewriter.getI32IntegerAttr(value));
  };
  Value threadId = info.target.getThreadId(rewriter, loc);
  int32_t threadMask = masks.lanes | (masks.warps * int32_t(info.target.getWarpSize()));
  Value holder = LLVM::AndOp::create(rewriter, loc, threadId, constant(~threadMask));
  auto slot = [&](size_t r, Value thread) {
    Value index = LLVM::AddOp::create(rewriter, loc, constant(int32_t(r) * threads), thread);
    return LLVM::GEPOp::create(rewriter, loc, buffer.getType(), type, buffer, index);
  };
  // The first barrier keeps the writes from overtaking the reads of an earlier op's buffer at
  // the same bytes (or of this one in a loop).
  if (needsBarrierBeforeScratch(op))
    info.target.barrier(rewriter, loc);
  for (size_t r = 0; r < values.size(); ++r)
    if (!(r & masks.registers))
      LLVM::StoreOp::create(rewriter, loc, values[r], slot(r, threadId), bytes);
  info.target.barrier(rewriter, loc);
  for (size_t r = 0; r < values.size(); ++r)
    if (!(r & masks.registers))
      values[r] = LLVM::LoadOp::create(rewriter, loc, type, slot(r, holder), bytes);
}

/// The lowering of both atomics: `emitElement(register, predicate)` performs one element's
/// atomic and returns its old value.
template <typename AtomicOp>
LogicalResult lowerAtomic(AtomicOp op, ConversionPatternRewriter &rewriter,
                          const TypeConverter &typeConverter, const GpuLoweringInfo &info,
                          Value mask,
                          llvm::function_ref<Value(size_t, Value)> emitElement) {
  Location loc = op.getLoc();
  auto type = dyn_cast<RankedTensorType>(op.getType());
  if (!type) {
    // Every thread executes it; the first performs it.
    Value predicate = andPredicates(rewriter, loc, mask,
                                    emitIsFirstThread(rewriter, loc, info.target));
    SmallVector<Value> old{emitElement(0, predicate)};
    if (!op->use_empty()) {
      RedundantHolderMasks everyThreadRepeats;
      everyThreadRepeats.lanes = info.target.getWarpSize() - 1;
      everyThreadRepeats.warps = info.numWarps - 1;
      broadcastFromFirstHolders(rewriter, loc, op, info, everyThreadRepeats, old);
    }
    rewriter.replaceOp(op, old.front());
    return success();
  }
  auto structType = cast<LLVM::LLVMStructType>(typeConverter.convertType(type));
  RedundantHolderMasks redundant;
  if (std::optional<LinearLayout> layout = ttg::toLinearLayout(type))
    redundant = getRedundantHolderMasks(*layout);
  Value firstHolder = emitIsFirstHolderThread(rewriter, loc, redundant, info.target);
  size_t count = structType.getBody().size();
  SmallVector<Value> masks;
  if (mask)
    masks = unpackElements(rewriter, loc, mask);
  SmallVector<Value> old(count);
  for (size_t r = 0; r < count; ++r) {
    if (r & redundant.registers)
      continue;
    Value predicate = andPredicates(rewriter, loc, masks.empty() ? Value() : masks[r],
                                    firstHolder);
    old[r] = emitElement(r, predicate);
  }
  if (!op->use_empty() && redundant.replicatesThreads())
    broadcastFromFirstHolders(rewriter, loc, op, info, redundant, old);
  for (size_t r = 0; r < count; ++r)
    if (r & redundant.registers)
      old[r] = old[r & ~size_t(redundant.registers)];
  rewriter.replaceOp(op, packElements(rewriter, loc, old, structType));
  return success();
}

struct AtomicRMWOpConversion : OpConversionPattern<tt::AtomicRMWOp> {
  AtomicRMWOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                        const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::AtomicRMWOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool isTensor = isa<RankedTensorType>(op.getType());
    SmallVector<Value> pointers{adaptor.getPtr()}, values{adaptor.getVal()};
    if (isTensor) {
      pointers = unpackElements(rewriter, loc, adaptor.getPtr());
      values = unpackElements(rewriter, loc, adaptor.getVal());
    }
    return lowerAtomic(op, rewriter, *getTypeConverter(), info, adaptor.getMask(),
                       [&](size_t r, Value predicate) {
                         return emitAtomicRMW(rewriter, loc, info, op, pointers[r], values[r],
                                              predicate);
                       });
  }

  const GpuLoweringInfo &info;
};

struct AtomicCASOpConversion : OpConversionPattern<tt::AtomicCASOp> {
  AtomicCASOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                        const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::AtomicCASOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool isTensor = isa<RankedTensorType>(op.getType());
    SmallVector<Value> pointers{adaptor.getPtr()}, expected{adaptor.getCmp()},
        desired{adaptor.getVal()};
    if (isTensor) {
      pointers = unpackElements(rewriter, loc, adaptor.getPtr());
      expected = unpackElements(rewriter, loc, adaptor.getCmp());
      desired = unpackElements(rewriter, loc, adaptor.getVal());
    }
    return lowerAtomic(op, rewriter, *getTypeConverter(), info, Value(),
                       [&](size_t r, Value predicate) {
                         return emitAtomicCAS(rewriter, loc, info, op, pointers[r], expected[r],
                                              desired[r], predicate);
                       });
  }

  const GpuLoweringInfo &info;
};

} // namespace

int64_t getAtomicSharedBytes(Operation *atomic, const GpuLoweringInfo &info) {
  if (atomic->use_empty())
    return 0;
  Type type = atomic->getResult(0).getType();
  auto tensor = dyn_cast<RankedTensorType>(type);
  int64_t bytes =
      std::max(1u, (tensor ? tensor.getElementType() : type).getIntOrFloatBitWidth() / 8);
  int64_t threads = int64_t(info.numWarps) * info.target.getWarpSize();
  if (!tensor) // Every thread reads the first thread's old value.
    return threads * bytes;
  std::optional<LinearLayout> layout = ttg::toLinearLayout(tensor);
  if (!layout || !getRedundantHolderMasks(*layout).replicatesThreads())
    return 0;
  return layout->getInDimSize(LinearLayout::kRegister) * threads * bytes;
}

void populateAtomicOpToLLVMPatterns(const TypeConverter &typeConverter,
                                    RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  patterns.add<AtomicRMWOpConversion, AtomicCASOpConversion>(typeConverter,
                                                             patterns.getContext(), info);
}

} // namespace mlir::nereid
