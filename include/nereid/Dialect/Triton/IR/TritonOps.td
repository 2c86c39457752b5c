#ifndef NEREID_DIALECT_TRITON_IR_TRITONOPS_TD
#define NEREID_DIALECT_TRITON_IR_TRITONOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "nereid/Dialect/Triton/IR/TritonDialect.td"
include "nereid/Dialect/Triton/IR/TritonTypes.td"
include "nereid/Dialect/Triton/IR/TritonAttrDefs.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

// A tile: a tensor of rank at least 1 whose every dimension is static and at least 1.
def TT_HasPositiveStaticShape : CPred<"::mlir::nereid::tt::hasPositiveStaticShape($_self)">;
class TT_TileOf<list<Type> allowedTypes>
    : RankedTensorOf<allowedTypes, [TT_HasPositiveStaticShape], "tile (static, non-empty shape)">;

def TT_Float : AnyTypeOf<[F8E4M3FN, F8E5M2, F8E4M3FNUZ, F8E5M2FNUZ, F8E4M3B11FNUZ,
                          F16, BF16, F32, F64], "floating-point">;
def TT_FloatTensor : TT_TileOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def TT_IntTensor : TT_TileOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Like : AnyTypeOf<[I32, TT_TileOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, TT_TileOf<[I64]>]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_TileOf<[I1]>]>;

def TT_Ptr : DialectType<Triton_Dialect, CPred<"::mlir::isa<::mlir::nereid::tt::PointerType>($_self)">,
                         "pointer", "::mlir::nereid::tt::PointerType">;
def TT_PtrTensor : TT_TileOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

def TT_TensorDesc : DialectType<Triton_Dialect,
    CPred<"::mlir::isa<::mlir::nereid::tt::TensorDescType>($_self)">,
    "tensor descriptor", "::mlir::nereid::tt::TensorDescType">;

def TT_Scalar : AnyTypeOf<[TT_Float, TT_Int, TT_Ptr]>;
def TT_Tensor : TT_TileOf<[TT_Float, TT_Int, TT_Ptr]>;
def TT_Type : AnyTypeOf<[TT_Scalar, TT_Tensor]>;

//===----------------------------------------------------------------------===//
// Op base and shared traits
//===----------------------------------------------------------------------===//

class TT_Op<string mnemonic, list<Trait> traits = []> : Op<Triton_Dialect, mnemonic, traits>;

// Global memory is one resource; every tt memory op names it so that passes order them.
def TT_GlobalMemory : Resource<"::mlir::nereid::tt::GlobalMemory">;

// `to` has the type that `from` points at: a value loaded from or stored through a pointer.
class TT_TypeFromPointee<string from, string to>
    : TypesMatchWith<to # " type matches the pointee type of " # from, from, to,
                     "::mlir::nereid::tt::getPointeeType($_self)">;

// Lets the assembly format infer the type of an optional operand (a mask, or a load's `other`)
// from the pointer. The check itself is left to the op's verifier, which knows whether the
// operand is present; ODS would read the type of an absent operand.
class TT_InferOptionalType<string from, string to, string transform>
    : TypesMatchWith<to # " type is inferred from " # from, from, to, transform,
                     "true || std::equal_to<>()">;
class TT_InferMaskType<string from>
    : TT_InferOptionalType<from, "mask", "::mlir::nereid::tt::getI1SameShape($_self)">;
class TT_InferOtherType<string from>
    : TT_InferOptionalType<from, "other", "::mlir::nereid::tt::getPointeeType($_self)">;

//===----------------------------------------------------------------------===//
// Program identity and creation
//===----------------------------------------------------------------------===//

