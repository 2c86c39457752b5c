// nvidia-pipeline-warpgroup-dots: a loop's wgmma runs on while the next iteration writes its
// operands into the other halves of double buffers (see NvidiaPipelineWarpgroupDotsPass in
// Passes.td).

#include "nereid/Nvidia/IR/Dialect.h"
#include "nereid/Nvidia/Passes.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::nereid::nvidia {

#define GEN_PASS_DEF_NVIDIAPIPELINEWARPGROUPDOTSPASS
#include "nereid/Nvidia/Passes.h.inc"

namespace {

/// The slices of each operand's buffer: one that the running dot reads, one that the next
/// iteration writes.
constexpr int64_t kStages = 2;

/// The local_alloc that writes `operand` of `dot` in `body`, when it is one that only the dot
/// reads.
ttg::LocalAllocOp getOperandWrite(Value operand, Block *body) {
  auto alloc = operand.getDefiningOp<ttg::LocalAllocOp>();
  if (!alloc || !alloc.getSrc() || alloc->getBlock() != body || !alloc->hasOneUse())
    return nullptr;
  return alloc;
}

/// The loop's one warpgroup_dot, when the loop can run it asynchronously: its operands are
/// written in the body for it alone, and its accumulator is a loop argument that only it
/// uses and whose next value it is, used by nothing else.
WarpgroupDotOp getPipelinableDot(scf::ForOp loop) {
  Block *body = loop.getBody();
  auto dots = body->getOps<WarpgroupDotOp>();
  if (!llvm::hasSingleElement(dots))
    return nullptr;
  WarpgroupDotOp dot = *dots.begin();
  if (dot.getIsAsync() || !getOperandWrite(dot.getA(), body) ||
      !getOperandWrite(dot.getB(), body))
    return nullptr;
  auto accumulator = dyn_cast<BlockArgument>(dot.getC());
  if (!accumulator || accumulator.getOwner() != body || accumulator.getArgNumber() == 0 ||
      !accumulator.hasOneUse() || !dot->hasOneUse())
    return nullptr;
  OpOperand &use = *dot->getUses().begin();
  unsigned iterArg = accumulator.getArgNumber() - 1;
  if (use.getOwner() != body->getTerminator() || use.getOperandNumber() != iterArg)
    return nullptr;
  return dot;
}

/// The double buffer of `alloc`'s buffer, allocated before `loop`.
Value allocateStages(OpBuilder &builder, scf::ForOp loop, ttg::LocalAllocOp alloc) {
  ttg::MemDescType type = alloc.getType();
  SmallVector<int64_t> shape{kStages};
  llvm::append_range(shape, type.getShape());
  auto stagesType = ttg::MemDescType::get(builder.getContext(), shape, type.getElementType(),
                                          type.getEncoding(), /*mutableMemory=*/true);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(loop);
  return ttg::LocalAllocOp::create(builder, alloc.getLoc(), stagesType, Value());
}

/// Replaces `alloc` by a write of its value into slice `stage` of `stages`.
void writeIntoStage(RewriterBase &rewriter, ttg::LocalAllocOp alloc, Value stages,
                    Value stage) {
  ttg::MemDescType type = alloc.getType();
  auto sliceType = ttg::MemDescType::get(rewriter.getContext(), type.getShape(),
                                         type.getElementType(), type.getEncoding(),
                                         /*mutableMemory=*/true);
  rewriter.setInsertionPoint(alloc);
  Value slice = ttg::MemDescIndexOp::create(rewriter, alloc.getLoc(), sliceType, stages, stage);
  ttg::LocalStoreOp::create(rewriter, alloc.getLoc(), alloc.getSrc(), slice);
  rewriter.replaceOp(alloc, slice);
}

void pipeline(IRRewriter &rewriter, scf::ForOp loop, WarpgroupDotOp dot) {
  Location loc = dot.getLoc();
  auto a = dot.getA().getDefiningOp<ttg::LocalAllocOp>();
  auto b = dot.getB().getDefiningOp<ttg::LocalAllocOp>();
  unsigned iterArg = cast<BlockArgument>(dot.getC()).getArgNumber() - 1;
  Value aStages = allocateStages(rewriter, loop, a);
  Value bStages = allocateStages(rewriter, loop, b);

  // The loop carries the slice that its iteration writes: 0, 1, 0, ...
  rewriter.setInsertionPoint(loop);
  Value first = arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(), 0);
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, ValueRange{first}, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &builder, Location loc, ArrayRef<BlockArgument> stage) {
        Value one = arith::ConstantIntOp::create(builder, loc, builder.getI32Type(), 1);
        return SmallVector<Value>{arith::XOrIOp::create(builder, loc, stage.front(), one)};
      }));
  Value stage = newLoop.getRegionIterArgs().back();
  writeIntoStage(rewriter, a, aStages, stage);
  writeIntoStage(rewriter, b, bStages, stage);

  // The dot runs on into the next iteration; the one before it has finished.
  dot.setIsAsync(true);
  rewriter.setInsertionPointAfter(dot);
  auto wait = WarpgroupDotWaitOp::create(rewriter, loc, dot.getType(), dot.getResult(),
                                         rewriter.getI32IntegerAttr(1));
  rewriter.replaceAllUsesExcept(dot.getResult(), wait.getResult(), wait);

  // After the loop, the last dot finishes. The loop runs under an scf.if on whether it runs
  // at all, which gives the initial values where it does not: ptxas, which does not know
  // that the loop ran, would otherwise see the copies of the initial accumulator into the
  // result's registers between the loop's wgmmas and the wait (C7515), or a path from the
  // loop around the wait (C7517), and serialize the wgmmas.
  rewriter.setInsertionPoint(newLoop);
  Value ran = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                    newLoop.getLowerBound(), newLoop.getUpperBound());
  auto guard = scf::IfOp::create(rewriter, loc, newLoop.getResultTypes(), ran,
                                 /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(guard.elseBlock());
  scf::YieldOp::create(rewriter, loc, newLoop.getInitArgs());
  newLoop->moveBefore(guard.thenBlock(), guard.thenBlock()->end());
  rewriter.setInsertionPointAfter(newLoop);
  auto last = WarpgroupDotWaitOp::create(rewriter, loc, dot.getType(), newLoop.getResult(iterArg),
                                         rewriter.getI32IntegerAttr(0));
  SmallVector<Value> results(newLoop.getResults());
  results[iterArg] = last.getResult();
  scf::YieldOp::create(rewriter, loc, results);
  for (auto [result, guarded] : llvm::zip_equal(newLoop.getResults(), guard.getResults()))
    rewriter.replaceUsesWithIf(result, guarded, [&](OpOperand &use) {
      return !guard->isAncestor(use.getOwner());
    });
}

class NvidiaPipelineWarpgroupDotsPass
    : public impl::NvidiaPipelineWarpgroupDotsPassBase<NvidiaPipelineWarpgroupDotsPass> {
public:
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, WarpgroupDotOp>> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (WarpgroupDotOp dot = getPipelinableDot(loop))
        loops.emplace_back(loop, dot);
    });
    IRRewriter rewriter(&getContext());
    for (auto [loop, dot] : loops)
      pipeline(rewriter, loop, dot);
  }
};

} // namespace
} // namespace mlir::nereid::nvidia
