#ifndef NEREID_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
#define NEREID_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H

#include "nereid/Conversion/TritonGPUToLLVM/MemoryAccess.h"
#include "nereid/Conversion/TritonGPUToLLVM/TargetLowering.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::nereid {

/// What the shared GPU patterns know beyond the types: the target's lowering interface and the
/// launch shape.
struct GpuLoweringInfo {
  /// The backend's name as errors say it ("NVIDIA").
  StringRef backendName;
  /// The vendor's intrinsics (GpuTargetLowering).
  const GpuTargetLowering &target;
  /// The warps of one program (the module's `ttg.num-warps`).
  unsigned numWarps;
};

/// Reports at `op` that the backend of `info` cannot lower it, naming the op and saying `why`,
/// and fails the match.
LogicalResult notLowered(ConversionPatternRewriter &rewriter, Operation *op,
                         const GpuLoweringInfo &info, const Twine &why);

/// For tt.expand_dims, tt.broadcast, tt.trans, tt.reshape and ttg.convert_layout: the source
/// register each register of the result copies, when every thread holds the elements its
/// result needs (see mapRegistersWithinThread); std::nullopt for other ops, or when values
/// must move between threads.
std::optional<SmallVector<unsigned>> getRegisterPermutation(Operation *op);

/// Whether each thread holds the operand elements that its part of the results of `op`, a
/// tt.join, tt.cat or tt.split, needs, so that populateJoinSplitOpToLLVMPatterns lowers it;
/// false for other ops. The layouts that convert-tt-to-ttg gives these ops always allow it.
bool canJoinOrSplitWithinThreads(Operation *op);

// Each family of ttg ops lowers to LLVM through one of these, with the signature of the CPU
// backend's populate...Patterns: the type converter, the pattern list to fill, and the
// lowering info. A backend adds its own patterns for the same ops with a higher benefit.

/// tt.func (to an llvm.func kernel), tt.return, tt.get_program_id, tt.get_num_programs.
void populateFunctionOpToLLVMPatterns(const TypeConverter &typeConverter,
                                      RewritePatternSet &patterns, const GpuLoweringInfo &info);

/// arith and math ops on tensors, one op per element a thread holds, tt.addptr, tt.bitcast,
/// tt.precise_sqrt and tt.precise_divf (IEEE-rounded), and tt.mulhiui.
void populateElementwiseOpToLLVMPatterns(const TypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         const GpuLoweringInfo &info);

/// tt.fp_to_fp, arith.extf and arith.truncf between any two float types of tt, tt.clampf, and
/// arith's maximum and minimum of fp8, bit for bit as the interpreter computes them (NaN,
/// infinities, subnormals, overflow and ties): the target's conversions where it has them
/// (GpuTargetLowering::convertFloat), integer arithmetic on the bits otherwise.
void populateFpToFpOpToLLVMPatterns(const TypeConverter &typeConverter,
                                    RewritePatternSet &patterns, const GpuLoweringInfo &info);

/// tt.splat, tt.make_range, splat arith.constant tensors, and tt.expand_dims, tt.broadcast,
/// tt.trans and tt.reshape where each thread holds the elements its result needs.
void populateViewOpToLLVMPatterns(const TypeConverter &typeConverter, RewritePatternSet &patterns,
                                  const GpuLoweringInfo &info);

/// tt.join, tt.cat and tt.split where each thread holds the elements its results need
/// (canJoinOrSplitWithinThreads): each result register copies an operand's register, picked at
/// compile time or, for a concatenation of operands repeated over lanes or warps, by the
/// thread id.
void populateJoinSplitOpToLLVMPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns, const GpuLoweringInfo &info);

/// ttg.convert_layout: a permutation of each thread's registers where each thread holds what it
/// needs (getRegisterPermutation), else through shared memory.
void populateConvertLayoutOpToLLVMPatterns(const TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           const GpuLoweringInfo &info);

/// The bytes of shared memory that a ttg.convert_layout lowered through shared memory uses: 0
/// for one that permutes registers.
int64_t getConvertLayoutSharedBytes(Operation *convert);

/// Buffers in shared memory: ttg.local_alloc (at the offset allocateSharedMemory gave it, its
/// initial value written between two barriers), local_store (likewise), local_load,
/// memdesc_index and local_dealloc; elements in vectors of up to 16 bytes where the register
/// and shared layouts keep them consecutive.
void populateSharedMemoryOpToLLVMPatterns(const TypeConverter &typeConverter,
                                          RewritePatternSet &patterns,
                                          const GpuLoweringInfo &info);

