#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::nereid {

GpuTargetLowering::~GpuTargetLowering() = default;

SmallVector<Value> unpackElements(OpBuilder &builder, Location loc, Value packed) {
  auto structType = cast<LLVM::LLVMStructType>(packed.getType());
  SmallVector<Value> elements;
  for (int64_t i = 0, e = structType.getBody().size(); i < e; ++i)
    elements.push_back(LLVM::ExtractValueOp::create(builder, loc, packed, i));
  return elements;
}

Value packElements(OpBuilder &builder, Location loc, ValueRange elements, Type structType) {
  Value packed = LLVM::UndefOp::create(builder, loc, structType);
  for (auto [i, element] : llvm::enumerate(elements))
    packed = LLVM::InsertValueOp::create(builder, loc, packed, element, i);
  return packed;
}

Value createI32(OpBuilder &builder, Location loc, int32_t value) {
  return arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(value));
}

Value emitRowMajorOffset(OpBuilder &builder, Location loc, ArrayRef<Value> coordinates,
                         ArrayRef<int64_t> shape) {
  Value offset = createI32(builder, loc, 0);
  for (auto [coordinate, size] : llvm::zip_equal(coordinates, shape)) {
    Value scaled = arith::MulIOp::create(builder, loc, offset, createI32(builder, loc, size));
    offset = arith::AddIOp::create(builder, loc, scaled, coordinate);
  }
  return offset;
}

void emitIf(RewriterBase &rewriter, Location loc, Value condition,
            llvm::function_ref<void()> body) {
  Block *current = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(current, rewriter.getInsertionPoint());
  Block *then = rewriter.createBlock(after);
  rewriter.setInsertionPointToEnd(current);
  LLVM::CondBrOp::create(rewriter, loc, condition, then, after);
  rewriter.setInsertionPointToStart(then);
  body();
  LLVM::BrOp::create(rewriter, loc, after);
  rewriter.setInsertionPointToStart(after);
}

SmallVector<Value> applyRuntimeIndex(OpBuilder &builder, Location loc, const LinearLayout &layout,
                                     StringRef inDim, Value index) {
  int numOut = layout.getNumOutDims();
  SmallVector<Value> parts(numOut, createI32(builder, loc, 0));
  if (!layout.hasInDim(inDim))
    return parts;
  for (auto [bit, basis] : llvm::enumerate(layout.getBases(inDim))) {
    Value shifted = arith::ShRUIOp::create(builder, loc, index, createI32(builder, loc, bit));
    Value isSet = arith::AndIOp::create(builder, loc, shifted, createI32(builder, loc, 1));
    for (int d = 0; d < numOut; ++d) {
      if (basis[d] == 0)
        continue;
      // isSet is 0 or 1: times the basis is the basis or 0.
      Value term = arith::MulIOp::create(builder, loc, isSet, createI32(builder, loc, basis[d]));
      parts[d] = arith::XOrIOp::create(builder, loc, parts[d], term);
    }
  }
  return parts;
}

