#ifndef NEREID_DIALECT_TRITON_TRANSFORMS_PASSES_TD
#define NEREID_DIALECT_TRITON_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// Transforms of tt IR that every backend may run: none of them depends on a target.

def FoldDotAdditionsPass : Pass<"tt-fold-dot-additions", "ModuleOp"> {
  let summary = "Folds `x + tt.dot(a, b, 0)` into `tt.dot(a, b, x)`.";
  let description = [{
    Input: tt or ttg IR. Kernels often write `acc += tl.dot(a, b)`: a dot that starts from
    zero, then a tile addition. Where the dot's zero accumulator is a constant, the dot has
    no other use and the other operand of the `arith.addf` or `arith.addi` has the dot's
    type, the addition becomes a dot that starts from that operand, made where the addition
    was. A backend then accumulates in place, as for `acc = tl.dot(a, b, acc)`, instead of
    adding a whole tile after every product.

    Integer sums wrap around and are exact in any order, so they are unchanged. A float dot
    then adds the same products to `x` in order rather than to zero before one last addition
    of `x`: another order of the same sum, which docs/semantics.md ("tt.dot") allows a backend
    within the dot tolerance. Accumulators of f16 and bf16, which round after every step,
    are left as they are.
  }];
}

def DecomposeScaledDotPass : Pass<"tt-decompose-scaled-dot", "ModuleOp"> {
  let summary = "Turns each tt.dot_scaled into the scaling of its operands and a tt.dot";
  let description = [{
    Input: tt IR. The definition of tt.dot_scaled (docs/semantics.md, "tt.dot_scaled") written
    as ops every backend lowers, for a backend without microscaled matrix instructions. Each
    operand becomes the logical matrix it holds, in f32 (fp8 through tt.fp_to_fp, e2m1 pairs
    decoded from their bits and joined, transposed and reshaped along their packed dimension),
    then rounded to the compute type: f16 where either format is fp16, else bf16. An operand
    with scales is multiplied in that type by its scales, each 2^(s - 127) made from its bits
    (0: 2^-127; 255: NaN, or infinity under fastMath) and rounded to the compute type, then
    expanded, broadcast and reshaped over its group of 16 or 32 values along K (and transposed
    to K x N for b). The result is `tt.dot` of the two with the scaled dot's f32 accumulator,
    inputPrecision ieee. Output: tt IR without tt.dot_scaled.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def ImplicitTensorDescriptorsPass : Pass<"tt-implicit-tensor-descriptors", "ModuleOp"> {
  let summary = "Turns loads of strided pointer tiles of a parameter into descriptor loads";
  let description = [{
    Implicit TMA's rewrite, on tt IR after inlining, for a backend whose copy engine takes
    descriptors (the NVIDIA backend on sm_90 runs it before nvidia-tensor-map-parameters). A
    2-D `tt.load` (not of fp8) whose pointers are
    `splat(base) + sum over d of (start_d + range_d) * stride_d` (base a kernel parameter,
    start_d and stride_d scalars, range_d a `tt.make_range` from 0 along dimension d, the
    innermost stride 1), or a loop's iter arg that starts as such a tile and is advanced by
    `n * stride_d` each iteration (`a_ptrs += BLOCK_K * stride_ak`), becomes a
    `tt.descriptor_load` of `tt.make_tensor_descriptor(base, shape, strides)` at the indices
    start_d (plus n times the iterations before, along d). Its mask, if any, is a conjunction
    of bounds checks `index_d < bound_d` (or `range_d < bound_d - n * iterations` along the
    dimension the loop advances), which give the shape, 2^31 - 1 where unchecked, and its
    `other` is zero. The pointer iter
    args that only advance themselves then go. Each load gets a `nereid.implicit_descriptor`
    attribute, "rewritten" or "not rewritten: " and why, which the IR dumps show. The
    descriptors that the backend's engine cannot take are lowered back to pointers by
    tt-lower-tensor-descriptors: the same addresses.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def LowerTensorDescriptorsPass : Pass<"tt-lower-tensor-descriptors", "ModuleOp"> {
  let summary = "Turns the accesses of tensor descriptors into loads and stores of pointer tiles";
  let description = [{
    The pointer fallback of tensor descriptors, for a backend without a tensor copy engine (a
    CPU), or for the accesses a GPU's engine cannot take: each tt.descriptor_load and
    tt.descriptor_store of a descriptor made by tt.make_tensor_descriptor becomes a tt.load or
    tt.store of the block's element pointers, base + sum((index_d + i_d) * stride_d) computed
    in i64, masked to the elements inside the descriptor's shape (the others read as zero and
    are not written, as in the interpreter). The loads and stores then lower as any other,
    vectorized where AxisInfo proves the last stride 1. Runs on tt IR, before layout
    assignment. A descriptor that is carried by a loop is an error, and so is one that is a
    kernel parameter unless `keep-parameters`: then its accesses are left to the backend, which
    made the parameter for its copy engine (nvidia-tensor-map-parameters).
  }];
  let options = [
    Option<"keepParameters", "keep-parameters", "bool", "false",
           "leave the accesses of descriptors that are kernel parameters to the backend">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def GuardArithPass : Pass<"tt-guard-arith", "ModuleOp"> {
  let summary = "Gives LLVM's undefined integer cases the values the language defines";
  let description = [{
    Input: any IR whose arith ops have the language's semantics (tt IR, or what a backend
    lowered it to). LLVM leaves these cases undefined (poison, or a trap on x86 for division),
    while docs/semantics.md defines them, and the interpreter computes them so:
    - division by zero (`divsi`, `divui`, `ceildivsi`, `ceildivui`, `floordivsi`) gives all
      ones, and remainder by zero (`remsi`, `remui`) gives the dividend;
    - `INT_MIN / -1` wraps to `INT_MIN`, and its remainder is 0;
    - shifts by the width or more give 0 (`shli`, `shrui`) or the sign (`shrsi`);
    - `fptosi` and `fptoui` saturate to the integer range, and NaN gives 0;
    - `maxnumf` and `minnumf` order -0 below +0 (LLVM's maxnum and minnum may return either).
    Each such op gets a safe operand and a select of the defined value, on scalars, vectors
    and tensors. A backend runs it after its last pass that creates such ops; one whose
    instructions already order signed zeros (NVIDIA's `max.f32` and `min.f32`) turns
    `min-max` off.
  }];
  let options = [
    Option<"guardMinMax", "min-max", "bool", /*default=*/"true",
           "Guard maxnumf and minnumf too">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

#endif // NEREID_DIALECT_TRITON_TRANSFORMS_PASSES_TD
