// The nvidia dialect: registers its layouts.

#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nereid::nvidia;

#include "nereid/Nvidia/IR/Dialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "nereid/Nvidia/IR/Attrs.cpp.inc"

void NvidiaDialect::initialize() { registerAttributes(); }

void NvidiaDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "nereid/Nvidia/IR/Attrs.cpp.inc"
      >();
}
