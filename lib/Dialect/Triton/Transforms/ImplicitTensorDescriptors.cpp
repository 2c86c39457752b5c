// tt-implicit-tensor-descriptors: the loads of pointer tiles whose addresses are a strided
// block of a kernel parameter become loads of a tensor descriptor (see
// ImplicitTensorDescriptorsPass in Passes.td).

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

#include <limits>

namespace mlir::nereid::tt {

#define GEN_PASS_DEF_IMPLICITTENSORDESCRIPTORSPASS
#include "nereid/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

/// The attribute that says, in the IR dumps, what became of each load.
constexpr llvm::StringLiteral kReportAttrName = "nereid.implicit_descriptor";

/// One dimension of an index tile: (start + i) * stride for i in [0, size), where `start`
/// (i32) and `stride` are scalars, null for 0 and 1.
struct Term {
  int64_t dim;
  Value start, stride;
};

/// An index tile as a sum of terms, one per dimension it varies along, or a scalar broadcast
/// (`scalar`, no terms).
struct IndexTile {
  SmallVector<Term> terms;
  Value scalar;
};

/// The scalar that `value`, a tile of one value, holds: a splat's, or a splat constant's.
Value getSplatScalar(OpBuilder &builder, Value value) {
  if (auto splat = value.getDefiningOp<SplatOp>())
    return splat.getSrc();
  DenseElementsAttr constant;
  if (matchPattern(value, m_Constant(&constant)) && constant.isSplat()) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointAfterValue(value);
    return arith::ConstantOp::create(builder, value.getLoc(), constant.getSplatValue<TypedAttr>());
  }
  return nullptr;
}

/// `a * b` of scalars, either null for 1, in `a`'s type.
Value multiply(OpBuilder &builder, Location loc, Value a, Value b) {
  if (!a || !b)
    return a ? a : b;
  if (b.getType() != a.getType())
    b = arith::ExtSIOp::create(builder, loc, a.getType(), b);
  return arith::MulIOp::create(builder, loc, a, b);
}

Value add(OpBuilder &builder, Location loc, Value a, Value b) {
  if (!a || !b)
    return a ? a : b;
  return arith::AddIOp::create(builder, loc, a, b);
}

/// `value`, an integer tile, as an IndexTile, or std::nullopt with `why`.
std::optional<IndexTile> getIndexTile(OpBuilder &builder, Value value, std::string &why) {
  Operation *op = value.getDefiningOp();
  if (Value scalar = getSplatScalar(builder, value))
    return IndexTile{{}, scalar};
  if (auto range = dyn_cast_or_null<MakeRangeOp>(op)) {
    if (range.getStart() != 0) {
      why = "a range that does not start at 0";
      return std::nullopt;
    }
    return IndexTile{{Term{0, nullptr, nullptr}}, nullptr};
  }
  if (isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp, BroadcastOp>(op))
    return getIndexTile(builder, op->getOperand(0), why);
  if (auto expand = dyn_cast_or_null<ExpandDimsOp>(op)) {
    std::optional<IndexTile> tile = getIndexTile(builder, expand.getSrc(), why);
    if (tile)
      for (Term &term : tile->terms)
        if (term.dim >= int64_t(expand.getAxis()))
          ++term.dim;
    return tile;
  }
  if (isa_and_nonnull<arith::AddIOp, arith::MulIOp>(op)) {
    std::optional<IndexTile> lhs = getIndexTile(builder, op->getOperand(0), why);
    std::optional<IndexTile> rhs =
        lhs ? getIndexTile(builder, op->getOperand(1), why) : std::nullopt;
    if (!rhs)
      return std::nullopt;
    if (!lhs->terms.empty() && rhs->terms.empty())
      std::swap(lhs, rhs);
    // lhs is the scalar, if one is.
    Location loc = op->getLoc();
    if (isa<arith::MulIOp>(op)) {
      if (!lhs->terms.empty() || rhs->terms.empty()) {
        why = "a product of two index tiles";
        return std::nullopt;
      }
      for (Term &term : rhs->terms)
        term.stride = multiply(builder, loc, lhs->scalar, term.stride);
      return rhs;
    }
    if (lhs->terms.empty()) {
      // A scalar added to the index along one dimension, before its stride.
      if (rhs->terms.size() != 1 || rhs->terms[0].stride) {
        why = "an offset added after a stride";
        return std::nullopt;
      }
      rhs->terms[0].start = add(builder, loc, lhs->scalar, rhs->terms[0].start);
      return rhs;
    }
    for (Term &term : lhs->terms) {
      if (llvm::any_of(rhs->terms, [&](const Term &other) { return other.dim == term.dim; })) {
        why = "two terms along one dimension";
        return std::nullopt;
      }
      rhs->terms.push_back(term);
    }
    return rhs;
  }
  why = "an index computed by '" + (op ? op->getName().getStringRef().str() : "an argument") + "'";
  return std::nullopt;
}

