#ifndef NEREID_CPU_PATTERNS_H
#define NEREID_CPU_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
class DataFlowSolver;
} // namespace mlir

namespace mlir::nereid::cpu {

/// Each family of tt ops lowers to vector code through one of these, with one signature: the
/// CPU type converter, the pattern list to fill, and the AxisInfo of the module before the
/// conversion (patterns match the original ops, whose operands still carry it).

/// tt.func, tt.return, tt.get_program_id, tt.get_num_programs.
void populateFunctionOpToVectorPatterns(const TypeConverter &typeConverter,
                                        RewritePatternSet &patterns,
                                        const DataFlowSolver &axisInfo);
/// arith and math ops on tiles, and the elementwise tt ops (addptr, bitcast, fp_to_fp,
/// clampf, precise_sqrt, precise_divf, mulhiui, int_to_ptr, ptr_to_int).
void populateElementwiseOpToVectorPatterns(const TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           const DataFlowSolver &axisInfo);
/// splat, make_range, broadcast, expand_dims, reshape, trans, cat, join, split and
/// ttg.convert_layout.
void populateShapeOpToVectorPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns, const DataFlowSolver &axisInfo);
/// load, store, atomic_rmw, atomic_cas.
void populateLoadStoreOpToVectorPatterns(const TypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         const DataFlowSolver &axisInfo);
/// reduce and scan.
void populateReduceScanOpToVectorPatterns(const TypeConverter &typeConverter,
                                          RewritePatternSet &patterns,
                                          const DataFlowSolver &axisInfo);
/// dot.
void populateDotOpToVectorPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns, const DataFlowSolver &axisInfo);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_PATTERNS_H
