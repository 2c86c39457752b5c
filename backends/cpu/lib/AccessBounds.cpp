// The bounds checks of a bounds-checked kernel's accesses (AccessBounds.h), and their reports
// through the CPU runtime (nereid_cpu_access_out_of_bounds, KernelDebug.h), which records them
// as it records a failed tt.assert.

#include "AccessBounds.h"

#include "RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {
namespace {

/// The leading indices of each row (along the last dimension) of a vector of `type`, in
/// row-major order. LLVM keeps an N-D vector as an array of rows, so that a row is extracted
/// and inserted whole, where flattening the vector would build one of thousands of lanes.
SmallVector<SmallVector<int64_t>> getRowPositions(VectorType type) {
  ArrayRef<int64_t> leading = type.getShape().drop_back();
  int64_t rows = ShapedType::getNumElements(leading);
  SmallVector<SmallVector<int64_t>> positions;
  for (int64_t row = 0; row < rows; ++row) {
    SmallVector<int64_t> position(leading.size());
    int64_t rest = row;
    for (int64_t d = int64_t(leading.size()) - 1; d >= 0; --d) {
      position[d] = rest % leading[d];
      rest /= leading[d];
    }
    positions.push_back(position);
  }
  return positions;
}

/// `scalar` broadcast to the shape of `like` (a vector or a scalar).
Value broadcastLike(OpBuilder &builder, Location loc, Value scalar, Type like) {
  auto type = dyn_cast<VectorType>(like);
  if (!type)
    return scalar;
  return vector::BroadcastOp::create(builder, loc, type.clone(scalar.getType()), scalar);
}

/// `value` as an i1 of the shape of `like` (a vector or a scalar).
Value createBoolean(OpBuilder &builder, Location loc, Type like, bool value) {
  if (auto type = dyn_cast<VectorType>(like))
    return arith::ConstantOp::create(
        builder, loc, DenseElementsAttr::get(type.clone(builder.getI1Type()), value));
  return arith::ConstantIntOp::create(builder, loc, builder.getI1Type(), value);
}

/// max(extent - bytes + 1, 0): an access of `bytes` bytes lies inside a buffer of `extent`
/// bytes when its offset, compared unsigned (a negative one is large), is below this.
Value getLimit(OpBuilder &builder, Location loc, Value extent, int64_t bytes) {
  Value last = arith::SubIOp::create(builder, loc, extent, i64Constant(builder, loc, bytes - 1));
  return arith::MaxSIOp::create(builder, loc, last, i64Constant(builder, loc, 0));
}

/// Which lanes of `addresses` (i64, a vector or a scalar) lie inside one of the buffers of
/// `bounds`, and their offsets from the start of its parameter's buffer (from 0, the address
/// itself, where there is no one parameter).
std::pair<Value, Value> findLanesInside(OpBuilder &builder, Location loc,
                                        const AccessBounds &bounds, Value addresses) {
  Type type = addresses.getType();
  Value inside, offsets = addresses;
  for (auto [start, extent] : bounds.buffers) {
    Value offset =
        arith::SubIOp::create(builder, loc, addresses, broadcastLike(builder, loc, start, type));
    Value limit = broadcastLike(builder, loc, getLimit(builder, loc, extent, bounds.elementBytes),
                                type);
    Value within =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, offset, limit);
    inside = inside ? arith::OrIOp::create(builder, loc, inside, within).getResult() : within;
    if (bounds.parameter >= 0)
      offsets = offset;
  }
  if (!inside)
    inside = createBoolean(builder, loc, type, false);
  return {inside, offsets};
}

