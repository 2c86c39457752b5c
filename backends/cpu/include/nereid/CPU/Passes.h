#ifndef NEREID_CPU_PASSES_H
#define NEREID_CPU_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

#include <string>

namespace mlir::nereid::cpu {

#define GEN_PASS_DECL
#include "nereid/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "nereid/CPU/Passes.h.inc"

/// Options of the CPU pipeline.
struct CpuPipelineOptions {
  /// The `ttg.target` string the layouts are assigned for ("cpu:x86_64:avx512").
  std::string target;
};

/// Adds the passes that take a tt module to an LLVM-dialect module with the entry points of
/// tt-cpu-add-launch-entries, ready for translation to LLVM IR.
void buildCpuPipeline(OpPassManager &pm, const CpuPipelineOptions &options);

/// Registers the CPU passes and the pipeline `nereid-cpu-lower{target=...}`.
void registerCpuPassesAndPipelines();

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_PASSES_H
