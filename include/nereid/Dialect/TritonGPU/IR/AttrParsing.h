// Helpers shared by the parsers, printers and verifiers of the layout encodings: the ttg
// encodings (lib/Dialect/TritonGPU/IR) and those that backends define in their own dialects
// (the tensor-core layouts), which then read and check as the ttg ones do.

#ifndef NEREID_DIALECT_TRITONGPU_IR_ATTRPARSING_H
#define NEREID_DIALECT_TRITONGPU_IR_ATTRPARSING_H

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"

namespace mlir::nereid::ttg::detail {

/// Reads the array of non-negative integers `key` of `dict` into `values`; emits an error at
/// `loc` if it is missing or not such an array.
LogicalResult parseUnsignedArray(AsmParser &parser, SMLoc loc, DictionaryAttr dict, StringRef key,
                                 SmallVectorImpl<unsigned> &values);

/// Reads the non-negative integer `key` of `dict` into `value`; emits an error at `loc` if it
/// is not such an integer. When `defaultValue` is given, a missing key reads as it.
LogicalResult parseUnsigned(AsmParser &parser, SMLoc loc, DictionaryAttr dict, StringRef key,
                            unsigned &value, std::optional<unsigned> defaultValue = std::nullopt);

/// Reads the boolean `key` of `dict` into `value` (false when it is missing); emits an error
/// at `loc` if it is not a boolean.
LogicalResult parseBool(AsmParser &parser, SMLoc loc, DictionaryAttr dict, StringRef key,
                        bool &value);

/// Emits an error at `loc` for every key of `dict` that is not in `keys`.
LogicalResult checkKeys(AsmParser &parser, SMLoc loc, DictionaryAttr dict,
                        ArrayRef<StringRef> keys);

/// Prints `[1, 4]`.
void printArray(AsmPrinter &printer, ArrayRef<unsigned> values);

/// Checks that every entry of `values` (the parameter `name` of an `encoding`) is a power of
/// two.
LogicalResult verifyPowersOfTwo(function_ref<InFlightDiagnostic()> emitError, StringRef encoding,
                                StringRef name, ArrayRef<unsigned> values);

/// The most warps of a tensor-core layout (TensorCoreEncodingAttrInterface); far above what
/// any target allows, and small enough that the layout's tile stays within the algebra's
/// limits.
constexpr unsigned kMaxTensorCoreWarps = 1024;

/// The largest kWidth of a dot operand of a tensor-core layout.
constexpr unsigned kMaxDotOperandKWidth = 64;

/// The most elements (log2) of a tensor with a tensor-core layout or a dot operand of one:
/// with at most kMaxTensorCoreWarps warps and kMaxDotOperandKWidth, every dimension of its
/// LinearLayout then stays within 2^30.
constexpr int64_t kMaxTensorCoreTensorLog2 = 24;

/// Checks the warps of a tensor-core `encoding` (its name in messages, as "nvidia.mma"):
/// rank 2 to `maxRank`, powers of two, at most kMaxTensorCoreWarps in all.
LogicalResult verifyTensorCoreWarps(function_ref<InFlightDiagnostic()> emitError,
                                    StringRef encoding, ArrayRef<unsigned> warpsPerCTA,
                                    unsigned maxRank);

/// Checks what every distributed encoding needs of the tensor of `shape` that it is attached
/// to: the encoding's rank, a static shape of powers of two, and a LinearLayout within the
/// algebra's size limits.
LogicalResult verifyDistributedTensor(DistributedEncodingAttrInterface encoding,
                                      ArrayRef<int64_t> shape,
                                      function_ref<InFlightDiagnostic()> emitError);

/// The verifyEncoding of a shared encoding: it lays out a buffer in memory, so a tensor with
/// one is a mistake, which this reports.
LogicalResult rejectTensor(Attribute encoding, function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::nereid::ttg::detail

#endif // NEREID_DIALECT_TRITONGPU_IR_ATTRPARSING_H
