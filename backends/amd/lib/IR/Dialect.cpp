// The amd dialect: registers its layouts.

#include "nereid/Amd/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nereid::amd;

#include "nereid/Amd/IR/Dialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "nereid/Amd/IR/Attrs.cpp.inc"

void AmdDialect::initialize() { registerAttributes(); }

void AmdDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "nereid/Amd/IR/Attrs.cpp.inc"
      >();
}
