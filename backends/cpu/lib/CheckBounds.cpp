// tt-cpu-check-bounds: bounds-checked kernels (see CheckCpuBoundsPass in Passes.td). Each
// kernel takes the byte extent of every pointer parameter's buffer; every load, store and
// atomic keeps its masked-in elements inside the buffer of the parameter its pointers derive
// from, and reports the first one outside it with tt.report_out_of_bounds.

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CHECKCPUBOUNDSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// What tracing a pointer back to the kernel's parameters found: the index of the one
/// parameter it derives from, or one of these.
constexpr int64_t kAnyParameter = -1; // no single parameter is proven
constexpr int64_t kNoSourceYet = -2;  // only a cycle back to a value being traced

int64_t mergeSources(int64_t a, int64_t b) {
  if (a == kNoSourceYet)
    return b;
  if (b == kNoSourceYet)
    return a;
  return a == b ? a : kAnyParameter;
}

/// Finds the pointer parameter of `kernel` that a pointer (or a tile of them) derives from:
/// through tt.addptr, splats, broadcasts and other reshapes, pointer casts, selects and concatenations, and
/// the values that scf.for and scf.if carry. A pointer loaded from memory or made from an
/// integer derives from no parameter that can be proven.
class PointerSources {
public:
  explicit PointerSources(tt::FuncOp kernel) : kernel(kernel) {}

  /// The index of the parameter that `pointer` derives from, or kAnyParameter.
  int64_t find(Value pointer) {
    int64_t source = trace(pointer);
    return source == kNoSourceYet ? kAnyParameter : source;
  }

private:
  int64_t trace(Value value) {
    if (!tracing.insert(value).second)
      return kNoSourceYet;
    int64_t source = traceOnce(value);
    tracing.erase(value);
    return source;
  }

  int64_t traceOnce(Value value) {
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      Operation *parent = argument.getOwner()->getParentOp();
      if (parent == kernel.getOperation())
        return argument.getOwner()->isEntryBlock() ? int64_t(argument.getArgNumber())
                                                   : kAnyParameter;
      auto loop = dyn_cast<scf::ForOp>(parent);
      if (!loop || argument == loop.getInductionVar())
        return kAnyParameter;
      unsigned index = argument.getArgNumber() - loop.getNumInductionVars();
      return mergeSources(trace(loop.getInitArgs()[index]),
                          trace(loop.getYieldedValues()[index]));
    }
    Operation *op = value.getDefiningOp();
    unsigned result = cast<OpResult>(value).getResultNumber();
    if (auto addptr = dyn_cast<tt::AddPtrOp>(op))
      return trace(addptr.getPtr());
    if (isa<tt::SplatOp, tt::BroadcastOp, tt::ExpandDimsOp, tt::ReshapeOp, tt::TransOp,
            tt::SplitOp, tt::BitcastOp>(op))
      return trace(op->getOperand(0));
    if (isa<arith::SelectOp>(op))
      return mergeSources(trace(op->getOperand(1)), trace(op->getOperand(2)));
    if (isa<tt::CatOp, tt::JoinOp>(op))
      return mergeSources(trace(op->getOperand(0)), trace(op->getOperand(1)));
    if (auto loop = dyn_cast<scf::ForOp>(op))
      return mergeSources(trace(loop.getInitArgs()[result]),
                          trace(loop.getYieldedValues()[result]));
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      if (branch.getElseRegion().empty())
        return kAnyParameter;
      return mergeSources(trace(branch.thenYield().getOperand(result)),
                          trace(branch.elseYield().getOperand(result)));
    }
    return kAnyParameter;
  }

  tt::FuncOp kernel;
  DenseSet<Value> tracing;
};

/// The bytes one element of a tile of `pointer`s occupies in memory.
int64_t getElementBytes(Value pointer) {
  auto pointerType = cast<tt::PointerType>(getElementTypeOrSelf(pointer.getType()));
  Type pointee = pointerType.getPointeeType();
  if (isa<tt::PointerType>(pointee))
    return 8;
  return std::max<int64_t>(1, llvm::divideCeil(pointee.getIntOrFloatBitWidth(), 8));
}

/// The checks of one kernel: its pointer parameters' start addresses and extents, and the
/// highest offset + 1 at which an element of each size may start, computed once at the
/// kernel's entry.
class KernelBounds {
public:
  KernelBounds(tt::FuncOp kernel, ArrayRef<unsigned> pointerParameters)
      : kernel(kernel), sources(kernel) {
    OpBuilder builder = OpBuilder::atBlockBegin(&kernel.getBody().front());
    Location loc = kernel.getLoc();
    unsigned extentArgument = kernel.getNumArguments() - pointerParameters.size();
    for (unsigned parameter : pointerParameters) {
      Value start = tt::PtrToIntOp::create(builder, loc, builder.getI64Type(),
                                           kernel.getArgument(parameter));
      buffers[parameter] = {start, kernel.getArgument(extentArgument++)};
    }
  }

