#ifndef NEREID_DIALECT_TRITONGPU_IR_TRITONGPUATTRDEFS_TD
#define NEREID_DIALECT_TRITONGPU_IR_TRITONGPUATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/TensorEncoding.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUDialect.td"

//===----------------------------------------------------------------------===//
// The interface of every register layout
//===----------------------------------------------------------------------===//

def TTG_DistributedEncoding : AttrInterface<"DistributedEncodingAttrInterface"> {
  let cppNamespace = "::mlir::nereid::ttg";
  let description = [{
    An encoding that distributes a tensor over registers, lanes, warps and blocks. Each one
    converts to a LinearLayout, and the shared passes use nothing else of it.
  }];
  let methods = [
    InterfaceMethod<"The rank of the tensors that the encoding describes.",
                    "unsigned", "getRank">,
    InterfaceMethod<[{
        The layout of a tensor of `shape` (its rank is getRank(), every size a power of two):
        in dimensions register, lane, warp and block, out dimensions dim0, ..., dimN-1 in
        that order, with the out sizes of `shape`.
      }],
      "::mlir::nereid::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
  ];
}

class TTG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Blocked
//===----------------------------------------------------------------------===//

def TTG_BlockedEncodingAttr : TTG_Attr<"BlockedEncoding", "blocked",
    [DeclareAttrInterfaceMethods<TTG_DistributedEncoding>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "a tensor tiled over registers, lanes and warps, as Triton's blocked layout";
  let description = [{
    ```
    #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1],
                  order = [1, 0]}>
    ```
    Each lane holds a `sizePerThread` block of neighbouring elements in registers, the lanes of
    a warp are arranged `threadsPerWarp`, the warps `warpsPerCTA`; `order` lists the tensor
    dimensions from the fastest (most minor) to the slowest. A tensor larger than that tile
    repeats it in more registers (the fastest dimension first); a smaller one is broadcast
    (several lanes or warps hold the same element). On a CPU a lane is a SIMD lane and there
    is one warp. Every entry is a power of two.
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Slice
//===----------------------------------------------------------------------===//

def TTG_SliceEncodingAttr : TTG_Attr<"SliceEncoding", "slice",
    [DeclareAttrInterfaceMethods<TTG_DistributedEncoding>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "the parent layout with one tensor dimension removed";
  let description = [{
    ```
    #ttg.slice<{dim = 1, parent = #blocked}>
    ```
    The layout of a tensor of rank N-1 whose elements are held where the parent layout (rank N)
    holds dimension `dim` at index 0: the result of a reduction along `dim`, or the operand of
    an expand_dims at `dim`. Lanes and warps that differed only along `dim` hold the same
    element; registers that would repeat one are dropped.
  }];
  let parameters = (ins "unsigned":$dim, "DistributedEncodingAttrInterface":$parent);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // NEREID_DIALECT_TRITONGPU_IR_TRITONGPUATTRDEFS_TD