/// A pointer tile as a block of a parameter: base + sum over d of (start_d + i_d) * stride_d.
struct PointerTile {
  Value base;
  SmallVector<Term> terms; // one per dimension, in order
};

/// Whether `value` is a parameter of the kernel.
bool isParameter(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  return argument && argument.getOwner()->isEntryBlock() &&
         isa<FuncOp>(argument.getOwner()->getParentOp());
}

/// `pointers` as a parameter plus terms, each along a dimension of its own, or std::nullopt
/// with `why`.
std::optional<PointerTile> getPointerTerms(OpBuilder &builder, Value pointers, std::string &why) {
  Operation *op = pointers.getDefiningOp();
  if (auto splat = dyn_cast_or_null<SplatOp>(op)) {
    if (!isParameter(splat.getSrc())) {
      why = "its pointers are not offsets from a parameter";
      return std::nullopt;
    }
    return PointerTile{splat.getSrc(), {}};
  }
  if (isa_and_nonnull<BroadcastOp>(op))
    return getPointerTerms(builder, op->getOperand(0), why);
  if (auto expand = dyn_cast_or_null<ExpandDimsOp>(op)) {
    std::optional<PointerTile> tile = getPointerTerms(builder, expand.getSrc(), why);
    if (tile)
      for (Term &term : tile->terms)
        if (term.dim >= int64_t(expand.getAxis()))
          ++term.dim;
    return tile;
  }
  auto add = dyn_cast_or_null<AddPtrOp>(op);
  if (!add) {
    why = "its pointers are not a parameter plus offsets";
    return std::nullopt;
  }
  std::optional<PointerTile> tile = getPointerTerms(builder, add.getPtr(), why);
  std::optional<IndexTile> offsets =
      tile ? getIndexTile(builder, add.getOffset(), why) : std::nullopt;
  if (!offsets)
    return std::nullopt;
  if (offsets->scalar) {
    why = "a scalar offset that is not along a dimension";
    return std::nullopt;
  }
  for (Term &term : offsets->terms) {
    if (llvm::any_of(tile->terms, [&](const Term &other) { return other.dim == term.dim; })) {
      why = "two terms along one dimension";
      return std::nullopt;
    }
    tile->terms.push_back(term);
  }
  return tile;
}

/// `pointers` as a PointerTile, its terms in dimension order, or std::nullopt with `why`.
std::optional<PointerTile> getPointerTile(OpBuilder &builder, Value pointers, std::string &why) {
  std::optional<PointerTile> tile = getPointerTerms(builder, pointers, why);
  if (!tile)
    return std::nullopt;
  auto type = cast<RankedTensorType>(pointers.getType());
  if (int64_t(tile->terms.size()) != type.getRank()) {
    why = "its offsets do not vary along every dimension";
    return std::nullopt;
  }
  llvm::sort(tile->terms, [](const Term &a, const Term &b) { return a.dim < b.dim; });
  return tile;
}

/// Whether `stride` is 1: null, the constant, or a parameter that the launch specializes as
/// equal to 1.
bool isUnitStride(Value stride) {
  if (!stride || matchPattern(stride, m_One()))
    return true;
  auto argument = dyn_cast<BlockArgument>(stride);
  if (!argument || !isParameter(argument))
    return false;
  auto func = cast<FuncOp>(argument.getOwner()->getParentOp());
  auto equal = func.getArgAttrOfType<IntegerAttr>(argument.getArgNumber(), "tt.equal_to");
  return equal && equal.getInt() == 1;
}

/// The dimension of `tile` that adding `increment` (a scalar) moves along, and by how many
/// elements: increment = n * stride_d, a product with the stride, or a constant along a
/// dimension of stride 1.
std::optional<std::pair<int64_t, Value>> getShift(const PointerTile &tile, Value increment) {
  if (auto product = increment.getDefiningOp<arith::MulIOp>())
    for (auto [dim, term] : llvm::enumerate(tile.terms))
      for (unsigned side = 0; side < 2; ++side)
        if (term.stride && product->getOperand(side) == term.stride)
          return std::pair<int64_t, Value>(dim, product->getOperand(1 - side));
  if (matchPattern(increment, m_Constant()))
    for (auto [dim, term] : llvm::enumerate(tile.terms))
      if (isUnitStride(term.stride))
        return std::pair<int64_t, Value>(dim, increment);
  return std::nullopt;
}

