#ifndef NEREID_DIALECT_TRITONGPU_IR_TRITONGPUDIALECT_TD
#define NEREID_DIALECT_TRITONGPU_IR_TRITONGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::nereid::ttg";
  let summary = "tt IR with backend-neutral layouts: which hardware index holds each element.";
  let description = [{
    The `ttg` dialect adds layouts to the tensors of `tt` IR. A layout is an encoding attribute
    of a ranked tensor type (`tensor<16x16xf32, #ttg.blocked<...>>`); every encoding converts to
    one `LinearLayout` from the hardware dimensions (register, lane, warp, block) to the tensor
    dimensions (dim0, dim1, ...), and the shared passes reason only in that algebra. What a lane
    and a warp are on each target (a GPU thread, or a CPU SIMD lane) is the business of the
    `TargetInfo` that the module attribute `ttg.target` names. Names follow Triton's TTGIR.

    Module attributes:
    - `ttg.target`: the target string, "cpu:x86_64:avx512", "cuda:90", "hip:gfx942", ...;
      it must name a target that createTargetInfo knows.
    - `ttg.num-warps`: the warps of one program, a positive power of two, at most what the
      target allows (1 on a CPU).
    With `ttg.target` set, the layout of every tensor has the target's lanes per warp (32 on
    NVIDIA, 64 on AMD, at most one vector's SIMD lanes on a CPU) and, with `ttg.num-warps`
    set, that many warps.

    Shared memory (NVIDIA shared memory, AMD LDS) holds `!ttg.memdesc` buffers, laid out by a
    shared encoding and accessed by the `ttg.local_*` ops.
  }];
  let dependentDialects = ["::mlir::nereid::tt::TritonDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The module attribute that names the target ("cpu:x86_64:avx512", "cuda:90", ...).
    static constexpr ::llvm::StringLiteral kTargetAttrName = "ttg.target";
    /// The module attribute that gives the number of warps of one program.
    static constexpr ::llvm::StringLiteral kNumWarpsAttrName = "ttg.num-warps";
    /// The module attribute that gives the bytes of shared memory one program of a GPU kernel
    /// needs (allocateSharedMemory's total), which its launch provides.
    static constexpr ::llvm::StringLiteral kSharedMemoryAttrName = "ttg.shared";

    void registerAttributes();
    void registerTypes();
  }];
}

#endif // NEREID_DIALECT_TRITONGPU_IR_TRITONGPUDIALECT_TD
