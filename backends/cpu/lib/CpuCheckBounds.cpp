// Bounds-checked kernels (see CpuCheckBoundsPass and CpuTraceAccessBoundsPass in Passes.td):
// cpu-check-bounds gives each kernel the byte extent of every pointer parameter's buffer,
// and cpu-trace-access-bounds records on every load, store and atomic the parameter its
// pointers derive from, for their lowering to check (AccessBounds.h).

#include "AccessBounds.h"

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUCHECKBOUNDSPASS
#define GEN_PASS_DEF_CPUTRACEACCESSBOUNDSPASS
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
/// through tt.addptr, splats, broadcasts and other reshapes, layout conversions, pointer casts,
/// selects and concatenations, and the values that scf.for and scf.if carry. A pointer loaded
/// from memory or made from an integer derives from no parameter that can be proven.
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
    if (auto known = traced.find(value); known != traced.end())
      return known->second;
    if (!tracing.insert(value).second) {
      ++cyclesMet;
      return kNoSourceYet;
    }
    unsigned cyclesBefore = cyclesMet;
    int64_t source = traceOnce(value);
    tracing.erase(value);
    // A source found without meeting a value still being traced is final.
    if (cyclesMet == cyclesBefore)
      traced[value] = source;
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
            tt::SplitOp, tt::BitcastOp, ttg::ConvertLayoutOp>(op))
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
  /// The values being traced, and how many times a trace came back to one of them.
  DenseSet<Value> tracing;
  unsigned cyclesMet = 0;
  /// The final sources found so far.
  DenseMap<Value, int64_t> traced;
};

struct CpuCheckBoundsPass : impl::CpuCheckBoundsPassBase<CpuCheckBoundsPass> {
  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<tt::FuncOp>()) {
      if (!kernel.isPublic() || kernel.isExternal())
        continue;
      OpBuilder builder(kernel.getContext());
      unsigned numParameters = kernel.getNumArguments();
      for (unsigned parameter = 0; parameter < numParameters; ++parameter)
        if (isa<tt::PointerType>(kernel.getArgumentTypes()[parameter]))
          (void)kernel.insertArgument(
              kernel.getNumArguments(), builder.getI64Type(),
              builder.getDictionaryAttr(builder.getNamedAttr(
                  kExtentOfAttrName, builder.getI64IntegerAttr(parameter))),
              kernel.getLoc());
    }
  }
};

struct CpuTraceAccessBoundsPass
    : impl::CpuTraceAccessBoundsPassBase<CpuTraceAccessBoundsPass> {
  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<tt::FuncOp>()) {
      // (pointer parameter, its extent parameter) of a bounds-checked kernel.
      SmallVector<int64_t> buffers;
      for (unsigned index = 0; index < kernel.getNumArguments(); ++index)
        if (auto of = kernel.getArgAttrOfType<IntegerAttr>(index, kExtentOfAttrName))
          buffers.append({of.getInt(), int64_t(index)});
      if (buffers.empty())
        continue;
      PointerSources sources(kernel);
      kernel.walk([&](Operation *op) {
        Value pointer;
        if (auto load = dyn_cast<tt::LoadOp>(op))
          pointer = load.getPtr();
        else if (auto store = dyn_cast<tt::StoreOp>(op))
          pointer = store.getPtr();
        else if (auto atomic = dyn_cast<tt::AtomicRMWOp>(op))
          pointer = atomic.getPtr();
        else if (auto exchange = dyn_cast<tt::AtomicCASOp>(op))
          pointer = exchange.getPtr();
        else
          return;
        int64_t source = sources.find(pointer);
        SmallVector<int64_t> bounds{source};
        for (size_t i = 0; i < buffers.size(); i += 2)
          if (source < 0 || buffers[i] == source)
            bounds.append({buffers[i], buffers[i + 1]});
        op->setAttr(kAccessBoundsAttrName, DenseI64ArrayAttr::get(op->getContext(), bounds));
      });
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
