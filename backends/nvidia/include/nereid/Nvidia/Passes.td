#ifndef NEREID_NVIDIA_PASSES_TD
#define NEREID_NVIDIA_PASSES_TD

include "mlir/Pass/PassBase.td"

def NvidiaTensorMapParametersPass : Pass<"nvidia-tensor-map-parameters", "ModuleOp"> {
  let summary = "Gives the loads of descriptors that TMA can copy a tensor map parameter";
  let description = [{
    Input: tt IR for sm_90, its callees inlined, before tt-lower-tensor-descriptors. A
    `tt.make_tensor_descriptor` of a kernel whose loads Hopper's tensor copy engine can take
    gets a new parameter of the kernel, after the others, of the descriptor's type, which its
    `tt.descriptor_load`s read instead; the launcher passes there a tensor map
    (`cuTensorMapEncodeTiled`) that the parameter's `nvidia.tensor_map` attribute describes
    (TensorMaps.h). It takes:
    - a base that is a pointer parameter the launch specializes as 16-byte aligned;
    - a shape of constants and integer parameters, and strides of those too, each but the last
      a multiple of 16 bytes (a parameter: by the launch's specialization) and the last the
      constant 1;
    - 2-D blocks of 1 to 8-byte elements, 8 to 256 rows of a multiple of 16 bytes.
    A launch whose values fail these compiles another kernel, whose loads take pointers (a
    remark on the descriptor says why). Stores, and descriptors that a loop carries, keep
    the pointer fallback.
  }];
  let dependentDialects = ["mlir::nereid::nvidia::NvidiaDialect", "mlir::arith::ArithDialect"];
}

def NvidiaTmaLoadsPass : Pass<"nvidia-tma-loads", "ModuleOp"> {
  let summary = "Loads blocks of tensor maps with the tensor copy engine";
  let description = [{
    Input: ttg IR for sm_90 after nvidia-assign-mma-layouts. Each `tt.descriptor_load` of a
    tensor map parameter (nvidia-tensor-map-parameters) becomes a copy into shared memory,
    waited for at once: a mutable buffer in the `#nvidia.mma_shared` layout that the copy
    engine writes (TensorMaps.h's getTensorMapCopies), an mbarrier (a buffer of one i64),
    `nvidia.init_barrier`, `nvidia.tma_load`, `nvidia.wait_barrier` of phase 0 and
    `nvidia.inval_barrier`. A load whose one use is a `ttg.local_alloc` in that layout (a wgmma
    operand) copies into that buffer, which the dot reads; the others read the buffer with a
    `ttg.local_load`.
  }];
  let dependentDialects = ["mlir::nereid::nvidia::NvidiaDialect",
                           "mlir::nereid::ttg::TritonGPUDialect", "mlir::arith::ArithDialect"];
}

def NvidiaPipelineTmaLoadsPass : Pass<"nvidia-pipeline-tma-loads", "ModuleOp"> {
  let summary = "Issues a loop's tensor copies num_stages - 1 iterations ahead";
  let description = [{
    Input: ttg IR for sm_90 after nvidia-tma-loads. In a loop whose body writes no memory
    but through its copies, each copy that nvidia-tma-loads made (a buffer and an mbarrier
    allocated in the body, init_barrier, tma_load, wait_barrier of phase 0, inval_barrier),
    whose indices the body computes from the induction variable by pure ops, goes through a
    stack of `num-stages` buffers; the loop's copies share a stack of as many mbarriers, one
    per stage, which all of an iteration's copies complete; the stacks are allocated and the
    barriers initialized before the loop:
    - before the loop, the copies of iterations 0 to num_stages - 2 into slices 0, 1, ...;
    - in iteration i, one wait on slice i % num_stages's barrier for the phase of parity
      (i / num_stages) % 2 (the loop carries the slice and the parity), where the first copy's
      wait was, the buffers' uses reading that slice;
    - at the bottom of the body, the copies of iteration i + num_stages - 1 into the slices
      of iteration i - 1, predicated on that iteration existing: the first tma_load's
      lowering starts with a barrier of the program's threads, which are then done with the
      slices; the others are `synced` to it;
    - after the loop, the barriers' inval_barrier.
    The stages are as many as fit in `shared-bytes` beside the function's other buffers, and
    none below two.
  }];
  let options = [
    Option<"numStages", "num-stages", "int64_t", "3", "the slices of each stack">,
    Option<"sharedBytes", "shared-bytes", "int64_t", "232448",
           "the shared memory that a program may have">
  ];
  let dependentDialects = ["mlir::nereid::nvidia::NvidiaDialect",
                           "mlir::nereid::ttg::TritonGPUDialect", "mlir::arith::ArithDialect"];
}

def NvidiaAssignMmaLayoutsPass : Pass<"nvidia-assign-mma-layouts", "ModuleOp"> {
  let summary = "Puts each tt.dot that the tensor cores can compute in their layouts";
  let description = [{
    Input: ttg IR whose module names an NVIDIA target (`ttg.target`) and its warps
    (`ttg.num-warps`). Each tt.dot in a blocked layout:
    - that wgmma computes (sm_90, a 2-D dot into f32 of f16 or bf16 operands, warps a multiple
      of 4, M a multiple of 64, N of 8 and K of 16: whyNotWgmma) becomes an
      `nvidia.warpgroup_dot` whose operands are `ttg.local_alloc`s of the sources of its old
      operands into `#nvidia.mma_shared` buffers (the source's contiguous dimension kept
      contiguous, swizzled by up to 128 bytes), its accumulator in `#nvidia.mma` of version 3
      (warpgroups along M as far as M has 64 rows for each, the rest along N; instrShape
      [16, N, 16], N the largest power of two up to 256 that divides a warpgroup's columns);
    - else, that mma.sync computes (a 2-D dot into f32 of f16, bf16 or fp8 operands, or of f32
      ones in tf32 precision, or into int32 of int8 ones, on sm_80 or newer: whyNotMmaV2),
      gets the result layout `#nvidia.mma` of version 2 (instrShape 16x8, the warps split
      between M and N so that each warp's A and B fragments stay balanced) and operands in
      `#ttg.dot_op` layouts of that parent with kWidth 32 bits of elements along K, which are
      mma.sync's fragments.
    Conversions to the new layouts go before the dot and one back to its old layout after it;
    a conversion that fed the old operand is converted from its source instead. Other dots
    are left as they are, and the NVIDIA lowering refuses them, saying why.
  }];
  let dependentDialects = ["mlir::nereid::nvidia::NvidiaDialect"];
}

def NvidiaPipelineWarpgroupDotsPass : Pass<"nvidia-pipeline-warpgroup-dots", "ModuleOp"> {
  let summary = "Lets a loop's wgmma run on into the next iteration";
  let description = [{
    Input: ttg IR for sm_90 after ttg-pipeline-async-copies. A loop whose body has one
    `nvidia.warpgroup_dot`, whose operands are slices (`ttg.memdesc_index`) of buffers
    allocated above the loop, which nothing in the body writes before the dot nor after it
    but behind a `gpu.barrier`, and whose accumulator is an argument of the loop that only the
    dot uses and whose result only the loop yields (the tutorial matmul's
    `acc = tl.dot(a, b, acc)`), is rewritten:
    - the dot is `isAsync`, followed by `nvidia.warpgroup_dot_wait {pendings = 1}`, whose
      result the loop yields: the dot of iteration i runs on while iteration i + 1 waits for
      its tiles, and the dot of iteration i - 1 has finished, in every warpgroup once the
      barrier is passed, before anything overwrites what it read;
    - after the loop, `nvidia.warpgroup_dot_wait {pendings = 0}` completes the result; the
      loop and the wait run in an scf.if on whether the loop runs at all, which otherwise gives
      the initial values (ptxas, not knowing that the loop ran, would see the initial
      accumulator's copies into the result's registers between the wgmmas and the wait, or a
      path around the wait, and serialize the wgmmas: C7515, C7517).
    Other loops and dots are left as they are.
  }];
  let dependentDialects = ["mlir::nereid::nvidia::NvidiaDialect",
                           "mlir::nereid::ttg::TritonGPUDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
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
    intrinsics for the thread and program indices, tt.dot to mma.sync and
    nvidia.warpgroup_dot to wgmma (the backend's own patterns), then arith, math and cf through
    MLIR's own patterns. An op that no pattern lowers is an error that names it and the
    backend.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // NEREID_NVIDIA_PASSES_TD