SmallVector<SmallVector<Value>> emitElementCoordinates(OpBuilder &builder, Location loc,
                                                       const LinearLayout &layout,
                                                       const GpuTargetLowering &target) {
  Value threadId = target.getThreadId(builder, loc);
  Value warpSize = createI32(builder, loc, target.getWarpSize());
  Value lane = arith::RemUIOp::create(builder, loc, threadId, warpSize);
  Value warp = arith::DivUIOp::create(builder, loc, threadId, warpSize);
  SmallVector<Value> laneParts =
      applyRuntimeIndex(builder, loc, layout, LinearLayout::kLane, lane);
  SmallVector<Value> warpParts =
      applyRuntimeIndex(builder, loc, layout, LinearLayout::kWarp, warp);
  int numOut = layout.getNumOutDims();
  SmallVector<Value> threadParts;
  for (int d = 0; d < numOut; ++d)
    threadParts.push_back(arith::XOrIOp::create(builder, loc, laneParts[d], warpParts[d]));

  int32_t numRegisters = layout.getInDimSize(LinearLayout::kRegister);
  SmallVector<SmallVector<Value>> coordinates;
  for (int32_t r = 0; r < numRegisters; ++r) {
    // The register's part is known at compile time.
    SmallVector<LinearLayout::DimValue> ins;
    for (StringRef inDim : layout.getInDimNames())
      ins.push_back({inDim.str(), inDim == LinearLayout::kRegister ? r : 0});
    SmallVector<LinearLayout::DimValue> registerPart = layout.apply(ins);
    SmallVector<Value> coordinate;
    for (int d = 0; d < numOut; ++d) {
      Value constant = createI32(builder, loc, registerPart[d].second);
      coordinate.push_back(arith::XOrIOp::create(builder, loc, threadParts[d], constant));
    }
    coordinates.push_back(std::move(coordinate));
  }
  return coordinates;
}

SmallVector<int32_t> applyToIndex(const LinearLayout &layout, StringRef inDim, int32_t index) {
  SmallVector<LinearLayout::DimValue> ins;
  for (StringRef name : layout.getInDimNames())
    ins.push_back({name.str(), name == inDim ? index : 0});
  SmallVector<int32_t> coordinates;
  for (const LinearLayout::DimValue &out : layout.apply(ins))
    coordinates.push_back(out.second);
  return coordinates;
}

std::optional<SmallVector<unsigned>>
mapRegistersWithinThread(const LinearLayout &src, const LinearLayout &dst,
                         llvm::function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> toSource) {
  // Each thread holds what it needs when the lanes and warps of dst read, through toSource,
  // exactly the coordinates that the same lanes and warps hold in src. An affine toSource (a
  // split's, which adds a constant index) moves every element by toSource(0): the lanes and
  // warps are compared on what they add to it.
  SmallVector<int32_t> origin = toSource(SmallVector<int32_t>(dst.getNumOutDims(), 0));
  for (StringRef inDim : {LinearLayout::kLane, LinearLayout::kWarp, LinearLayout::kBlock}) {
    int32_t dstBits = dst.hasInDim(inDim) ? dst.getInDimSizeLog2(inDim) : 0;
    int32_t srcBits = src.hasInDim(inDim) ? src.getInDimSizeLog2(inDim) : 0;
    if (dstBits != srcBits)
      return std::nullopt;
    for (int32_t bit = 0; bit < dstBits; ++bit) {
      SmallVector<int32_t> read = toSource(applyToIndex(dst, inDim, 1 << bit));
      for (auto [coordinate, offset] : llvm::zip_equal(read, origin))
        coordinate ^= offset;
      if (read != applyToIndex(src, inDim, 1 << bit))
        return std::nullopt;
    }
  }
  llvm::DenseMap<ArrayRef<int32_t>, unsigned> sourceRegisters;
  SmallVector<SmallVector<int32_t>> sourceCoordinates;
  int32_t numSource = src.getInDimSize(LinearLayout::kRegister);
  for (int32_t r = 0; r < numSource; ++r)
    sourceCoordinates.push_back(applyToIndex(src, LinearLayout::kRegister, r));
  for (int32_t r = numSource - 1; r >= 0; --r) // The first register of each element wins.
    sourceRegisters[sourceCoordinates[r]] = r;
  SmallVector<unsigned> mapping;
  for (int32_t r = 0, e = dst.getInDimSize(LinearLayout::kRegister); r < e; ++r) {
    auto found = sourceRegisters.find(toSource(applyToIndex(dst, LinearLayout::kRegister, r)));
    if (found == sourceRegisters.end())
      return std::nullopt;
    mapping.push_back(found->second);
  }
  return mapping;
}

Type getSharedElementType(Type registerType) {
  if (registerType.isInteger(1))
    return IntegerType::get(registerType.getContext(), 8);
  return registerType;
}

