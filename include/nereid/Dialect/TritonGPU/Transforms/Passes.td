#ifndef NEREID_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
#define NEREID_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TestPrintLinearLayoutPass : Pass<"test-print-linear-layout"> {
  let summary = "Emits a remark with the LinearLayout of every result that has a ttg encoding.";
  let description = [{
    A test aid for the conversion of encodings to LinearLayout. Input: any IR. For every op
    result that is a ranked tensor with a distributed encoding (blocked, slice, dot_op, a
    backend's tensor-core layout) or a !ttg.memdesc (whose shared encoding maps offsets to elements),
    it emits a remark at the op: "linear layout of <shape>:" followed by
    LinearLayout::toString() of the encoding for that shape. The IR is left unchanged.
  }];
}

def CoalescePass : Pass<"ttg-coalesce", "ModuleOp"> {
  let summary = "Gives each load, store and atomic the layout of its widest contiguous access.";
  let description = [{
    Input: ttg IR (after convert-tt-to-ttg), whose module names its target in `ttg.target`.
    For each tt.load, tt.store, tt.atomic_rmw and tt.atomic_cas on a tensor of pointers, the
    AxisInfo of the pointer gives the dimension along which addresses are contiguous longest:
    that dimension becomes the fastest of the layout (its `order` starts there, so a
    transposed load gets order [0, 1]). Along it, one access moves
    min(contiguity, alignment, vector width / element width) elements, the alignment coming
    from the pointer's divisibility. On a GPU those elements are one thread's registers
    (sizePerThread), and the threads of the warp follow along the same dimension. On a CPU,
    where a vector access spans SIMD lanes, they are the lanes (threadsPerWarp), one element
    each, and alignment does not limit them: unaligned vector loads and stores cost the same
    there. Pointers with no contiguity get the target's full lanes (a gather).

    Output: the memory op in that layout, with ttg.convert_layout on its tensor operands and
    back to the original layout on its result. ttg-remove-layout-conversions removes the
    conversions that are cheap to avoid.
  }];
  let dependentDialects = ["::mlir::nereid::ttg::TritonGPUDialect"];
}

