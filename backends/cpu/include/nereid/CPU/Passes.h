#ifndef NEREID_CPU_PASSES_H
#define NEREID_CPU_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
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
  /// The bytes a launch must store for its stores to bypass the caches
  /// (cpu-stream-large-stores; 0: never).
  int64_t streamingStoreBytes = 0;
  /// Whether bf16 dots multiply pairs of K with AVX-512 BF16's vdpbf16ps (the target must
  /// have it).
  bool bf16DotPairs = false;
  /// Whether kernels check every access against its argument's buffer (cpu-check-bounds).
  bool checkBounds = false;
};

/// Adds the passes that take a tt module to an LLVM-dialect module with the entry points of
/// cpu-add-launch-entries, ready for translation to LLVM IR: inlining and cleanup, the
/// shared layout pipeline (nereid-ttg-pipeline), then the two stages below.
void buildCpuPipeline(OpPassManager &pm, const CpuPipelineOptions &options);

/// ttg IR with CPU layouts to vector code in register-sized chunks, ordered for registers.
void buildCpuToVectorPipeline(OpPassManager &pm, const CpuPipelineOptions &options);

/// The vector code to the LLVM dialect, with the launch entries and the OpenMP grid loop.
void buildCpuVectorToLLVMPipeline(OpPassManager &pm, const CpuPipelineOptions &options);

/// Registers the CPU passes and the pipelines `nereid-cpu-lower{target=...}` (all of it),
/// `nereid-cpu-to-vector{target=...}` and `nereid-cpu-to-llvm` (its last two stages).
void registerCpuPassesAndPipelines();

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_PASSES_H
