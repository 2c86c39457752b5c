#ifndef NEREID_CONVERSION_PASSES_TD
#define NEREID_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonToTritonGPUPass : Pass<"convert-tt-to-ttg", "ModuleOp"> {
  let summary = "Gives every tensor of a tt module a layout for its target.";
  let description = [{
    Input: tt IR whose tensors have no encoding, with arith, math and scf ops. Output: the same
    ops on tensors with `#ttg.blocked` and `#ttg.slice` encodings, `ttg.convert_layout` where
    an op needs its operand in another layout, and the module attributes `ttg.target` and
    `ttg.num-warps`.

    Every tensor gets the default blocked layout for its shape, made from the TargetInfo of
    the target: one element per lane, the lanes along the fastest (last) dimension, as many of
    them as that dimension holds, the rest along the next dimensions, and the warps after them
    (Triton's default blocked layout). On a GPU a lane is a thread (32 on NVIDIA, 64 on AMD)
    and there are `num-warps` warps; on a CPU a lane is a SIMD lane, as many as one vector
    register holds of the widest element of any tensor in the module (pointers count as
    their pointee; 16 f32 with AVX-512), never more than a tensor has elements, and there is
    one warp. A reduction's
    result has the slice of its operand's layout, the operand of an expand_dims the slice of
    its result's, and a broadcast keeps its operand's layout. The operands of tt.dot get
    `#ttg.dot_op` layouts whose parent is the accumulator's blocked layout (the FMA dot that
    every target runs); tensor-core accumulators are chosen later, per target.

    The combiner regions of tt.reduce and tt.scan stay scalar. An op that holds a tensor and
    that the pass does not know is an error at its location.
  }];
  let dependentDialects = ["::mlir::nereid::ttg::TritonGPUDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "The ttg.target string (\"cpu:x86_64:avx512\", \"cuda:90\", \"hip:gfx942\"); by "
           "default the module's ttg.target attribute.">,
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"4",
           "The warps of one program on a GPU; always 1 on a CPU.">,
  ];
}

#endif // NEREID_CONVERSION_PASSES_TD
