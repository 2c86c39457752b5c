#ifndef NEREID_TEST_UNIT_TOOLS_LINEARLAYOUTPRINTING_H
#define NEREID_TEST_UNIT_TOOLS_LINEARLAYOUTPRINTING_H

#include "nereid/Tools/LinearLayout.h"

#include <ostream>

namespace mlir::nereid {

/// gtest prints layouts in failure messages with this (it finds PrintTo by argument-dependent
/// lookup, so it lives in the layout's namespace).
inline void PrintTo(const LinearLayout &layout, std::ostream *os) {
  *os << "\n" << layout.toString();
}

} // namespace mlir::nereid

#endif // NEREID_TEST_UNIT_TOOLS_LINEARLAYOUTPRINTING_H
