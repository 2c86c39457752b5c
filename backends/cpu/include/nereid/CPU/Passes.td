#ifndef NEREID_CPU_PASSES_TD
#define NEREID_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def CpuAccumulateDotsInMemoryPass : Pass<"cpu-accumulate-dots-in-memory", "ModuleOp"> {
  let summary = "Keeps the accumulator that a loop carries between dots in local memory";
  let description = [{
    Input: ttg IR with CPU layouts.

    A matmul's K loop carries its accumulator tile from one tt.dot to the next. As a loop
    value on the CPU, that tile (64 x 64 f32: 512 AVX2 registers) is spilled by LLVM, copied
    into the dot's stack buffer, and read back out of it into the value the loop carries, in
    every iteration. When an scf.for argument's only user is the accumulator operand of a
    tt.dot in the loop's body, and that dot's only user is the yield of the same argument,
    this pass allocates a mutable `ttg.local_alloc` buffer with the initial value before the
    loop, reads it with `ttg.local_load` for the dot and writes the dot's result back with
    `ttg.local_store`, and reads it once after the loop; the loop no longer carries the tile.
    cpu-convert-to-vector recognizes a dot between a local_load and a local_store of one
    buffer and accumulates in that buffer in place.

    A dot that no loop carries and whose result has more than 64 x 64 elements gets a buffer
    the same way, and its users read the buffer: built in registers, such a result was
    stored, spilled and reloaded a chunk at a time in one basic block (4,115 instructions at
    128 x 128), on which LLVM's schedulers took quadratic time; from the buffer, a store of
    it is a loop over rows (cpu-store-tiles-by-rows).
  }];
  let dependentDialects = ["mlir::nereid::ttg::TritonGPUDialect"];
}

