#ifndef NEREID_NVIDIA_PASSES_TD
#define NEREID_NVIDIA_PASSES_TD

include "mlir/Pass/PassBase.td"

def NvidiaAssignMmaLayoutsPass : Pass<"nvidia-assign-mma-layouts", "ModuleOp"> {
  let summary = "Gives each tt.dot that mma.sync can compute the layouts of its fragments";
  let description = [{
    Input: ttg IR whose module names an NVIDIA target (`ttg.target`) and its warps
    (`ttg.num-warps`). Each tt.dot in a blocked layout that mma.sync computes on the target (a
    2-D dot into f32 of f16 or bf16 operands, or of f32 ones in tf32 precision, on sm_80 or
    newer: whyNotMmaV2) gets the result layout `#nvidia.mma` of version 2 (instrShape 16x8, the
    warps split between M and N so that each warp's A and B fragments stay balanced) and
    operands in `#ttg.dot_op` layouts of that parent with kWidth 32 bits of elements along K
    (2 for f16 and bf16, 1 for tf32), which are mma.sync's fragments. Conversions
    to them go before the dot and one back to its old layout after it; a conversion that fed
    the old operand is converted from its source instead. Other dots are left as they are, and
    the NVIDIA lowering refuses them, saying why.
  }];
  let dependentDialects = ["mlir::nereid::nvidia::NvidiaDialect"];
}

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
