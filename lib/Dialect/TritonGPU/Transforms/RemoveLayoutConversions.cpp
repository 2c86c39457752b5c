// ttg-remove-layout-conversions: a ttg.convert_layout disappears when its operand can be
// computed in the target layout as cheaply as in its own: conversions of conversions fold,
// constants, splats and ranges are made again in the target layout, and chains of elementwise
// ops between them are recomputed there.

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::nereid::ttg {

#define GEN_PASS_DEF_REMOVELAYOUTCONVERSIONSPASS
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

/// The most ops that one conversion may recompute, so that the pass stays linear in practice.
constexpr unsigned kMaxRematerializedOps = 64;

/// Whether `op` computes each result element from the operand elements at the same index, so
/// that it computes the same values in any layout given its operands in that layout.
bool isLayoutAgnostic(Operation *op) {
  if (op->getNumRegions() != 0 || op->getNumResults() != 1 || !isMemoryEffectFree(op))
    return false;
  return op->hasTrait<OpTrait::Elementwise>() ||
         isa<tt::AddPtrOp, tt::BitcastOp, tt::IntToPtrOp, tt::PtrToIntOp, tt::FpToFpOp>(op);
}

/// Whether values are recomputed in `encoding`: a blocked layout, a tensor-core accumulator
/// layout (attention's softmax runs in its first dot's, and its accumulator is carried in its
/// second's), or a slice of one (the rows' statistics).
bool isRecomputableLayout(Attribute encoding) {
  if (auto slice = dyn_cast_if_present<SliceEncodingAttr>(encoding))
    return isRecomputableLayout(slice.getParent());
  return isa_and_present<BlockedEncodingAttr, TensorCoreEncodingAttrInterface>(encoding);
}

/// Whether `encoding` is a tensor-core accumulator layout or a slice of one.
bool isTensorCoreLayout(Attribute encoding) {
  if (auto slice = dyn_cast_if_present<SliceEncodingAttr>(encoding))
    return isTensorCoreLayout(slice.getParent());
  return isa_and_present<TensorCoreEncodingAttrInterface>(encoding);
}

/// Whether `op` makes its result from scalars or attributes only, and is made again in any
/// layout by a copy with another result type.
bool isCheapSource(Operation *op) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<DenseElementsAttr>(constant.getValue());
  return isa<tt::SplatOp, tt::MakeRangeOp>(op);
}

/// Recomputes values in another layout: first `canRematerialize` checks a whole backward
/// slice, then `rematerialize` clones it, each op right after the op it copies. It remembers
/// the copies, so that the conversions of one round share them; no op may be erased while it
/// lives.
class Rematerializer {
public:
  /// Recomputes only into layouts that fit `target` (fitsTargetLanes), when there is one.
  explicit Rematerializer(const TargetInfo *target) : target(target) {}