def CpuLoadDotOperandsByRowsPass : Pass<"cpu-load-dot-operands-by-rows", "ModuleOp"> {
  let summary = "Loads a dot's operand tiles row by row into local-memory buffers";
  let description = [{
    Input: ttg IR with CPU layouts.

    cpu-convert-to-vector unrolls the load of a dot's 64 x 32 operand tile into one access
    per register chunk, each with its own pointer and mask values; in a matmul's K loop those
    are hundreds of values that live across the loop, which LLVM spills and takes tens of
    seconds to allocate registers for, and the dot then copies the loaded tile into its stack
    buffer. When an operand of a 2-D tt.dot is a tt.load of a 2-D tile that nothing else uses
    (through layout conversions; in the dot's block or one around it), and the rows of its
    pointer, mask and other tiles can be computed from the ops that made them (splats, splat
    constants, make_range, expand_dims, broadcasts, layout conversions and cheap elementwise
    ops: a row of `x[:, None] + y[None, :]` is `splat(x[row]) + y`), this pass replaces the
    load with an scf.for over the tile's rows at the load's place. Each iteration loads one
    row, extends it to the accumulator's element type, rounds it to tf32 when the dot's
    inputPrecision is tf32 on f32 operands, and writes it to its row of a `ttg.local_alloc`
    buffer; the dot reads the buffer with `ttg.local_load`. A column whose elements cost a
    division is written once to an immutable buffer and read per row; when a loop advances
    the pointer tile by a scalar offset, each row is prefetched for the next iteration
    (`ttg.prefetch`). The dot's other operand, when it is not such a load, is extended (and
    rounded) as a whole tile, so that a tf32 dot becomes `ieee` on rounded operands (the same
    values, docs/semantics.md). The dot's lowering reads such buffers in place.

    An operand of more than 64 x 64 numbers that ops compute (neither a load nor a buffer's
    `ttg.local_load`), whose rows can be computed the same way (a buffer's rows too, as
    cpu-compute-costly-tiles-by-rows leaves flash attention's probabilities, rounded to f16
    for the second dot), is computed by such a loop into such a buffer, placed right after
    the tile is made.

    A tile whose pointers AxisInfo proves consecutive down its columns and not along its rows
    (a column-major B, as `a @ b.T` reads torch's linear weights) is loaded by columns
    instead: the loop runs over its columns, loads each as a contiguous vector, and writes it
    to a row of a buffer of the tile transposed; the dot reads `tt.trans` of a `local_load`
    of that buffer, which its lowering copies transposed in register blocks.

    B's buffer (loaded by rows) is laid out in panels (`#ttg.panel_shared`) of the columns
    of one block of the dot's micro-kernel (64 with AVX-512, 16 with AVX2) when it is wider
    than one and they divide it: the micro-kernel then reads each block's rows consecutively,
    where a row-major buffer puts them a whole row apart.

    With `bf16-dot-pairs`, a dot that the lowering multiplies a pair of K at a time with
    AVX-512 BF16's `vdpbf16ps` (bf16 operands, an f32 accumulator; see the option of
    cpu-convert-to-vector) keeps its operands bf16: its buffers hold them unextended.
  }];
  let options = [
    Option<"bf16DotPairs", "bf16-dot-pairs", "bool", /*default=*/"false",
           "bf16 dots multiply pairs of K with vdpbf16ps (the target has AVX-512 BF16)">,
  ];
  let dependentDialects = ["mlir::nereid::ttg::TritonGPUDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

def CpuTransposeTilesInMemoryPass : Pass<"cpu-transpose-tiles-in-memory", "ModuleOp"> {
  let summary = "Transposes large 2-D tiles through local-memory buffers";
  let description = [{
    Input: ttg IR with CPU layouts, after cpu-load-dot-operands-by-rows.

    In registers, cpu-convert-to-vector transposes a tile element by element: a 64 x 64
    f32 transpose took 3 s to compile, 128 x 128 23 s, 256 x 256 more than 150 s. For each
    2-D tt.trans of more than 16 x 16 numbers that no tt.dot uses (the dot lowering
    transposes its operands itself), this pass writes the source to a buffer and replaces
    the transpose with a `ttg.local_load` of a buffer of the result, which is a
    `ttg.local_alloc` of `tt.trans` of a `ttg.local_load` of the source's buffer:
    cpu-convert-to-vector copies such a buffer transposed by loops over register blocks
    (16 x 16 with AVX-512, 8 x 8 with AVX2), and computes nothing for the tt.trans. When the
    source is a tt.load that nothing else uses and whose rows can be computed (as for
    cpu-load-dot-operands-by-rows), its buffer is filled by a loop over its rows; when
    AxisInfo proves its pointers consecutive down the columns, by a loop over its columns
    into a buffer that is the result already. Then cpu-store-tiles-by-rows can store the
    result row by row from its buffer, so that a load, a transpose and a store are three
    loops whose code does not grow with the tile.
  }];
  let dependentDialects = ["mlir::nereid::ttg::TritonGPUDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

def CpuScanTilesInMemoryPass : Pass<"cpu-scan-tiles-in-memory", "ModuleOp"> {
  let summary = "Scans large tiles by a loop over the slices along their axis";
  let description = [{
    Input: ttg IR with CPU layouts, after cpu-transpose-tiles-in-memory.

    cpu-convert-to-vector unrolls a tt.scan a step at a time, each step a slice across the
    other dimension (a column of a scan along the rows, gathered element by element): a
    64 x 64 f32 cumsum along the rows took 10 s to compile, 128 x 128 more than 60 s, and a
    1-D scan of 1024 elements is 1024 unrolled steps. For each 1-D or 2-D tt.scan of more
    than 16 x 16 numbers whose combiner is elementwise arith and math, this pass puts each
    source in a buffer whose rows are its slices along the axis (a 1-D tile as a column;
    a 2-D tile along its rows transposed, a register block at a time, as
    cpu-transpose-tiles-in-memory does; a source that is a tt.load filled by a loop over
    its rows), and scans with an `scf.for` over the positions along the axis: each step loads
    a slice (`ttg.memdesc_index`, `ttg.local_load`), combines it with the one before (the
    combiner rebuilt on 1-D tiles of the slice; the loop carries it) and stores it into a
    result buffer of the same form, which is read (and transposed back) as the result.
    The steps run in the order of the axis, as in the interpreter; the slices are 1-D tiles
    that cpu-strip-mine-tiles cuts into strips when they are long, and a result that is
    stored is stored by rows (cpu-store-tiles-by-rows), so that the code does not grow
    with the tile.
  }];
  let dependentDialects = ["mlir::nereid::ttg::TritonGPUDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

def CpuStoreTilesByRowsPass : Pass<"cpu-store-tiles-by-rows", "ModuleOp"> {
  let summary = "Stores 2-D tiles row by row";
  let description = [{
    Input: ttg IR with CPU layouts.

    cpu-convert-to-vector unrolls the store of a 2-D tile into one access per register
    chunk: a matmul's epilogue, which stores the accumulator buffer of a 128 x 128 block, is
    2048 masked stores with their pointers and masks, and most of the kernel's compilation.
    When the rows of a tt.store's pointer, value and mask tiles can be computed from the ops
    that made them (those cpu-load-dot-operands-by-rows computes rows of, and a
    `ttg.local_load` of a 2-D buffer that nothing may write between it and the store, read a
    row at a time), this pass replaces the store with an scf.for over the tile's rows at its
    place, which stores one row per iteration; the ops that only fed the store go.
  }];
  let dependentDialects = ["mlir::nereid::ttg::TritonGPUDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

def CpuVersionLoopsOnContiguousOffsetsPass
    : Pass<"cpu-version-loops-on-contiguous-offsets", "ModuleOp"> {
  let summary = "Runs a loop over rows whose offsets turn out consecutive with vector accesses";
  let description = [{
    Input: ttg IR with CPU layouts, after cpu-load-dot-operands-by-rows and
    cpu-store-tiles-by-rows.

    The tutorial matmul wraps its columns around, `offs_bn = (pid_n * BLOCK_SIZE_N +
    tl.arange(0, BLOCK_SIZE_N)) % N`, so AxisInfo cannot prove that a row of B is contiguous:
    each register chunk of each row becomes a gather that tests at run time whether its
    pointers are consecutive (cpu-branch-on-contiguous-pointers), and the row loop that
    loads B spends most of its instructions on those tests. Yet the row's offsets are the same
    tile in every iteration, `splat(row * stride_bk) + offs_bn * stride_bn`. For every scf.for
    without results or nested regions (the row loops of the passes above) that loads, stores
    or prefetches a 1-D pointer tile adding one loop-invariant tile of i32 or i64 offsets to
    splats, where AxisInfo does not prove those offsets consecutive, this pass computes them
    before the loop and tests once whether `offsets - range` holds one value (its minimum
    equals its maximum; `range` is `tt.make_range`), and runs the loop in an scf.if: a copy
    in which the offsets are `splat(minimum) + range`, whose accesses AxisInfo then proves
    contiguous, or the loop as it was. The consecutive form equals the offsets element for
    element, wrap-around included, so both branches access the same addresses.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def CpuReduceLoopAccumulatorsPass : Pass<"cpu-reduce-loop-accumulators", "ModuleOp"> {
  let summary = "Reduces in each iteration a tile that a loop accumulates and then reduces";
  let description = [{
    Input: ttg IR with CPU layouts.

    Triton kernels sum long rows in blocks by accumulating a tile elementwise and reducing it
    once after the loop (layer norm's `_mean += a` then `tl.sum(_mean, axis=0)`). On a GPU the
    tile is spread over threads; on a CPU it is a 16 KiB buffer written and read in every
    iteration. For each scf.for argument whose only use is one elementwise op of the body,
    combining it with another tile and yielded, and whose loop result is used only by a
    `tt.reduce` with a standard combiner that is the same op (same attributes too), this pass
    makes the loop carry the reduced value instead: each iteration reduces its tile with a
    copy of the `tt.reduce` and combines the result with the carried one by the op. The initial
    value is reduced before the loop; a splat that the combiner keeps (zeros for a sum, any
    value for min and max) becomes a constant. The combiner is associative and commutative:
    integers and min and max give the same values; float sums and products are reassociated,
    within the reduction tolerance, as every standard reduction is on the CPU.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def CpuComputeCostlyTilesByRowsPass : Pass<"cpu-compute-costly-tiles-by-rows", "ModuleOp"> {
  let summary = "Computes large 2-D tiles of transcendental functions and divisions by rows";
  let description = [{
    Input: ttg IR with CPU layouts, after cpu-accumulate-dots-in-memory.

    cpu-convert-to-vector unrolls an elementwise op on a tile a register chunk at a time: the
    exp2 of a 128 x 64 block of flash attention's scores is 1,024 copies of the exponential's
    polynomial in one basic block, on which LLVM's time grows faster than the code. For each
    op that isCostlyToRecompute (a transcendental function, a division) and computes a 2-D
    tile of more than 64 x 64 numbers, this pass computes the rows of its operands in a loop
    over the rows, placed before it (as cpu-store-tiles-by-rows computes them: loads a row at
    a time, a buffer's rows, a column's element), applies the op to them and writes each row
    into a buffer of the tile's shape; the tile is a `ttg.local_load` of the buffer, whose
    rows later passes read. An op whose operands' rows cannot be computed stays. Flash
    attention's 64 x 64 blocks stay whole.
  }];
  let dependentDialects = ["mlir::nereid::ttg::TritonGPUDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

def CpuReduceTilesByRowsPass : Pass<"cpu-reduce-tiles-by-rows", "ModuleOp"> {
  let summary = "Reduces large 2-D tiles by a loop over their rows";
  let description = [{
    Input: ttg IR with CPU layouts, after cpu-reduce-loop-accumulators.

    cpu-convert-to-vector unrolls a tt.reduce a register chunk at a time, and LLVM's time
    on that straight-line code grows faster than the code: a row sum of 256 x 256 f32 took
    8 s to compile. For each 2-D tt.reduce whose combiner is elementwise arith and math, of
    more than 64 x 64 numbers (32 x 32 where the combiner is not one standard op of one value,
    as argmax's is), this pass computes the rows of its sources in a loop (as
    cpu-store-tiles-by-rows does: a source that is a load is loaded a row at a time; one
    whose rows cannot be computed is put in a buffer, `ttg.local_alloc`, and read a row at a
    time). Along the rows (axis 1), each iteration reduces its row with the same combiner
    (a 1-D tt.reduce) and writes the result into a buffer of one element per row, which is
    read as the result. Down the columns (axis 0), a loop from the second row carries the
    result, starting from the first row, and combines each row with it (the combiner rebuilt
    on 1-D tiles): the rows are combined in order, as the interpreter does. The rows are 1-D
    tiles, which cpu-strip-mine-tiles cuts into strips when they are long, so that the
    code does not grow with the rows. Flash attention's 64 x 64 blocks stay whole.
  }];
  let dependentDialects = ["mlir::nereid::ttg::TritonGPUDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

def CpuCarryLoopTilesInMemoryPass : Pass<"cpu-carry-loop-tiles-in-memory", "ModuleOp"> {
  let summary = "Keeps the long 1-D tiles that loops carry in local memory";
  let description = [{
    Input: ttg IR with CPU layouts.

    A loop that accumulates a long 1-D tile (layer norm's `_mean += a` over a row of 4096
    elements: 512 AVX2 registers) carries it as a loop value, which LLVM spills in every
    iteration, and cpu-strip-mine-tiles leaves a block that carries tiles as it is. For
    every scf.for argument that is a 1-D tile long enough to strip-mine (at least four strips
    of four register chunks), of numbers, this pass allocates a mutable `ttg.local_alloc`
    buffer, reads it with `ttg.local_load` at the start of the body and writes the yielded
    value back at its end (`ttg.local_store`), and reads it once after the loop; the loop no
    longer carries the tile. The first iteration is peeled into an scf.if on whether the loop
    runs: it computes the body on the initial values and writes the yielded tiles into the
    buffers (the initial values when the loop does not run), so that a buffer needs no
    initial write of its own (layer norm's `tl.zeros` was a 16 KiB memset per row); the other
    arguments come out of the scf.if, and the loop starts one step later. The loads and stores
    of the buffers are whole-tile, so the strip-miner computes them strip by strip with the
    body's other ops.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the ttg.target of the CPU, whose vector registers set the strip length; " #
           "by default the module's">,
  ];
  let dependentDialects = ["mlir::nereid::ttg::TritonGPUDialect"];
}

def CpuPredicateTileBranchesPass : Pass<"cpu-predicate-tile-branches", "ModuleOp"> {
  let summary = "Computes the long 1-D tiles of an scf.if's branches before it, under masks";
  let description = [{
    Input: ttg IR with CPU layouts, device functions inlined.

    cpu-strip-mine-tiles leaves a block whose tiles an scf.if yields or its branches use:
    upstream's layer-norm backward (`_layer_norm_bwd_dx_fused`) adds the gradients it loads to
    the ones it computed, or not, in an scf.if after a spin lock, and its 8192-element tiles
    then stayed unrolled, megabytes of vector code that took minutes to compile. This pass
    rewrites an scf.if whose block has only 1-D tiles of one length that the strip-miner
    computes in strips, when each branch's tile ops are elementwise ops, loads, stores,
    make_range and splat constants (no local memory accesses, atomics or reductions):
    - the branches' scalar ops stay in an scf.if of the scalar results;
    - after it, each branch's tile ops run whether or not the branch is taken, with the pure
      scalar ops they use; their loads and stores are masked by the branch's condition (`c`,
      or `c xor true`), so memory sees what the branch would do and nothing else;
    - each tile result selects the taken branch's tile.
    A branch whose tile op uses a scalar that an op with effects makes, or whose scalar ops
    with effects follow one of its tile loads or stores, is left as it is, as are scf.ifs of
    other blocks. Inner scf.ifs are rewritten before the ones around them.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the ttg.target of the CPU, whose vector registers set the strip length; " #
           "by default the module's">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def CpuStripMineTilesPass : Pass<"cpu-strip-mine-tiles", "ModuleOp"> {
  let summary = "Computes long 1-D tiles in loops over strips of a few registers";
  let description = [{
    Input: ttg IR with CPU layouts, device functions inlined.

    cpu-convert-to-vector unrolls a tile op into one vector op per register-sized chunk, so
    a block over tiles of 4096 elements becomes hundreds of kilobytes of straight-line code
    that streams through the instruction cache and spills. This pass rewrites a block whose
    tiles are all 1-D of one length, at least four strips long, into scf.for loops over strips
    of four chunks: make_range becomes the strip's range plus the loop's offset, and every
    elementwise op, load and store, and every whole-tile ttg.local_load and local_store of a
    1-D buffer (cpu-carry-loop-tiles-in-memory makes them), is applied to the strip. A tile
    made outside the block by cheap ops that read no memory (splat constants, make_range,
    splats and elementwise ops of them: a loop-invariant `offsets < n` mask) is computed again
    per strip.

    A reduction splits the block into phases, one loop each: a phase carries a vector
    accumulator of one strip per reduction, initialized with the combiner's neutral element and
    reduced once after its loop, and the ops that use the result run in later phases. A tile
    that a later phase uses is recomputed there from its operands, or kept: its phase writes
    it strip by strip into a local-memory buffer of the tile's shape (ttg.local_alloc; each
    strip is a row of the buffer seen as rows of one strip, ttg.memdesc_reshape and
    ttg.memdesc_index) and the later phases read it back. A tile is kept when recomputing it
    costs a transcendental function or a division (softmax's exponentials), or when it is a
    load that a write may come before; the buffers of a block take at most 256 KiB of the
    stack, and a load that must be kept beyond that leaves the block as it is. A load that
    follows a store of the same block starts a new phase, so that it sees the whole store, as
    in the interpreter. Reductions are strip-mined only for standard combiners (sum, product,
    min, max, bitwise), whose order the CPU backend already does not keep.

    Blocks with tiles of other shapes, tile block arguments, tiles used inside regions, or ops
    other than elementwise ones, splat, make_range, splat constants, loads, stores,
    convert_layout, local loads and stores and such reductions are left as they are.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the ttg.target of the CPU, whose vector registers set the chunk width; " #
           "by default the module's">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect",
                           "mlir::nereid::ttg::TritonGPUDialect"];
}

def CpuRebaseLoopPointersPass : Pass<"cpu-rebase-loop-pointers", "ModuleOp"> {
  let summary = "Carries a pointer tile that a loop advances uniformly as a scalar offset";
  let description = [{
    Input: ttg IR with CPU layouts.

    Triton kernels advance their pointer tiles in the loop over K (`a_ptrs += BLOCK_K *
    stride_ak`), so the loop carries a tile of pointers: on the CPU one 64-bit lane per
    element, which costs a vector add per chunk every iteration and, being a loop argument,
    cannot be reduced to the few pointers that the loads really use. When an scf.for yields
    `tt.addptr %tile, %step` of its own tile argument and `%step` holds one value in every
    element (a splat or a splat constant), this pass makes the loop carry that scalar sum
    instead, as an i64 from 0: the body and the code after the loop see the initial tile plus
    a splat of it. The tile itself is then loop-invariant, and a contiguous load needs one
    scalar address per row (cpu-scalarize-lane-extracts).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def CpuScalarizeLaneExtractsPass : Pass<"cpu-scalarize-lane-extracts", "ModuleOp"> {
  let summary = "Computes one lane taken from a vector computation on scalars";
  let description = [{
    A contiguous load or store of a chunk uses only the first lane of its chunk of pointers.
    This pass moves such vector.extract of one lane up through the vector ops that computed
    it: through llvm.getelementptr (always), through integer arithmetic on broadcasts and
    constants (always: `splat(i) + range`, whose vector a bounds check's slow path also reads),
    through other elementwise ops with no other user, and through broadcasts (MLIR's vector
    sink patterns), so that the address becomes a scalar computation and the vector lanes no
    one reads are dead.
  }];
  let dependentDialects = ["mlir::vector::VectorDialect", "mlir::LLVM::LLVMDialect"];
}

def CpuVersionLoopsOnMasksPass : Pass<"cpu-version-loops-on-masks", "ModuleOp"> {
  let summary = "Runs the iterations of a loop whose masks are all true without them";
  let description = [{
    Input: ttg IR with CPU layouts, after cpu-strip-mine-tiles.

    A mask `offsets < n` with `offsets` a make_range plus splats of scalars (the strip's range
    and offset, a loop's `off + tl.arange(0, BLOCK)`) is all true in every iteration of a loop
    over a row but the last. Tested chunk by chunk (cpu-branch-on-full-masks), it costs more
    instructions than a strip's arithmetic. For every scf.for whose body loads or stores under
    such masks, with the scalars and `n` known at the start of an iteration (the induction
    variable, or values from outside the loop), this pass tests once per iteration, on
    scalars, that every element of each of them is true, and runs the iteration in an scf.if:
    a copy of the body with those masks all true, or the body as it was. The test is exact
    under Triton's i32 wrap-around: in i64, the range's first element is at least INT32_MIN
    and its last below `n`, so the wrapped sums equal the exact ones. Other masks (`<=`,
    unsigned, i64, ands of masks) are left to the chunk-wise test.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def CpuStreamLargeStoresPass : Pass<"cpu-stream-large-stores", "ModuleOp"> {
  let summary = "Makes the stores of launches larger than the cache non-temporal";
  let description = [{
    Input: ttg IR with CPU layouts, after cpu-version-loops-on-masks.

    A kernel that writes more than the last-level cache holds in one launch (a vector add or a
    softmax over hundreds of megabytes) gains from stores that bypass the caches: an ordinary
    store first reads the line it writes, and the written lines evict the ones the kernel
    still reads. Whether a launch is that large is known only when it runs. For every
    tt.store of a tile with contiguous runs of at least 16 bytes that start 16-byte aligned
    (what x86's non-temporal vector stores need), the pass versions the innermost loop around
    the store (or the store itself) on an estimate, computed in f64 just before it, of the
    bytes the launch stores: the number of programs, times the trip counts of the loops around
    it (from their bounds at run time), times the bytes of the stores it holds (their tiles,
    times the constant trip counts of loops inside it; one known only at run time counts
    once). When that reaches `streaming-store-bytes`, a copy runs whose stores carry
    `nereid.nontemporal`; otherwise the code as it was runs. The store lowering makes the unmasked runs of marked stores
    non-temporal vector stores; masked ones stay as they were. The module gets
    `nereid.nontemporal_stores`, and cpu-add-launch-entries fences the stores of each
    thread once its programs are done. With `streaming-store-bytes` 0 the pass does nothing.
  }];
  let options = [
    Option<"streamingStoreBytes", "streaming-store-bytes", "int64_t", /*default=*/"0",
           "the bytes a launch must store for its stores to bypass the caches (0: never)">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect",
                           "mlir::math::MathDialect"];
}

def CpuLimitStackBuffersPass : Pass<"cpu-limit-stack-buffers", "ModuleOp"> {
  let summary = "Moves the largest tile buffers of a function to the heap";
  let description = [{
    Input: the vector code of cpu-convert-to-vector, whose tile buffers (a dot's operands
    and accumulator, local memory) are `memref.alloca`s of static shape at the entry of each
    function.

    A program runs on the stack of an OpenMP or oneTBB worker (4 to 8 MiB by default) or of
    the thread that launched it, and a block of large tiles would overflow it: a 2048 x 1024
    f32 accumulator alone is 8 MiB, and the program crashed with a segmentation fault. When a
    function's buffers at its entry take more than `max-stack-bytes`, this pass moves the
    largest of them to the heap, one at a time, until the rest fit: each becomes a
    `memref.alloc` (as aligned) at the same place, freed (`memref.dealloc`) before each of the
    function's returns. Smaller programs keep every buffer on the stack, as before.
  }];
  let options = [
    Option<"maxStackBytes", "max-stack-bytes", "int64_t", /*default=*/"1048576",
           "the bytes of tile buffers a function may keep on its stack">,
  ];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def CpuConvertToVectorPass : Pass<"cpu-convert-to-vector", "ModuleOp"> {
  let summary = "Lowers the tiles of a kernel with CPU layouts to MLIR vectors";
  let description = [{
    Input: tt/ttg IR whose device functions are inlined (no tt.call remains), with CPU layouts
    or none; layouts only guide access widths here, since one program runs on one core.

    Output: every kernel (public tt.func) becomes a private func.func `<name>_impl` marked
    `nereid.kernel = "<name>"`, whose parameters are the
    kernel's, then the program ids and grid sizes (6 x i32). Tiles become n-D `vector`s (pointer
    tiles vectors of `!llvm.ptr`), elementwise tt/arith/math ops act on vectors, loads and
    stores become LLVM masked vector loads and stores (contiguous rows, chosen with AxisInfo),
    gathers and scatters, or one scalar access and a splat for uniform pointers. Reductions,
    scans and dot become vector code. An op without a CPU lowering is an error naming it.

    Tiles wider than a vector register are computed in chunks of register width (the f32
    lanes of the target's vector registers), which cpu-schedule-chunks then interleaves.

    With `bf16-dot-pairs` (for a target with AVX-512 BF16), a dot of bf16 operands into an f32
    accumulator multiplies a pair of K at a time with `x86vector.avx512.dot` (`vdpbf16ps`),
    where its shape allows (an even K, rows in chunks of 4, 8 or 16 lanes).
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the ttg.target of the CPU, whose vector registers set the chunk width; " #
           "by default the module's">,
    Option<"bf16DotPairs", "bf16-dot-pairs", "bool", /*default=*/"false",
           "bf16 dots multiply pairs of K with vdpbf16ps (the target has AVX-512 BF16)">,
  ];
  let dependentDialects = ["mlir::x86vector::X86VectorDialect",
                           "mlir::vector::VectorDialect", "mlir::func::FuncDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::math::MathDialect",
                           "mlir::ub::UBDialect", "mlir::memref::MemRefDialect"];
}

def CpuSplitLoopTilesPass : Pass<"cpu-split-loop-tiles", "ModuleOp"> {
  let summary = "Carries the tiles of scf.for loops as register-sized chunks";
  let description = [{
    A tile carried around an scf.for (an accumulator) is one vector loop argument, which the
    chunked code of the body takes apart and puts back together every iteration; in LLVM that
    is a phi of thousands of lanes, rebuilt with shuffles of the whole width, which costs
    compile time and registers. This pass gives the loop one argument per register-sized chunk
    of such a tile instead (the chunks of cpu-convert-to-vector), so that after
    canonicalization the chunks flow through the loop with no reassembly.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the ttg.target of the CPU, whose vector registers set the chunk width; " #
           "by default the module's">,
  ];
  let dependentDialects = ["mlir::vector::VectorDialect", "mlir::scf::SCFDialect",
                           "mlir::ub::UBDialect"];
}

def CpuCheckBoundsPass : Pass<"cpu-check-bounds", "ModuleOp"> {
  let summary = "Makes each kernel take the extent of every pointer parameter's buffer";
  let description = [{
    Input: tt IR. The first step of a bounds-checked kernel (debug=True,
    NEREID_CPU_CHECK_BOUNDS=1; docs/cpu.md, Bounds-checked kernels).

    Each kernel (a public tt.func) gains one i64 parameter per pointer parameter, after its
    own and in their order, marked `tt.extent_of = i` with the pointer parameter's index: the
    bytes its buffer spans from the address the kernel is given. cpu-trace-access-bounds
    later finds the kernels so marked.
  }];
}

def CpuTraceAccessBoundsPass : Pass<"cpu-trace-access-bounds", "ModuleOp"> {
  let summary = "Records on each access of a bounds-checked kernel the buffer it must stay in";
  let description = [{
    Input: ttg IR with CPU layouts, as cpu-convert-to-vector takes it. Does nothing in
    kernels without extent parameters (cpu-check-bounds).

    Traces the pointers of every tt.load, tt.store, tt.atomic_rmw and tt.atomic_cas back to
    the pointer parameter they derive from, through tt.addptr, splats, broadcasts, reshapes,
    layout conversions, pointer bitcasts, selects and concatenations (both sides must agree),
    and the values scf.for and scf.if carry (the initial and the yielded value must agree), and
    records it as `tt.access_bounds = array<i64: parameter, pointer, extent, ...>`: the
    parameter (or -1 where none is proven: a pointer loaded from memory or made from an
    integer), then the (pointer parameter, extent parameter) pairs of the buffers the access
    may touch, that parameter's alone, or every pointer parameter's. The lowering of each
    access compares its tile with them before it touches memory (AccessBounds.h).
  }];
}

def CpuExpandArithPass : Pass<"cpu-expand-arith", "ModuleOp"> {
  let summary = "Expands the arith ops that LLVM cannot lower on a CPU";
  let description = [{
    Arithmetic on bf16 (to f32 arithmetic rounded to bf16 after each op, the same on every
    host, with or without AVX-512 BF16), math.fma on f16 and bf16 (to an f64 fma rounded once,
    where LLVM would round in f32 first), the bf16 conversions (to integer code that rounds to
    nearest even) and ceildivsi, ceildivui and floordivsi (to divisions that
    tt-guard-arith has guarded). Unlike
    upstream arith-expand, it leaves maximumf and minimumf to LLVM's intrinsics, which order -0
    below +0 as docs/semantics.md requires.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def CpuBranchOnContiguousPointersPass : Pass<"cpu-branch-on-contiguous-pointers", "ModuleOp"> {
  let summary = "Takes vector loads and stores for gathers and scatters whose pointers are "
                "consecutive at run time";
  let description = [{
    AxisInfo cannot always prove a tile's pointers contiguous that are so at run time. The
    tutorial matmul's `(pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N` is the common case: a
    signed remainder keeps runs only of a dividend known not to be negative, and `pid_n`,
    computed with signed divisions by values of unknown sign, is not. Such accesses become
    gathers and scatters, which AVX2 and NEON code emulates lane by lane. This pass puts each
    llvm.intr.masked.gather and llvm.intr.masked.scatter under an scf.if on whether every
    pointer of the chunk is its first pointer plus its lane index in elements: then one
    masked vector load or store from the first pointer, otherwise the gather or scatter. The
    check costs a few vector instructions per chunk; for pointers `p + (s + v)`, from a
    scalar `p`, a scalar `s` and a vector `v`, it checks `v` (loop-invariant in a loop over
    rows) and that `s + v[0]` does not wrap within the chunk, one scalar compare. Runs after
    cpu-schedule-chunks, whose order it keeps, and before cpu-branch-on-full-masks,
    which then handles the masked vector accesses as any other.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::vector::VectorDialect",
                           "mlir::arith::ArithDialect"];
}

def CpuBranchOnFullMasksPass : Pass<"cpu-branch-on-full-masks", "ModuleOp"> {
  let summary = "Takes plain vector loads and stores for chunks whose mask is all true";
  let description = [{
    On a target without cheap masked accesses (AVX2, NEON; see
    CpuTargetInfo::hasCheapMaskedAccesses), each llvm.intr.masked.load and
    llvm.intr.masked.store whose mask is not a constant becomes an scf.if on the mask's
    `and`-reduction: a plain llvm.load or llvm.store when every lane is set, the masked access
    otherwise. A tile masked with `offsets < n` then pays for the mask only in its last chunk.
    On AVX2 the tutorial's vector add ran at 7.9 GB/s with masked chunks and 21.2 GB/s
    without. Runs after cpu-schedule-chunks, whose order it keeps; on other targets it
    changes nothing.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the ttg.target of the CPU; by default the module's">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::vector::VectorDialect"];
}

def CpuScheduleChunksPass : Pass<"cpu-schedule-chunks", "func::FuncOp"> {
  let summary = "Orders vector chunks so that each is consumed soon after it is computed";
  let description = [{
    After cpu-convert-to-vector, a tile op is a sequence of register-sized chunk ops, emitted
    one whole tile op after another, so every chunk of every intermediate tile would be live at
    once. This pass reorders each block depth-first from its anchors: ops that write memory or
    have regions, and terminators, keep their order; every other op (pure ops, and loads) moves
    down to just before the first anchor that needs it, after the ops it needs. Chunks then flow
    from load to store in registers, and only values that cross a reduction stay live.

    Loads may thus move below stores of the same program, as on a GPU, where each thread holds
    only its own elements; docs/cpu.md states what this means for kernels.
  }];
}

def CpuPrefetchNextRowsPass : Pass<"cpu-prefetch-next-rows", "ModuleOp"> {
  let summary = "Prefetches the next rows in loops that read rows an earlier loop read";
  let description = [{
    A row kernel (softmax, layer norm) reads its row in a first loop, from memory, and again in
    later loops, from the cache, where it computes (exp, normalization) while the memory
    system idles; the next program's row is then fetched only when that program starts. For a
    vector llvm.load of `gep base[index]` whose index sweeps with the induction variable of a
    loop (the outermost such loop, the sweep), where an earlier sweep loop, already finished
    when this one starts, loaded from the same base, the first such later sweep gets, beside
    each of those loads, an llvm.prefetch into the L2 of `base[index + distance]`. When the
    base is `gep p[iv * stride]` of a loop around the sweep (a persistent kernel's loop over
    its rows) and that loop has another iteration, the distance is `step * stride`, the row
    of that iteration; otherwise it is the sweep's span (ub - lb), the next row when rows are
    that long, as when each program of a launch takes the next row. A prefetch never faults,
    so a guess past the end of a buffer costs only the instruction. Runs last before the
    vector lowering.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect"];
}

def CpuAddLaunchEntriesPass : Pass<"cpu-add-launch-entries", "ModuleOp"> {
  let summary = "Adds the C entry points that run one program or a whole grid of a kernel";
  let description = [{
    Input: the output of cpu-convert-to-vector. For each kernel `K` (the functions
    `K_impl` marked `nereid.kernel = "K"`) it adds:
    - `void K_program(void **args, i32 pidX, pidY, pidZ, gridX, gridY, gridZ)`, which reads
      the kernel's parameters from `args` (args[i] points at parameter i; an i1 is a byte) and
      runs one program, for external schedulers such as oneTBB;
    - `void K_grid(void **args, i32 gridX, gridY, gridZ, i32 numThreads)`, which runs every
      program: a serial loop (x fastest) when numThreads is 1 or the grid has one program,
      and otherwise an `scf.parallel`
      loop over the flattened grid that convert-scf-to-openmp turns into an OpenMP loop with a
      static schedule on numThreads threads (0: OpenMP's default).
    In a module marked `nereid.nontemporal_stores` (cpu-stream-large-stores), each thread
    fences its non-temporal stores once its programs are done (x86's `sfence`, a release
    fence elsewhere), so that they are visible to whoever reads the results after the launch:
    the serial loop fences at its end, and the parallel loop runs over the threads instead,
    each taking one contiguous share of the programs (the static schedule's) and fencing after
    it. Schedulers that call `K_program` fence themselves (nereid_cpu_launch_tbb).
  }];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def CpuLowerMathPass : Pass<"cpu-lower-math", "ModuleOp"> {
  let summary = "Lowers math functions that LLVM has no vector intrinsic for";
  let description = [{
    On whole native vectors of f32 or f64 (the chunks of cpu-convert-to-vector), exp, log,
    sin, tanh, erf, pow, atan2 and the other functions of Nereid's vector math library
    (runtime/include/nereid_cpu_math.h) become calls of the library's build for the target's
    ISA, `nereid_cpu_math_<fn>_<type>x<lanes>_<isa>`, one per native vector; the kernel's
    library links libnereid_cpu_math.a. Scalars and other math ops without an LLVM vector
    intrinsic call the C math library per element. Ops with LLVM intrinsics (sqrt, fma,
    floor, ...) are left for convert-math-to-llvm.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the ttg.target of the CPU, which selects the library's ISA build; " #
           "by default the module's">,
  ];
  let dependentDialects = ["mlir::vector::VectorDialect", "mlir::func::FuncDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect",
                           "mlir::ub::UBDialect"];
}

#endif // NEREID_CPU_PASSES_TD
