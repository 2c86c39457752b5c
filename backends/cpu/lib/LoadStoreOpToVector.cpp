// Loads, stores and atomics on one CPU core. AxisInfo of the pointer tile decides the access:
// - every pointer equal: one scalar access, splat;
// - rows contiguous along some dimension: masked vector loads and stores of whole rows (or of
//   the longest aligned runs), transposing first when the contiguous dimension is not the last;
// - otherwise: LLVM gathers and scatters.
// Atomics run element by element, in row-major order, as the interpreter defines them.
// Prefetches (ttg.prefetch) touch the first element of each register chunk.
// In a bounds-checked kernel each tile is first compared with its buffer (AccessBounds.h).

#include "AccessBounds.h"
#include "StreamingStores.h"
#include "VectorChunks.h"

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/CPU/Patterns.h"
#include "nereid/CPU/TypeConverter.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::nereid::cpu {
namespace {

/// How a tile of pointers is accessed.
struct AccessPlan {
  enum class Kind { Uniform, Runs, Gather } kind = Kind::Gather;
  /// For Runs: the dimension along which pointers are contiguous, and how many elements one
  /// vector access covers (a power of two that divides the dimension's size).
  unsigned dim = 0;
  int64_t width = 1;
  /// The alignment in bytes that every access may assume.
  unsigned alignment = 1;
  /// For Runs: whether each whole row along `dim` is contiguous, not only each run.
  bool wholeRows = false;
};

/// How `ptr`'s tile is accessed, in chunks of at most `chunkWidth` elements.
AccessPlan planAccess(const DataFlowSolver &solver, Value ptr, int64_t elementBytes,
                      int64_t chunkWidth) {
  AccessPlan plan;
  plan.alignment = elementBytes;
  auto type = cast<RankedTensorType>(ptr.getType());
  const AxisInfo *info = getAxisInfo(solver, ptr);
  if (!info || info->getRank() != type.getRank())
    return plan;
  ArrayRef<int64_t> shape = type.getShape();
  bool uniform = llvm::all_of(llvm::seq<unsigned>(0, shape.size()), [&](unsigned dim) {
    return info->getConstancy(dim) >= shape[dim];
  });
  if (uniform) {
    plan.kind = AccessPlan::Kind::Uniform;
    return plan;
  }
  // The dimension with the longest runs, the last one on ties.
  int64_t best = 1;
  for (unsigned dim = 0; dim < shape.size(); ++dim) {
    int64_t run = std::min(info->getContiguity(dim), shape[dim]);
    if (run > 1 && run >= best) {
      best = run;
      plan.dim = dim;
    }
  }
  if (best == 1)
    return plan;
  int64_t width = highestPowerOf2Divisor(best);
  while (shape[plan.dim] % width != 0)
    width /= 2;
  if (width == 1)
    return plan;
  plan.kind = AccessPlan::Kind::Runs;
  plan.width = std::min(width, chunkWidth);
  plan.wholeRows = best == shape[plan.dim];
  int64_t divisibility = info->getDivisibility(plan.dim);
  plan.alignment = static_cast<unsigned>(
      std::max<int64_t>(elementBytes, std::min<int64_t>(divisibility, plan.width * elementBytes)));
  return plan;
}

/// The permutation that makes `dim` the last dimension of a rank-`rank` vector, and its
/// inverse.
SmallVector<int64_t> permutationToLast(unsigned rank, unsigned dim) {
  SmallVector<int64_t> permutation;
  for (unsigned d = 0; d < rank; ++d)
    if (d != dim)
      permutation.push_back(d);
  permutation.push_back(dim);
  return permutation;
}

SmallVector<int64_t> inversePermutation(ArrayRef<int64_t> permutation) {
  SmallVector<int64_t> inverse(permutation.size());
  for (auto [index, value] : llvm::enumerate(permutation))
    inverse[value] = index;
  return inverse;
}

/// For each element of a tile of `shape` transposed by `permutation` (result dimension d is
/// dimension permutation[d]), in row-major order, its row-major index in the tile.
SmallVector<int64_t> getTransposedElements(ArrayRef<int64_t> shape,
                                           ArrayRef<int64_t> permutation) {
  SmallVector<int64_t> transposedShape;
  for (int64_t dim : permutation)
    transposedShape.push_back(shape[dim]);
  int64_t count = ShapedType::getNumElements(shape);
  SmallVector<int64_t> elements;
  for (int64_t linear = 0; linear < count; ++linear) {
    SmallVector<int64_t> index(shape.size());
    int64_t rest = linear;
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      index[permutation[d]] = rest % transposedShape[d];
      rest /= transposedShape[d];
    }
    int64_t element = 0;
    for (auto [size, i] : llvm::zip(shape, index))
      element = element * size + i;
    elements.push_back(element);
  }
  return elements;
}

