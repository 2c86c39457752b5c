#ifndef NEREID_NVIDIA_PASSES_H
#define NEREID_NVIDIA_PASSES_H

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

/// tt IR to the LLVM and NVVM dialects: nereid-ttir-pipeline, nereid-ttg-pipeline for the
/// target, scf to cf, nvidia-convert-ttg-to-llvm, canonicalize, cse.
void buildNvidiaPipeline(OpPassManager &pm, const NvidiaPipelineOptions &options);

/// Registers the NVIDIA passes and the pipeline `nereid-nvidia-lower{target=... num-warps=...}`.
void registerNvidiaPassesAndPipelines();

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_PASSES_H
