#ifndef NEREID_NVIDIA_LIB_PTX_H
#define NEREID_NVIDIA_LIB_PTX_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid::nvidia {

/// `asmString` with `constraints` as an inline PTX statement with side effects (the compiler
/// must neither remove nor reorder it across other memory accesses).
inline LLVM::InlineAsmOp createPtx(OpBuilder &builder, Location loc, TypeRange results,
                                   ValueRange operands, StringRef asmString,
                                   StringRef constraints) {
  return LLVM::InlineAsmOp::create(
      builder, loc, results, operands, asmString, constraints, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(builder.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
}

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_LIB_PTX_H