/// 0, 1, ..., count - 1.
SmallVector<int64_t> getAllElements(int64_t count) {
  return llvm::to_vector(llvm::seq<int64_t>(0, count));
}

/// The shape of `type`, a vector or a scalar (empty).
ArrayRef<int64_t> getShapeOrScalar(Type type) {
  auto vectorType = dyn_cast<VectorType>(type);
  return vectorType ? vectorType.getShape() : ArrayRef<int64_t>{};
}

Value transposeIfNeeded(OpBuilder &builder, Location loc, Value value,
                        ArrayRef<int64_t> permutation) {
  if (!value || llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
    return value;
  return vector::TransposeOp::create(builder, loc, value, permutation);
}

Value createConstantMask(OpBuilder &builder, Location loc, VectorType type) {
  return arith::ConstantOp::create(builder, loc,
                                   DenseElementsAttr::get(type.clone(builder.getI1Type()), true));
}

/// Whether `mask` is absent or a constant true.
bool isAllTrue(Value mask) {
  if (!mask)
    return true;
  DenseElementsAttr elements;
  if (auto constant = mask.getDefiningOp<arith::ConstantOp>()) {
    if (auto attr = dyn_cast<BoolAttr>(constant.getValue()))
      return attr.getValue();
    elements = dyn_cast<DenseElementsAttr>(constant.getValue());
  }
  return elements && elements.isSplat() && elements.getSplatValue<bool>();
}

/// Loads one run of contiguous elements: `ptrs`, `mask` and `other` are 1-D chunks.
Value loadRun(OpBuilder &builder, Location loc, Type elementType, unsigned alignment,
              ArrayRef<Value> chunks, bool masked) {
  auto type = VectorType::get(cast<VectorType>(chunks[0].getType()).getShape(), elementType);
  Value base = vector::ExtractOp::create(builder, loc, chunks[0], ArrayRef<int64_t>{0});
  if (!masked)
    return LLVM::LoadOp::create(builder, loc, type, base, alignment);
  return LLVM::MaskedLoadOp::create(builder, loc, type, base, chunks[1], chunks[2],
                                    builder.getI32IntegerAttr(alignment), UnitAttr());
}

/// Records which elements of its tile the access `value` (or op) of a chunk touches, when the
/// tile is not transposed (then chunks follow row-major order).
Value recordChunk(Value access, int64_t firstElement, ArrayRef<Value> chunks, bool transposed) {
  if (!transposed)
    setChunkElements(access.getDefiningOp(), firstElement,
                     cast<VectorType>(chunks[0].getType()).getNumElements());
  return access;
}

/// Stores one run of contiguous elements: `ptrs`, `value` and `mask` are 1-D chunks. An
/// unmasked run may bypass the caches (`nontemporal`); a masked one does not.
Operation *storeRun(OpBuilder &builder, Location loc, unsigned alignment, ArrayRef<Value> chunks,
                    bool masked, bool nontemporal) {
  Value base = vector::ExtractOp::create(builder, loc, chunks[0], ArrayRef<int64_t>{0});
  if (masked)
    return LLVM::MaskedStoreOp::create(builder, loc, chunks[1], base, chunks[2],
                                       builder.getI32IntegerAttr(alignment));
  return LLVM::StoreOp::create(builder, loc, chunks[1], base, alignment, /*isVolatile=*/false,
                               nontemporal);
}

/// The size in bytes of an element of `type` in memory: pointers are 8 bytes.
unsigned getByteWidth(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 8;
  return std::max(1u, type.getIntOrFloatBitWidth() / 8);
}

/// Zero of `type` (a number, a pointer, or a vector of them): what masked-out loads give.
Value createZero(OpBuilder &builder, Location loc, Type type) {
  Type element = getElementTypeOrSelf(type);
  if (!isa<LLVM::LLVMPointerType>(element))
    return arith::ConstantOp::create(builder, loc, builder.getZeroAttr(type));
  Value null = LLVM::ZeroOp::create(builder, loc, element);
  if (isa<VectorType>(type))
    return vector::BroadcastOp::create(builder, loc, type, null);
  return null;
}

Type withElementType(Type type, Type element) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(element);
  return element;
}