namespace {

/// `value` (an integer, float or pointer of any width) exchanged between the lanes of a warp by
/// `shuffle32`, which exchanges one i32: the value split into, or widened to, 32-bit pieces.
Value emitShuffle(OpBuilder &builder, Location loc, Value value,
                  llvm::function_ref<Value(Value)> shuffle32) {
  Type type = value.getType();
  Type i32 = builder.getI32Type();
  if (type == i32)
    return shuffle32(value);
  // The value's bits as an integer of its width.
  Value bits = value;
  unsigned width;
  if (isa<LLVM::LLVMPointerType>(type)) {
    width = 64;
    bits = LLVM::PtrToIntOp::create(builder, loc, builder.getI64Type(), value);
  } else {
    width = type.getIntOrFloatBitWidth();
    if (!type.isInteger())
      bits = LLVM::BitcastOp::create(builder, loc, builder.getIntegerType(width), value);
  }
  Value shuffled;
  if (width < 32) {
    Value wide = LLVM::ZExtOp::create(builder, loc, i32, bits);
    shuffled = LLVM::TruncOp::create(builder, loc, bits.getType(), shuffle32(wide));
  } else if (width == 32) {
    shuffled = shuffle32(bits);
  } else {
    // Each 32-bit piece on its own: the pieces of a width that is a multiple of 32.
    auto pieces = VectorType::get({static_cast<int64_t>(width / 32)}, i32);
    Value vector = LLVM::BitcastOp::create(builder, loc, pieces, bits);
    for (int64_t i = 0; i < pieces.getNumElements(); ++i) {
      Value index = LLVM::ConstantOp::create(builder, loc, i32, builder.getI32IntegerAttr(i));
      Value piece = LLVM::ExtractElementOp::create(builder, loc, vector, index);
      vector = LLVM::InsertElementOp::create(builder, loc, vector, shuffle32(piece), index);
    }
    shuffled = LLVM::BitcastOp::create(builder, loc, bits.getType(), vector);
  }
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(builder, loc, type, shuffled);
  if (!type.isInteger())
    return LLVM::BitcastOp::create(builder, loc, type, shuffled);
  return shuffled;
}

} // namespace

Value emitShuffleXor(OpBuilder &builder, Location loc, const GpuTargetLowering &target,
                     Value value, unsigned laneMask) {
  return emitShuffle(builder, loc, value, [&](Value piece) {
    return target.shuffleXor(builder, loc, piece, laneMask);
  });
}

Value emitShuffleIdx(OpBuilder &builder, Location loc, const GpuTargetLowering &target,
                     Value value, Value lane) {
  return emitShuffle(builder, loc, value, [&](Value piece) {
    return target.shuffleIdx(builder, loc, piece, lane);
  });
}

std::pair<std::string, unsigned> getSourceLine(Location loc) {
  std::pair<std::string, unsigned> found{"<unknown>", 0};
  loc->walk([&](Location nested) {
    if (auto file = dyn_cast<FileLineColLoc>(nested)) {
      found = {file.getFilename().str(), file.getLine()};
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

Value createGlobalString(OpBuilder &builder, Operation *op, StringRef namePrefix, StringRef text) {
  auto module = op->getParentOfType<ModuleOp>();
  MLIRContext *context = builder.getContext();
  std::string name;
  for (unsigned n = 0;; ++n) {
    name = (namePrefix + Twine(n)).str();
    if (!module.lookupSymbol(name))
      break;
  }
  std::string bytes = text.str();
  bytes.push_back('\0');
  auto arrayType = LLVM::LLVMArrayType::get(IntegerType::get(context, 8), bytes.size());
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(builder, op->getLoc(), arrayType, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name, builder.getStringAttr(bytes));
  }
  return LLVM::AddressOfOp::create(builder, op->getLoc(), LLVM::LLVMPointerType::get(context),
                                   name);
}

} // namespace mlir::nereid
