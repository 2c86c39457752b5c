#ifndef NEREID_DIALECT_TRITON_IR_TRITONTYPES_TD
#define NEREID_DIALECT_TRITON_IR_TRITONTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "nereid/Dialect/Triton/IR/TritonDialect.td"

class TT_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Triton_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TT_PointerType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "a pointer to a scalar in an address space";
  let description = [{
    `!tt.ptr<f32>` points at an `f32` in global memory (address space 1, the default and the
    only one the frontend produces); `!tt.ptr<f32, 3>` names another address space. A tensor of
    pointers is a builtin ranked tensor whose element type is a pointer.
  }];
  let parameters = (ins "Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType, CArg<"int", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
  let genVerifyDecl = 1;
}

def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "a descriptor of a strided tensor in global memory, accessed in fixed blocks";
  let description = [{
    `!tt.tensordesc<tensor<64x64xf16>>` describes a tensor in global memory (base, shape and
    strides live in the value) that is read and written in blocks of the given shape.
  }];
  let parameters = (ins "RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
  let genVerifyDecl = 1;
}

#endif // NEREID_DIALECT_TRITON_IR_TRITONTYPES_TD
