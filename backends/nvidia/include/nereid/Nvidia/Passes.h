#ifndef NEREID_NVIDIA_PASSES_H
#define NEREID_NVIDIA_PASSES_H

#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/Pass.h"

#include <string>

namespace mlir::nereid::nvidia {

/// The declarations of the NVIDIA passes (Passes.td).
#define GEN_PASS_DECL
#include "nereid/Nvidia/Passes.h.inc"

/// The options of the NVIDIA pipeline.
struct NvidiaPipelineOptions {
  /// The `ttg.target` of the GPU ("cuda:90").
  std::string target;
  /// The warps of one program.
  unsigned numWarps = 4;
};

/// ttg IR with an NVIDIA target's layouts to the LLVM and NVVM dialects: scf to cf,
/// nvidia-convert-ttg-to-llvm, reconcile-unrealized-casts, canonicalize, cse.
void buildNvidiaToLLVMPipeline(OpPassManager &pm);

/// tt IR to ttg IR for an NVIDIA GPU: nereid-ttg-pipeline for the target, then the tensor-core
/// layouts of dots (nvidia-assign-mma-layouts) and the removal of the conversions they leave
/// where it can.
void buildNvidiaTritonGPUPipeline(OpPassManager &pm, const NvidiaPipelineOptions &options);

/// tt IR to the LLVM and NVVM dialects: nereid-ttir-pipeline, buildNvidiaTritonGPUPipeline,
/// then buildNvidiaToLLVMPipeline.
void buildNvidiaPipeline(OpPassManager &pm, const NvidiaPipelineOptions &options);

/// Registers the NVIDIA passes and the pipelines `nereid-nvidia-lower{target=...
/// num-warps=...}` (the whole), `nereid-nvidia-ttg-pipeline{target=... num-warps=...}` (its
/// layout stage) and `nereid-nvidia-to-llvm` (its last stage).
void registerNvidiaPassesAndPipelines();

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_PASSES_H
