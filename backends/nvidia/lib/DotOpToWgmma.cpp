// nvidia.warpgroup_dot to wgmma (sm_90a): each warpgroup multiplies its 64-row blocks of the
// result, 32 bytes of K at a time, reading A and B from their #nvidia.mma_shared buffers
// through shared-memory matrix descriptors.

#include "DotOpToWgmma.h"

#include "MmaLayouts.h"

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::nereid::nvidia {
namespace {

/// The rows of one wgmma and of one warp's share of it.
constexpr int32_t kWgmmaRows = 64, kWarpRows = 16;
/// The warps of a warpgroup.
constexpr unsigned kWarpsPerGroup = 4;

/// How one operand lies in its #nvidia.mma_shared buffer, as its descriptors say it: rows of
/// `swizzleBytes` bytes along the contiguous dimension, in tiles of 8 rows, the tiles down the
/// rows first, then across.
struct OperandGeometry {
  /// Whether the contiguous dimension is K (else M for A, N for B: the instruction transposes).
  bool kMajor;
  /// The rows (the buffer's extent along the other dimension) and the bytes of an element.
  int32_t rows, elementBytes;
  int32_t swizzleBytes;

  /// The byte offset, before the swizzle, of the element at `row` and `column` (along the
  /// contiguous dimension); the hardware swizzles the address itself.
  Value emitOffset(OpBuilder &builder, Location loc, Value row, int32_t column) const {
    int32_t columnBytes = column * elementBytes;
    int32_t tileColumn = columnBytes / swizzleBytes;
    int32_t constant = tileColumn * rows * swizzleBytes + columnBytes % swizzleBytes;
    Value rowBytes = LLVM::MulOp::create(builder, loc, row, createI32(builder, loc, swizzleBytes));
    return LLVM::AddOp::create(builder, loc, rowBytes, createI32(builder, loc, constant));
  }

  /// The same, for a `column` that the thread computes and a constant `row`.
  Value emitOffset(OpBuilder &builder, Location loc, int32_t row, Value column) const {
    // column * elementBytes = tile * swizzleBytes + within: the column is a multiple of the
    // instruction's extent, so within the tile it is a multiple of the swizzle's bytes or 0.
    Value columnBytes =
        LLVM::MulOp::create(builder, loc, column, createI32(builder, loc, elementBytes));
    Value tile = LLVM::UDivOp::create(builder, loc, columnBytes,
                                      createI32(builder, loc, swizzleBytes));
    Value within = LLVM::URemOp::create(builder, loc, columnBytes,
                                        createI32(builder, loc, swizzleBytes));
    Value tiles = LLVM::MulOp::create(builder, loc, tile,
                                      createI32(builder, loc, rows * swizzleBytes));
    Value offset = LLVM::AddOp::create(builder, loc, tiles, within);
    return LLVM::AddOp::create(builder, loc, offset, createI32(builder, loc, row * swizzleBytes));
  }

  /// The descriptor's fields other than the start address: the leading and stride byte
  /// offsets and the swizzle mode (PTX ISA, "Matrix Descriptor Format").
  uint64_t getDescriptorFields() const {
    // Between 8-row groups along the rows: one tile.
    uint64_t strideBytes = 8 * swizzleBytes;
    // K-major: unused with a swizzle (an instruction's K lies within a row); MN-major: from
    // one tile column to the next.
    uint64_t leadingBytes = kMajor ? 16 : uint64_t(rows) * swizzleBytes;
    uint64_t mode = swizzleBytes == 128 ? 1 : swizzleBytes == 64 ? 2 : 3;
    return ((leadingBytes >> 4) << 16) | ((strideBytes >> 4) << 32) | (mode << 62);
  }
};

OperandGeometry getOperandGeometry(ttg::MemDescType type, unsigned opIdx) {
  auto encoding = cast<MmaSharedEncodingAttr>(type.getEncoding());
  // Rows are dim0 unless transposed; K is dim1 of A and dim0 of B.
  unsigned rowDim = encoding.getTransposed() ? 1 : 0;
  unsigned kDim = opIdx == 0 ? 1 : 0;
  return {/*kMajor=*/rowDim != kDim, static_cast<int32_t>(type.getShape()[rowDim]),
          static_cast<int32_t>(encoding.getElementBitWidth() / 8),
          static_cast<int32_t>(encoding.getSwizzlingByteWidth())};
}

/// The descriptor of the matrix at `offset` bytes into the buffer at `base`.
Value emitDescriptor(OpBuilder &builder, Location loc, Value base, Value offset,
                     const OperandGeometry &geometry) {
  Type i64 = builder.getI64Type();
  Value address = LLVM::AddOp::create(builder, loc, base, offset);
  // Bits 0-13: the address (within the 256 KiB window of shared memory) over 16.
  Value field = LLVM::LShrOp::create(
      builder, loc, LLVM::AndOp::create(builder, loc, address, createI32(builder, loc, 0x3ffff)),
      createI32(builder, loc, 4));
  Value wide = LLVM::ZExtOp::create(builder, loc, i64, field);
  Value fields = LLVM::ConstantOp::create(
      builder, loc, i64, builder.getI64IntegerAttr(geometry.getDescriptorFields()));
  return LLVM::OrOp::create(builder, loc, wide, fields);
}

/// The offset, along `dim`, of the first element that thread `threadId`'s warpgroup holds of
/// `layout`: the sum of the layout's warp bases for the warp index bits above a warpgroup.
Value emitWarpgroupOffset(OpBuilder &builder, Location loc, const LinearLayout &layout,
                          Value warpId, unsigned dim) {
  Value offset = createI32(builder, loc, 0);
  int32_t warpBits = llvm::Log2_32(layout.getInDimSize(LinearLayout::kWarp));
  for (int32_t bit = llvm::Log2_32(kWarpsPerGroup); bit < warpBits; ++bit) {
    int32_t step = layout.getBasis(LinearLayout::kWarp, bit)[dim];
    if (step == 0)
      continue;
    Value set = LLVM::AndOp::create(
        builder, loc, LLVM::LShrOp::create(builder, loc, warpId, createI32(builder, loc, bit)),
        createI32(builder, loc, 1));
    offset = LLVM::AddOp::create(
        builder, loc, offset, LLVM::MulOp::create(builder, loc, set, createI32(builder, loc, step)));
  }
  return offset;
}

/// The inline asm constraint of a register that holds `type` (f32 or i32).
StringRef getRegisterConstraint(Type type) { return type.isF32() ? "f" : "r"; }

/// `wgmma.mma_async` m64nNkK of `types`, A through a descriptor (`a` one i64) or from
/// registers (`a` four i32, the fragment of each thread), B through the descriptor `b`,
/// accumulating onto `accumulator` (N / 2 registers), as inline PTX (NVVM's op has no way to
/// say the transposes through the ops that lower it here). Only 16-bit operands take the
/// transposes, A only from shared memory; integer ones take no operand scales either.
Value emitWgmma(OpBuilder &builder, Location loc, ArrayRef<Value> accumulator, ArrayRef<Value> a,
                Value b, const WgmmaTypes &types, bool transposeA, bool transposeB) {
  unsigned count = accumulator.size();
  bool aInRegisters = a.size() > 1;
  Type registerType = accumulator.front().getType();
  std::string ptx;
  llvm::raw_string_ostream os(ptx);
  // The operands after the results and the accumulators they are tied to: A, B, the predicate.
  unsigned operand = 2 * count;
  auto next = [&] { return "$" + std::to_string(operand++); };
  unsigned predicate = 2 * count + a.size() + 1;
  os << "{\n.reg .pred d;\nsetp.ne.b32 d, $" << predicate << ", 0;\n"
     << "wgmma.mma_async.sync.aligned.m64n" << 2 * count << "k" << types.k << "."
     << types.accumulator << "." << types.operand << "." << types.operand << " {";
  std::string constraints;
  for (unsigned i = 0; i < count; ++i) {
    os << (i ? ", " : "") << "$" << i;
    constraints += ("=" + getRegisterConstraint(registerType) + ",").str();
  }
  os << "}, ";
  if (aInRegisters) {
    os << "{";
    for (unsigned i = 0; i < a.size(); ++i)
      os << (i ? ", " : "") << next();
    os << "}";
  } else {
    os << next();
  }
  os << ", " << next() << ", d";
  if (types.hasOperandScales())
    os << ", 1, 1";
  if (types.isTransposable()) {
    if (!aInRegisters)
      os << ", " << transposeA;
    os << ", " << transposeB;
  }
  os << ";\n}";
  for (unsigned i = 0; i < count; ++i)
    constraints += std::to_string(i) + ",";
  for (unsigned i = 0; i < a.size(); ++i)
    constraints += aInRegisters ? "r," : "l,";
  constraints += "l,r";
  SmallVector<Value> operands(accumulator);
  llvm::append_range(operands, a);
  operands.append({b, createI32(builder, loc, 1)});
  SmallVector<Type> fields(count, registerType);
  auto resultType = LLVM::LLVMStructType::getLiteral(builder.getContext(), fields);
  return LLVM::InlineAsmOp::create(
             builder, loc, resultType, operands, ptx, constraints, /*has_side_effects=*/true,
             /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(builder.getContext(), LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

/// The inline PTX `ptx` (a fence or a wait of the wgmma pipeline), through which every register
/// of `values` (f32 or i32) passes: no other instruction may write the accumulators
/// between the fence and the wgmmas (ptxas would serialize them: advisory C7519), or read them
/// between the wgmmas and the wait (C7517), and the registers that the asm takes and gives are
/// where the copies that LLVM inserts (a zero accumulator splat over many registers) land instead.
SmallVector<Value> emitPassingThrough(OpBuilder &builder, Location loc, StringRef ptx,
                                      ArrayRef<Value> values) {
  std::string constraints;
  for (Value value : values)
    constraints += ("=" + getRegisterConstraint(value.getType()) + ",").str();
  for (unsigned i = 0; i < values.size(); ++i)
    constraints += std::to_string(i) + (i + 1 < values.size() ? "," : "");
  SmallVector<Type> fields(llvm::map_range(values, [](Value value) { return value.getType(); }));
  auto resultType = LLVM::LLVMStructType::getLiteral(builder.getContext(), fields);
  Value passed =
      LLVM::InlineAsmOp::create(
          builder, loc, resultType, values, ptx, constraints, /*has_side_effects=*/true,
          /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
          LLVM::AsmDialectAttr::get(builder.getContext(), LLVM::AsmDialect::AD_ATT),
          /*operand_attrs=*/ArrayAttr())
          .getResult(0);
  SmallVector<Value> results;
  for (unsigned i = 0; i < values.size(); ++i)
    results.push_back(LLVM::ExtractValueOp::create(builder, loc, passed, i));
  return results;
}

/// The accumulator registers of every tile, in order.
template <typename Tiles>
SmallVector<Value> gatherAccumulators(const Tiles &tiles) {
  SmallVector<Value> values;
  for (const auto &tile : tiles)
    llvm::append_range(values, tile.accumulator);
  return values;
}

/// Gives the tiles' accumulators `values` (gatherAccumulators' order) back.
template <typename Tiles>
void scatterAccumulators(Tiles &tiles, ArrayRef<Value> values) {
  for (auto &tile : tiles)
    for (Value &value : tile.accumulator) {
      value = values.front();
      values = values.drop_front();
    }
}

/// A's fragments for the wgmmas of `tiles` (each with an `origin` in lane 0 of warp 0), from
/// the registers `a` of a 16-bit A held as `aType` (#ttg.dot_op of operand 0 of the
/// accumulator's layout): for each row of tiles and step along K, four 32-bit registers,
/// register j holding the elements (row + 8 (j & 1), k + 8 (j >> 1) + e), e = 0 in its low
/// half (PTX ISA, "Register fragments" of wgmma's A). Another thread holds in the same
/// registers its own rows and columns, as it does in the accumulator (their lane and warp
/// bases agree along M). Fails where `aType` does not hold those elements in lane 0.
template <typename Tiles>
FailureOr<llvm::MapVector<Coordinate, SmallVector<Value>>>
packAFragments(OpBuilder &builder, Location loc, RankedTensorType aType, Value a,
               const Tiles &tiles, const WgmmaTypes &types) {
  std::optional<LinearLayout> layout = ttg::toLinearLayout(aType);
  if (!layout)
    return failure();
  llvm::DenseMap<Coordinate, unsigned> registers = getRegisterMap(*layout);
  SmallVector<Value> elements = unpackElements(builder, loc, a);
  auto pairType = VectorType::get({2}, aType.getElementType());
  llvm::MapVector<Coordinate, SmallVector<Value>> fragments;
  for (const auto &tile : tiles)
    for (int32_t kStep = 0; kStep < aType.getShape()[1]; kStep += types.k) {
      Coordinate key = {tile.origin.first, kStep};
      if (fragments.contains(key))
        continue;
      SmallVector<Value> fragment;
      for (int32_t j = 0; j < 4; ++j) {
        Value pair = LLVM::UndefOp::create(builder, loc, pairType);
        for (int32_t e = 0; e < 2; ++e) {
          auto found = registers.find({key.first + 8 * (j & 1), kStep + 8 * (j >> 1) + e});
          if (found == registers.end())
            return failure();
          pair = LLVM::InsertElementOp::create(builder, loc, pair, elements[found->second],
                                               createI32(builder, loc, e));
        }
        fragment.push_back(LLVM::BitcastOp::create(builder, loc, builder.getI32Type(), pair));
      }
      fragments.insert({key, std::move(fragment)});
    }
  return fragments;
}

struct WarpgroupDotOpConversion : OpConversionPattern<WarpgroupDotOp> {
  WarpgroupDotOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                           const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(WarpgroupDotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = cast<MmaEncodingAttr>(dType.getEncoding());
    auto structType =
        dyn_cast_or_null<LLVM::LLVMStructType>(getTypeConverter()->convertType(dType));
    std::optional<LinearLayout> dLayout = ttg::toLinearLayout(dType);
    if (!structType || !dLayout)
      return failure();
    int32_t instrN = mma.getInstrShape()[1];
    auto aType = cast<ShapedType>(op.getA().getType());
    int32_t k = aType.getShape()[1];
    OperandGeometry bGeometry = getOperandGeometry(op.getB().getType(), 1);
    WgmmaTypes types = *getWgmmaTypes(aType.getElementType(), dType.getElementType());

    // The buffers' shared-memory addresses, and where this warpgroup's rows and columns start.
    Type i32 = rewriter.getI32Type();
    Value bBase = LLVM::PtrToIntOp::create(rewriter, loc, i32, adaptor.getB());
    Value warpId = LLVM::UDivOp::create(rewriter, loc, info.target.getThreadId(rewriter, loc),
                                        createI32(rewriter, loc, info.target.getWarpSize()));
    Value rowBase = emitWarpgroupOffset(rewriter, loc, *dLayout, warpId, 0);
    Value columnBase = emitWarpgroupOffset(rewriter, loc, *dLayout, warpId, 1);

    // Warp 0 holds the first 16 rows of each of its warpgroup's instructions: a tile starts at
    // each register of lane 0 at a row that is a multiple of 16 and a column that is a multiple
    // of N, and the instruction's register i is the element (8 ((i >> 1) & 1), 8 (i >> 2) +
    // (i & 1)) from there.
    SmallVector<Value> c = unpackElements(rewriter, loc, adaptor.getC());
    llvm::DenseMap<Coordinate, unsigned> dRegisters = getRegisterMap(*dLayout);
    struct Tile {
      Coordinate origin;
      SmallVector<unsigned> registers;
      SmallVector<Value> accumulator;
    };
    SmallVector<Tile> tiles;
    for (int32_t index = 0; index < static_cast<int32_t>(c.size()); ++index) {
      auto [row, col] = getRegisterCoordinate(*dLayout, index);
      if (row % kWarpRows != 0 || col % instrN != 0 || dRegisters.at({row, col}) != unsigned(index))
        continue;
      Tile tile{{row, col}, {}, {}};
      for (int32_t i = 0; i < instrN / 2; ++i) {
        unsigned reg = dRegisters.at({row + 8 * ((i >> 1) & 1), col + 8 * (i >> 2) + (i & 1)});
        tile.registers.push_back(reg);
        tile.accumulator.push_back(c[reg]);
      }
      tiles.push_back(std::move(tile));
    }

    // A in registers: the fragment of each tile's rows and step along K, packed, passes
    // through the fence with the accumulators (the PTX ISA asks for the fence between the
    // last writes of either and the wgmmas).
    llvm::MapVector<Coordinate, SmallVector<Value>> aFragments;
    if (op.isAInRegisters()) {
      FailureOr<llvm::MapVector<Coordinate, SmallVector<Value>>> fragments = packAFragments(
          rewriter, loc, cast<RankedTensorType>(aType), adaptor.getA(), tiles, types);
      if (failed(fragments))
        return rewriter.notifyMatchFailure(op, "A's registers do not hold wgmma's fragments");
      aFragments = std::move(*fragments);
    }
    SmallVector<Value> fenced = gatherAccumulators(tiles);
    for (auto &entry : aFragments)
      llvm::append_range(fenced, entry.second);
    fenced = emitPassingThrough(rewriter, loc, "wgmma.fence.sync.aligned;", fenced);
    scatterAccumulators(tiles, fenced);
    ArrayRef<Value> fencedFragments =
        ArrayRef(fenced).drop_front(fenced.size() - 4 * aFragments.size());
    for (auto &entry : aFragments) {
      entry.second.assign(fencedFragments.begin(), fencedFragments.begin() + 4);
      fencedFragments = fencedFragments.drop_front(4);
    }

    std::optional<OperandGeometry> aGeometry;
    Value aBase;
    if (!op.isAInRegisters()) {
      aGeometry = getOperandGeometry(cast<ttg::MemDescType>(aType), 0);
      aBase = LLVM::PtrToIntOp::create(rewriter, loc, i32, adaptor.getA());
    }
    for (int32_t kStep = 0; kStep < k; kStep += types.k) {
      for (Tile &tile : tiles) {
        Value mRow = LLVM::AddOp::create(rewriter, loc, rowBase,
                                         createI32(rewriter, loc, tile.origin.first));
        Value nColumn = LLVM::AddOp::create(rewriter, loc, columnBase,
                                            createI32(rewriter, loc, tile.origin.second));
        // A is M x K: K-major rows are M; B is K x N: K-major rows are N.
        SmallVector<Value> a;
        if (aGeometry) {
          Value aOffset = aGeometry->kMajor ? aGeometry->emitOffset(rewriter, loc, mRow, kStep)
                                            : aGeometry->emitOffset(rewriter, loc, kStep, mRow);
          a.push_back(emitDescriptor(rewriter, loc, aBase, aOffset, *aGeometry));
        } else {
          a = aFragments.lookup({tile.origin.first, kStep});
        }
        Value bOffset = bGeometry.kMajor ? bGeometry.emitOffset(rewriter, loc, nColumn, kStep)
                                         : bGeometry.emitOffset(rewriter, loc, kStep, nColumn);
        Value product = emitWgmma(rewriter, loc, tile.accumulator, a,
                                  emitDescriptor(rewriter, loc, bBase, bOffset, bGeometry), types,
                                  aGeometry && !aGeometry->kMajor, !bGeometry.kMajor);
        for (unsigned i = 0; i < tile.accumulator.size(); ++i)
          tile.accumulator[i] = LLVM::ExtractValueOp::create(rewriter, loc, product, i);
      }
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    if (!op.getIsAsync())
      scatterAccumulators(tiles,
                          emitPassingThrough(rewriter, loc, "wgmma.wait_group.sync.aligned 0;",
                                             gatherAccumulators(tiles)));
    SmallVector<Value> elements(c.size());
    for (Tile &tile : tiles)
      for (auto [reg, value] : llvm::zip_equal(tile.registers, tile.accumulator))
        elements[reg] = value;
    // A register that no tile covers would be a copy of another (a broadcast layout), which
    // whyWarpgroupDotNotLowered refuses.
    rewriter.replaceOp(op, packElements(rewriter, loc, elements, structType));
    return success();
  }

  const GpuLoweringInfo &info;
};

/// `wgmma.wait_group`, every register of the result passing through it (emitPassingThrough):
/// the registers that the asynchronous dots write are read after it.
struct WarpgroupDotWaitOpConversion : OpConversionPattern<WarpgroupDotWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(WarpgroupDotWaitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto structType =
        dyn_cast_or_null<LLVM::LLVMStructType>(getTypeConverter()->convertType(op.getType()));
    if (!structType)
      return failure();
    std::string ptx = "wgmma.wait_group.sync.aligned " + std::to_string(op.getPendings()) + ";";
    SmallVector<Value> elements =
        emitPassingThrough(rewriter, loc, ptx, unpackElements(rewriter, loc, adaptor.getInput()));
    rewriter.replaceOp(op, packElements(rewriter, loc, elements, structType));
    return success();
  }
};

} // namespace

void populateDotOpToWgmmaPatterns(const LLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  patterns.add<WarpgroupDotOpConversion>(typeConverter, patterns.getContext(), info);
  patterns.add<WarpgroupDotWaitOpConversion>(typeConverter, patterns.getContext());
}

std::string whyWarpgroupDotNotLowered(WarpgroupDotOp dot, unsigned computeCapability) {
  if (computeCapability != 90)
    return "wgmma needs sm_90a";
  auto dType = cast<RankedTensorType>(dot.getType());
  auto mma = cast<MmaEncodingAttr>(dType.getEncoding());
  std::optional<LinearLayout> layout = ttg::toLinearLayout(dType);
  if (!layout)
    return "its accumulator has no LinearLayout";
  // Every register one element: the warpgroups' tiles cover the result without repeats.
  int64_t registers = layout->getInDimSize(LinearLayout::kRegister);
  int64_t threads = layout->getInDimSize(LinearLayout::kLane) *
                    layout->getInDimSize(LinearLayout::kWarp);
  if (registers * threads != dType.getNumElements())
    return "its accumulator's layout repeats elements (the result is smaller than the warps' "
           "tiles)";
  auto aType = cast<ShapedType>(dot.getA().getType());
  std::optional<WgmmaTypes> types = getWgmmaTypes(aType.getElementType(), dType.getElementType());
  if (!types)
    return "wgmma takes f16, bf16 or fp8 operands into f32, and int8 ones into int32, here";
  if (aType.getShape()[1] % types->k != 0 || mma.getInstrShape()[0] != 16)
    return "K must be a multiple of " + std::to_string(types->k);
  SmallVector<std::pair<unsigned, ttg::MemDescType>> buffers = {{1, dot.getB().getType()}};
  if (auto a = dyn_cast<ttg::MemDescType>(aType))
    buffers.push_back({0, a});
  for (auto [opIdx, operand] : buffers) {
    OperandGeometry geometry = getOperandGeometry(operand, opIdx);
    if (geometry.swizzleBytes < 32)
      return "its operands' buffers must be swizzled by 32 bytes or more";
    if (!geometry.kMajor && !types->isTransposable())
      return "its operands of other than 16 bits must be K-major in their buffers";
    int32_t extent = geometry.kMajor ? types->k : opIdx == 0 ? kWgmmaRows : mma.getInstrShape()[1];
    if ((extent * geometry.elementBytes) % geometry.swizzleBytes != 0 && !geometry.kMajor)
      return "an instruction's columns must fill whole swizzled rows of its operand";
  }
  return "";
}

} // namespace mlir::nereid::nvidia
