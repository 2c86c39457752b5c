#ifndef NEREID_NVIDIA_IR_NVIDIAOPS_TD
#define NEREID_NVIDIA_IR_NVIDIAOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "nereid/Dialect/Triton/IR/TritonTypes.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "nereid/Nvidia/IR/NvidiaDialect.td"

/// The shared memory that ttg's local_* ops act on (TTG_SharedMemory in TritonGPUOps.td), and
/// the global memory of tt's loads and stores (TT_GlobalMemory in TritonOps.td).
def Nvidia_SharedMemory : Resource<"::mlir::nereid::ttg::SharedMemory">;
def Nvidia_GlobalMemory : Resource<"::mlir::nereid::tt::GlobalMemory">;

class Nvidia_Op<string mnemonic, list<Trait> traits = []>
    : Op<Nvidia_Dialect, mnemonic, traits>;

def Nvidia_WarpgroupDotOp : Nvidia_Op<"warpgroup_dot",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "a dot on Hopper's tensor cores (wgmma), B in shared memory";
  let description = [{
    ```
    %d = nvidia.warpgroup_dot %a, %b, %c
        : !ttg.memdesc<128x64xf16, #shared>, !ttg.memdesc<64x128xf16, #shared1>,
          tensor<128x128xf32, #wgmma> -> tensor<128x128xf32, #wgmma>
    %d = nvidia.warpgroup_dot %p, %b, %c
        : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>,
          !ttg.memdesc<64x128xf16, #shared1>, tensor<128x128xf32, #wgmma>
          -> tensor<128x128xf32, #wgmma>
    ```
    `d = a b + c`, as `tt.dot` computes it, for B (K x N) in an `#nvidia.mma_shared` buffer,
    which `wgmma.mma_async` reads through shared-memory matrix descriptors, and the
    accumulator and the result in the same `#nvidia.mma` layout of version 3. A (M x K) is
    either such a buffer too, or, of 16-bit elements, a tensor in the `#ttg.dot_op` layout of
    operand 0 of the accumulator's layout, whose registers hold wgmma's A fragments (a computed
    operand: attention's probabilities). Each warpgroup computes the rows and columns that the
    layout gives its warps. The result is complete when the op returns (the lowering waits for
    the asynchronous instructions), unless `isAsync`: then the instructions may still run,
    reading A and B and writing the result's registers, until an `nvidia.warpgroup_dot_wait`
    of the result says they have finished; until then the result may only be the accumulator
    of another warpgroup_dot or that wait's operand.
  }];
  let arguments = (ins
    AnyTypeOf<[TTG_MemDescType, AnyRankedTensor]>:$a,
    TTG_MemDescType:$b,
    AnyRankedTensor:$c,
    UnitAttr:$isAsync
  );
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` type($c)
    `->` type($d)
  }];
  let extraClassDeclaration = [{
    /// Whether A is held in registers (a tensor) rather than in a shared-memory buffer.
    bool isAInRegisters() { return isa<RankedTensorType>(getA().getType()); }
  }];
  let hasVerifier = 1;
}

def Nvidia_WarpgroupDotWaitOp : Nvidia_Op<"warpgroup_dot_wait", [
    AllTypesMatch<["input", "output"]>,
    MemoryEffects<[MemRead<Nvidia_SharedMemory>, MemWrite<Nvidia_SharedMemory>]>]> {
  let summary = "waits until at most `pendings` asynchronous warpgroup dots still run";
  let description = [{
    ```
    %r = nvidia.warpgroup_dot_wait %d {pendings = 1 : i32} : tensor<128x128xf32, #wgmma>
    ```
    Waits, in each warpgroup, until at most `pendings` of its `isAsync` warpgroup_dots still
    run (`wgmma.wait_group`), the latest ones; the others have read their operands and written
    their results. `output` is `input`, the result of an asynchronous warpgroup_dot, whose
    registers the wait takes and gives: with `pendings` 0 it is complete. Its effects on
    shared memory keep it between the dots' reads of their buffers and later writes of them.
  }];
  let arguments = (ins AnyRankedTensor:$input, I32Attr:$pendings);
  let results = (outs AnyRankedTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

//===----------------------------------------------------------------------===//
// Tensor copies (TMA) and the barriers they complete on
//===----------------------------------------------------------------------===//

def Nvidia_InitBarrierOp : Nvidia_Op<"init_barrier"> {
  let summary = "makes a buffer of one i64 an mbarrier that `count` arrivals complete";
  let description = [{
    ```
    nvidia.init_barrier %barrier, 1 : !ttg.memdesc<1xi64, #shared, #ttg.shared_memory, mutable>
    ```
    One thread initializes the barrier (`mbarrier.init`) in its phase 0; the next op that
    waits on it or copies to it starts with a barrier of the program's threads, after which
    all of them see it initialized.
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<Nvidia_SharedMemory>]>:$barrier,
                       I32Attr:$count);
  let assemblyFormat = "$barrier `,` $count attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def Nvidia_TmaLoadOp : Nvidia_Op<"tma_load", [AttrSizedOperandSegments]> {
  let summary = "copies a tensor map's block into shared memory (cp.async.bulk.tensor)";
  let description = [{
    ```
    nvidia.tma_load %map[%row, %column], %buffer, %barrier
        : !tt.tensordesc<tensor<128x64xf16>>, !ttg.memdesc<128x64xf16, #mma_shared, ...>,
          !ttg.memdesc<1xi64, #shared, ...>
    ```
    `map` is a kernel parameter that the launcher encodes (nvidia-tensor-map-parameters).
    After a barrier of the program's threads (no thread still reads or writes `buffer`), one
    thread expects the block's bytes on `barrier` and starts the copies of the block at the
    element indices (out-of-bounds elements are zero) into `buffer`, in the layout of
    TensorMaps.h's getTensorMapCopies; the barrier's phase completes when they have arrived.
    With `pred` false, it copies nothing and the barrier expects nothing (a pipeline's copy
    for an iteration past the loop's end). With `synced`, the copy follows another tma_load
    with only pure ops between them, and that copy's barrier is its own: it emits no fence or
    barrier (a pipeline's copies of one iteration, issued together).
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<Nvidia_GlobalMemory>]>:$map,
    Variadic<I32>:$indices,
    Arg<TTG_MemDescType, "", [MemWrite<Nvidia_SharedMemory>]>:$buffer,
    Arg<TTG_MemDescType, "", [MemWrite<Nvidia_SharedMemory>]>:$barrier,
    Optional<I1>:$pred,
    UnitAttr:$synced
  );
  let assemblyFormat = [{
    $map `[` $indices `]` `,` $buffer `,` $barrier (`,` $pred^)? attr-dict `:`
    qualified(type($map)) `,` qualified(type($buffer)) `,` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def Nvidia_WaitBarrierOp : Nvidia_Op<"wait_barrier"> {
  let summary = "waits until an mbarrier's phase `phase` completes";
  let description = [{
    ```
    nvidia.wait_barrier %barrier, %phase : !ttg.memdesc<1xi64, #shared, ...>
    ```
    Each thread waits (`mbarrier.try_wait.parity`) until the phase of parity `phase` (0 or 1)
    has completed; what the copies completing on it wrote is then visible to it.
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemRead<Nvidia_SharedMemory>,
                                                 MemWrite<Nvidia_SharedMemory>]>:$barrier,
                       I32:$phase);
  let assemblyFormat = "$barrier `,` $phase attr-dict `:` qualified(type($barrier))";
}

def Nvidia_InvalBarrierOp : Nvidia_Op<"inval_barrier"> {
  let summary = "ends an mbarrier, so that its bytes may hold something else";
  let description = [{
    ```
    nvidia.inval_barrier %barrier : !ttg.memdesc<1xi64, #shared, ...>
    ```
    After a barrier of the program's threads (none still waits on it), one thread
    invalidates it (`mbarrier.inval`), and a second barrier keeps the others from writing
    its bytes before that.
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<Nvidia_SharedMemory>]>:$barrier);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

#endif // NEREID_NVIDIA_IR_NVIDIAOPS_TD
