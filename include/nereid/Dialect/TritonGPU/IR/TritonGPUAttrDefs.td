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

def TTG_SharedEncoding : AttrInterface<"SharedEncodingAttrInterface"> {
  let cppNamespace = "::mlir::nereid::ttg";
  let description = [{
    An encoding that lays a tensor out in the on-chip memory that the warps of a program
    share (the encoding of a `!ttg.memdesc`). Each one converts to a LinearLayout from the
    memory offset (in elements) to the tensor index.
  }];
  let methods = [
    InterfaceMethod<[{
        Checks that the encoding can lay out a buffer of `shape` (static, powers of two but for
        the leading dimension of a stack, see getStackEncoding) and `elementType`; emits an
        error through `emitError` otherwise.
      }],
      "::llvm::LogicalResult", "verifyMemDesc",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
    InterfaceMethod<[{
        The layout of a buffer of `shape` (valid for verifyMemDesc, all powers of two: a
        stack of slices has none, its slices do): in dimensions offset
        (the element's offset from the start of the buffer) and block, out dimensions dim0,
        ..., dimN-1 in that order, with the out sizes of `shape`. It is a bijection from the
        offsets onto the tensor's elements, but for a row of a panel_shared matrix, whose
        offsets between panels hold other rows (zero bases).
      }],
      "::mlir::nereid::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
        The alignment, in bytes, of the start of a buffer in this encoding: 128 (the span of
        the banks, where swizzled layouts assume a row starts) unless the encoding says more.
      }],
      "int64_t", "getAlignmentBytes", (ins), /*methodBody=*/"",
      /*defaultImplementation=*/"return 128;">,
    InterfaceMethod<[{
        The encoding of a stack of buffers of `rank` dimensions in this encoding: a memdesc of
        one more dimension, the leading one (the stack's slices, any number of them, which
        `ttg.memdesc_index` takes apart), each slice laid out as this encoding lays out a
        buffer, one after the other. Null where the encoding has none.
      }],
      "::mlir::nereid::ttg::SharedEncodingAttrInterface", "getStackEncoding",
      (ins "unsigned":$rank), /*methodBody=*/"",
      /*defaultImplementation=*/"return nullptr;">,
  ];
}

