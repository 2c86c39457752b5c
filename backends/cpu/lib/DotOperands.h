#ifndef NEREID_CPU_LIB_DOTOPERANDS_H
#define NEREID_CPU_LIB_DOTOPERANDS_H

// What a dot does to its operand tiles before it multiplies them, on tensors
// (cpu-load-dot-operands-by-rows) or on vectors (the dot lowering): it extends them to the
// accumulator's element type (f16, bf16 and fp8 products are exact in f32; integers are
// sign-extended), and with inputPrecision = tf32 it rounds f32 operands to tf32, as NVIDIA's
// cvt.rna.tf32 and the interpreter do (docs/semantics.md, "tt.dot").

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"

namespace mlir::nereid::cpu {

/// The columns of one block of the dot's micro-kernel (DotOpToVector.cpp), whose accumulators
/// one K loop keeps in registers, on a target of `numVectorRegisters` registers of
/// `chunkWidth` lanes: the block's accumulators, one chunk of B per register of a row and the
/// broadcast element of A must all stay in registers (6 x 2 + 2 + 1 = 15 of AVX2's 16, 6 x 4
/// + 4 + 1 = 29 of 32). B is read a block of columns at a time, so that a buffer of B in
/// panels of this width has each block's rows consecutive.
inline int64_t getDotBlockColumns(int64_t chunkWidth, unsigned numVectorRegisters) {
  return chunkWidth * (numVectorRegisters / 8);
}

/// Whether `dot` can multiply its operands a pair of K at a time with AVX-512 BF16's
/// `vdpbf16ps` (DotOpToVector.cpp) on a target of `chunkWidth` f32 lanes: bf16 operands with an
/// f32 accumulator, an even K, and result rows that split into chunks of 4, 8 or 16 lanes, the
/// widths the instruction has. Where the pipeline multiplies such pairs (its `bf16-dot-pairs`
/// option), the dot's operands stay bf16 instead of being extended to f32.
bool canMultiplyBF16Pairs(tt::DotOp dot, int64_t chunkWidth);

/// `value`, a tensor or vector, with its elements extended to `element` (a float type for
/// float elements, an integer type for integers); `value` itself when they are `element`s.
Value extendTo(OpBuilder &builder, Location loc, Value value, Type element);

/// `value`, a tensor or vector of f32, rounded to tf32 (10 mantissa bits, to nearest, ties
/// away from zero); infinities and NaN stay.
Value roundToTF32(OpBuilder &builder, Location loc, Value value);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_DOTOPERANDS_H