/// Runs `perElement(builder, operands at i)` for each masked-in element i of the tiles
/// `operands` (null mask: all), in row-major order, and gathers its results into a tile of
/// `resultType` (zero where masked out). Scalars run once.
Value forEachElement(OpBuilder &builder, Location loc, Type resultType, ValueRange operands,
                     Value mask,
                     llvm::function_ref<Value(OpBuilder &, Location, ArrayRef<Value>)> perElement) {
  Value zero = createZero(builder, loc, resultType);
  auto vectorType = dyn_cast<VectorType>(resultType);
  if (!vectorType) {
    if (!mask)
      return perElement(builder, loc, SmallVector<Value>(operands));
    auto branch = scf::IfOp::create(builder, loc, resultType, mask, true);
    OpBuilder thenBuilder = branch.getThenBodyBuilder();
    scf::YieldOp::create(thenBuilder, loc,
                         perElement(thenBuilder, loc, SmallVector<Value>(operands)));
    OpBuilder elseBuilder = branch.getElseBodyBuilder();
    scf::YieldOp::create(elseBuilder, loc, zero);
    return branch.getResult(0);
  }
  int64_t count = vectorType.getNumElements();
  auto flatten = [&](Value value) -> Value {
    auto type = cast<VectorType>(value.getType());
    return vector::ShapeCastOp::create(builder, loc,
                                       VectorType::get(count, type.getElementType()), value);
  };
  SmallVector<Value> flat = llvm::map_to_vector(operands, flatten);
  Value flatMask = mask ? flatten(mask) : Value();
  Value flatResult = flatten(zero);
  Value lower = arith::ConstantIndexOp::create(builder, loc, 0);
  Value upper = arith::ConstantIndexOp::create(builder, loc, count);
  Value step = arith::ConstantIndexOp::create(builder, loc, 1);
  auto loop = scf::ForOp::create(
      builder, loc, lower, upper, step, ValueRange{flatResult},
      [&](OpBuilder &body, Location loc, Value index, ValueRange iterArgs) {
        SmallVector<Value> elements;
        for (Value value : flat)
          elements.push_back(vector::ExtractOp::create(body, loc, value, OpFoldResult(index)));
        Type elementType = vectorType.getElementType();
        Value result;
        if (flatMask) {
          Value active = vector::ExtractOp::create(body, loc, flatMask, OpFoldResult(index));
          auto branch = scf::IfOp::create(body, loc, elementType, active, true);
          OpBuilder thenBuilder = branch.getThenBodyBuilder();
          scf::YieldOp::create(thenBuilder, loc, perElement(thenBuilder, loc, elements));
          OpBuilder elseBuilder = branch.getElseBodyBuilder();
          scf::YieldOp::create(elseBuilder, loc,
                               ValueRange{createZero(elseBuilder, loc, elementType)});
          result = branch.getResult(0);
        } else {
          result = perElement(body, loc, elements);
        }
        Value updated =
            vector::InsertOp::create(body, loc, result, iterArgs[0], OpFoldResult(index));
        scf::YieldOp::create(body, loc, updated);
      });
  return vector::ShapeCastOp::create(builder, loc, vectorType, loop.getResult(0));
}

