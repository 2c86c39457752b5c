#ifndef NEREID_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYALLOCATION_H
#define NEREID_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYALLOCATION_H

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::nereid {

/// The attribute that allocateSharedMemory gives each ttg.local_alloc and each op that needs
/// scratch shared memory: the offset (i32, in bytes) of its buffer in the kernel's shared
/// memory.
constexpr StringLiteral kScratchOffsetAttrName = "allocation.offset";

/// The unit attribute that allocateSharedMemory gives an op whose first write to shared memory
/// needs no barrier before it: the first scratch op of its kernel's entry block, which no
/// access to shared memory can precede in any thread, and a ttg.local_alloc whose writes
/// follow another's (kWritesWithNextAttrName).
constexpr StringLiteral kNoBarrierBeforeAttrName = "allocation.no_barrier_before";

/// The unit attribute that allocateSharedMemory gives a ttg.local_alloc of a value that the
/// next op touching memory, in its block, is another one of: the two write between one pair
/// of barriers, the first's before the first's writes and the second's after the second's.
constexpr StringLiteral kWritesWithNextAttrName = "allocation.writes_with_next";

/// The name of the kernel's shared memory in the LLVM module: an external array of no size in
/// the shared address space (PTX's `extern .shared .align 1024 .b8 nereid_shared[]`), whose size
/// is given at launch (the module's `ttg.shared`).
constexpr StringLiteral kSharedMemoryGlobalName = "nereid_shared";

/// The bytes of scratch shared memory that the shared GPU patterns use to lower `op` (0 for an
/// op that needs none), or std::nullopt, with the reason in `why`, where they cannot lower it.
/// One query per op family (getConvertLayoutSharedBytes, getReduceOrScanSharedBytes, ...),
/// asked once per op, before the conversion.
std::optional<int64_t> getScratchSharedBytes(Operation *op, const GpuLoweringInfo &info,
                                             std::string &why);

/// Gives every ttg.local_alloc of `module`, then every op that needs scratch shared memory, an
/// offset in one buffer per kernel (kScratchOffsetAttrName) and records the buffer's size, a
/// multiple of 16 bytes, as the module attribute `ttg.shared`. Each local_alloc's buffer has
/// bytes of its own, from a multiple of its encoding's alignment (a buffer allocated in a loop
/// has the same bytes in every iteration). A scratch buffer lives only while its op executes
/// (its lowering writes it, waits on a barrier and reads it back), and a barrier before each
/// op's first write keeps it from overtaking the reads of the op before (the lowering emits it
/// unless needsBarrierBeforeScratch says it is unnecessary): every scratch buffer starts after
/// the local_allocs' buffers that are live at its op, in loops and branches too. A buffer is
/// live where its value or a view of it (ttg.memdesc_index, memdesc_reshape) is (mlir::Liveness,
/// over the blocks of the control flow the scf ops became), everywhere if a view passes to
/// another block; so the scratch of an op after a loop may reuse the bytes of the loop's
/// pipeline buffers (whose copies ttg-pipeline-async-copies waits for right after the loop). The kernel
/// needs as much as the furthest end. Fails, with an error at the op naming the backend of
/// `info`, where an op cannot be lowered or the buffers need more than `maxBytes` (`limitName`
/// says whose limit that is: "cuda:80").
LogicalResult allocateSharedMemory(ModuleOp module, const GpuLoweringInfo &info,
                                   int64_t maxBytes, StringRef limitName);

/// The start of `op`'s scratch buffer in the kernel's shared memory: the address of the
/// module's kSharedMemoryGlobalName (declared on first use) plus the offset that
/// allocateSharedMemory gave `op`.
Value getScratchBuffer(OpBuilder &builder, Operation *op, const GpuTargetLowering &target);

/// Whether `op`'s first write to its scratch buffer must wait on a barrier for the other
/// threads' reads of an earlier op's buffer at the same bytes: false only where
/// allocateSharedMemory found that no shared-memory access can precede it, or that the
/// barrier before the writes of the local_alloc before it serves it too.
bool needsBarrierBeforeScratch(Operation *op);

/// Whether the writes of `alloc` (a ttg.local_alloc of a value) end with a barrier: false
/// where the next local_alloc's writes follow them before that barrier.
bool needsBarrierAfterWrites(Operation *alloc);

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYALLOCATION_H
