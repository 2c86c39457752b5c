// Helpers shared by the parsers, printers and verifiers of the ttg encodings (Attrs.cpp,
// MmaAttrs.cpp, SharedAttrs.cpp). Internal to the dialect library.

#ifndef NEREID_LIB_DIALECT_TRITONGPU_IR_ATTRPARSING_H
#define NEREID_LIB_DIALECT_TRITONGPU_IR_ATTRPARSING_H

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

/// Checks what every distributed encoding needs of the tensor of `shape` that it is attached
/// to: the encoding's rank, a static shape of powers of two, and a LinearLayout within the
/// algebra's size limits.
LogicalResult verifyDistributedTensor(DistributedEncodingAttrInterface encoding,
                                      ArrayRef<int64_t> shape,
                                      function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::nereid::ttg::detail

#endif // NEREID_LIB_DIALECT_TRITONGPU_IR_ATTRPARSING_H
