// nereid-opt: mlir-opt with every Nereid dialect, pass and pipeline registered, so that any
// stage of the compiler can be reproduced from IR text with one command line.

#include "nereid/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::nereid::registerAllDialects(registry);
  mlir::nereid::registerAllPasses();
  mlir::nereid::registerAllTargets();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Nereid optimizer driver\n", registry));
}