/// Reports the first lane of `violated` (i1, a 1-D vector or a scalar) that is set, if any:
/// element `elementIndices[lane]` of the access's tile, at `offsets[lane]`.
void reportFirstViolation(OpBuilder &builder, Location loc, const AccessBounds &bounds,
                          Value violated, Value offsets, ArrayRef<int64_t> elementIndices) {
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
  Type ptr = LLVM::LLVMPointerType::get(builder.getContext());
  bool isVector = isa<VectorType>(violated.getType());
  Value any = isVector ? Value(vector::ReductionOp::create(
                             builder, loc, vector::CombiningKind::OR, violated))
                       : violated;
  auto branch = scf::IfOp::create(builder, loc, any);
  OpBuilder thenBuilder = branch.getThenBodyBuilder();
  Value lane = findFirstFalse(thenBuilder, loc,
                              arith::XOrIOp::create(
                                  thenBuilder, loc, violated,
                                  createBoolean(thenBuilder, loc, violated.getType(), true)))
                   .first;
  Value offset = offsets, element = i64Constant(thenBuilder, loc, elementIndices.front());
  if (isVector) {
    Value position = arith::IndexCastOp::create(thenBuilder, loc, thenBuilder.getIndexType(), lane);
    offset = vector::ExtractOp::create(thenBuilder, loc, offsets, OpFoldResult(position));
    auto indexType = VectorType::get(int64_t(elementIndices.size()), i64);
    Value indices = arith::ConstantOp::create(
        thenBuilder, loc, DenseElementsAttr::get(indexType, elementIndices));
    element = vector::ExtractOp::create(thenBuilder, loc, indices, OpFoldResult(position));
  }
  SmallVector<Type> inputs{ptr, ptr, i32, i32, i32, i32, i32, ptr, i32,
                           i64, i64, i64, i64, i64, i64, i64, i64, i64};
  func::FuncOp report =
      getOrDeclare(thenBuilder, bounds.op, "nereid_cpu_access_out_of_bounds", inputs);
  SmallVector<Value> arguments = failureSiteArguments(thenBuilder, bounds.op);
  arguments.push_back(getString(thenBuilder, bounds.op, bounds.op->getName().getStringRef()));
  llvm::append_range(arguments, shapeArguments(thenBuilder, loc, bounds.shape));
  arguments.push_back(element);
  arguments.push_back(i64Constant(thenBuilder, loc, bounds.parameter));
  arguments.push_back(i64Constant(thenBuilder, loc, bounds.elementBytes));
  arguments.push_back(offset);
  arguments.push_back(bounds.parameter >= 0 ? bounds.buffers.front().second
                                            : i64Constant(thenBuilder, loc, 0));
  func::CallOp::create(thenBuilder, loc, report, arguments);
}

/// Whether the `count` contiguous elements from `first` (a pointer) lie inside one buffer of
/// `bounds`: they span [first, first + count * bytes), so one compare of its address.
Value isRunInside(OpBuilder &builder, Location loc, const AccessBounds &bounds, Value first,
                  int64_t count) {
  Value address = LLVM::PtrToIntOp::create(builder, loc, builder.getI64Type(), first);
  Value inside;
  for (auto [start, extent] : bounds.buffers) {
    Value offset = arith::SubIOp::create(builder, loc, address, start);
    Value within = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, offset,
                                         getLimit(builder, loc, extent,
                                                  count * bounds.elementBytes));
    inside = inside ? arith::OrIOp::create(builder, loc, inside, within).getResult() : within;
  }
  return inside ? inside : createBoolean(builder, loc, builder.getI1Type(), false);
}

} // namespace

std::optional<AccessBounds> getAccessBounds(OpBuilder &builder, Operation *op,
                                            ArrayRef<int64_t> shape, int64_t elementBytes) {
  auto attr = op->getAttrOfType<DenseI64ArrayAttr>(kAccessBoundsAttrName);
  auto function = op->getParentOfType<func::FuncOp>();
  if (!attr || !function || attr.empty())
    return std::nullopt;
  ArrayRef<int64_t> values = attr.asArrayRef();
  Block &entry = function.getBody().front();
  AccessBounds bounds{op, SmallVector<int64_t>(shape), elementBytes, values.front(), {}};
  for (size_t i = 1; i + 1 < values.size(); i += 2) {
    Value start = LLVM::PtrToIntOp::create(builder, op->getLoc(), builder.getI64Type(),
                                           entry.getArgument(values[i]));
    bounds.buffers.push_back({start, entry.getArgument(values[i + 1])});
  }
  return bounds;
}

