#ifndef NEREID_DIALECT_TRITONGPU_IR_TRITONGPUTYPES_TD
#define NEREID_DIALECT_TRITONGPU_IR_TRITONGPUTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"

def TTG_MemDescType : TypeDef<TritonGPU_Dialect, "MemDesc", [ShapedTypeInterface]> {
  let mnemonic = "memdesc";
  let summary = "a buffer in the on-chip memory that the warps of a program share";
  let description = [{
    ```
    !ttg.memdesc<64x64xf16, #shared>
    !ttg.memdesc<64x64xf16, #shared, mutable>
    ```
    A tensor of `shape` and `elementType` in shared memory (NVIDIA shared memory, AMD LDS),
    laid out by a shared encoding (`#ttg.swizzled_shared`, or a backend's). A `mutable`
    buffer may be written by `ttg.local_store` after its allocation; an immutable one holds
    the value it was allocated with. The shape is static, of powers of two.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    "SharedEncodingAttrInterface":$encoding,
    "bool":$mutableMemory
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The same buffer with another shape or element type (ShapedTypeInterface).
    MemDescType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                          ::mlir::Type elementType) const {
      return MemDescType::get(getContext(), shape.value_or(getShape()), elementType,
                              getEncoding(), getMutableMemory());
    }
    /// A memdesc is always ranked.
    bool hasRank() const { return true; }
  }];
}

#endif // NEREID_DIALECT_TRITONGPU_IR_TRITONGPUTYPES_TD
