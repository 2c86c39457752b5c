// Buffers in shared memory on a GPU: ttg.local_alloc, local_store, local_load, memdesc_index and
// local_dealloc. A buffer is the address of its first byte, at the offset that
// allocateSharedMemory gave its local_alloc; each element lies where the buffer's shared layout
// puts it. A thread reads and writes its registers in vectors of up to 16 bytes wherever the
// register layout holds, in consecutive registers, elements that the shared layout keeps at
// consecutive offsets (a swizzled layout keeps its `vec` elements together), and one element
// at a time elsewhere.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAccess.h"
#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAllocation.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {
namespace {

/// The widest access to shared memory, in bytes.
constexpr int32_t kMaxVectorBytes = 16;

/// Whether every basis of `toOffset` but the first log2(vector) of `register` leaves the low
/// log2(vector) bits of the offset alone, and those first ones are 1, 2, 4, ...: then the
/// registers of each group of `vector` are consecutive in memory, from an aligned offset.
bool groupsAreConsecutive(const LinearLayout &toOffset, int32_t vector) {
  int32_t lowBits = llvm::Log2_32(vector);
  for (StringRef inDim : toOffset.getInDimNames()) {
    for (auto [bit, basis] : llvm::enumerate(toOffset.getBases(inDim))) {
      bool inVector = inDim == LinearLayout::kRegister && int32_t(bit) < lowBits;
      if (inVector ? basis[0] != (1 << bit) : (basis[0] & (vector - 1)) != 0)
        return false;
    }
    if (inDim == LinearLayout::kRegister && toOffset.getInDimSizeLog2(inDim) < lowBits)
      return false;
  }
  return true;
}

} // namespace

std::optional<SharedAccessPlan> planSharedAccess(RankedTensorType tensorType,
                                                 ttg::MemDescType bufferType, Type sharedType) {
  std::optional<LinearLayout> registers = ttg::toLinearLayout(tensorType);
  if (!registers)
    return std::nullopt;
  std::optional<LinearLayout> toOffset =
      ttg::toLinearLayout(bufferType).invertAndCompose(*registers);
  if (!toOffset)
    return std::nullopt;
  int32_t bytes = std::max(1u, getElementBitWidth(sharedType) / 8);
  int32_t vector = isa<LLVM::LLVMPointerType>(sharedType) ? 1 : kMaxVectorBytes / bytes;
  while (vector > 1 && !groupsAreConsecutive(*toOffset, vector))
    vector /= 2;
  return SharedAccessPlan{std::move(*toOffset), std::max(vector, 1)};
}

SmallVector<Value> emitGroupAddresses(OpBuilder &builder, Location loc,
                                      const SharedAccessPlan &plan, Value base, Type sharedType,
                                      const GpuTargetLowering &target) {
  Value threadId = target.getThreadId(builder, loc);
  Value warpSize = createI32(builder, loc, target.getWarpSize());
  Value lane = arith::RemUIOp::create(builder, loc, threadId, warpSize);
  Value warp = arith::DivUIOp::create(builder, loc, threadId, warpSize);
  Value threadOffset = arith::XOrIOp::create(
      builder, loc, applyRuntimeIndex(builder, loc, plan.toOffset, LinearLayout::kLane, lane)[0],
      applyRuntimeIndex(builder, loc, plan.toOffset, LinearLayout::kWarp, warp)[0]);
  SmallVector<Value> addresses;
  int32_t numRegisters = plan.toOffset.getInDimSize(LinearLayout::kRegister);
  for (int32_t r = 0; r < numRegisters; r += plan.vector) {
    int32_t own = applyToIndex(plan.toOffset, LinearLayout::kRegister, r)[0];
    Value offset = arith::XOrIOp::create(builder, loc, threadOffset, createI32(builder, loc, own));
    addresses.push_back(LLVM::GEPOp::create(builder, loc, base.getType(), sharedType, base, offset));
  }
  return addresses;
}