  /// Whether `value` can be computed in `encoding` from cheap sources and conversions, with
  /// at most kMaxRematerializedOps ops.
  bool canRematerialize(Value value, Attribute encoding) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return true;
    if (type.getEncoding() == encoding)
      return true;
    if (!isRecomputableLayout(encoding) ||
        (target && !fitsTargetLanes(*target, type.cloneWithEncoding(encoding))))
      return false;
    if (value == assumed || !visitedValues.insert({value, encoding}).second)
      return true;
    Operation *op = value.getDefiningOp();
    if (!op || ++numOps > kMaxRematerializedOps)
      return false;
    if (isa<ConvertLayoutOp>(op) || isCheapSource(op))
      return true;
    if (auto broadcast = dyn_cast<tt::BroadcastOp>(op))
      return canRematerialize(broadcast.getSrc(), encoding);
    if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
      // Into a tensor-core layout, an operand that cannot be recomputed in the slice is
      // converted there: a tensor of one dimension fewer than what is broadcast from it (a
      // row's statistics, scaling a dot's accumulator).
      Value src = expand.getSrc();
      Attribute slice = getSliceOf(expand, encoding);
      if (!isTensorCoreLayout(encoding))
        return canRematerialize(src, slice);
      llvm::DenseSet<std::pair<Value, Attribute>> before = visitedValues;
      if (!canRematerialize(src, slice)) {
        visitedValues = std::move(before);
        convertedInstead.insert({src, slice});
      }
      return true;
    }
    if (!isLayoutAgnostic(op))
      return false;
    return llvm::all_of(op->getOperands(), [&](Value operand) {
      auto operandType = dyn_cast<RankedTensorType>(operand.getType());
      return !operandType ||
             (operandType.getShape() == type.getShape() && canRematerialize(operand, encoding));
    });
  }

  /// Whether the last check went through `value` in `encoding`, to recompute it there.
  bool visited(Value value, Attribute encoding) const {
    return visitedValues.contains({value, encoding});
  }

  /// Treats `value` (a loop argument about to change layout) as available in any layout.
  void assumeInTarget(Value value) { assumed = value; }

  /// Forgets what the last check visited, before the next conversion is checked.
  void resetCheck() {
    visitedValues.clear();
    convertedInstead.clear();
    numOps = 0;
  }

  /// `value` computed in `encoding`; canRematerialize(value, encoding) must hold.
  Value rematerialize(Value value, Attribute encoding) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || type.getEncoding() == encoding)
      return value;
    if (Value done = rematerialized.lookup({value, encoding}))
      return done;
    if (convertedInstead.contains({value, encoding})) {
      OpBuilder builder(value.getContext());
      builder.setInsertionPointAfterValue(value);
      Value converted =
          ConvertLayoutOp::create(builder, value.getLoc(), type.cloneWithEncoding(encoding), value);
      rematerialized[{value, encoding}] = converted;
      return converted;
    }
    Operation *op = value.getDefiningOp();
    RankedTensorType newType = type.cloneWithEncoding(encoding);
    OpBuilder builder(op->getContext());
    Value result;
    if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
      builder.setInsertionPointAfter(op);
      result = convert.getSrc().getType() == newType
                   ? convert.getSrc()
                   : ConvertLayoutOp::create(builder, op->getLoc(), newType, convert.getSrc())
                         .getResult();
    } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      builder.setInsertionPointAfter(op);
      result = arith::ConstantOp::create(builder, op->getLoc(),
                                         cast<DenseElementsAttr>(constant.getValue())
                                             .reshape(newType));
    } else {
      SmallVector<Value> operands;
      for (Value operand : op->getOperands()) {
        Attribute operandEncoding = encoding;
        if (auto expand = dyn_cast<tt::ExpandDimsOp>(op))
          operandEncoding = getSliceOf(expand, encoding);
        operands.push_back(rematerialize(operand, operandEncoding));
      }
      builder.setInsertionPointAfter(op);
      Operation *newOp = builder.clone(*op);
      newOp->setOperands(operands);
      newOp->getResult(0).setType(newType);
      result = newOp->getResult(0);
    }
    rematerialized[{value, encoding}] = result;
    return result;
  }

private:
  /// The layout of the operand of `expand` when its result has `encoding`.
  static Attribute getSliceOf(tt::ExpandDimsOp expand, Attribute encoding) {
    auto parent = dyn_cast<DistributedEncodingAttrInterface>(encoding);
    if (!parent)
      return {};
    return SliceEncodingAttr::get(expand.getContext(), expand.getAxis(), parent);
  }

  const TargetInfo *target;
  Value assumed;
  llvm::DenseSet<std::pair<Value, Attribute>> visitedValues;
  /// The operands of expand_dims that the last check converts rather than recomputes.
  llvm::DenseSet<std::pair<Value, Attribute>> convertedInstead;
  unsigned numOps = 0;
  llvm::DenseMap<std::pair<Value, Attribute>, Value> rematerialized;
};

/// Removes or folds `convert` where that is cheap, leaving it without uses rather than erasing
/// it, so that `rematerializer` stays valid; returns whether the IR changed.
bool simplifyConversion(ConvertLayoutOp convert, Rematerializer &rematerializer) {
  if (convert->use_empty())
    return false;
  Value src = convert.getSrc();
  if (src.getType() == convert.getType()) {
    convert.getResult().replaceAllUsesWith(src);
    return true;
  }
  if (auto inner = src.getDefiningOp<ConvertLayoutOp>()) {
    convert.getSrcMutable().assign(inner.getSrc());
    return true;
  }
  Attribute encoding = convert.getType().getEncoding();
  rematerializer.resetCheck();
  if (!encoding || !rematerializer.canRematerialize(src, encoding))
    return false;
  convert.getResult().replaceAllUsesWith(rematerializer.rematerialize(src, encoding));
  return true;
}