def TT_GetProgramIdOp : TT_Op<"get_program_id", [Pure]> {
  let summary = "the index of the running program along one grid axis";
  let arguments = (ins TT_ProgramDimAttr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_GetNumProgramsOp : TT_Op<"get_num_programs", [Pure]> {
  let summary = "the number of programs along one grid axis";
  let arguments = (ins TT_ProgramDimAttr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_MakeRangeOp : TT_Op<"make_range", [Pure]> {
  let summary = "the 1-D tensor of consecutive integers start, start+1, ..., end-1";
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs TT_TileOf<[I32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TT_SplatOp : TT_Op<"splat", [Pure, SameOperandsAndResultElementType]> {
  let summary = "a tensor whose every element is the scalar operand";
  let arguments = (ins TT_Scalar:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def TT_BroadcastOp : TT_Op<"broadcast", [Pure, SameOperandsAndResultElementType]> {
  let summary = "repeats a tensor along its dimensions of size 1";
  let description = [{
    The result has the rank of the operand; each of its dimensions equals the operand's, or the
    operand's is 1 and is repeated.
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure, SameOperandsAndResultElementType]> {
  let summary = "inserts a dimension of size 1 at position `axis`";
  let arguments = (ins TT_Tensor:$src, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_ReshapeOp : TT_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "reinterprets a tensor with a new shape of the same number of elements";
  let description = [{
    Elements keep their row-major order unless `allow_reorder` is set, in which case the
    compiler may order them however is cheapest (Triton's `can_reorder=True`).
  }];
  let arguments = (ins TT_Tensor:$src, UnitAttr:$allow_reorder);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src (`allow_reorder` $allow_reorder^)? attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_TransOp : TT_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "permutes the dimensions of a tensor";
  let description = [{
    Dimension `i` of the result is dimension `order[i]` of the operand.
  }];
  let arguments = (ins TT_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_CatOp : TT_Op<"cat", [Pure, SameTypeOperands, SameOperandsAndResultElementType]> {
  let summary = "concatenates two tensors along dimension 0";
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_JoinOp : TT_Op<"join", [Pure, SameTypeOperands, SameOperandsAndResultElementType]> {
  let summary = "stacks two tensors along a new minor dimension of size 2";
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_SplitOp : TT_Op<"split", [Pure, SameOperandsAndResultElementType,
    AllTypesMatch<["outLHS", "outRHS"]>]> {
  let summary = "splits a tensor along its minor dimension, which must have size 2";
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$outLHS, TT_Tensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let hasVerifier = 1;
}

def TT_GatherOp : TT_Op<"gather", [Pure]> {
  let summary = "reads src along `axis` at the positions given by indices";
  let description = [{
    `result[i0..., i_axis, ...] = src[i0..., indices[i0..., i_axis, ...], ...]`. The indices have
    the rank of src and its size in every dimension but `axis`; the result has the shape of the
    indices and the element type of src.
  }];
  let arguments = (ins TT_Tensor:$src, TT_IntTensor:$indices, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src `[` $indices `]` attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TT_HistogramOp : TT_Op<"histogram", [Pure, TT_InferMaskType<"src">]> {
  let summary = "counts the occurrences of each value 0..N-1 in a 1-D integer tensor";
  let description = [{
    The result has N bins. Values outside [0, N) are not counted, nor are elements whose mask is
    false.
  }];
  let arguments = (ins TT_TileOf<[TT_Int]>:$src, Optional<TT_TileOf<[I1]>>:$mask);
  let results = (outs TT_TileOf<[I32, I64]>:$result);
  let assemblyFormat = "$src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointers and casts
//===----------------------------------------------------------------------===//

def TT_AddPtrOp : TT_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "offsets a pointer by a number of elements of its pointee type";
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_IntToPtrOp : TT_Op<"int_to_ptr", [Pure]> {
  let summary = "reinterprets a 64-bit integer as a pointer";
  let arguments = (ins TT_I64Like:$src);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_PtrToIntOp : TT_Op<"ptr_to_int", [Pure]> {
  let summary = "reinterprets a pointer as a 64-bit integer";
  let arguments = (ins TT_PtrLike:$src);
  let results = (outs TT_I64Like:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_BitcastOp : TT_Op<"bitcast", [Pure]> {
  let summary = "reinterprets the bits of each element as another type of the same width";
  let description = [{
    Casts between scalars or tensors of the same shape, and between pointers of different
    pointee types in the same address space.
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def TT_LoadOp : TT_Op<"load", [
    AttrSizedOperandSegments,
    TT_TypeFromPointee<"ptr", "result">,
    TT_InferMaskType<"ptr">,
    TT_InferOtherType<"ptr">,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "reads the elements that pointers point at, where the mask is true";
  let description = [{
    Where `mask` is false no memory is touched and the element is `other`, or undefined when
    `other` is absent. A volatile load is never removed or merged.
  }];
  let arguments = (ins
    TT_PtrLike:$ptr,
    Optional<TT_BoolLike>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::nereid::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::nereid::tt::EvictionPolicy::NORMAL">:$evict,
    UnitAttr:$isVolatile);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    (`volatile` $isVolatile^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_StoreOp : TT_Op<"store", [
    TT_TypeFromPointee<"ptr", "value">,
    TT_InferMaskType<"ptr">,
    MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "writes the elements of value where the mask is true";
  let arguments = (ins
    TT_PtrLike:$ptr,
    TT_Type:$value,
    Optional<TT_BoolLike>:$mask,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::nereid::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::nereid::tt::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_AtomicRMWOp : TT_Op<"atomic_rmw", [
    TT_TypeFromPointee<"ptr", "val">,
    TT_TypeFromPointee<"ptr", "result">,
    TT_InferMaskType<"ptr">,
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "atomically combines val into memory and returns the old values";
  let description = [{
    Each masked-in element is updated in one indivisible step: `*ptr = op(*ptr, val)`. The
    result holds the values memory held before; masked-out elements of the result are
    undefined. Elements of one tensor are updated in an unspecified order.
  }];
  let arguments = (ins
    TT_AtomicRMWOpAttr:$atomic_rmw_op,
    TT_PtrLike:$ptr,
    TT_Type:$val,
    Optional<TT_BoolLike>:$mask,
    TT_MemSemanticAttr:$sem,
    TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def TT_AtomicCASOp : TT_Op<"atomic_cas", [
    TT_TypeFromPointee<"ptr", "cmp">,
    TT_TypeFromPointee<"ptr", "val">,
    TT_TypeFromPointee<"ptr", "result">,
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "atomically replaces memory equal to cmp by val, returning the old values";
  let arguments = (ins
    TT_PtrLike:$ptr,
    TT_Type:$cmp,
    TT_Type:$val,
    TT_MemSemanticAttr:$sem,
    TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

def TT_MakeTensorDescOp : TT_Op<"make_tensor_descriptor", [Pure, AttrSizedOperandSegments]> {
  let summary = "describes a strided tensor in global memory, accessed in blocks";
  let description = [{
    `shape` (i32) and `strides` (i64, in elements) have one entry per dimension of the block;
    the last stride must be 1 for hardware tensor copies and is checked at launch.
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I32>:$shape, Variadic<I64>:$strides);
  let results = (outs TT_TensorDesc:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` qualified(type($base)) `,`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TT_DescriptorLoadOp : TT_Op<"descriptor_load", [
    MemoryEffects<[MemRead<TT_GlobalMemory>]>]> {
  let summary = "reads the block at the given element offsets; out-of-bounds elements are zero";
  let arguments = (ins
    TT_TensorDesc:$desc,
    Variadic<I32>:$indices,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::nereid::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::nereid::tt::EvictionPolicy::NORMAL">:$evict);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]`
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorStoreOp : TT_Op<"descriptor_store", [
    MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "writes a block at the given element offsets; out-of-bounds elements are dropped";
  let arguments = (ins TT_TensorDesc:$desc, Variadic<I32>:$indices, TT_Tensor:$src);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Linear algebra, reductions and scans
//===----------------------------------------------------------------------===//

def TT_DotOp : TT_Op<"dot", [Pure, AllTypesMatch<["c", "d"]>]> {
  let summary = "d = a * b + c for 2-D tiles, or batched over a leading dimension for 3-D";
  let description = [{
    `a` is MxK, `b` is KxN, `c` and `d` are MxN (each with a leading batch dimension when 3-D).
    `inputPrecision` says how fp32 operands may be rounded (tf32, tf32x3, ieee, bf16x3, bf16x6);
    `maxNumImpreciseAcc` bounds how many fp8 products are accumulated in reduced precision
    before being added into full precision (0: always full precision).
  }];
  let arguments = (ins
    TT_Tensor:$a,
    TT_Tensor:$b,
    TT_Tensor:$c,
    DefaultValuedAttr<TT_InputPrecisionAttr, "::mlir::nereid::tt::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs TT_Tensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict
    `:` type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
                                          AllTypesMatch<["c", "d"]>]> {
  let summary = "d = scale(a, a_scale) * scale(b, b_scale) + c, a microscaled matrix product";
  let description = [{
    The operands are 2-D, or 3-D with a leading batch dimension. `a` holds M x K values and
    `b` K x N values in the formats `a_elem_type` and `b_elem_type`: e4m3 and e5m2 as f8E4M3FN
    and f8E5M2 elements, bf16 and fp16 as bf16 and f16, and e2m1 packed two to an i8 (the
    first value in the low four bits) along K, or along M (N for `b`) where `lhs_k_pack`
    (`rhs_k_pack`) is false. `a_scale` (M x K/G) and `b_scale` (N x K/G, not transposed) are
    optional e8m0 scales as i8, each the exponent 2^(s - 127) of a group of G = 16 or 32
    consecutive values along K; 255 is NaN unless `fastMath` is set, which skips that check.
    `c` and `d` are f32. docs/semantics.md ("tt.dot_scaled") gives the rounding: each scaled
    operand is rounded to bf16 (f16 where either format is fp16) before an f32 dot.
  }];
  let arguments = (ins
    TT_Tensor:$a,
    TT_Tensor:$b,
    TT_Tensor:$c,
    Optional<TT_Tensor>:$a_scale,
    Optional<TT_Tensor>:$b_scale,
    TT_ScaleDotElemTypeAttr:$a_elem_type,
    TT_ScaleDotElemTypeAttr:$b_elem_type,
    DefaultValuedAttr<BoolAttr, "false">:$fastMath,
    DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
    DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs TT_Tensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)? `->` type($d)
  }];
  let extraClassDeclaration = [{
    /// The element type that stores values of `format`: f8E4M3FN, f8E5M2, i8 (two e2m1
    /// values), bf16 or f16.
    static Type getStorageElementType(MLIRContext *context, ScaleDotElemType format);
    /// The number of values along K, the reduced dimension (e2m1 packed along K counts two
    /// per element).
    int64_t getK();
    /// The number of consecutive values along K that share one scale: 16 or 32 (32 where
    /// neither operand has a scale). Valid on a verified op.
    int64_t getScaleGroupSize();
  }];
  let hasVerifier = 1;
}

def TT_ReduceOp : TT_Op<"reduce", [Pure, SingleBlock]> {
  let summary = "reduces tensors along one axis with a combiner region";
  let description = [{
    The combiner takes two groups of scalars (the accumulated values, then the new ones) and
    yields one group through `tt.reduce.return`. Several operands of one shape are reduced
    together, as `argmax` needs. Elements are combined in the order the language semantics
    define, which a combiner that is not associative can observe.
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TT_Type>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    `(` $srcs `)` `axis` `=` $axis $combineOp attr-dict `:` functional-type($srcs, $result)
  }];
  let hasRegionVerifier = 1;
}

def TT_ReduceReturnOp : TT_Op<"reduce.return", [HasParent<"ReduceOp">, Pure, Terminator,
                                                 ReturnLike]> {
  let summary = "yields the combined values of a tt.reduce combiner";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

def TT_ScanOp : TT_Op<"scan", [Pure, SingleBlock, SameOperandsAndResultShape]> {
  let summary = "inclusive prefix combination of tensors along one axis";
  let description = [{
    Element i of the result combines elements 0..i of the operand along `axis` (i..end when
    `reverse` is set) with the combiner region, which ends in `tt.scan.return`.
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis, UnitAttr:$reverse);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    `(` $srcs `)` `axis` `=` $axis (`reverse` $reverse^)? $combineOp attr-dict
    `:` functional-type($srcs, $result)
  }];
  let hasRegionVerifier = 1;
}

def TT_ScanReturnOp : TT_Op<"scan.return", [HasParent<"ScanOp">, Pure, Terminator, ReturnLike]> {
  let summary = "yields the combined values of a tt.scan combiner";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

//===----------------------------------------------------------------------===//
// Elementwise operations beyond arith and math
//===----------------------------------------------------------------------===//

def TT_FpToFpOp : TT_Op<"fp_to_fp", [Pure, SameOperandsAndResultShape]> {
  let summary = "converts between float types, rounding as told unless the conversion is exact";
  let description = [{
    Widening (to a type of more bits) is exact and takes no rounding mode. Every other
    conversion, narrowing or between formats of one width (f16 to bf16, fp8 to fp8), names its
    rounding mode: `rtne` (to nearest, ties to even) or `rtz` (toward zero).
  }];
  let arguments = (ins TT_FloatLike:$src, OptionalAttr<TT_RoundingModeAttr>:$rounding);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $src attr-dict (`,` `rounding` `=` $rounding^)? `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_ClampFOp : TT_Op<"clampf", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "min(max(x, min), max) on floats";
  let description = [{
    With `propagateNan = all` a NaN in x yields NaN; with `none` a NaN in x yields a bound.
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$min, TT_FloatLike:$max,
                       TT_PropagateNanAttr:$propagateNan);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)
  }];
}

def TT_PreciseSqrtOp : TT_Op<"precise_sqrt", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "square root correctly rounded to nearest even";
  let arguments = (ins TT_FloatLike:$x);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TT_PreciseDivFOp : TT_Op<"precise_divf", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "float division correctly rounded to nearest even";
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$y);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_MulhiUIOp : TT_Op<"mulhiui", [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "the high half of the unsigned product of two integers";
  let arguments = (ins TT_IntLike:$x, TT_IntLike:$y);
  let results = (outs TT_IntLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_ExternElementwiseOp : TT_Op<"extern_elementwise", [Elementwise,
    SameOperandsAndResultShape, DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "calls a named function of an external library on each element";
  let description = [{
    `symbol` names the function in `libname` (for example `__nv_expf` in `libdevice`); each
    backend maps it to its own implementation. `pure` says the call has no side effects.
  }];
  let arguments = (ins Variadic<TT_Type>:$srcs, StrAttr:$libname, StrAttr:$libpath,
                       StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}

def TT_ElementwiseInlineAsmOp : TT_Op<"elementwise_inline_asm", [Elementwise,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "applies target assembly to each group of `packed_element` elements";
  let arguments = (ins Variadic<AnyTypeOf<[TT_Type]>>:$args, StrAttr:$asm_string,
                       StrAttr:$constraints, BoolAttr:$pure, I32Attr:$packed_element);
  let results = (outs Variadic<TT_Type>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def TT_PrintOp : TT_Op<"print", [MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "prints a prefix and values, with the program id, from every program";
  let description = [{
    `isSigned` holds one flag per operand saying how to print integers; `hex` prints them in
    hexadecimal.
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex, Variadic<TT_Type>:$args,
                       DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = [{
    $prefix attr-dict (`:` $args^ `:` type($args))?
  }];
  let hasVerifier = 1;
}

def TT_AssertOp : TT_Op<"assert", [MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "stops the kernel with a message where the condition is false (zero)";
  let arguments = (ins AnyTypeOf<[TT_BoolLike, TT_IntLike]>:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def TT_FuncOp : TT_Op<"func", [AffineScope, AutomaticAllocationScope, CallableOpInterface,
    FunctionOpInterface, IsolatedFromAbove]> {
  let summary = "a kernel or a device function";
  let description = [{
    A public function is a kernel entry; private ones are device functions called with
    `tt.call`. Argument attributes carry the launch specialization: `tt.divisibility = N`
    (a positive power of two) on integer and pointer arguments says the value is a multiple of
    N, and `tt.equal_to = 1` on integer arguments says it is 1.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "StringRef":$name, "FunctionType":$type,
      CArg<"ArrayRef<NamedAttribute>", "{}">:$attrs,
      CArg<"ArrayRef<DictionaryAttr>", "{}">:$argAttrs)>];
  let extraClassDeclaration = [{
    /// Returns the region on the current operation that is callable.
    ::mlir::Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
    /// Returns the argument types of this function.
    ArrayRef<Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    /// Returns the result types of this function.
    ArrayRef<Type> getResultTypes() { return getFunctionType().getResults(); }
    /// Functions are symbols that may be declared without a body.
    bool isDeclaration() { return isExternal(); }
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TT_CallOp : TT_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "calls a tt.func";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let builders = [
    OpBuilder<(ins "FuncOp":$callee, CArg<"ValueRange", "{}">:$operands), [{
      $_state.addOperands(operands);
      $_state.addAttribute("callee", SymbolRefAttr::get(callee));
      $_state.addTypes(callee.getFunctionType().getResults());
    }]>];
  let extraClassDeclaration = [{
    FunctionType getCalleeType() {
      return FunctionType::get(getContext(), getOperandTypes(), getResultTypes());
    }
    operand_range getArgOperands() { return getOperands(); }
    operand_iterator arg_operand_begin() { return operand_begin(); }
    operand_iterator arg_operand_end() { return operand_end(); }
    CallInterfaceCallable getCallableForCallee() { return (*this)->getAttrOfType<SymbolRefAttr>("callee"); }
    void setCalleeFromCallable(CallInterfaceCallable callee) {
      (*this)->setAttr("callee", cast<SymbolRefAttr>(callee));
    }
    MutableOperandRange getArgOperandsMutable() { return getOperandsMutable(); }
  }];
  let assemblyFormat = "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)";
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike, Terminator]> {
  let summary = "returns from a tt.func";
  let arguments = (ins Variadic<AnyType>:$srcs);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
  let hasVerifier = 1;
}

#endif // NEREID_DIALECT_TRITON_IR_TRITONOPS_TD
