// tt.load and tt.store. Through a tensor of pointers, each thread moves its registers in groups
// of the vector width that computeAccessVectorWidths proved (up to 128 bits), one access per
// group; a masked group is LLVM's masked load or store with the group's one predicate splat over
// the vector, which LLVM turns into one branch around one vector access (ld.global.v4.b32 on
// NVIDIA). Only the first holder of each element stores it. Through a scalar pointer every
// thread loads, and the first thread of the program stores. Cache and eviction hints and
// volatile go to the target's loadGlobal and storeGlobal.

#include "nereid/Conversion/TritonGPUToLLVM/MemoryAccess.h"
#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/TypeConverter.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {
namespace {

/// The type an element of `registerType` has in memory: i1 is a byte, as Triton stores it.
Type getMemoryType(Type registerType) {
  if (registerType.isInteger(1))
    return IntegerType::get(registerType.getContext(), 8);
  return registerType;
}

unsigned getElementBytes(Type memoryType) {
  return std::max(1u, getElementBitWidth(memoryType) / 8);
}

/// The scalars of `value` (a converted operand), or `count` copies of it when it was a scalar
/// in the tt IR.
SmallVector<Value> getElements(OpBuilder &builder, Location loc, Value original, Value value,
                               size_t count) {
  if (isa<RankedTensorType>(original.getType()))
    return unpackElements(builder, loc, value);
  return SmallVector<Value>(count, value);
}

/// The type that one access of `width` elements of `memoryType` moves: the element itself, or
/// a vector of them.
Type getAccessType(Type memoryType, unsigned width) {
  if (width == 1)
    return memoryType;
  return VectorType::get({width}, memoryType);
}

Value createI32(OpBuilder &builder, Location loc, int32_t value) {
  return LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                  builder.getI32IntegerAttr(value));
}