/// The layout that the users of `arg` convert it to, or null where none does or they
/// disagree (`conflicting`); `onlyConversions` says whether every user is such a conversion.
Attribute layoutUsersConvertTo(BlockArgument arg, bool &onlyConversions, bool &conflicting) {
  Attribute encoding;
  onlyConversions = true;
  conflicting = false;
  for (Operation *user : arg.getUsers()) {
    auto convert = dyn_cast<ConvertLayoutOp>(user);
    if (!convert) {
      onlyConversions = false;
      continue;
    }
    conflicting |= encoding && encoding != convert.getType().getEncoding();
    encoding = convert.getType().getEncoding();
  }
  return conflicting ? Attribute() : encoding;
}

/// The blocked and slice layouts that the elementwise computation of `yielded` in the body of
/// `forOp` converts values from: an accumulator `acc + f(convert(load))` is best carried in
/// the load's layout.
SmallVector<Attribute> layoutsYieldedValueConvertsFrom(scf::ForOp forOp, Value yielded) {
  SmallVector<Attribute> encodings;
  SmallVector<Value> worklist{yielded};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty() && seen.size() < kMaxRematerializedOps) {
    Value value = worklist.pop_back_val();
    Operation *op = value.getDefiningOp();
    if (!op || !seen.insert(value).second || !forOp->isProperAncestor(op))
      continue;
    if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
      Attribute encoding = convert.getSrc().getType().getEncoding();
      if (isRecomputableLayout(encoding) && !llvm::is_contained(encodings, encoding))
        encodings.push_back(encoding);
    } else if (isLayoutAgnostic(op)) {
      llvm::append_range(worklist, op->getOperands());
    }
  }
  return encodings;
}

/// The layout to carry the tensor `arg` of `forOp` in, or null to keep its own:
/// - the layout that its users convert it to, all to one blocked or slice layout, or to one
///   tensor-core accumulator layout (a dot's accumulator); where some users are not
///   conversions, only a blocked or slice layout that the value yielded for it can be
///   recomputed in from the argument (a pointer advanced by a splat step);
/// - where no user converts it, a layout that the value yielded for it is converted from, when
///   that value and every user of the argument can be recomputed in it (an accumulator of
///   loaded values; attention's accumulator, scaled before its dot).
Attribute chooseLoopCarriedLayout(scf::ForOp forOp, BlockArgument arg,
                                  const TargetInfo *target) {
  auto type = cast<RankedTensorType>(arg.getType());
  unsigned index = arg.getArgNumber() - forOp.getNumInductionVars();
  Value yielded = forOp.getBody()->getTerminator()->getOperand(index);
  auto fits = [&](Attribute encoding) {
    return encoding != type.getEncoding() &&
           (!target || fitsTargetLanes(*target, type.cloneWithEncoding(encoding)));
  };
  bool onlyConversions, conflicting;
  if (Attribute encoding = layoutUsersConvertTo(arg, onlyConversions, conflicting)) {
    if (!isRecomputableLayout(encoding) || !fits(encoding))
      return {};
    if (onlyConversions)
      return encoding;
    Rematerializer check(target);
    check.assumeInTarget(arg);
    return check.canRematerialize(yielded, encoding) ? encoding : Attribute();
  }
  if (conflicting)
    return {};
  for (Attribute encoding : layoutsYieldedValueConvertsFrom(forOp, yielded)) {
    if (!fits(encoding))
      continue;
    Rematerializer check(target);
    check.assumeInTarget(arg);
    if (check.canRematerialize(yielded, encoding) &&
        llvm::all_of(arg.getUsers(), [&](Operation *user) {
          return user->getNumResults() == 1 &&
                 (check.visited(user->getResult(0), encoding) ||
                  check.canRematerialize(user->getResult(0), encoding));
        }))
      return encoding;
  }
  return {};
}

