#ifndef NEREID_NVIDIA_IR_NVIDIAOPS_TD
#define NEREID_NVIDIA_IR_NVIDIAOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "nereid/Nvidia/IR/NvidiaDialect.td"

/// The shared memory that ttg's local_* ops act on (TTG_SharedMemory in TritonGPUOps.td).
def Nvidia_SharedMemory : Resource<"::mlir::nereid::ttg::SharedMemory">;

class Nvidia_Op<string mnemonic, list<Trait> traits = []>
    : Op<Nvidia_Dialect, mnemonic, traits>;

def Nvidia_WarpgroupDotOp : Nvidia_Op<"warpgroup_dot"> {
  let summary = "a dot on Hopper's tensor cores (wgmma), its operands in shared memory";
  let description = [{
    ```
    %d = nvidia.warpgroup_dot %a, %b, %c
        : !ttg.memdesc<128x64xf16, #shared>, !ttg.memdesc<64x128xf16, #shared1>,
          tensor<128x128xf32, #wgmma> -> tensor<128x128xf32, #wgmma>
    ```
    `d = a b + c`, as `tt.dot` computes it, for A (M x K) and B (K x N) in `#nvidia.mma_shared`
    buffers, which `wgmma.mma_async` reads through shared-memory matrix descriptors, and the
    accumulator and the result in the same `#nvidia.mma` layout of version 3. Each warpgroup
    computes the rows and columns that the layout gives its warps. The result is complete when
    the op returns (the lowering waits for the asynchronous instructions), unless `isAsync`:
    then the instructions may still run, reading A and B and writing the result's registers,
    until an `nvidia.warpgroup_dot_wait` of the result says they have finished; until then
    the result may only be the accumulator of another warpgroup_dot or that wait's operand.
  }];
  let arguments = (ins
    Arg<TTG_MemDescType, "A", [MemRead<Nvidia_SharedMemory>]>:$a,
    Arg<TTG_MemDescType, "B", [MemRead<Nvidia_SharedMemory>]>:$b,
    AnyRankedTensor:$c,
    UnitAttr:$isAsync
  );
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` type($c)
    `->` type($d)
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

#endif // NEREID_NVIDIA_IR_NVIDIAOPS_TD