/// `elements` as one value of getAccessType.
Value packAccess(OpBuilder &builder, Location loc, ArrayRef<Value> elements) {
  if (elements.size() == 1)
    return elements.front();
  auto type = VectorType::get({static_cast<int64_t>(elements.size())},
                              elements.front().getType());
  Value vector = LLVM::PoisonOp::create(builder, loc, type);
  for (auto [i, element] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(builder, loc, vector, element,
                                           createI32(builder, loc, i));
  return vector;
}

/// The elements of `access`, a value of getAccessType.
SmallVector<Value> unpackAccess(OpBuilder &builder, Location loc, Value access) {
  auto vectorType = dyn_cast<VectorType>(access.getType());
  if (!vectorType)
    return {access};
  SmallVector<Value> elements;
  for (int64_t i = 0; i < vectorType.getNumElements(); ++i)
    elements.push_back(
        LLVM::ExtractElementOp::create(builder, loc, access, createI32(builder, loc, i)));
  return elements;
}

/// The i1 `predicate` repeated `count` times: the mask of a masked load or store whose group of
/// elements is all in or all out. LLVM recognizes the splat and branches once around one
/// vector access (ScalarizeMaskedMemIntrin), which a per-element mask would scalarize.
Value splatPredicate(OpBuilder &builder, Location loc, Value predicate, unsigned count) {
  auto type = VectorType::get({count}, builder.getI1Type());
  Value single = LLVM::InsertElementOp::create(
      builder, loc, LLVM::PoisonOp::create(builder, loc, type), predicate,
      createI32(builder, loc, 0));
  SmallVector<int32_t> zeros(count, 0);
  return LLVM::ShuffleVectorOp::create(builder, loc, single, single, zeros);
}

/// `value` as a one-element vector when it is a scalar, else itself.
Value toVector(OpBuilder &builder, Location loc, Value value) {
  if (isa<VectorType>(value.getType()))
    return value;
  auto type = VectorType::get({1}, value.getType());
  return LLVM::InsertElementOp::create(builder, loc, LLVM::PoisonOp::create(builder, loc, type),
                                       value, createI32(builder, loc, 0));
}

/// The and of two predicates, either of which may be null (always true).
Value andPredicates(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  if (!lhs)
    return rhs;
  if (!rhs)
    return lhs;
  return LLVM::AndOp::create(builder, loc, lhs, rhs);
}

/// Loads one access of `type` (getAccessType) at `pointer`, aligned to `alignment` bytes, where
/// `predicate` (or always, when null) holds; `fallback` elsewhere.
Value emitLoad(OpBuilder &builder, Location loc, const GpuLoweringInfo &info, Type type,
               Value pointer, Value predicate, Value fallback, unsigned alignment,
               const GlobalAccessHints &hints) {
  if (!hints.isPlain())
    return info.target.loadGlobal(builder, loc, type, pointer, predicate, fallback, hints);
  if (!predicate)
    return LLVM::LoadOp::create(builder, loc, type, pointer, alignment);
  auto vectorType = dyn_cast<VectorType>(type);
  unsigned count = vectorType ? vectorType.getNumElements() : 1;
  Value loaded = LLVM::MaskedLoadOp::create(
      builder, loc, vectorType ? vectorType : VectorType::get({1}, type), pointer,
      splatPredicate(builder, loc, predicate, count), toVector(builder, loc, fallback),
      alignment);
  if (vectorType)
    return loaded;
  return LLVM::ExtractElementOp::create(builder, loc, loaded, createI32(builder, loc, 0));
}

/// Stores one access `value` (getAccessType) at `pointer`, where `predicate` (or always, when
/// null) holds.
void emitStore(OpBuilder &builder, Location loc, const GpuLoweringInfo &info, Value value,
               Value pointer, Value predicate, unsigned alignment,
               const GlobalAccessHints &hints) {
  if (!hints.isPlain())
    return info.target.storeGlobal(builder, loc, value, pointer, predicate, hints);
  if (!predicate) {
    LLVM::StoreOp::create(builder, loc, value, pointer, alignment);
    return;
  }
  Value vector = toVector(builder, loc, value);
  unsigned count = cast<VectorType>(vector.getType()).getNumElements();
  LLVM::MaskedStoreOp::create(builder, loc, vector, pointer,
                              splatPredicate(builder, loc, predicate, count), alignment);
}

/// The register-to-memory conversion of one element: i1 widens to a byte.
Value toMemory(OpBuilder &builder, Location loc, Value value) {
  Type memoryType = getMemoryType(value.getType());
  if (memoryType == value.getType())
    return value;
  return LLVM::ZExtOp::create(builder, loc, memoryType, value);
}

/// The memory-to-register conversion: a byte narrows to i1 (Triton stores bools as 0 or 1).
Value toRegister(OpBuilder &builder, Location loc, Value value, Type registerType) {
  if (value.getType() == registerType)
    return value;
  return LLVM::TruncOp::create(builder, loc, registerType, value);
}

template <typename AccessOp>
GlobalAccessHints getHints(AccessOp op) {
  GlobalAccessHints hints;
  hints.cache = op.getCache();
  hints.evict = op.getEvict();
  if constexpr (std::is_same_v<AccessOp, tt::LoadOp>)
    hints.isVolatile = op.getIsVolatile();
  return hints;
}

struct LoadOpConversion : OpConversionPattern<tt::LoadOp> {
  LoadOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                   const GpuLoweringInfo &info, const AccessVectorWidths &widths)
      : OpConversionPattern(typeConverter, context), info(info), widths(widths) {}

  LogicalResult matchAndRewrite(tt::LoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    GlobalAccessHints hints = getHints(op);
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type) {
      // Every thread loads the one element: they all need it.
      Type registerType = getTypeConverter()->convertType(op.getType());
      Type memoryType = getMemoryType(registerType);
      Value fallback = adaptor.getOther() ? toMemory(rewriter, loc, adaptor.getOther())
                                          : LLVM::ZeroOp::create(rewriter, loc, memoryType);
      Value loaded = emitLoad(rewriter, loc, info, memoryType, adaptor.getPtr(),
                              adaptor.getMask(), fallback, getElementBytes(memoryType), hints);
      rewriter.replaceOp(op, toRegister(rewriter, loc, loaded, registerType));
      return success();
    }
    auto structType = cast<LLVM::LLVMStructType>(getTypeConverter()->convertType(type));
    Type registerType = structType.getBody().front();
    Type memoryType = getMemoryType(registerType);
    unsigned width = widths.lookup(op);
    width = std::max(width, 1u);
    Type accessType = getAccessType(memoryType, width);
    unsigned alignment = width * getElementBytes(memoryType);
    int32_t redundantRegisters = 0;
    if (std::optional<LinearLayout> layout = ttg::toLinearLayout(type))
      redundantRegisters = getRedundantHolderMasks(*layout).registers;

    SmallVector<Value> pointers = unpackElements(rewriter, loc, adaptor.getPtr());
    size_t count = pointers.size();
    SmallVector<Value> masks, others;
    if (op.getMask())
      masks = getElements(rewriter, loc, op.getMask(), adaptor.getMask(), count);
    if (op.getOther())
      others = getElements(rewriter, loc, op.getOther(), adaptor.getOther(), count);
    // Masked-off elements are `other`, or zero where the op has none (the interpreter's choice
    // for what Triton leaves undefined).
    Value zero = LLVM::ZeroOp::create(rewriter, loc, memoryType);
    SmallVector<Value> results(count);
    for (size_t r = 0; r < count; r += width) {
      if (r & redundantRegisters) {
        // A register that repeats an earlier one of the same thread (a broadcast layout).
        for (size_t i = 0; i < width; ++i)
          results[r + i] = results[(r & ~size_t(redundantRegisters)) + i];
        continue;
      }
      Value predicate = masks.empty() ? Value() : masks[r];
      SmallVector<Value> fallback;
      for (size_t i = 0; i < width; ++i)
        fallback.push_back(others.empty() ? zero : toMemory(rewriter, loc, others[r + i]));
      Value loaded =
          emitLoad(rewriter, loc, info, accessType, pointers[r], predicate,
                   packAccess(rewriter, loc, fallback), alignment, hints);
      for (auto [i, element] : llvm::enumerate(unpackAccess(rewriter, loc, loaded)))
        results[r + i] = toRegister(rewriter, loc, element, registerType);
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, results, structType));
    return success();
  }

  const GpuLoweringInfo &info;
  const AccessVectorWidths &widths;
};

