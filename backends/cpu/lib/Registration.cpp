// The CPU backend's registration (cmake/NereidBackends.cmake): the dialects of its stages, its
// passes and pipelines, and its target family "cpu".

#include "nereid/CPU/CpuTargetInfo.h"
#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"

namespace mlir::nereid {

void registerCpuBackendDialects(DialectRegistry &registry) {
  // The dialects of the CPU backend's intermediate stages, so that their IR text (what
  // NEREID_DUMP_IR writes) can be read back and each stage rerun on its own.
  registry.insert<func::FuncDialect, vector::VectorDialect, LLVM::LLVMDialect, ub::UBDialect,
                  memref::MemRefDialect>();
  // The grid loop of a kernel is an omp.parallel (or a oneTBB call) in its LLVM-dialect stage.
  registry.insert<omp::OpenMPDialect>();
  registerOpenMPDialectTranslation(registry);
}

void registerCpuBackendPasses() { cpu::registerCpuPassesAndPipelines(); }

void registerCpuBackendTargets() { registerTargetFamily("cpu", cpu::CpuTargetInfo::create); }

} // namespace mlir::nereid
