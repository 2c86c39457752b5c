#ifndef NEREID_CPU_PATTERNS_H
#define NEREID_CPU_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
class DataFlowSolver;
} // namespace mlir

namespace mlir::nereid::cpu {

/// What the patterns know beyond the types: facts about the module and the target.
struct CpuLoweringInfo {
  /// AxisInfo of the module before the conversion (patterns match the original ops, whose
  /// operands still carry it).
  const DataFlowSolver &axisInfo;
  /// How many elements of a tile's last dimension one vector op handles: the f32 lanes of a
  /// vector register. Wider tiles are computed chunk by chunk, so that LLVM sees operations of
  /// register size that cpu-schedule-chunks can interleave, instead of vectors of thousands
  /// of lanes that it would legalize one whole op at a time.
  int64_t chunkWidth;
  /// The vector registers of the target, which bound the accumulators that a dot's
  /// micro-kernel keeps in registers.
  unsigned numVectorRegisters;
  /// Whether bf16 dots multiply pairs of K with AVX-512 BF16's vdpbf16ps where their shape
  /// allows (canMultiplyBF16Pairs).
  bool bf16DotPairs;
};

/// Reports at `op` that the CPU backend cannot lower it, saying why in `message`, and replaces
/// it with poison values so that the conversion goes on and reports every such op; the pass
/// then fails (CpuConvertToVector.cpp watches for errors).
LogicalResult replaceWithError(ConversionPatternRewriter &rewriter, Operation *op,
                               const Twine &message);

/// Whether `op` is an arith or math op that computes on fp8 values (not a constant, bitcast,
/// select or conversion), which LLVM has no instructions for: the elementwise patterns lower
/// fp8 maximum and minimum on the bits and reject the others, scalars included.
bool isFloat8Arithmetic(Operation *op);

/// Whether `op` is an arith.extf from fp8 (a dot extends fp8 operands so), which LLVM cannot
/// lower either: the elementwise patterns convert it as tt.fp_to_fp does, through the runtime.
bool isFloat8Conversion(Operation *op);

/// Each family of tt ops lowers to vector code through one of these, with one signature: the
/// CPU type converter, the pattern list to fill, and the lowering info.

/// tt.func, tt.return, tt.get_program_id, tt.get_num_programs.
void populateFunctionOpToVectorPatterns(const TypeConverter &typeConverter,
                                        RewritePatternSet &patterns,
                                        const CpuLoweringInfo &info);
/// arith and math ops on tiles, and the elementwise tt ops (addptr, bitcast, fp_to_fp,
/// clampf, precise_sqrt, precise_divf, mulhiui, int_to_ptr, ptr_to_int).
void populateElementwiseOpToVectorPatterns(const TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           const CpuLoweringInfo &info);
/// splat, make_range, broadcast, expand_dims, reshape, trans, cat, join, split and
/// ttg.convert_layout.
void populateShapeOpToVectorPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns, const CpuLoweringInfo &info);
/// load, store, atomic_rmw, atomic_cas.
void populateLoadStoreOpToVectorPatterns(const TypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         const CpuLoweringInfo &info);
/// reduce and scan.
void populateReduceScanOpToVectorPatterns(const TypeConverter &typeConverter,
                                          RewritePatternSet &patterns,
                                          const CpuLoweringInfo &info);
/// extern_elementwise: the libdevice functions that the C math library has.
void populateExternOpToVectorPatterns(const TypeConverter &typeConverter,
                                      RewritePatternSet &patterns, const CpuLoweringInfo &info);
/// print and assert: calls of the CPU runtime.
void populateDebugOpToVectorPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns, const CpuLoweringInfo &info);
/// histogram.
void populateHistogramOpToVectorPatterns(const TypeConverter &typeConverter,
                                         RewritePatternSet &patterns, const CpuLoweringInfo &info);
/// gather, with out-of-range indices reported through the CPU runtime.
void populateGatherOpToVectorPatterns(const TypeConverter &typeConverter,
                                      RewritePatternSet &patterns, const CpuLoweringInfo &info);
/// dot.
void populateDotOpToVectorPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns, const CpuLoweringInfo &info);
/// local_alloc, local_load, local_store and local_dealloc: stack buffers of the program.
void populateLocalMemoryOpToVectorPatterns(const TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           const CpuLoweringInfo &info);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_PATTERNS_H