/// ttg.async_copy_global_to_local (in groups of at most `widths` elements,
/// computeAccessVectorWidths), async_commit_group and async_wait, through the target's
/// asynchronous copies.
void populateAsyncCopyOpToLLVMPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns, const GpuLoweringInfo &info,
                                       const AccessVectorWidths &widths);

/// tt.load and tt.store, of tensors in accesses of `widths` elements (computeAccessVectorWidths)
/// and of scalars, with masks, `other`, cache and eviction hints, and volatile.
void populateLoadStoreOpToLLVMPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns, const GpuLoweringInfo &info,
                                       const AccessVectorWidths &widths);

/// tt.atomic_rmw (every kind) and tt.atomic_cas, on tensors and scalars, with masks, `sem` and
/// `scope`: one atomic per element by its first holder, the old values in the result's layout.
void populateAtomicOpToLLVMPatterns(const TypeConverter &typeConverter,
                                    RewritePatternSet &patterns, const GpuLoweringInfo &info);

/// The bytes of shared memory through which `atomic`, a tt.atomic_rmw or tt.atomic_cas, gives
/// the old values to the threads that hold its elements besides their first holder: 0 where
/// its result is unused or each element has one holder thread.
int64_t getAtomicSharedBytes(Operation *atomic, const GpuLoweringInfo &info);

/// tt.reduce: within each thread, across lanes by butterfly shuffles, across warps through
/// shared memory; any combiner and any number of operands (argmin and argmax).
void populateReduceOpToLLVMPatterns(const TypeConverter &typeConverter,
                                    RewritePatternSet &patterns, const GpuLoweringInfo &info);

/// tt.scan, forward and reversed: the axis combined bit by bit, within a thread, across lanes by
/// butterfly shuffles, across warps through shared memory; any combiner and operands.
void populateScanOpToLLVMPatterns(const TypeConverter &typeConverter, RewritePatternSet &patterns,
                                  const GpuLoweringInfo &info);

/// The bytes of shared memory through which `op`, a tt.reduce or tt.scan, exchanges values
/// between warps (0 where its axis stays within each warp), or std::nullopt, with the reason in
/// `why`, where the shared patterns cannot lower it.
std::optional<int64_t> getReduceOrScanSharedBytes(Operation *op, std::string &why);

/// tt.gather: by indexed shuffles within each warp where every warp holds the source elements
/// that its indices can select and each result register chooses among few source registers,
/// else through shared memory; an index outside the source along the axis calls the target's
/// assertion trap with the Python line.
void populateGatherOpToLLVMPatterns(const TypeConverter &typeConverter,
                                    RewritePatternSet &patterns, const GpuLoweringInfo &info);

/// The bytes of shared memory that `gather`, a tt.gather, goes through (0 where it shuffles
/// within warps), or std::nullopt, with the reason in `why`, where the shared patterns cannot
/// lower it.
std::optional<int64_t> getGatherSharedBytes(Operation *gather, std::string &why);

/// tt.histogram, with or without a mask: counts in shared memory, one shared-memory atomic add
/// per element that counts, read back in the result's layout.
void populateHistogramOpToLLVMPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns, const GpuLoweringInfo &info);

/// The bytes of shared memory that hold the bins of `histogram`, a tt.histogram, or
/// std::nullopt, with the reason in `why`, where the shared patterns cannot lower it.
std::optional<int64_t> getHistogramSharedBytes(Operation *histogram, std::string &why);

/// tt.dot with a result in a blocked layout and operands in its #ttg.dot_op layouts, as
/// multiply-adds within each thread in order of k, in the accumulator's type (the FMA dot: f32
/// in any precision, tf32 rounding the operands first, f64, f16 and bf16 into f32, integers).
void populateDotOpToFMAPatterns(const TypeConverter &typeConverter, RewritePatternSet &patterns,
                                const GpuLoweringInfo &info);

/// Why populateDotOpToFMAPatterns cannot lower `dot`, a tt.dot with a blocked result (its
/// element types, or operand layouts that leave a thread without the elements it needs); empty
/// when it can.
std::string whyFmaDotNotLowered(tt::DotOp dot);

/// gpu.barrier (of ttg-order-global-memory): the target's barrier of the program's threads.
void populateBarrierOpToLLVMPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns, const GpuLoweringInfo &info);

/// tt.print (each element once, from its first holder, through the target's printf, in the
/// interpreter's lines) and tt.assert (the target's assertion trap, with the Python line).
void populateDebugOpToLLVMPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns, const GpuLoweringInfo &info);

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
