#ifndef NEREID_INTERPRETER_LIB_FORMATTING_H
#define NEREID_INTERPRETER_LIB_FORMATTING_H

#include "Tensor.h"

#include <string>

namespace mlir::nereid::interpreter {

/// Element `index` of `tensor` as text: integers in decimal (signed or not) or, with `hex`, as
/// 0x and all their hex digits; floats with the fewest digits that read back to the same value
/// of their type (`hex` shows their bits); pointers as hex addresses.
std::string formatElement(const Tensor &tensor, int64_t index, bool isSigned, bool hex);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_FORMATTING_H
