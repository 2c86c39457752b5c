#include "NvidiaTargetLowering.h"

#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"
#include "nereid/Nvidia/IR/Dialect.h"

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

void NvidiaTargetLowering::fenceBufferWrites(OpBuilder &builder, Location loc,
                                             ttg::MemDescType bufferType) const {
  // wgmma reads #nvidia.mma_shared buffers through the async proxy, which sees the stores of
  // the generic proxy only after this fence in the writing thread.
  if (isa<MmaSharedEncodingAttr>(bufferType.getEncoding()))
    NVVM::FenceProxyOp::create(
        builder, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(builder.getContext(), NVVM::SharedSpace::shared_cta));
}

void NvidiaTargetLowering::copyToSharedAsync(OpBuilder &builder, Location loc, Value address,
                                             Value pointer, unsigned bytes, Value predicate) const {
  // cp.async reads `srcSize` of the bytes and zero-fills the rest: none where masked off.
  // Copies of 16 bytes bypass L1 (.cg), as the tiles of a loop are read once per program.
  Value srcSize;
  if (predicate)
    srcSize = LLVM::SelectOp::create(builder, loc, predicate, createI32(builder, loc, bytes),
                                     createI32(builder, loc, 0));
  auto modifier = bytes == 16 ? NVVM::LoadCacheModifierKind::CG : NVVM::LoadCacheModifierKind::CA;
  NVVM::CpAsyncOp::create(builder, loc, address, pointer, builder.getI32IntegerAttr(bytes),
                          NVVM::LoadCacheModifierKindAttr::get(builder.getContext(), modifier),
                          srcSize);
}

void NvidiaTargetLowering::commitAsyncCopies(OpBuilder &builder, Location loc) const {
  NVVM::CpAsyncCommitGroupOp::create(builder, loc);
}

void NvidiaTargetLowering::waitAsyncCopies(OpBuilder &builder, Location loc,
                                           unsigned pending) const {
  NVVM::CpAsyncWaitGroupOp::create(builder, loc, builder.getI32IntegerAttr(pending));
  // cp.async writes through the generic proxy; wgmma reads buffers through the async proxy.
  if (computeCapability >= 90)
    NVVM::FenceProxyOp::create(
        builder, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(builder.getContext(), NVVM::SharedSpace::shared_cta));
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

Value NvidiaTargetLowering::shuffleIdx(OpBuilder &builder, Location loc, Value value,
                                       Value lane) const {
  Type i32 = builder.getI32Type();
  auto constant = [&](int32_t v) {
    return LLVM::ConstantOp::create(builder, loc, i32, builder.getI32IntegerAttr(v));
  };
  // shfl.sync.idx.b32 with every lane taking part; 0x1f clamps the source lane to the warp.
  return NVVM::ShflOp::create(builder, loc, i32, constant(-1), value, lane, constant(0x1f),
                              NVVM::ShflKind::idx, UnitAttr());
}

void NvidiaTargetLowering::markKernel(Operation *function, unsigned threadsPerProgram) const {
  Builder builder(function->getContext());
  function->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(), builder.getUnitAttr());
  // Every launch has exactly these threads: ptxas may allocate registers for them.
  function->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                    builder.getDenseI32ArrayAttr({static_cast<int32_t>(threadsPerProgram), 1, 1}));
}

namespace {

/// The function `name` of the module that holds the builder's insertion point, declared with
/// `type` if the module has none yet.
LLVM::LLVMFuncOp getOrDeclareFunction(OpBuilder &builder, Location loc, StringRef name,
                                      LLVM::LLVMFunctionType type) {
  auto module = builder.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  if (auto function = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return function;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(builder, loc, name, type);
}

} // namespace

void NvidiaTargetLowering::printf(OpBuilder &builder, Location loc, Value format,
                                  ValueRange arguments) const {
  // CUDA's device printf: vprintf(format, buffer), where the buffer holds the arguments one
  // after another, each aligned to its size (an LLVM struct of them, in the NVPTX layout).
  MLIRContext *context = builder.getContext();
  auto pointer = LLVM::LLVMPointerType::get(context);
  LLVM::LLVMFuncOp vprintf = getOrDeclareFunction(
      builder, loc, "vprintf",
      LLVM::LLVMFunctionType::get(builder.getI32Type(), {pointer, pointer}));
  Value buffer;
  if (arguments.empty()) {
    buffer = LLVM::ZeroOp::create(builder, loc, pointer);
  } else {
    SmallVector<Type> types(arguments.getTypes());
    auto structType = LLVM::LLVMStructType::getLiteral(context, types);
    {
      // In the entry block, so that a print in a loop reuses one buffer.
      OpBuilder::InsertionGuard guard(builder);
      Block &entry = builder.getInsertionBlock()->getParent()->front();
      builder.setInsertionPointToStart(&entry);
      Value one = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                           builder.getI32IntegerAttr(1));
      buffer = LLVM::AllocaOp::create(builder, loc, pointer, structType, one, /*alignment=*/8);
    }
    for (auto [index, argument] : llvm::enumerate(arguments)) {
      Value slot = LLVM::GEPOp::create(builder, loc, pointer, structType, buffer,
                                       ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(index)});
      LLVM::StoreOp::create(builder, loc, argument, slot);
    }
  }
  LLVM::CallOp::create(builder, loc, vprintf, ValueRange{format, buffer});
}

void NvidiaTargetLowering::assertFail(OpBuilder &builder, Location loc, StringRef message,
                                      StringRef file, unsigned line, StringRef function) const {
  // CUDA's assert: __assertfail(message, file, line, function, sizeof(char)) prints
  // "<file>:<line>: <function>: block: [...], thread: [...] Assertion `<message>` failed." and
  // stops the kernel; the launch's stream then fails with CUDA_ERROR_ASSERT.
  MLIRContext *context = builder.getContext();
  auto pointer = LLVM::LLVMPointerType::get(context);
  Type i32 = builder.getI32Type();
  Type i64 = builder.getI64Type();
  LLVM::LLVMFuncOp assertfail = getOrDeclareFunction(
      builder, loc, "__assertfail",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {pointer, pointer, i32, pointer, i64}));
  Operation *parent = builder.getInsertionBlock()->getParentOp();
  Value messageString = createGlobalString(builder, parent, "assertMessage_", message);
  Value fileString = createGlobalString(builder, parent, "assertFile_", file);
  Value functionString = createGlobalString(builder, parent, "assertFunction_", function);
  Value lineValue = LLVM::ConstantOp::create(builder, loc, i32, builder.getI32IntegerAttr(line));
  Value charSize = LLVM::ConstantOp::create(builder, loc, i64, builder.getI64IntegerAttr(1));
  LLVM::CallOp::create(builder, loc, assertfail,
                       ValueRange{messageString, fileString, lineValue, functionString,
                                  charSize});
}

} // namespace mlir::nereid::nvidia