struct LoadOpConversion : OpConversionPattern<tt::LoadOp> {
  LoadOpConversion(const TypeConverter &converter, MLIRContext *context,
                   const CpuLoweringInfo &info)
      : OpConversionPattern(converter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::LoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type registerElement = getElementTypeOrSelf(resultType);
    Type memoryElement = getMemoryElementType(registerElement);
    Type memoryType = withElementType(resultType, memoryElement);
    Value other = adaptor.getOther();
    if (other)
      other = toMemoryType(rewriter, loc, other, memoryType);
    else
      other = createZero(rewriter, loc, memoryType);
    unsigned elementBytes = getByteWidth(memoryElement);
    bool masked = !isAllTrue(op.getMask());
    std::optional<AccessBounds> bounds =
        getAccessBounds(rewriter, op, getShapeOrScalar(memoryType), elementBytes);

    auto vectorType = dyn_cast<VectorType>(memoryType);
    if (!vectorType) {
      Value mask = masked ? adaptor.getMask() : Value();
      if (bounds)
        mask = guardLanes(rewriter, loc, *bounds, adaptor.getPtr(), mask, {0});
      rewriter.replaceOp(op, fromMemoryType(rewriter, loc,
                                        loadScalar(rewriter, loc, memoryType, adaptor.getPtr(),
                                                   mask, other, elementBytes,
                                                   bool(op.getIsVolatile())),
                                        registerElement));
      return success();
    }
    AccessPlan plan = planAccess(info.axisInfo, op.getPtr(), elementBytes, info.chunkWidth);
    Value mask = masked ? adaptor.getMask() : Value();
    if (bounds && (op.getIsVolatile() || plan.kind == AccessPlan::Kind::Uniform)) {
      // Tiles that are not loaded by chunks are guarded whole.
      mask = guardLanes(rewriter, loc, *bounds, adaptor.getPtr(), mask,
                        getAllElements(vectorType.getNumElements()));
      masked = true;
      bounds.reset();
    }
    if (op.getIsVolatile()) {
      // Element by element, so that every masked-in element is one volatile access that LLVM
      // neither merges nor moves.
      Value loaded = forEachElement(
          rewriter, loc, memoryType, {adaptor.getPtr()}, mask,
          [&](OpBuilder &builder, Location loc, ArrayRef<Value> ptr) -> Value {
            return LLVM::LoadOp::create(builder, loc, memoryElement, ptr[0], elementBytes,
                                        /*isVolatile=*/true);
          });
      if (mask)
        loaded = arith::SelectOp::create(rewriter, loc, mask, loaded, other);
      rewriter.replaceOp(op, fromMemoryType(rewriter, loc, loaded, resultType));
      return success();
    }

    if (!mask)
      mask = createConstantMask(rewriter, loc, vectorType);
    Value loaded;
    switch (plan.kind) {
    case AccessPlan::Kind::Uniform: {
      Value ptr = vector::ExtractOp::create(
          rewriter, loc, adaptor.getPtr(), SmallVector<int64_t>(vectorType.getRank(), 0));
      Value any = masked ? Value(vector::ReductionOp::create(
                               rewriter, loc, vector::CombiningKind::OR,
                               vector::ShapeCastOp::create(
                                   rewriter, loc,
                                   VectorType::get(vectorType.getNumElements(),
                                                   rewriter.getI1Type()),
                                   mask)))
                         : Value();
      Value zero = createZero(rewriter, loc, memoryElement);
      Value scalar = loadScalar(rewriter, loc, memoryElement, ptr, any, zero, elementBytes);
      Value splat = vector::BroadcastOp::create(rewriter, loc, vectorType, scalar);
      loaded = masked ? Value(arith::SelectOp::create(rewriter, loc, mask, splat, other)) : splat;
      break;
    }
    case AccessPlan::Kind::Runs: {
      SmallVector<int64_t> permutation = permutationToLast(vectorType.getRank(), plan.dim);
      bool transposed = plan.dim + 1 != vectorType.getRank();
      Value ptrs = transposeIfNeeded(rewriter, loc, adaptor.getPtr(), permutation);
      Value rowMask = transposeIfNeeded(rewriter, loc, mask, permutation);
      Value rowOther = transposeIfNeeded(rewriter, loc, other, permutation);
      auto transposedType = cast<VectorType>(rowOther.getType());
      loaded = buildCheckedAccess(
          rewriter, loc, bounds, ptrs, masked ? rowMask : Value(),
          plan.wholeRows ? transposedType.getShape().back() : plan.width,
          getTransposedElements(vectorType.getShape(), permutation),
          transposedType, [&](OpBuilder &builder, Value tileMask) {
            return buildByChunks(
                builder, loc, transposedType, {ptrs, tileMask ? tileMask : rowMask, rowOther},
                plan.width, [&](OpBuilder &builder, ArrayRef<Value> chunks, int64_t first) {
                  return recordChunk(loadRun(builder, loc, memoryElement, plan.alignment,
                                             chunks, bool(tileMask)),
                                     first, chunks, transposed);
                });
          });
      loaded = transposeIfNeeded(rewriter, loc, loaded, inversePermutation(permutation));
      break;
    }
    case AccessPlan::Kind::Gather: {
      loaded = buildCheckedAccess(
          rewriter, loc, bounds, adaptor.getPtr(), mask, /*runLength=*/0,
          getAllElements(vectorType.getNumElements()), vectorType,
          [&](OpBuilder &builder, Value tileMask) {
            return buildByChunks(
                builder, loc, vectorType, {adaptor.getPtr(), tileMask, other}, info.chunkWidth,
                [&](OpBuilder &builder, ArrayRef<Value> chunks, int64_t first) -> Value {
                  Value gathered = LLVM::masked_gather::create(
                      builder, loc, chunks[2].getType(), chunks[0], chunks[1],
                      ValueRange{chunks[2]}, builder.getI32IntegerAttr(elementBytes));
                  return recordChunk(gathered, first, chunks, /*transposed=*/false);
                });
          });
      break;
    }
    }
    rewriter.replaceOp(op, fromMemoryType(rewriter, loc, loaded, resultType));
    return success();
  }