def RemoveLayoutConversionsPass : Pass<"ttg-remove-layout-conversions", "ModuleOp"> {
  let summary = "Removes the layout conversions that cheap recomputation or folding avoids.";
  let description = [{
    Input: ttg IR. Output: the same computation with fewer ttg.convert_layout ops. It
    - folds a conversion of a conversion into one, and removes a conversion to the same type;
    - rematerializes constants, splats and make_range in the layout they are converted to;
    - rematerializes, in the converted-to layout, the whole backward slice of a conversion
      when that slice consists of elementwise ops, addptr, broadcast and expand_dims that end
      in constants, splats, make_range or other conversions. This carries the layout of a
      load or store that ttg-coalesce chose through the elementwise ops around it, so that
      the conversions it introduced disappear. Loads, reductions, dots, loop-carried values
      and function arguments stop the walk, and so does a layout that does not fit a value on
      the module's target (on a CPU, more lanes than one vector of its elements); the
      conversion then stays;
    - gives a tensor carried around an scf.for the layout that all its users in the loop
      convert it to: the initial value is converted before the loop and the yielded value at
      the end of the body, where recomputation often removes the conversion (a pointer
      advanced by a constant step). Where no user converts it, the layout that the
      elementwise computation of its yielded value converts values from (an accumulator of
      loaded values, `acc += f(convert(load))`; a dot's accumulator scaled before the dot),
      when that computation and every user of the argument can be recomputed in it; the
      loop's result is then converted once after it;
    - moves a conversion out of a tensor-core accumulator layout (or a slice of one) past the
      elementwise ops, broadcasts and expand_dims that use it, when their other operands can
      be recomputed there (an expand_dims' operand that cannot is converted instead: one
      dimension fewer) and their results are no wider, and into the buffer of a local_alloc
      that stores it: what follows a dot is computed in its layout (attention's softmax);
    - reduces in the layout that a reduction's operands are converted from, where the
      reduction is the conversions' only user or that layout is a tensor-core one: the
      conversion goes (a reduction to scalars) or moves to the smaller reduced tensor.
    Ops left without uses are erased.
  }];
  let dependentDialects = ["::mlir::nereid::ttg::TritonGPUDialect"];
}

def PrefetchLoopLoadsPass : Pass<"ttg-prefetch-loop-loads", "ModuleOp"> {
  let summary = "Issues a loop's tile loads one iteration ahead, into registers the loop carries";
  let description = [{
    Input: ttg IR for a GPU. In an scf.for that writes no memory (no store, atomic or call in
    it), each tensor tt.load directly in its body that is not volatile, and whose operands are
    computed by pure ops from the induction variable, iter args and values defined above the
    loop, where the values the loop yields for those iter args are computed the same way (the
    tutorial matmul's `a_ptrs += BLOCK_K * stride_ak`), is issued for the next iteration at
    the top of the body, and for the first iteration before the loop, each with its mask also
    requiring that the iteration exists. A new iter arg carries the tile to the iteration
    that uses it, in place of the load. The next tiles then travel from global memory while
    the current ones are computed on: a two-stage software pipeline through registers.
    The tiles of dots' operands go through shared memory instead, `num_stages` stages deep
    (ttg-pipeline-async-copies; docs/nvidia.md): this pass takes the loops without them.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def PipelineAsyncCopiesPass : Pass<"ttg-pipeline-async-copies", "ModuleOp"> {
  let summary = "Copies the tiles that a loop's dots read from shared memory there "
                "asynchronously, num_stages - 1 iterations ahead";
  let description = [{
    Input: ttg IR for a GPU whose target has asynchronous copies (cp.async from sm_80), after
    the dots' operands were given buffers (a `ttg.local_alloc` of the loaded tile). In an
    scf.for that writes no memory, each tensor tt.load directly in its body whose one use is a
    local_alloc there, which is not volatile, whose masked-off value is zero (or absent), and
    which ttg-prefetch-loop-loads could issue for another iteration (its address computed by
    pure ops from the induction variable, iter args and values above the loop), is replaced by
    asynchronous copies through a buffer of `num-stages` slices of the local_alloc's type:
    - before the loop, after a barrier (the bytes may have held another op's scratch, which
      other threads may still read), iterations 0 .. num_stages - 2 start copying their tiles
      into slices 0 .. num_stages - 2 (`ttg.async_copy_global_to_local`, one
      `ttg.async_commit_group` per iteration), each masked by the load's mask and by whether
      the iteration exists;
    - the iter args that the addresses advance (the tutorial matmul's `a_ptrs`) then hold
      their values num_stages - 1 iterations ahead; so this is done only where they serve
      nothing else and the loop's results for them are unused;
    - iteration i waits for its copies (`ttg.async_wait {num = num_stages - 2}`) and a
      barrier, and its dots read slice i % num_stages (`ttg.memdesc_index`, the loop carrying
      the index); at its end, after a barrier (every thread is done with the slice that
      iteration i - 1 read), it starts the copies of iteration i + num_stages - 1 into that
      slice;
    - after the loop, `ttg.async_wait {num = 0}`.
    The tiles of the next num_stages - 1 iterations travel from global memory while the
    current one is computed on, without passing through registers. Where the loop's buffers
    of `num-stages` slices, with the function's other buffers, would need more than
    `shared-bytes` (a program's shared memory; 0: no bound), they get as many slices as fit,
    and the loop none below two. Other loops are left as they are; nothing happens below
    num-stages 2.
  }];
  let options = [
    Option<"numStages", "num-stages", "int64_t", "3",
           "the slices of each buffer: tiles are copied num-stages - 1 iterations ahead">,
    Option<"sharedBytes", "shared-bytes", "int64_t", "0",
           "the shared memory that a program may have (0: no bound)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect"];
}

def StageDotOperandsInSharedPass : Pass<"ttg-stage-dot-operands-in-shared", "ModuleOp"> {
  let summary = "Moves a tensor-core dot's operands into their layouts through swizzled buffers "
                "in shared memory";
  let description = [{
    Input: ttg IR for a GPU, after ttg-remove-layout-conversions. Each ttg.convert_layout from
    a blocked or slice layout to a `#ttg.dot_op` layout whose parent is a tensor-core layout
    becomes a ttg.local_alloc of its source, into an immutable buffer of
    `#ttg.swizzled_shared` layout, and a ttg.local_load of that buffer in the operand's layout.
    The buffer keeps the source's fastest dimension (its blocked order) contiguous, so that
    each thread writes the elements it holds there as one vector; groups of 16 bytes along it
    (`vec`) are XORed with the index of their row's 128-byte line (`perPhase` rows to a line)
    among up to eight (`maxPhase`, at most the groups of a row), so that the rows of a
    fragment, which the lanes of a warp read at the same columns, fall in different banks.
    The lowering (populateSharedMemoryOpToLLVMPatterns) reads and writes the buffer in the
    widest vectors that both layouts allow.
  }];
  let dependentDialects = ["::mlir::nereid::ttg::TritonGPUDialect"];
}

def OrderGlobalMemoryPass : Pass<"ttg-order-global-memory", "ModuleOp"> {
  let summary = "Puts a barrier between a program's global accesses that its threads could "
                "otherwise make out of order";
  let description = [{
    Input: ttg IR for a GPU, before its control flow is lowered. In the language, a program's
    loads, stores and atomics happen in program order (docs/semantics.md): a load sees the
    whole of an earlier store, wherever its elements went. On a GPU the elements of a tile
    are spread over the threads of the program, which run ahead of one another, so an
    element that one thread stores and another loads afterwards, or loads and another stores
    afterwards, needs a barrier between the two (upstream Triton leaves this to
    `tl.debug_barrier`).

    The pass walks each function in program order with the global accesses made since the
    last barrier: before an op that reads global memory, if any of them wrote, and before an
    op that writes it, if any of them read or wrote, it inserts `gpu.barrier`, which orders
    the memory accesses of all the program's threads. Reads and writes are the ops' memory
    effects on tt's global memory (tt.print and tt.assert aside); a call reads and writes.
    Two accesses through the same tensor of pointers need no barrier: each element is the
    same thread's in both. A loop's body starts with what the accesses before the loop and
    those at the end of the body leave pending, and the branches of an `scf.if` join.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // NEREID_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
