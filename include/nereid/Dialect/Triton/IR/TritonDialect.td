#ifndef NEREID_DIALECT_TRITON_IR_TRITONDIALECT_TD
#define NEREID_DIALECT_TRITON_IR_TRITONDIALECT_TD

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::nereid::tt";
  let summary = "The Triton tile IR shared by Nereid's interpreter and every backend.";
  let description = [{
    The `tt` dialect holds a Triton kernel after the frontend has turned its Python source into
    IR: whole-tile operations on ranked tensors, pointers with an address space, and the memory,
    atomic, reduction and dot operations of the Triton language. It carries no layout; layouts
    appear in the `ttg` dialect. Op names follow Triton's TTIR so that dumps read the same.
    Everything that `arith`, `math`, `scf` and `cf` already express is left to those dialects.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::cf::ControlFlowDialect",
  ];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

#endif // NEREID_DIALECT_TRITON_IR_TRITONDIALECT_TD