/// Whether `value` is the loop's iteration count (its induction variable, where the loop
/// counts from 0 by 1) times `shift`.
bool isIterationsTimes(Value value, scf::ForOp loop, Value shift) {
  auto product = value.getDefiningOp<arith::MulIOp>();
  if (!product || !matchPattern(loop.getLowerBound(), m_Zero()) ||
      !matchPattern(loop.getStep(), m_One()))
    return false;
  APInt shiftValue, factor;
  for (unsigned side = 0; side < 2; ++side)
    if (product->getOperand(side) == loop.getInductionVar()) {
      Value other = product->getOperand(1 - side);
      return other == shift ||
             (matchPattern(other, m_ConstantInt(&factor)) &&
              matchPattern(shift, m_ConstantInt(&shiftValue)) && factor == shiftValue);
    }
  return false;
}

/// Collects in `shape` the bounds that `mask` checks of `tile` (whose coordinate along
/// `shift`'s dimension, if any, moves with `loop`'s iterations): a conjunction of
/// `index_d < bound`, index_d the pointers' own index along d (start_d + range_d), or its
/// range alone against a bound less the iterations' move along d (the tutorial's
/// `offs_k < K - k * BLOCK_K`). False with `why` for any other mask.
bool getBounds(Value mask, const PointerTile &tile, std::optional<std::pair<int64_t, Value>> shift,
               scf::ForOp loop, SmallVector<Value> &shape, std::string &why) {
  Operation *op = mask.getDefiningOp();
  if (isa_and_nonnull<arith::AndIOp>(op))
    return getBounds(op->getOperand(0), tile, shift, loop, shape, why) &&
           getBounds(op->getOperand(1), tile, shift, loop, shape, why);
  if (isa_and_nonnull<BroadcastOp>(op))
    return getBounds(op->getOperand(0), tile, shift, loop, shape, why);
  auto compare = dyn_cast_or_null<arith::CmpIOp>(op);
  why = "its mask is not a bounds check (index < bound)";
  if (!compare || compare.getPredicate() != arith::CmpIPredicate::slt)
    return false;
  OpBuilder builder(compare);
  std::optional<IndexTile> index = getIndexTile(builder, compare.getLhs(), why);
  Value bound = getSplatScalar(builder, compare.getRhs());
  if (!index || index->terms.size() != 1 || index->terms[0].stride || !bound) {
    why = "its mask is not a bounds check (index < bound)";
    return false;
  }
  const Term &checked = index->terms[0];
  int64_t dim = checked.dim;
  const Term &term = tile.terms[dim];
  bool moves = shift && shift->first == dim;
  if (!moves && checked.start == term.start) {
    // index_d < bound, on the pointers' own index.
  } else if (moves && !checked.start && !term.start) {
    // range_d < bound - (the iterations' move): the bound is what that is subtracted from.
    auto difference = bound.getDefiningOp<arith::SubIOp>();
    if (!difference || !isIterationsTimes(difference.getRhs(), loop, shift->second)) {
      why = "its mask's bound does not move with the loop's pointers";
      return false;
    }
    bound = difference.getLhs();
  } else {
    why = "its mask checks another index than its pointers'";
    return false;
  }
  if (loop && !loop.isDefinedOutsideOfLoop(bound)) {
    why = "its mask's bound is computed in the loop";
    return false;
  }
  if (shape[dim]) {
    why = "its mask checks a dimension twice";
    return false;
  }
  shape[dim] = bound;
  return true;
}

/// `value` as an i32 scalar.
Value toI32(OpBuilder &builder, Location loc, Value value) {
  Type i32 = builder.getI32Type();
  if (value.getType() == i32)
    return value;
  return arith::TruncIOp::create(builder, loc, i32, value);
}

/// Whether `value` is zero: a constant, or a splat or float conversion of one (the zero `other`
/// of a load of fp8, which the frontend converts from a Python float), zero converting exactly.
bool isZero(Value value) {
  while (isa_and_present<SplatOp, FpToFpOp>(value.getDefiningOp()))
    value = value.getDefiningOp()->getOperand(0);
  return matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat());
}

