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
  /// The stages of the software pipeline of loops' loads (upstream's `num_stages`): from 2 on,
  /// loops load their tiles one iteration ahead (ttg-prefetch-loop-loads) before sm_90; 1
  /// turns that off.
  unsigned numStages = 3;
  /// On sm_90, loads of strided pointer tiles of a parameter become descriptor loads, which
  /// the tensor copy engine copies (tt-implicit-tensor-descriptors): implicit TMA.
  bool implicitTma = true;
};

/// tt IR as the frontend emits it to tt IR for an NVIDIA GPU: nereid-ttir-pipeline, whose
/// descriptors on sm_90 become tensor map parameters where the copy engine takes their loads
/// (nvidia-tensor-map-parameters).
void buildNvidiaTritonPipeline(OpPassManager &pm, const NvidiaPipelineOptions &options);

/// ttg IR with an NVIDIA target's layouts to the LLVM and NVVM dialects: scf to cf,
/// nvidia-convert-ttg-to-llvm, reconcile-unrealized-casts, canonicalize, cse.
void buildNvidiaToLLVMPipeline(OpPassManager &pm);

/// tt IR to ttg IR for an NVIDIA GPU: nereid-ttg-pipeline for the target, then the tensor-core
/// layouts of dots (nvidia-assign-mma-layouts) and the removal of the conversions they leave
/// where it can, loops' loads one iteration ahead (from two stages on), the dots' operands
/// through swizzled shared memory, and barriers between global accesses.
void buildNvidiaTritonGPUPipeline(OpPassManager &pm, const NvidiaPipelineOptions &options);

/// tt IR to the LLVM and NVVM dialects: buildNvidiaTritonPipeline, buildNvidiaTritonGPUPipeline,
/// then buildNvidiaToLLVMPipeline.
void buildNvidiaPipeline(OpPassManager &pm, const NvidiaPipelineOptions &options);

/// Registers the NVIDIA passes and the pipelines `nereid-nvidia-lower{target=...
/// num-warps=...}` (the whole), `nereid-nvidia-ttg-pipeline{target=... num-warps=...}` (its
/// layout stage) and `nereid-nvidia-to-llvm` (its last stage).
void registerNvidiaPassesAndPipelines();

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_PASSES_H