  /// Checks `op`, an access through `pointer` under `mask` (null: all elements), and returns
  /// the mask of its elements that are masked in and inside the buffer.
  Value check(Operation *op, Value pointer, Value mask) {
    OpBuilder builder(op);
    Location loc = op->getLoc();
    int64_t elementBytes = getElementBytes(pointer);
    auto tile = dyn_cast<RankedTensorType>(pointer.getType());
    auto like = [&](Type element) -> Type { return tile ? tile.clone(element) : element; };
    auto splat = [&](Value scalar) -> Value {
      return tile ? Value(tt::SplatOp::create(builder, loc, like(scalar.getType()), scalar))
                  : scalar;
    };
    Value address = tt::PtrToIntOp::create(builder, loc, like(builder.getI64Type()), pointer);
    // Within a buffer when 0 <= offset < limit, compared unsigned: a negative offset is a
    // large one.
    auto within = [&](const Buffer &buffer, Value offset) -> Value {
      return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, offset,
                                   splat(getLimit(buffer, elementBytes)));
    };

    int64_t parameter = sources.find(pointer);
    Value offset, extent, inside;
    if (parameter >= 0) {
      const Buffer &buffer = buffers.at(parameter);
      offset = arith::SubIOp::create(builder, loc, address, splat(buffer.start));
      extent = buffer.extent;
      inside = within(buffer, offset);
    } else {
      // The union of every parameter's buffer.
      offset = address;
      extent = arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), 0);
      inside = createBoolean(builder, loc, like(builder.getI1Type()), false);
      for (const auto &[index, buffer] : buffers) {
        Value relative = arith::SubIOp::create(builder, loc, address, splat(buffer.start));
        inside = arith::OrIOp::create(builder, loc, inside, within(buffer, relative));
      }
    }
    Value outside = arith::XOrIOp::create(
        builder, loc, inside, createBoolean(builder, loc, inside.getType(), true));
    Value allowed = mask ? Value(arith::AndIOp::create(builder, loc, mask, inside)) : inside;
    Value violated = mask ? Value(arith::AndIOp::create(builder, loc, mask, outside)) : outside;
    tt::ReportOutOfBoundsOp::create(builder, loc, violated, offset, extent,
                                    op->getName().getStringRef(), parameter, elementBytes);
    return allowed;
  }

private:
  struct Buffer {
    Value start;
    Value extent;
  };

  static Value createBoolean(OpBuilder &builder, Location loc, Type type, bool value) {
    if (auto tile = dyn_cast<RankedTensorType>(type))
      return arith::ConstantOp::create(builder, loc, DenseElementsAttr::get(tile, value));
    return arith::ConstantIntOp::create(builder, loc, builder.getI1Type(), value);
  }

  /// max(extent - elementBytes + 1, 0): the offsets below it are where an element of
  /// `elementBytes` lies wholly inside `buffer`.
  Value getLimit(const Buffer &buffer, int64_t elementBytes) {
    Value &limit = limits[{buffer.extent, elementBytes}];
    if (limit)
      return limit;
    OpBuilder builder = OpBuilder::atBlockBegin(&kernel.getBody().front());
    builder.setInsertionPointAfterValue(buffer.extent);
    if (auto start = buffer.start.getDefiningOp())
      builder.setInsertionPointAfter(start);
    Location loc = kernel.getLoc();
    Type i64 = builder.getI64Type();
    Value last = arith::SubIOp::create(
        builder, loc, buffer.extent,
        arith::ConstantIntOp::create(builder, loc, i64, elementBytes - 1));
    limit = arith::MaxSIOp::create(builder, loc, last,
                                   arith::ConstantIntOp::create(builder, loc, i64, 0));
    return limit;
  }

  tt::FuncOp kernel;
  PointerSources sources;
  std::map<unsigned, Buffer> buffers;
  DenseMap<std::pair<Value, int64_t>, Value> limits;
};

struct CheckCpuBoundsPass : impl::CheckCpuBoundsPassBase<CheckCpuBoundsPass> {
  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<tt::FuncOp>())
      if (kernel.isPublic() && !kernel.isExternal())
        checkKernel(kernel);
  }

  static void checkKernel(tt::FuncOp kernel) {
    SmallVector<unsigned> pointerParameters;
    for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes()))
      if (isa<tt::PointerType>(type))
        pointerParameters.push_back(index);
    OpBuilder builder(kernel.getContext());
    for (unsigned parameter : pointerParameters)
      (void)kernel.insertArgument(kernel.getNumArguments(), builder.getI64Type(),
                                  builder.getDictionaryAttr(builder.getNamedAttr(
                                      "tt.extent_of", builder.getI64IntegerAttr(parameter))),
                                  kernel.getLoc());

    SmallVector<Operation *> accesses;
    kernel.walk([&](Operation *op) {
      if (isa<tt::LoadOp, tt::StoreOp, tt::AtomicRMWOp, tt::AtomicCASOp>(op))
        accesses.push_back(op);
    });
    KernelBounds bounds(kernel, pointerParameters);
    for (Operation *op : accesses) {
      if (auto load = dyn_cast<tt::LoadOp>(op))
        load.getMaskMutable().assign(bounds.check(op, load.getPtr(), load.getMask()));
      else if (auto store = dyn_cast<tt::StoreOp>(op))
        store.getMaskMutable().assign(bounds.check(op, store.getPtr(), store.getMask()));
      else if (auto atomic = dyn_cast<tt::AtomicRMWOp>(op))
        atomic.getMaskMutable().assign(bounds.check(op, atomic.getPtr(), atomic.getMask()));
      else
        // tt.atomic_cas has no mask: an element outside is reported, and still exchanged.
        (void)bounds.check(op, cast<tt::AtomicCASOp>(op).getPtr(), Value());
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