/// Rewrites `load`, or says why not in its report attribute.
void rewrite(LoadOp load) {
  OpBuilder builder(load);
  Location loc = load.getLoc();
  auto report = [&](const Twine &why) {
    load->setAttr(kReportAttrName, builder.getStringAttr(("not rewritten: " + why).str()));
  };
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || type.getRank() != 2)
    return report("not a 2-D tile");
  if (load.getOther() && !isZero(load.getOther()))
    return report("its `other` is not zero (the copy engine reads zeros outside)");
  if (load.getIsVolatile())
    return report("volatile");

  // The pointers, or, for those that a loop carries and advances by a scalar each iteration,
  // their initial value and the advance.
  Value pointers = load.getPtr();
  scf::ForOp loop;
  Value increment;
  if (auto argument = dyn_cast<BlockArgument>(pointers)) {
    loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
    if (!loop || argument == loop.getInductionVar())
      return report("its pointers are a block argument");
    auto yielded = loop.getTiedLoopYieldedValue(argument)->get().getDefiningOp<AddPtrOp>();
    if (!yielded || yielded.getPtr() != argument ||
        !(increment = getSplatScalar(builder, yielded.getOffset())))
      return report("a loop advances its pointers by other than a scalar");
    pointers = loop.getTiedLoopInit(argument)->get();
  }
  std::string why;
  builder.setInsertionPoint(loop ? loop.getOperation() : load.getOperation());
  std::optional<PointerTile> tile = getPointerTile(builder, pointers, why);
  if (!tile)
    return report(why);
  if (!isUnitStride(tile->terms.back().stride))
    return report("its innermost stride is not 1");
  std::optional<std::pair<int64_t, Value>> shift;
  if (increment && !(shift = getShift(*tile, increment)))
    return report("the loop's advance is not a multiple of a stride");

  // The bounds that the mask checks, if any.
  SmallVector<Value> shape(type.getRank());
  if (Value mask = load.getMask())
    if (!getBounds(mask, *tile, shift, loop, shape, why))
      return report(why);

  // The descriptor, made where the pointers were: the shape the mask's bounds, unbounded
  // along the dimensions it does not check; the strides the tile's.
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
  Value unbounded =
      arith::ConstantIntOp::create(builder, loc, i32, std::numeric_limits<int32_t>::max());
  for (Value &size : shape)
    size = size ? size : unbounded;
  SmallVector<Value> strides;
  for (Term &term : tile->terms) {
    Value stride = isUnitStride(term.stride) ? arith::ConstantIntOp::create(builder, loc, i64, 1)
                                             : term.stride;
    if (stride.getType() != i64)
      stride = arith::ExtSIOp::create(builder, loc, i64, stride);
    strides.push_back(stride);
  }
  auto descriptorType = TensorDescType::get(builder.getContext(), type);
  Value descriptor =
      MakeTensorDescOp::create(builder, loc, descriptorType, tile->base, shape, strides);

  // The block's indices: the starts, moved along by the advance of the iterations before.
  builder.setInsertionPoint(load);
  SmallVector<Value> indices;
  for (Term &term : tile->terms)
    indices.push_back(term.start ? toI32(builder, loc, term.start)
                                 : arith::ConstantIntOp::create(builder, loc, i32, 0));
  if (shift) {
    Value iterations = arith::DivSIOp::create(
        builder, loc,
        arith::SubIOp::create(builder, loc, loop.getInductionVar(), loop.getLowerBound()),
        loop.getStep());
    Value moved = arith::MulIOp::create(builder, loc, toI32(builder, loc, iterations),
                                        toI32(builder, loc, shift->second));
    indices[shift->first] = arith::AddIOp::create(builder, loc, indices[shift->first], moved);
  }
  auto replacement = DescriptorLoadOp::create(builder, loc, type, descriptor, indices,
                                              load.getCache(), load.getEvict());
  replacement->setAttr(kReportAttrName, builder.getStringAttr("rewritten"));
  load.replaceAllUsesWith(replacement.getResult());
  load.erase();
}

/// Drops the iter args of loops that only advance themselves (the pointers of loads that
/// became descriptor loads): the loop yields each one unchanged, which canonicalization then
/// removes with its advance.
void dropSelfAdvancingIterArgs(scf::ForOp loop) {
  for (BlockArgument argument : loop.getRegionIterArgs()) {
    OpOperand *yielded = loop.getTiedLoopYieldedValue(argument);
    auto advance = yielded->get().getDefiningOp<AddPtrOp>();
    if (advance && advance.getPtr() == argument && argument.hasOneUse() && advance->hasOneUse() &&
        loop.getTiedLoopResult(argument).use_empty())
      yielded->set(argument);
  }
}

struct ImplicitTensorDescriptorsPass
    : impl::ImplicitTensorDescriptorsPassBase<ImplicitTensorDescriptorsPass> {
  void runOnOperation() override {
    SmallVector<LoadOp> loads;
    getOperation().walk([&](LoadOp load) { loads.push_back(load); });
    for (LoadOp load : loads)
      rewrite(load);
    getOperation().walk([](scf::ForOp loop) { dropSelfAdvancingIterArgs(loop); });
  }
};

} // namespace
} // namespace mlir::nereid::tt
