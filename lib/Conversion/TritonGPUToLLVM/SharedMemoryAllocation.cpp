// The shared-memory allocation of a GPU kernel: one buffer per kernel for the scratch memory of
// its layout conversions, reductions, scans, gathers, histograms and atomics, and the barriers
// that reusing its bytes needs.

#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAllocation.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::nereid {

/// Every offset and the buffer's size are multiples of it: the widest access (16-byte vectors).
constexpr int64_t kScratchAlignment = 16;

/// The alignment of the kernel's shared memory: the most that a buffer's encoding may ask for
/// (getAlignmentBytes: a tile of 8 rows of 128 bytes, swizzled by wgmma and TMA).
constexpr int64_t kSharedMemoryAlignment = 1024;

std::optional<int64_t> getScratchSharedBytes(Operation *op, const GpuLoweringInfo &info,
                                             std::string &why) {
  if (isa<ttg::ConvertLayoutOp>(op))
    return getConvertLayoutSharedBytes(op);
  if (isa<tt::ReduceOp, tt::ScanOp>(op))
    return getReduceOrScanSharedBytes(op, why);
  if (isa<tt::GatherOp>(op))
    return getGatherSharedBytes(op, why);
  if (isa<tt::HistogramOp>(op))
    return getHistogramSharedBytes(op, why);
  if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op))
    return getAtomicSharedBytes(op, info);
  return 0;
}

