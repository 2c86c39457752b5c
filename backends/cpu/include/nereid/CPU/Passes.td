#ifndef NEREID_CPU_PASSES_TD
#define NEREID_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonCpuToVectorPass : Pass<"tt-cpu-convert-to-vector", "ModuleOp"> {
  let summary = "Lowers the tiles of a kernel with CPU layouts to MLIR vectors";
  let description = [{
    Input: tt/ttg IR whose device functions are inlined (no tt.call remains), with CPU layouts
    or none; layouts only guide access widths here, since one program runs on one core.

    Output: every tt.func becomes a private func.func `<name>_impl` whose parameters are the
    kernel's, then the program ids and grid sizes (6 x i32). Tiles become n-D `vector`s (pointer
    tiles vectors of `!llvm.ptr`), elementwise tt/arith/math ops act on vectors, loads and
    stores become LLVM masked vector loads and stores (contiguous rows, chosen with AxisInfo),
    gathers and scatters, or one scalar access and a splat for uniform pointers. Reductions,
    scans and dot become vector code. An op without a CPU lowering is an error naming it.
  }];
  let dependentDialects = ["mlir::vector::VectorDialect", "mlir::func::FuncDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::math::MathDialect"];
}

def AddCpuLaunchEntriesPass : Pass<"tt-cpu-add-launch-entries", "ModuleOp"> {
  let summary = "Adds the C entry points that run one program or a whole grid of a kernel";
  let description = [{
    Input: the output of tt-cpu-convert-to-vector. For each kernel `K` (the functions
    `K_impl` that came from public tt.funcs) it adds:
    - `void K_program(void **args, i32 pidX, pidY, pidZ, gridX, gridY, gridZ)`, which reads
      the kernel's parameters from `args` (args[i] points at parameter i; an i1 is a byte) and
      runs one program, for external schedulers such as oneTBB;
    - `void K_grid(void **args, i32 gridX, gridY, gridZ, i32 numThreads)`, which runs every
      program: a serial loop (x fastest) when numThreads is 1, and otherwise an `scf.parallel`
      loop over the flattened grid that convert-scf-to-openmp turns into an OpenMP loop with a
      static schedule on numThreads threads (0: OpenMP's default).
  }];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def LowerCpuMathPass : Pass<"tt-cpu-lower-math", "ModuleOp"> {
  let summary = "Expands math ops that LLVM has no vector intrinsic for";
  let description = [{
    Replaces f32 `math` ops (exp, log, tanh, erf, sin, cos, atan, ...) with MLIR's polynomial
    approximations, which stay vectorized, and the remaining ones with calls to the C math
    library, one per element. Ops with LLVM intrinsics (sqrt, fma, floor, ...) are left for
    convert-math-to-llvm.
  }];
  let dependentDialects = ["mlir::vector::VectorDialect", "mlir::func::FuncDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect"];
}

#endif // NEREID_CPU_PASSES_TD
