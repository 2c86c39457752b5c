#ifndef NEREID_NVIDIA_PASSES_TD
#define NEREID_NVIDIA_PASSES_TD

include "mlir/Pass/PassBase.td"

def NvidiaConvertTritonGPUToLLVMPass
    : Pass<"nvidia-convert-ttg-to-llvm", "ModuleOp"> {
  let summary = "Lowers ttg IR for an NVIDIA GPU to the LLVM and NVVM dialects";
  let description = [{
    Input: ttg IR whose module names an NVIDIA target (`ttg.target = "cuda:90"`) and its warps
    (`ttg.num-warps`), with scf already lowered to cf. Each kernel (a public tt.func) becomes
    an llvm.func marked `nvvm.kernel`, launched with num-warps x 32 threads; each tensor a
    thread holds becomes an `!llvm.struct` of its registers (TritonGPUToLLVMTypeConverter);
    the ops lower through the shared GPU patterns (lib/Conversion/TritonGPUToLLVM) with NVVM's
    intrinsics for the thread and program indices, then arith, math and cf through MLIR's own
    patterns. An op that no pattern lowers is an error that names it and the backend.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // NEREID_NVIDIA_PASSES_TD