/// Marks the scratch op of a function's `body` that no shared-memory access can precede: the
/// first op of the entry block (which no branch returns to) that is a scratch op, if no op
/// before it holds one in its regions.
static void markFirstSharedAccess(Region &body) {
  if (body.empty())
    return;
  for (Operation &op : body.front()) {
    if (op.hasAttr(kScratchOffsetAttrName)) {
      op.setAttr(kNoBarrierBeforeAttrName, UnitAttr::get(op.getContext()));
      return;
    }
    bool holdsScratch = false;
    op.walk([&](Operation *inner) {
      holdsScratch = inner->hasAttr(kScratchOffsetAttrName);
      return holdsScratch ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (holdsScratch)
      return;
  }
}

/// Whether `op` is a ttg.local_alloc that writes a value into its buffer.
static bool isBufferWrite(Operation &op) {
  auto alloc = dyn_cast<ttg::LocalAllocOp>(op);
  return alloc && alloc.getSrc();
}

/// Pairs each local_alloc of a value with the next op of its block, where that is another one
/// and no op between them touches memory (or holds ops that may): the two write between one
/// pair of barriers (kWritesWithNextAttrName, kNoBarrierBeforeAttrName), as a dot's two
/// operands do.
static void groupBufferWrites(Region &body) {
  body.walk([](Block *block) {
    Operation *pending = nullptr;
    for (Operation &op : *block) {
      if (isBufferWrite(op)) {
        if (pending) {
          pending->setAttr(kWritesWithNextAttrName, UnitAttr::get(op.getContext()));
          op.setAttr(kNoBarrierBeforeAttrName, UnitAttr::get(op.getContext()));
        }
        pending = &op;
      } else if (op.getNumRegions() != 0 || op.hasAttr(kScratchOffsetAttrName) ||
                 !isMemoryEffectFree(&op)) {
        pending = nullptr;
      }
    }
  });
}

namespace {

/// Where a ttg.local_alloc's buffer is live (see allocateSharedMemory): the ops in the live range
/// of its value or of a view of it, every op of a loop that uses one of them but does not hold
/// the alloc (mlir::Liveness sees no back edge in a region; the loops of the lowering's input
/// are control flow already, but not in every test), or everywhere where a view passes to
/// another block as an operand of a terminator.
struct BufferLiveness {
  int64_t end = 0;
  bool everywhere = false;
  llvm::DenseSet<Operation *> ops;
  llvm::SmallPtrSet<Operation *, 2> loops;

  BufferLiveness(const Liveness &liveness, ttg::LocalAllocOp alloc, int64_t end) : end(end) {
    SmallVector<Value> views{alloc.getResult()};
    while (!views.empty()) {
      Value view = views.pop_back_val();
      for (Operation *op : liveness.resolveLiveness(view))
        ops.insert(op);
      for (Operation *user : view.getUsers()) {
        if (user->hasTrait<OpTrait::IsTerminator>())
          everywhere = true;
        for (Operation *loop = user->getParentOp(); loop && !loop->isAncestor(alloc);
             loop = loop->getParentOp())
          if (isa<LoopLikeOpInterface>(loop))
            loops.insert(loop);
        if (isa<ttg::MemDescIndexOp, ttg::MemDescReshapeOp>(user))
          views.push_back(user->getResult(0));
      }
    }
  }

  bool isLiveAt(Operation *op) const {
    return everywhere || ops.contains(op) ||
           llvm::any_of(loops, [&](Operation *loop) { return loop->isProperAncestor(op); });
  }
};

} // namespace

LogicalResult allocateSharedMemory(ModuleOp module, const GpuLoweringInfo &info,
                                   int64_t maxBytes, StringRef limitName) {
  MLIRContext *context = module.getContext();
  auto i32 = IntegerType::get(context, 32);
  bool failed = false;
  auto tooLarge = [&](Operation *op, int64_t bytes) {
    op->emitError() << "the " << info.backendName << " backend cannot lower '" << op->getName()
                    << "': it needs " << bytes << " bytes of shared memory, more than the "
                    << maxBytes << " bytes that a program may have on " << limitName;
    failed = true;
  };
  // The buffers of ttg.local_alloc first, each its own bytes.
  int64_t buffersEnd = 0;
  Liveness liveness(module);
  SmallVector<BufferLiveness> buffers;
  module.walk([&](ttg::LocalAllocOp alloc) {
    int64_t alignment = alloc.getType().getEncoding().getAlignmentBytes();
    assert(alignment <= kSharedMemoryAlignment && "the kernel's shared memory is less aligned");
    int64_t offset = llvm::alignTo(buffersEnd, alignment);
    int64_t end = offset + ttg::getBufferBytes(alloc.getType());
    if (end > maxBytes)
      return tooLarge(alloc, end);
    alloc->setAttr(kScratchOffsetAttrName, IntegerAttr::get(i32, offset));
    buffersEnd = end;
    buffers.emplace_back(liveness, alloc, end);
  });
  // Then each scratch buffer after the buffers live at its op.
  int64_t total = llvm::alignTo(buffersEnd, kScratchAlignment);
  module.walk([&](Operation *op) {
    std::string why;
    std::optional<int64_t> bytes = getScratchSharedBytes(op, info, why);
    if (!bytes) {
      op->emitError() << "the " << info.backendName << " backend cannot lower '"
                      << op->getName() << "' yet: " << why;
      failed = true;
      return;
    }
    if (*bytes == 0)
      return;
    int64_t start = 0;
    for (const BufferLiveness &buffer : buffers)
      if (buffer.isLiveAt(op))
        start = std::max(start, buffer.end);
    start = llvm::alignTo(start, kScratchAlignment);
    if (start + *bytes > maxBytes)
      return tooLarge(op, start + *bytes);
    op->setAttr(kScratchOffsetAttrName, IntegerAttr::get(i32, start));
    total = std::max<int64_t>(total, start + llvm::alignTo(*bytes, kScratchAlignment));
  });
  if (failed)
    return failure();
  module.walk([](FunctionOpInterface function) {
    markFirstSharedAccess(function.getFunctionBody());
    groupBufferWrites(function.getFunctionBody());
  });
  module->setAttr(ttg::TritonGPUDialect::kSharedMemoryAttrName, IntegerAttr::get(i32, total));
  return success();
}

Value getScratchBuffer(OpBuilder &builder, Operation *op, const GpuTargetLowering &target) {
  auto offset = op->getAttrOfType<IntegerAttr>(kScratchOffsetAttrName);
  assert(offset && "allocateSharedMemory gives every scratch op an offset");
  auto module = op->getParentOfType<ModuleOp>();
  MLIRContext *context = builder.getContext();
  unsigned addressSpace = target.getSharedAddressSpace();
  if (!module.lookupSymbol(kSharedMemoryGlobalName)) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(builder, module.getLoc(),
                           LLVM::LLVMArrayType::get(IntegerType::get(context, 8), 0),
                           /*isConstant=*/false, LLVM::Linkage::External,
                           kSharedMemoryGlobalName, Attribute(),
                           /*alignment=*/kSharedMemoryAlignment, addressSpace);
  }
  Location loc = op->getLoc();
  auto pointerType = LLVM::LLVMPointerType::get(context, addressSpace);
  Value base = LLVM::AddressOfOp::create(builder, loc, pointerType, kSharedMemoryGlobalName);
  if (offset.getInt() == 0)
    return base;
  return LLVM::GEPOp::create(builder, loc, pointerType, builder.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset.getInt())});
}

bool needsBarrierBeforeScratch(Operation *op) {
  return !op->hasAttr(kNoBarrierBeforeAttrName);
}

bool needsBarrierAfterWrites(Operation *alloc) { return !alloc->hasAttr(kWritesWithNextAttrName); }

} // namespace mlir::nereid
