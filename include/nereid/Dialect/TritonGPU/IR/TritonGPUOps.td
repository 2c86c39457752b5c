#ifndef NEREID_DIALECT_TRITONGPU_IR_TRITONGPUOPS_TD
#define NEREID_DIALECT_TRITONGPU_IR_TRITONGPUOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUTypes.td"

/// The shared memory that memory effects of the local_* ops act on.
def TTG_SharedMemory : Resource<"::mlir::nereid::ttg::SharedMemory">;
/// A `!tt.ptr` (the tt dialect's ops are not included here).
def TTG_PointerOfTT : Type<CPred<"::mlir::isa<::mlir::nereid::tt::PointerType>($_self)">,
                           "pointer">;
/// The caches, whose state ttg.prefetch changes.
def TTG_CacheState : Resource<"::mlir::nereid::ttg::CacheState">;

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic, traits>;

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [Pure]> {
  let summary = "the same tensor in another layout";
  let description = [{
    ```
    %1 = ttg.convert_layout %0 : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #blocked1>
    ```
    Moves the elements of a tensor to the hardware indices that the result's encoding assigns
    them. The shape and element type stay; the encodings may be any. What the conversion costs
    (register renaming, lane shuffles, or a round trip through memory) follows from the two
    LinearLayouts (classifyLayoutConversion).
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TTG_PrefetchOp : TTG_Op<"prefetch", [MemoryEffects<[MemWrite<TTG_CacheState>]>]> {
  let summary = "a hint that the memory a tile of pointers points at will be read soon";
  let description = [{
    ```
    ttg.prefetch %ptrs : tensor<32x!tt.ptr<f32>, #blocked>
    ```
    Asks the hardware to bring the memory at `ptrs` closer (into the caches of a CPU), so that
    a later load of it waits less. It changes no value and never faults: pointers that point
    nowhere are allowed, and a target may prefetch only some of the elements (a CPU prefetches
    the first of each register chunk: a cache line holds several) or none. Passes make it: the
    frontend does not.
  }];
  let arguments = (ins RankedTensorOf<[TTG_PointerOfTT]>:$ptr);
  let assemblyFormat = "$ptr attr-dict `:` type($ptr)";
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def TTG_LocalAllocOp : TTG_Op<"local_alloc",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocates a buffer in shared memory, optionally holding a tensor";
  let description = [{
    ```
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, mutable>
    %tile = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared>
    ```
    Allocates a buffer of the result's shape and element type, and writes `src` into it when
    given (which must then have the buffer's shape and element type). A buffer without an
    initial value must be mutable. A mutable buffer lives until `ttg.local_dealloc`; an
    immutable one is a value (it has no memory effects, so that CSE and DCE treat it as
    one) until allocation assigns it memory.
  }];
  let arguments = (ins Optional<AnyRankedTensor>:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure]> {
  let summary = "a view of one slice of a buffer along its leading dimension";
  let description = [{
    ```
    %row = ttg.memdesc_index %buf[%i] : !ttg.memdesc<8x64xf32, #shared, mutable> -> !ttg.memdesc<64xf32, #shared1, mutable>
    ```
    The slice `index` of `src` along its first dimension, a buffer of `src`'s other
    dimensions that shares its memory (so it has `src`'s element type and mutability). An
    index outside the first dimension is undefined behaviour.
  }];
  let arguments = (ins TTG_MemDescType:$src, I32:$index);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat =
      "$src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TTG_MemDescReshapeOp : TTG_Op<"memdesc_reshape", [Pure]> {
  let summary = "a view of a buffer with another shape";
  let description = [{
    ```
    %rows = ttg.memdesc_reshape %buf : !ttg.memdesc<256xf32, #shared, mutable> -> !ttg.memdesc<8x32xf32, #shared1, mutable>
    ```
    The same memory as `src`, its elements in the same row-major order, seen with the
    result's shape (of as many elements, the same element type and mutability).
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat =
      "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TTG_LocalLoadOp : TTG_Op<"local_load"> {
  let summary = "reads a shared-memory buffer into a tensor";
  let description = [{
    ```
    %x = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #shared, mutable> -> tensor<64x64xf16, #blocked>
    ```
    The result has the buffer's shape and element type, in any register layout.
  }];
  let arguments = (ins Arg<TTG_MemDescType, "the buffer", [MemRead<TTG_SharedMemory>]>:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($result)";
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store"> {
  let summary = "writes a tensor into a mutable shared-memory buffer";
  let description = [{
    ```
    ttg.local_store %x, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, mutable>
    ```
    `src` must have the buffer's shape and element type, and the buffer must be mutable.
  }];
  let arguments = (ins
    AnyRankedTensor:$src,
    Arg<TTG_MemDescType, "the buffer", [MemWrite<TTG_SharedMemory>]>:$dst
  );
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))";
  let hasVerifier = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc"> {
  let summary = "frees a shared-memory buffer";
  let description = [{
    ```
    ttg.local_dealloc %buf : !ttg.memdesc<64x64xf16, #shared, mutable>
    ```
    The buffer must not be used afterwards.
  }];
  let arguments = (ins Arg<TTG_MemDescType, "the buffer", [MemFree<TTG_SharedMemory>]>:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

//===----------------------------------------------------------------------===//
// Asynchronous copies from global to shared memory
//===----------------------------------------------------------------------===//

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local"> {
  let summary = "starts copying the elements that a tensor of pointers addresses into a buffer";
  let description = [{
    ```
    ttg.async_copy_global_to_local %ptrs, %buf mask %m : tensor<128x64xi1, #blocked>
        : tensor<128x64x!tt.ptr<f16>, #blocked> -> !ttg.memdesc<128x64xf16, #shared, mutable>
    ```
    Starts writing into the mutable buffer `dst` the elements that `ptrs` (of its shape) point
    at, and zeros where `mask` is false, without waiting for them: the executing thread
    copies the elements its layout gives it. They are in the buffer once an
    `ttg.async_wait` has seen the copy's group finish (`ttg.async_commit_group` closes a
    group), for the thread that waited; other threads see them after a barrier that follows
    that wait.
  }];
  let arguments = (ins
    Arg<RankedTensorOf<[TTG_PointerOfTT]>, "the elements", [MemRead]>:$ptr,
    Arg<TTG_MemDescType, "the buffer", [MemWrite<TTG_SharedMemory>]>:$dst,
    Optional<RankedTensorOf<[I1]>>:$mask
  );
  let assemblyFormat = [{
    $ptr `,` $dst (`mask` $mask^ `:` type($mask))? attr-dict `:` type($ptr) `->`
    qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group",
    [MemoryEffects<[MemWrite<TTG_SharedMemory>]>]> {
  let summary = "closes the group of the executing thread's asynchronous copies";
  let description = [{
    The copies that the thread started since its last `ttg.async_commit_group` form one group,
    which `ttg.async_wait` counts.
  }];
  let assemblyFormat = "attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait",
    [MemoryEffects<[MemRead<TTG_SharedMemory>, MemWrite<TTG_SharedMemory>]>]> {
  let summary = "waits until at most `num` groups of asynchronous copies are still running";
  let description = [{
    ```
    ttg.async_wait {num = 1 : i32}
    ```
    Waits until at most `num` of the executing thread's committed groups, the latest ones,
    are still running: the copies of the others are in their buffers.
  }];
  let arguments = (ins I32Attr:$num);
  let assemblyFormat = "attr-dict";
}

#endif // NEREID_DIALECT_TRITONGPU_IR_TRITONGPUOPS_TD