struct StoreOpConversion : OpConversionPattern<tt::StoreOp> {
  StoreOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                    const GpuLoweringInfo &info, const AccessVectorWidths &widths)
      : OpConversionPattern(typeConverter, context), info(info), widths(widths) {}

  LogicalResult matchAndRewrite(tt::StoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    GlobalAccessHints hints = getHints(op);
    auto type = dyn_cast<RankedTensorType>(op.getValue().getType());
    if (!type) {
      // Every thread holds the value; the first one stores it.
      Value value = toMemory(rewriter, loc, adaptor.getValue());
      Value predicate =
          andPredicates(rewriter, loc, adaptor.getMask(), emitIsFirstThread(rewriter, loc, info.target));
      emitStore(rewriter, loc, info, value, adaptor.getPtr(), predicate,
                getElementBytes(value.getType()), hints);
      rewriter.eraseOp(op);
      return success();
    }
    unsigned width = std::max(widths.lookup(op), 1u);
    RedundantHolderMasks redundant;
    if (std::optional<LinearLayout> layout = ttg::toLinearLayout(type))
      redundant = getRedundantHolderMasks(*layout);
    Value firstHolder = emitIsFirstHolderThread(rewriter, loc, redundant, info.target);

    SmallVector<Value> pointers = unpackElements(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> values = unpackElements(rewriter, loc, adaptor.getValue());
    SmallVector<Value> masks;
    if (op.getMask())
      masks = getElements(rewriter, loc, op.getMask(), adaptor.getMask(), pointers.size());
    for (size_t r = 0; r < pointers.size(); r += width) {
      if (r & redundant.registers)
        continue; // An earlier register of this thread stores the same elements.
      SmallVector<Value> group;
      for (size_t i = 0; i < width; ++i)
        group.push_back(toMemory(rewriter, loc, values[r + i]));
      Value predicate =
          andPredicates(rewriter, loc, masks.empty() ? Value() : masks[r], firstHolder);
      emitStore(rewriter, loc, info, packAccess(rewriter, loc, group), pointers[r], predicate,
                width * getElementBytes(group.front().getType()), hints);
    }
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
  const AccessVectorWidths &widths;
};

} // namespace

void populateLoadStoreOpToLLVMPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns, const GpuLoweringInfo &info,
                                       const AccessVectorWidths &widths) {
  patterns.add<LoadOpConversion, StoreOpConversion>(typeConverter, patterns.getContext(), info,
                                                    widths);
}

} // namespace mlir::nereid