  /// A scalar load, guarded by `mask` (an i1, or null when it always runs).
  static Value loadScalar(OpBuilder &builder, Location loc, Type type, Value ptr, Value mask,
                          Value other, unsigned alignment, bool isVolatile = false) {
    if (!mask)
      return LLVM::LoadOp::create(builder, loc, type, ptr, alignment, isVolatile);
    auto branch = scf::IfOp::create(builder, loc, type, mask, /*withElseRegion=*/true);
    OpBuilder thenBuilder = branch.getThenBodyBuilder();
    scf::YieldOp::create(thenBuilder, loc,
                         ValueRange{LLVM::LoadOp::create(thenBuilder, loc, type, ptr, alignment,
                                                         isVolatile)});
    OpBuilder elseBuilder = branch.getElseBodyBuilder();
    scf::YieldOp::create(elseBuilder, loc, ValueRange{other});
    return branch.getResult(0);
  }

  const CpuLoweringInfo &info;
};

struct StoreOpConversion : OpConversionPattern<tt::StoreOp> {
  StoreOpConversion(const TypeConverter &converter, MLIRContext *context,
                    const CpuLoweringInfo &info)
      : OpConversionPattern(converter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::StoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type registerElement = getElementTypeOrSelf(adaptor.getValue().getType());
    Type memoryElement = getMemoryElementType(registerElement);
    Value value = toMemoryType(rewriter, loc, adaptor.getValue(),
                           withElementType(adaptor.getValue().getType(), memoryElement));
    unsigned elementBytes = getByteWidth(memoryElement);
    bool masked = !isAllTrue(op.getMask());
    std::optional<AccessBounds> bounds =
        getAccessBounds(rewriter, op, getShapeOrScalar(value.getType()), elementBytes);

    auto vectorType = dyn_cast<VectorType>(value.getType());
    if (!vectorType) {
      Value mask = masked ? adaptor.getMask() : Value();
      if (bounds)
        mask = guardLanes(rewriter, loc, *bounds, adaptor.getPtr(), mask, {0});
      if (!mask) {
        LLVM::StoreOp::create(rewriter, loc, value, adaptor.getPtr(), elementBytes);
      } else {
        auto branch = scf::IfOp::create(rewriter, loc, mask);
        OpBuilder thenBuilder = branch.getThenBodyBuilder();
        LLVM::StoreOp::create(thenBuilder, loc, value, adaptor.getPtr(), elementBytes);
      }
      rewriter.eraseOp(op);
      return success();
    }

    AccessPlan plan = planAccess(info.axisInfo, op.getPtr(), elementBytes, info.chunkWidth);
    Value mask = masked ? adaptor.getMask() : createConstantMask(rewriter, loc, vectorType);
    if (plan.kind == AccessPlan::Kind::Runs) {
      SmallVector<int64_t> permutation = permutationToLast(vectorType.getRank(), plan.dim);
      bool transposed = plan.dim + 1 != vectorType.getRank();
      Value ptrs = transposeIfNeeded(rewriter, loc, adaptor.getPtr(), permutation);
      Value rowMask = transposeIfNeeded(rewriter, loc, mask, permutation);
      Value rowValue = transposeIfNeeded(rewriter, loc, value, permutation);
      auto transposedType = cast<VectorType>(rowValue.getType());
      buildCheckedAccess(
          rewriter, loc, bounds, ptrs, masked ? rowMask : Value(),
          plan.wholeRows ? transposedType.getShape().back() : plan.width,
          getTransposedElements(vectorType.getShape(), permutation),
          Type(), [&](OpBuilder &builder, Value tileMask) -> Value {
            return buildByChunks(
                builder, loc, VectorType(), {ptrs, rowValue, tileMask ? tileMask : rowMask},
                plan.width,
                [&](OpBuilder &builder, ArrayRef<Value> chunks, int64_t first) -> Value {
                  Operation *store =
                      storeRun(builder, loc, plan.alignment, chunks, bool(tileMask),
                               op->hasAttr(kNontemporalAttrName));
                  if (!transposed)
                    setChunkElements(
                        store, first, cast<VectorType>(chunks[0].getType()).getNumElements());
                  return Value();
                });
          });
    } else {
      // A scatter writes its lanes in order, so where several elements name one address the
      // last one in row-major order wins, as in the interpreter.
      buildCheckedAccess(
          rewriter, loc, bounds, adaptor.getPtr(), mask, /*runLength=*/0,
          getAllElements(vectorType.getNumElements()), Type(),
          [&](OpBuilder &builder, Value tileMask) -> Value {
            return buildByChunks(
                builder, loc, VectorType(), {adaptor.getPtr(), value, tileMask},
                info.chunkWidth,
                [&](OpBuilder &builder, ArrayRef<Value> chunks, int64_t first) -> Value {
                  auto scatter = LLVM::masked_scatter::create(
                      builder, loc, chunks[1], chunks[0], chunks[2],
                      builder.getI32IntegerAttr(elementBytes));
                  setChunkElements(scatter, first,
                                   cast<VectorType>(chunks[0].getType()).getNumElements());
                  return Value();
                });
          });
    }
    rewriter.eraseOp(op);
    return success();
  }