/// Gives tensors carried around an scf.for the layout that chooseLoopCarriedLayout picks. The
/// initial value is then converted once before the loop, the users in the body that are not
/// conversions to that layout get the argument converted back, and the yielded value is
/// converted at the end of the body: recomputation removes those conversions where the layout
/// was picked for it. Returns whether the IR changed.
bool retypeLoopCarriedValues(ModuleOp module, const TargetInfo *target) {
  bool changed = false;
  module.walk([&](scf::ForOp forOp) {
    Operation *yield = forOp.getBody()->getTerminator();
    for (BlockArgument arg : forOp.getRegionIterArgs()) {
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      if (!type)
        continue;
      Attribute encoding = chooseLoopCarriedLayout(forOp, arg, target);
      if (!encoding)
        continue;
      unsigned index = arg.getArgNumber() - forOp.getNumInductionVars();
      OpOperand &yielded = yield->getOpOperand(index);
      RankedTensorType newType = type.cloneWithEncoding(encoding);
      // The conversions among the users become identities that simplifyConversion removes;
      // the other users get the argument in its old layout.
      arg.setType(newType);
      OpBuilder builder = OpBuilder::atBlockBegin(forOp.getBody());
      auto back = ConvertLayoutOp::create(builder, forOp.getLoc(), type, arg);
      arg.replaceUsesWithIf(back, [&](OpOperand &use) {
        return use.getOwner() != back && !isa<ConvertLayoutOp>(use.getOwner());
      });
      builder.setInsertionPoint(yield);
      yielded.set(ConvertLayoutOp::create(builder, yield->getLoc(), newType, yielded.get()));
      builder.setInsertionPoint(forOp);
      OpOperand &init = forOp.getInitArgsMutable()[index];
      init.set(ConvertLayoutOp::create(builder, forOp.getLoc(), newType, init.get()));
      Value result = forOp.getResult(index);
      result.setType(newType);
      builder.setInsertionPointAfter(forOp);
      auto resultBack = ConvertLayoutOp::create(builder, forOp.getLoc(), type, result);
      result.replaceAllUsesExcept(resultBack, resultBack);
      changed = true;
    }
  });
  return changed;
}

/// The bits of an element of `type`: its width for integers and floats, 64 for pointers.
unsigned getElementBits(RankedTensorType type) {
  Type element = type.getElementType();
  return element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
}

/// The layout in which `op`, one of whose operands is converted from a tensor-core layout,
/// would compute its result instead: that layout for an elementwise op (or a broadcast) whose
/// other tensor operands can be recomputed there, and whose result is no wider than its
/// operands (a conversion of it then moves no more bytes); the parent of the slice for an
/// expand_dims. Null where none.
Attribute getSinkingLayout(Operation *op, Rematerializer &rematerializer) {
  if (op->getNumResults() != 1 || op->getNumOperands() == 0)
    return {};
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type)
    return {};
  auto sourceOf = [](Value value) -> Attribute {
    auto convert = value.getDefiningOp<ConvertLayoutOp>();
    Attribute encoding = convert ? convert.getSrc().getType().getEncoding() : Attribute();
    return isTensorCoreLayout(encoding) ? encoding : Attribute();
  };
  if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
    auto slice = dyn_cast_if_present<SliceEncodingAttr>(sourceOf(expand.getSrc()));
    return slice && slice.getDim() == expand.getAxis() ? slice.getParent() : Attribute();
  }
  if (!isLayoutAgnostic(op) && !isa<tt::BroadcastOp>(op))
    return {};
  // The operands converted from tensor-core layouts must agree on one: an operand that is
  // not a conversion is recomputed there (a row's statistics broadcast along it), but a
  // conversion from another would only move.
  Attribute encoding;
  unsigned widest = 0;
  for (Value operand : op->getOperands()) {
    auto operandType = dyn_cast<RankedTensorType>(operand.getType());
    if (!operandType)
      continue;
    widest = std::max(widest, getElementBits(operandType));
    if (Attribute source = sourceOf(operand)) {
      if (encoding && source != encoding)
        return {};
      encoding = source;
    }
  }
  if (!encoding || getElementBits(type) > widest)
    return {};
  rematerializer.resetCheck();
  for (Value operand : op->getOperands())
    if (!rematerializer.canRematerialize(operand, encoding))
      return {};
  return encoding;
}

