#include "NvidiaTargetLowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::nereid::nvidia {

Value NvidiaTargetLowering::getThreadId(OpBuilder &builder, Location loc) const {
  return NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type());
}

Value NvidiaTargetLowering::getProgramId(OpBuilder &builder, Location loc, unsigned axis) const {
  Type i32 = builder.getI32Type();
  switch (axis) {
  case 0:
    return NVVM::BlockIdXOp::create(builder, loc, i32);
  case 1:
    return NVVM::BlockIdYOp::create(builder, loc, i32);
  default:
    return NVVM::BlockIdZOp::create(builder, loc, i32);
  }
}

Value NvidiaTargetLowering::getNumPrograms(OpBuilder &builder, Location loc,
                                           unsigned axis) const {
  Type i32 = builder.getI32Type();
  switch (axis) {
  case 0:
    return NVVM::GridDimXOp::create(builder, loc, i32);
  case 1:
    return NVVM::GridDimYOp::create(builder, loc, i32);
  default:
    return NVVM::GridDimZOp::create(builder, loc, i32);
  }
}

void NvidiaTargetLowering::barrier(OpBuilder &builder, Location loc) const {
  NVVM::Barrier0Op::create(builder, loc);
}

Value NvidiaTargetLowering::shuffleXor(OpBuilder &builder, Location loc, Value value,
                                       unsigned laneMask) const {
  Type i32 = builder.getI32Type();
  auto constant = [&](int32_t v) {
    return LLVM::ConstantOp::create(builder, loc, i32, builder.getI32IntegerAttr(v));
  };
  // Every lane takes part (the full member mask); 0x1f clamps the source lane to the warp.
  return NVVM::ShflOp::create(builder, loc, i32, constant(-1), value, constant(laneMask),
                              constant(0x1f), NVVM::ShflKind::bfly, UnitAttr());
}

void NvidiaTargetLowering::markKernel(Operation *function, unsigned threadsPerProgram) const {
  Builder builder(function->getContext());
  function->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(), builder.getUnitAttr());
  // Every launch has exactly these threads: ptxas may allocate registers for them.
  function->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                    builder.getDenseI32ArrayAttr({static_cast<int32_t>(threadsPerProgram), 1, 1}));
}

} // namespace mlir::nereid::nvidia