  const CpuLoweringInfo &info;
};

/// ttg.prefetch: an LLVM prefetch for reading, into the L2 (locality 2, x86's prefetcht1), of
/// the first pointer of each register chunk of the tile (a cache line holds a chunk or more of
/// contiguous elements). The prefetched rows are the next K step's, and in the L1 they would
/// evict the operand buffers the dot's micro-kernel is reading: prefetcht0 measured 0.5-1%
/// slower on the tutorial matmul, 2048^3 on one thread.
struct PrefetchOpConversion : OpConversionPattern<ttg::PrefetchOp> {
  PrefetchOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(ttg::PrefetchOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<VectorType>(adaptor.getPtr().getType());
    Value pointers = vector::ShapeCastOp::create(
        rewriter, loc, VectorType::get(type.getNumElements(), type.getElementType()),
        adaptor.getPtr());
    int64_t step = chunkWidth > 0 ? chunkWidth : type.getNumElements();
    for (int64_t i = 0; i < type.getNumElements(); i += step)
      LLVM::Prefetch::create(rewriter, loc, vector::ExtractOp::create(rewriter, loc, pointers, i),
                             /*rw=*/rewriter.getI32IntegerAttr(0),
                             /*hint=*/rewriter.getI32IntegerAttr(2),
                             /*cache=*/rewriter.getI32IntegerAttr(1));
    rewriter.eraseOp(op);
    return success();
  }