def TTG_TensorCoreEncoding : AttrInterface<"TensorCoreEncodingAttrInterface"> {
  let cppNamespace = "::mlir::nereid::ttg";
  let description = [{
    The accumulator layout of a GPU's matrix instruction (a tensor core): a distributed
    encoding that a backend defines in a dialect of its own (`#nvidia.mma`, `#amd.mfma`) and
    that a `#ttg.dot_op` may take as its parent. The core asks it only what the dot operand
    needs: which operands the instruction reads from registers, and their layout.

    Its verifier bounds its warps with `verifyTensorCoreWarps` (at most kMaxTensorCoreWarps)
    and its one-warp tile to a few thousand elements, so that a tensor of at most
    2^kMaxTensorCoreTensorLog2 elements, and a dot operand of it with a kWidth of at most
    kMaxDotOperandKWidth, has a LinearLayout within the algebra's limits
    (`verifyDistributedTensor` relies on it).
  }];
  let methods = [
    InterfaceMethod<[{
        Checks that the instruction reads operand `opIdx` (0: A, 1: B) from registers,
        `kWidth` consecutive elements along K per lane (a power of two, at most
        kMaxDotOperandKWidth, which the dot operand's verifier has checked); emits an error
        through `emitError` otherwise.
      }],
      "::llvm::LogicalResult", "verifyDotOperand",
      (ins "unsigned":$opIdx, "unsigned":$kWidth,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
    InterfaceMethod<[{
        The layout of operand `opIdx` (valid for verifyDotOperand) of a tensor of `shape`, as
        DistributedEncodingAttrInterface::toLinearLayout gives it: the registers where the
        instruction reads the operand, the warps the accumulator's, broadcast along K.
      }],
      "::mlir::nereid::LinearLayout", "getDotOperandLayout",
      (ins "unsigned":$opIdx, "unsigned":$kWidth, "::llvm::ArrayRef<int64_t>":$shape)>,
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

//===----------------------------------------------------------------------===//
// Dot operand
//===----------------------------------------------------------------------===//

def TTG_DotOperandEncodingAttr : TTG_Attr<"DotOperandEncoding", "dot_op",
    [DeclareAttrInterfaceMethods<TTG_DistributedEncoding>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "an operand of tt.dot in the registers where the parent's instruction reads it";
  let description = [{
    ```
    #ttg.dot_op<{opIdx = 0, parent = #nvidia.mma<...>, kWidth = 2}>
    #ttg.dot_op<{opIdx = 1, parent = #blocked}>
    ```
    The layout of operand A (`opIdx = 0`, [M, K]) or B (`opIdx = 1`, [K, N]) of a dot whose
    result has the layout `parent`:
    - a blocked parent (the FMA dot of CPUs and of GPUs without tensor cores): each lane holds
      the whole K extent of the rows (columns) of the result that it computes; the lanes and
      warps that differ only along the result's other dimension hold the same elements. No
      `kWidth`.
    - a tensor-core parent (TensorCoreEncodingAttrInterface, defined by a backend:
      `#nvidia.mma`, `#amd.mfma`): the registers where the parent's instruction reads the
      operand, each lane holding `kWidth` consecutive elements along K (the parent's
      getDotOperandLayout; its verifyDotOperand says which operands it reads from registers).
    In every case the warps are the parent's, broadcast along K.
  }];
  let parameters = (ins
    "unsigned":$opIdx,
    "DistributedEncodingAttrInterface":$parent,
    "unsigned":$kWidth
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Swizzled shared
//===----------------------------------------------------------------------===//

def TTG_SwizzledSharedEncodingAttr : TTG_Attr<"SwizzledSharedEncoding", "swizzled_shared",
    [DeclareAttrInterfaceMethods<TTG_SharedEncoding, ["getStackEncoding"]>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "a tensor in shared memory, its rows XOR-swizzled to avoid bank conflicts";
  let description = [{
    ```
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    ```
    The tensor is stored with the dimensions of `order` from the fastest (contiguous) to the
    slowest. Along the two fastest, the columns of row r are permuted in groups of `vec`
    elements: group g is stored at g XOR ((r / perPhase) % maxPhase). Rows that lanes read
    together then fall in different banks. `vec = 1, perPhase = 1, maxPhase = 1` is the plain
    row-major (in `order`) layout.
  }];
  let parameters = (ins
    "unsigned":$vec,
    "unsigned":$perPhase,
    "unsigned":$maxPhase,
    ArrayRefParameter<"unsigned">:$order
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Panel shared
//===----------------------------------------------------------------------===//

def TTG_PanelSharedEncodingAttr : TTG_Attr<"PanelSharedEncoding", "panel_shared",
    [DeclareAttrInterfaceMethods<TTG_SharedEncoding>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "a matrix in local memory as panels of columns, as a CPU dot's B operand";
  let description = [{
    ```
    #panels = #ttg.panel_shared<{width = 64, rows = 32}>
    !ttg.memdesc<32x256xf32, #panels, mutable>
    !ttg.memdesc<256xf32, #panels, mutable>
    ```
    A `rows` x C matrix stored as C / `width` panels of `width` columns, one after another;
    each panel is `rows` x `width`, row-major. Element (r, c) is at offset
    (c / width) * rows * width + r * width + c % width. A CPU dot's micro-kernel reads a
    block of `width` columns of B (as many as its accumulator registers span) a row at a time:
    in a panel those rows are consecutive, where a row-major B puts them a whole row apart.
    A 1-D buffer with this encoding is a row of such a matrix (`ttg.memdesc_index`): its
    columns in panels of `width`, `rows * width` elements apart; offsets between its panels
    belong to other rows, and its LinearLayout maps them to no element of its own (zero
    bases). C must be a multiple of `width`, and the 2-D shape's rows must be `rows`.
  }];
  let parameters = (ins
    "unsigned":$width,
    "unsigned":$rows
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // NEREID_DIALECT_TRITONGPU_IR_TRITONGPUATTRDEFS_TD