Value guardLanes(OpBuilder &builder, Location loc, const AccessBounds &bounds, Value pointers,
                 Value mask, ArrayRef<int64_t> elementIndices) {
  // A row wider than this is guarded in slices of it, each with its own report, in order, so
  // that the first report of the program is still its first violation: LLVM takes minutes
  // over compares and reductions of thousands of lanes.
  constexpr int64_t kSliceLanes = 64;
  Type i64 = builder.getI64Type();
  auto guardSlice = [&](Value slice, Value sliceMask, ArrayRef<int64_t> indices) -> Value {
    auto sliceType = dyn_cast<VectorType>(slice.getType());
    Value addresses = LLVM::PtrToIntOp::create(
        builder, loc, sliceType ? Type(sliceType.clone(i64)) : i64, slice);
    auto [inside, offsets] = findLanesInside(builder, loc, bounds, addresses);
    Value outside = arith::XOrIOp::create(builder, loc, inside,
                                          createBoolean(builder, loc, inside.getType(), true));
    Value violated =
        sliceMask ? arith::AndIOp::create(builder, loc, sliceMask, outside) : outside;
    reportFirstViolation(builder, loc, bounds, violated, offsets, indices);
    return sliceMask ? arith::AndIOp::create(builder, loc, sliceMask, inside) : inside;
  };
  auto guardRow = [&](Value row, Value rowMask, ArrayRef<int64_t> indices) -> Value {
    int64_t lanes = cast<VectorType>(row.getType()).getNumElements();
    if (lanes <= kSliceLanes)
      return guardSlice(row, rowMask, indices);
    Value allowed = createBoolean(builder, loc, row.getType(), false);
    for (int64_t first = 0; first < lanes; first += kSliceLanes) {
      int64_t count = std::min(kSliceLanes, lanes - first);
      auto slice = [&](Value value) -> Value {
        return vector::ExtractStridedSliceOp::create(builder, loc, value, {first}, {count}, {1});
      };
      Value sliceAllowed = guardSlice(slice(row), rowMask ? slice(rowMask) : Value(),
                                      indices.slice(first, count));
      allowed = vector::InsertStridedSliceOp::create(builder, loc, sliceAllowed, allowed, {first},
                                                     {1});
    }
    return allowed;
  };
  auto type = dyn_cast<VectorType>(pointers.getType());
  if (!type)
    return guardSlice(pointers, mask, elementIndices);
  if (type.getRank() == 1)
    return guardRow(pointers, mask, elementIndices);
  int64_t rowLength = type.getShape().back();
  Value allowed = createBoolean(builder, loc, type, false);
  for (auto [row, position] : llvm::enumerate(getRowPositions(type))) {
    Value rowAllowed =
        guardRow(vector::ExtractOp::create(builder, loc, pointers, position),
                 mask ? Value(vector::ExtractOp::create(builder, loc, mask, position)) : Value(),
                 elementIndices.slice(row * rowLength, rowLength));
    allowed = vector::InsertOp::create(builder, loc, rowAllowed, allowed, position);
  }
  return allowed;
}

Value buildCheckedAccess(OpBuilder &builder, Location loc,
                         const std::optional<AccessBounds> &bounds, Value pointers, Value mask,
                         int64_t runLength, ArrayRef<int64_t> elementIndices, Type resultType,
                         function_ref<Value(OpBuilder &, Value mask)> access) {
  if (!bounds)
    return access(builder, mask);
  auto type = cast<VectorType>(pointers.getType());
  int64_t rowLength = type.getShape().back();
  Value allInside;
  auto conjoin = [&](Value inside) {
    allInside =
        allInside ? arith::AndIOp::create(builder, loc, allInside, inside).getResult() : inside;
  };
  for (SmallVector<int64_t> position : getRowPositions(type)) {
    if (runLength > 0) {
      position.push_back(0);
      for (int64_t first = 0; first < rowLength; first += runLength) {
        position.back() = first;
        conjoin(isRunInside(builder, loc, *bounds,
                            vector::ExtractOp::create(builder, loc, pointers, position),
                            std::min(runLength, rowLength - first)));
      }
      continue;
    }
    auto rowOf = [&](Value value) -> Value {
      return position.empty() ? value
                              : Value(vector::ExtractOp::create(builder, loc, value, position));
    };
    Value row = rowOf(pointers);
    auto rowType = cast<VectorType>(row.getType());
    Value addresses =
        LLVM::PtrToIntOp::create(builder, loc, rowType.clone(builder.getI64Type()), row);
    Value ok = findLanesInside(builder, loc, *bounds, addresses).first;
    if (mask)
      ok = arith::OrIOp::create(
          builder, loc, ok,
          arith::XOrIOp::create(builder, loc, rowOf(mask),
                                createBoolean(builder, loc, ok.getType(), true)));
    conjoin(vector::ReductionOp::create(builder, loc, vector::CombiningKind::AND, ok));
  }
  SmallVector<Type> results;
  if (resultType)
    results.push_back(resultType);
  auto branch = scf::IfOp::create(builder, loc, results, allInside, /*withElseRegion=*/true);
  OpBuilder thenBuilder = branch.getThenBodyBuilder();
  Value inside = access(thenBuilder, mask);
  OpBuilder elseBuilder = branch.getElseBodyBuilder();
  Value guarded =
      access(elseBuilder, guardLanes(elseBuilder, loc, *bounds, pointers, mask, elementIndices));
  if (!resultType)
    return Value();
  scf::YieldOp::create(thenBuilder, loc, inside);
  scf::YieldOp::create(elseBuilder, loc, guarded);
  return branch.getResult(0);
}

} // namespace mlir::nereid::cpu