  int64_t chunkWidth;
};

LLVM::AtomicOrdering getOrdering(tt::MemSemantic semantic) {
  switch (semantic) {
  case tt::MemSemantic::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case tt::MemSemantic::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case tt::MemSemantic::RELEASE:
    return LLVM::AtomicOrdering::release;
  case tt::MemSemantic::ACQUIRE_RELEASE:
    return LLVM::AtomicOrdering::acq_rel;
  }
  llvm_unreachable("unknown memory semantic");
}

std::optional<LLVM::AtomicBinOp> getAtomicBinOp(tt::RMWOp op, Type element) {
  bool isFloat = isa<FloatType>(element);
  switch (op) {
  case tt::RMWOp::AND:
    return LLVM::AtomicBinOp::_and;
  case tt::RMWOp::OR:
    return LLVM::AtomicBinOp::_or;
  case tt::RMWOp::XOR:
    return LLVM::AtomicBinOp::_xor;
  case tt::RMWOp::ADD:
    return isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
  case tt::RMWOp::FADD:
    return LLVM::AtomicBinOp::fadd;
  case tt::RMWOp::MAX:
    return isFloat ? LLVM::AtomicBinOp::fmaximum : LLVM::AtomicBinOp::max;
  case tt::RMWOp::MIN:
    return isFloat ? LLVM::AtomicBinOp::fminimum : LLVM::AtomicBinOp::min;
  case tt::RMWOp::UMAX:
    return LLVM::AtomicBinOp::umax;
  case tt::RMWOp::UMIN:
    return LLVM::AtomicBinOp::umin;
  case tt::RMWOp::XCHG:
    return LLVM::AtomicBinOp::xchg;
  }
  return std::nullopt;
}

/// `mask` (null: all) of the atomic `op` on `pointers`, less the elements outside their
/// buffer, which are reported, when its kernel is bounds-checked; `mask` otherwise.
Value guardTile(OpBuilder &builder, Operation *op, Value pointers, Value mask,
                int64_t elementBytes) {
  ArrayRef<int64_t> shape = getShapeOrScalar(pointers.getType());
  std::optional<AccessBounds> bounds = getAccessBounds(builder, op, shape, elementBytes);
  if (!bounds)
    return mask;
  return guardLanes(builder, op->getLoc(), *bounds, pointers, mask,
                    getAllElements(std::max<int64_t>(1, ShapedType::getNumElements(shape))));
}

