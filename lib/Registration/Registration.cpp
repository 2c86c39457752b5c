#include "nereid/Registration.h"

#include "nereid/Analysis/Passes.h"
#include "nereid/CPU/Passes.h"
#include "nereid/Conversion/Passes.h"
#include "nereid/Conversion/Pipelines.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"
#include "nereid/Support/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::nereid {

void registerAllDialects(DialectRegistry &registry) {
  registry.insert<tt::TritonDialect, ttg::TritonGPUDialect, arith::ArithDialect, math::MathDialect,
                  scf::SCFDialect, cf::ControlFlowDialect>();
  // The dialects of the CPU backend's intermediate stages, so that their IR text (what
  // NEREID_DUMP_IR writes) can be read back and each stage rerun on its own.
  registry.insert<func::FuncDialect, vector::VectorDialect, LLVM::LLVMDialect, ub::UBDialect,
                  memref::MemRefDialect>();
}

void registerAllPasses() {
  // canonicalize, cse, inline, symbol-dce, ... : the generic passes every pipeline uses.
  registerTransformsPasses();
  ttg::registerTritonGPUPasses();
  registerNereidAnalysisPasses();
  registerNereidSupportPasses();
  cpu::registerCpuPassesAndPipelines();
  registerNereidConversionPasses();
  registerTritonGPUPipeline();
}

} // namespace mlir::nereid