namespace {

/// Writes the registers `elements` of a tensor of `tensorType` into the buffer at `base`.
LogicalResult emitSharedStores(OpBuilder &builder, Location loc, RankedTensorType tensorType,
                               ttg::MemDescType bufferType, Value base, ValueRange elements,
                               const GpuTargetLowering &target) {
  Type registerType = elements.front().getType();
  Type sharedType = getSharedElementType(registerType);
  std::optional<SharedAccessPlan> plan = planSharedAccess(tensorType, bufferType, sharedType);
  if (!plan)
    return failure();
  unsigned bytes = std::max(1u, getElementBitWidth(sharedType) / 8);
  auto vectorType = VectorType::get({plan->vector}, sharedType);
  for (auto [group, address] : llvm::enumerate(
           emitGroupAddresses(builder, loc, *plan, base, sharedType, target))) {
    Value stored = plan->vector == 1 ? Value() : LLVM::UndefOp::create(builder, loc, vectorType);
    for (int32_t i = 0; i < plan->vector; ++i) {
      Value element = elements[group * plan->vector + i];
      if (sharedType != registerType)
        element = LLVM::ZExtOp::create(builder, loc, sharedType, element);
      stored = plan->vector == 1 ? element
                                 : LLVM::InsertElementOp::create(builder, loc, stored, element,
                                                                 createI32(builder, loc, i));
    }
    LLVM::StoreOp::create(builder, loc, stored, address, bytes * plan->vector);
  }
  return success();
}

/// The registers of a tensor of `tensorType` read from the buffer at `base`.
FailureOr<SmallVector<Value>> emitSharedLoads(OpBuilder &builder, Location loc,
                                              RankedTensorType tensorType,
                                              ttg::MemDescType bufferType, Value base,
                                              Type registerType,
                                              const GpuTargetLowering &target) {
  Type sharedType = getSharedElementType(registerType);
  std::optional<SharedAccessPlan> plan = planSharedAccess(tensorType, bufferType, sharedType);
  if (!plan)
    return failure();
  unsigned bytes = std::max(1u, getElementBitWidth(sharedType) / 8);
  auto vectorType = VectorType::get({plan->vector}, sharedType);
  SmallVector<Value> elements;
  for (Value address : emitGroupAddresses(builder, loc, *plan, base, sharedType, target)) {
    Value loaded = LLVM::LoadOp::create(builder, loc, plan->vector == 1 ? sharedType : vectorType,
                                        address, bytes * plan->vector);
    for (int32_t i = 0; i < plan->vector; ++i) {
      Value element = plan->vector == 1
                          ? loaded
                          : LLVM::ExtractElementOp::create(builder, loc, loaded,
                                                           createI32(builder, loc, i));
      if (sharedType != registerType)
        element = LLVM::TruncOp::create(builder, loc, registerType, element);
      elements.push_back(element);
    }
  }
  return elements;
}

/// Writes the tensor `packed` (of `tensorType`, as the type converter packs it) into the buffer
/// at `base` between two barriers: the first (where `barrierBefore`) keeps the writes behind
/// the other threads' reads of what the bytes held, the second (where `barrierAfter`; after
/// the target's fence, for buffers that other units read) lets every thread read any element.
LogicalResult emitBufferWrite(ConversionPatternRewriter &rewriter, Location loc,
                              RankedTensorType tensorType, ttg::MemDescType bufferType,
                              Value base, Value packed, bool barrierBefore, bool barrierAfter,
                              const GpuTargetLowering &target) {
  if (barrierBefore)
    target.barrier(rewriter, loc);
  if (failed(emitSharedStores(rewriter, loc, tensorType, bufferType, base,
                              unpackElements(rewriter, loc, packed), target)))
    return failure();
  target.fenceBufferWrites(rewriter, loc, bufferType);
  if (barrierAfter)
    target.barrier(rewriter, loc);
  return success();
}

struct LocalAllocOpConversion : OpConversionPattern<ttg::LocalAllocOp> {
  LocalAllocOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                         const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(ttg::LocalAllocOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value buffer = getScratchBuffer(rewriter, op, info.target);
    // The bytes may hold an earlier value of a buffer allocated in a loop, which other threads
    // may still be reading.
    if (Value src = op.getSrc())
      if (failed(emitBufferWrite(rewriter, loc, cast<RankedTensorType>(src.getType()),
                                 op.getType(), buffer, adaptor.getSrc(),
                                 needsBarrierBeforeScratch(op), needsBarrierAfterWrites(op),
                                 info.target)))
        return failure();
    rewriter.replaceOp(op, buffer);
    return success();
  }

  const GpuLoweringInfo &info;
};

struct LocalStoreOpConversion : OpConversionPattern<ttg::LocalStoreOp> {
  LocalStoreOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                         const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(ttg::LocalStoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (failed(emitBufferWrite(rewriter, op.getLoc(), op.getSrc().getType(),
                               op.getDst().getType(), adaptor.getDst(), adaptor.getSrc(),
                               /*barrierBefore=*/true, /*barrierAfter=*/true, info.target)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

struct LocalLoadOpConversion : OpConversionPattern<ttg::LocalLoadOp> {
  LocalLoadOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                        const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto structType =
        dyn_cast_or_null<LLVM::LLVMStructType>(getTypeConverter()->convertType(op.getType()));
    if (!structType)
      return failure();
    FailureOr<SmallVector<Value>> elements =
        emitSharedLoads(rewriter, loc, op.getType(), op.getSrc().getType(), adaptor.getSrc(),
                        structType.getBody().front(), info.target);
    if (failed(elements))
      return failure();
    rewriter.replaceOp(op, packElements(rewriter, loc, *elements, structType));
    return success();
  }

  const GpuLoweringInfo &info;
};

/// The slice `index` of a buffer along its first dimension starts that many slices in: every
/// shared layout keeps the first dimension slowest.
struct MemDescIndexOpConversion : OpConversionPattern<ttg::MemDescIndexOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ttg::MemDescIndexOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ttg::MemDescType slice = op.getType();
    Type sharedType = getSharedElementType(slice.getElementType());
    int64_t sliceElements = 1;
    for (int64_t size : slice.getShape())
      sliceElements *= size;
    Value start = arith::MulIOp::create(rewriter, loc, adaptor.getIndex(),
                                        createI32(rewriter, loc, int32_t(sliceElements)));
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, adaptor.getSrc().getType(),
                                             getTypeConverter()->convertType(sharedType),
                                             adaptor.getSrc(), ValueRange{start});
    return success();
  }
};

/// Buffers are never freed one by one: allocateSharedMemory gives each its own bytes.
struct LocalDeallocOpConversion : OpConversionPattern<ttg::LocalDeallocOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ttg::LocalDeallocOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateSharedMemoryOpToLLVMPatterns(const TypeConverter &typeConverter,
                                          RewritePatternSet &patterns,
                                          const GpuLoweringInfo &info) {
  MLIRContext *context = patterns.getContext();
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion, LocalLoadOpConversion>(
      typeConverter, context, info);
  patterns.add<MemDescIndexOpConversion, LocalDeallocOpConversion>(typeConverter, context);
}

} // namespace mlir::nereid
