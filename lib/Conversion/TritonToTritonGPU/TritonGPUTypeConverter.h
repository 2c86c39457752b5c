// The type converter of layout assignment: a tensor without an encoding gets the default
// blocked layout of its shape on the target.

#ifndef NEREID_LIB_CONVERSION_TRITONTOTRITONGPU_TRITONGPUTYPECONVERTER_H
#define NEREID_LIB_CONVERSION_TRITONTOTRITONGPU_TRITONGPUTYPECONVERTER_H

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::nereid {

/// Converts every ranked tensor type without an encoding to the same tensor with the default
/// blocked layout of its shape: one element per lane, lanes along the fastest (last)
/// dimension first, then warps (Triton's default blocked layout). Other types, and tensors
/// that have an encoding, stay. Conversions between layouts materialize as ttg.convert_layout.
class TritonGPUTypeConverter : public TypeConverter {
public:
  /// Layouts for `target` with `numWarps` warps. On a CPU the lanes are those of one vector
  /// register of `cpuLaneType`, so that every tensor of one shape has one layout whatever its
  /// element type (a comparison's i1 result has its i32 operands' layout).
  TritonGPUTypeConverter(MLIRContext *context, const TargetInfo &target, unsigned numWarps,
                         Type cpuLaneType);

  /// The default blocked layout of a tensor of `shape`.
  ttg::BlockedEncodingAttr getDefaultEncoding(ArrayRef<int64_t> shape) const;

private:
  MLIRContext *context;
  const TargetInfo &target;
  unsigned numWarps;
  Type cpuLaneType;
};

/// Adds the patterns that rewrite tt, arith and math ops onto converted types: a generic one
/// for ops whose results take the layout of their shape, and ones for constants, reductions,
/// expand_dims, broadcast, trans, join, split and cat, whose layouts follow their operands'.
void populateTritonToTritonGPUPatterns(const TritonGPUTypeConverter &typeConverter,
                                       RewritePatternSet &patterns);

} // namespace mlir::nereid

#endif // NEREID_LIB_CONVERSION_TRITONTOTRITONGPU_TRITONGPUTYPECONVERTER_H