/// Moves conversions out of tensor-core layouts past the ops that use them (getSinkingLayout),
/// and into the buffers that local_alloc writes (which store any layout),
/// so that what follows a dot is computed in its accumulator's layout as far as it can be:
/// the dot's result is converted once, later, or not at all (attention's softmax, between its
/// two dots). Returns whether the IR changed.
bool sinkConversionsFromTensorCores(ModuleOp module, const TargetInfo *target) {
  bool changed = false;
  Rematerializer rematerializer(target);
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : ops) {
    if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
      auto convert = alloc.getSrc() ? alloc.getSrc().getDefiningOp<ConvertLayoutOp>() : nullptr;
      if (convert && isTensorCoreLayout(convert.getSrc().getType().getEncoding())) {
        alloc.getSrcMutable().assign(convert.getSrc());
        changed = true;
      }
      continue;
    }
    Attribute encoding = getSinkingLayout(op, rematerializer);
    if (!encoding)
      continue;
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    RankedTensorType newType = type.cloneWithEncoding(encoding);
    if (target && !fitsTargetLanes(*target, newType))
      continue;
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      Attribute operandEncoding = encoding;
      if (auto expand = dyn_cast<tt::ExpandDimsOp>(op))
        operandEncoding = SliceEncodingAttr::get(op->getContext(), expand.getAxis(),
                                                 cast<DistributedEncodingAttrInterface>(encoding));
      rematerializer.resetCheck();
      if (isa<RankedTensorType>(operand.getType()))
        rematerializer.canRematerialize(operand, operandEncoding);
      operands.push_back(rematerializer.rematerialize(operand, operandEncoding));
    }
    OpBuilder builder(op);
    Operation *newOp = builder.clone(*op);
    newOp->setOperands(operands);
    newOp->getResult(0).setType(newType);
    auto back = ConvertLayoutOp::create(builder, op->getLoc(), type, newOp->getResult(0));
    op->getResult(0).replaceAllUsesWith(back.getResult());
    changed = true;
  }
  return changed;
}

/// Reduces in the layout that a reduction's operands are all converted from, where the
/// reduction is all that reads those conversions, or that layout is a tensor-core one (whose
/// other readers sinkConversionsFromTensorCores moves there too): the conversion of the whole
/// tensor becomes none (a reduction to scalars) or one of the reduced tensor. Returns whether
/// the IR changed.
bool reduceInSourceLayout(ModuleOp module) {
  bool changed = false;
  module.walk([&](tt::ReduceOp reduce) {
    Attribute source;
    SmallVector<Value> sources;
    for (Value operand : reduce.getSrcs()) {
      auto convert = operand.getDefiningOp<ConvertLayoutOp>();
      Attribute encoding = convert ? convert.getSrc().getType().getEncoding() : Attribute();
      if (!isRecomputableLayout(encoding) || (source && encoding != source) ||
          (!convert->hasOneUse() && !isTensorCoreLayout(encoding)))
        return;
      source = encoding;
      sources.push_back(convert.getSrc());
    }
    reduce.getSrcsMutable().assign(sources);
    OpBuilder builder(reduce);
    builder.setInsertionPointAfter(reduce);
    for (Value result : reduce.getResults()) {
      // A reduction to scalars (of a 1-D tensor) has no layout to change.
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type)
        continue;
      result.setType(type.cloneWithEncoding(SliceEncodingAttr::get(
          reduce.getContext(), reduce.getAxis(), cast<DistributedEncodingAttrInterface>(source))));
      auto back = ConvertLayoutOp::create(builder, reduce.getLoc(), type, result);
      result.replaceAllUsesExcept(back, back);
    }
    changed = true;
  });
  return changed;
}

/// Erases the ops that recomputation left without uses.
void eraseDeadOps(ModuleOp module) {
  module.walk<WalkOrder::PostOrder, ReverseIterator>([](Operation *op) {
    if (isOpTriviallyDead(op))
      op->erase();
  });
}

struct RemoveLayoutConversionsPass
    : impl::RemoveLayoutConversionsPassBase<RemoveLayoutConversionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Without a target the layouts are only checked against each other; with one, a value is
    // moved only to layouts that fit it.
    std::unique_ptr<TargetInfo> target;
    if (module->hasAttr(TritonGPUDialect::kTargetAttrName)) {
      FailureOr<std::unique_ptr<TargetInfo>> info = getModuleTargetInfo(module);
      if (failed(info))
        return signalPassFailure();
      target = std::move(*info);
    }
    // Each round removes conversions or moves them toward their sources; a few rounds reach
    // the fixed point of the kernels seen in practice, and the bound keeps the pass finite.
    for (unsigned round = 0; round < 8; ++round) {
      // What follows a dot moves into its layout before the loops' values pick theirs.
      bool changed = sinkConversionsFromTensorCores(module, target.get());
      changed |= reduceInSourceLayout(module);
      changed |= retypeLoopCarriedValues(module, target.get());
      SmallVector<ConvertLayoutOp> conversions;
      module.walk([&](ConvertLayoutOp convert) { conversions.push_back(convert); });
      Rematerializer rematerializer(target.get());
      for (ConvertLayoutOp convert : conversions)
        changed |= simplifyConversion(convert, rematerializer);
      eraseDeadOps(module);
      if (!changed)
        break;
    }
  }
};

} // namespace
} // namespace mlir::nereid::ttg