struct AtomicRMWOpConversion : OpConversionPattern<tt::AtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::AtomicRMWOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type element = getElementTypeOrSelf(resultType);
    std::optional<LLVM::AtomicBinOp> binOp = getAtomicBinOp(op.getAtomicRmwOp(), element);
    if (!binOp || element.isInteger(1))
      return replaceWithError(rewriter, op,
                              llvm::formatv("the CPU backend has no atomic {0} on {1}",
                                            tt::stringifyRMWOp(op.getAtomicRmwOp()), element));
    LLVM::AtomicOrdering ordering = getOrdering(op.getSem());
    Value mask = isAllTrue(op.getMask()) ? Value() : adaptor.getMask();
    mask = guardTile(rewriter, op, adaptor.getPtr(), mask, getByteWidth(element));
    rewriter.replaceOp(op, forEachElement(rewriter, op.getLoc(), resultType,
                                          {adaptor.getPtr(), adaptor.getVal()}, mask,
                                          [&](OpBuilder &builder, Location loc,
                                              ArrayRef<Value> values) -> Value {
                                            return LLVM::AtomicRMWOp::create(
                                                builder, loc, *binOp, values[0], values[1],
                                                ordering);
                                          }));
    return success();
  }
};

/// atomic_cas compares bits: floats go through integers of their width.
struct AtomicCASOpConversion : OpConversionPattern<tt::AtomicCASOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::AtomicCASOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type element = getElementTypeOrSelf(resultType);
    LLVM::AtomicOrdering ordering = getOrdering(op.getSem());
    LLVM::AtomicOrdering failureOrdering = ordering == LLVM::AtomicOrdering::acq_rel ||
                                                   ordering == LLVM::AtomicOrdering::acquire
                                               ? LLVM::AtomicOrdering::acquire
                                               : LLVM::AtomicOrdering::monotonic;
    if (ordering == LLVM::AtomicOrdering::release)
      failureOrdering = LLVM::AtomicOrdering::monotonic;
    Value mask = guardTile(rewriter, op, adaptor.getPtr(), Value(), getByteWidth(element));
    rewriter.replaceOp(
        op, forEachElement(
                rewriter, op.getLoc(), resultType,
                {adaptor.getPtr(), adaptor.getCmp(), adaptor.getVal()}, mask,
                [&](OpBuilder &builder, Location loc, ArrayRef<Value> values) -> Value {
                  Value cmp = values[1], val = values[2];
                  if (auto floatType = dyn_cast<FloatType>(element)) {
                    Type bits = builder.getIntegerType(floatType.getWidth());
                    cmp = arith::BitcastOp::create(builder, loc, bits, cmp);
                    val = arith::BitcastOp::create(builder, loc, bits, val);
                  }
                  auto exchange = LLVM::AtomicCmpXchgOp::create(builder, loc, values[0], cmp,
                                                                val, ordering, failureOrdering);
                  Value old = LLVM::ExtractValueOp::create(builder, loc, exchange, 0);
                  if (isa<FloatType>(element))
                    old = arith::BitcastOp::create(builder, loc, element, old);
                  return old;
                }));
    return success();
  }
};

} // namespace

void populateLoadStoreOpToVectorPatterns(const TypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         const CpuLoweringInfo &info) {
  MLIRContext *context = patterns.getContext();
  patterns.add<LoadOpConversion, StoreOpConversion>(typeConverter, context, info);
  patterns.add<AtomicRMWOpConversion, AtomicCASOpConversion>(typeConverter, context);
  patterns.add<PrefetchOpConversion>(typeConverter, context, info.chunkWidth);
}

} // namespace mlir::nereid::cpu
