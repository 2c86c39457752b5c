#ifndef NEREID_CONVERSION_PIPELINES_H
#define NEREID_CONVERSION_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::nereid {

/// The options of the pipeline from tt IR to ttg IR.
struct TritonGPUPipelineOptions : public PassPipelineOptions<TritonGPUPipelineOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("The ttg.target string (\"cpu:x86_64:avx512\", "
                                            "\"cuda:90\", \"hip:gfx942\"); by default the "
                                            "module's ttg.target attribute"),
                             llvm::cl::init("")};
  Option<unsigned> numWarps{*this, "num-warps",
                            llvm::cl::desc("The warps of one program on a GPU; 1 on a CPU"),
                            llvm::cl::init(4)};
};

/// tt IR to ttg IR with layouts chosen for the target: convert-tt-to-ttg, ttg-coalesce,
/// ttg-remove-layout-conversions, canonicalize and cse. Every backend's pipeline starts so.
void buildTritonGPUPipeline(OpPassManager &pm, const TritonGPUPipelineOptions &options);

/// Registers buildTritonGPUPipeline as `nereid-ttg-pipeline`, so that
/// `nereid-opt --nereid-ttg-pipeline=target=cuda:90` and textual pipelines can run it.
void registerTritonGPUPipeline();

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_PIPELINES_H
