#ifndef NEREID_NVIDIA_IR_NVIDIAATTRDEFS_TD
#define NEREID_NVIDIA_IR_NVIDIAATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/TensorEncoding.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"
include "nereid/Nvidia/IR/NvidiaDialect.td"

class Nvidia_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Nvidia_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// mma
//===----------------------------------------------------------------------===//

def Nvidia_MmaEncodingAttr : Nvidia_Attr<"MmaEncoding", "mma",
    [DeclareAttrInterfaceMethods<TTG_DistributedEncoding>,
     DeclareAttrInterfaceMethods<TTG_TensorCoreEncoding>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "the accumulator of NVIDIA tensor-core instructions (mma.sync, wgmma)";
  let description = [{
    ```
    #mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
    #wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
    ```
    Version 2 (sm_80, `mma.sync.m16n8k*`): each warp holds 16x8 tiles of the result (instrShape
    [16, 8], or [1, 16, 8] with a batch dimension); lane 4g + t holds the elements (g, 2t),
    (g, 2t + 1), (g + 8, 2t) and (g + 8, 2t + 1) in registers 0 to 3. The warps are laid out
    row-major (along dim1 first).

    Version 3 (sm_90, `wgmma.m64nNk*`): instrShape [16, N, K] is one warp's share of the
    instruction; four consecutive warps (a warpgroup) stack along dim0 to make the 64 rows, so
    the warps are laid out column-major (along dim0 first) and their count is a multiple of 4.
    A warp holds its 16xN rows as version 2 holds 16x8, repeated N / 8 times along dim1.

    A tensor larger than the warps' tile repeats it in more registers, along dim1 first.

    As the parent of a `#ttg.dot_op`: the fragments of `mma.sync` (A 16 x 8 kWidth, B 8 kWidth
    x 8), each lane holding `kWidth` consecutive elements along K per register group; version
    3 (wgmma) takes only A from registers.
  }];
  let parameters = (ins
    "unsigned":$versionMajor,
    "unsigned":$versionMinor,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$instrShape
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// mma_shared
//===----------------------------------------------------------------------===//

def Nvidia_MmaSharedEncodingAttr : Nvidia_Attr<"MmaSharedEncoding", "mma_shared",
    [DeclareAttrInterfaceMethods<TTG_SharedEncoding, ["getAlignmentBytes", "getStackEncoding"]>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "a tensor in shared memory as wgmma and TMA read and write it";
  let description = [{
    ```
    #shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    ```
    The tensor is stored in tiles of 8 rows of `swizzlingByteWidth` bytes (the 32, 64 or
    128-byte swizzle modes of TMA and wgmma descriptors; 0 is unswizzled, with 16-byte rows).
    Within a tile, the 16-byte chunks of row r are permuted as chunk c goes to
    c XOR ((r / perPhase) % maxPhase), with perPhase = 128 / swizzlingByteWidth and
    maxPhase = swizzlingByteWidth / 16. Tiles follow each other down the rows first, then
    across the columns. Rows are dim0 and columns dim1 (the last two dimensions of a batched
    tensor), or the other way round when `transposed`. The element type must have
    `elementBitWidth` bits, and the tensor at least one tile. A buffer starts at a multiple of
    its tile's bytes (1024 for the 128-byte swizzle): the hardware swizzles on address bits.
  }];
  let parameters = (ins
    "unsigned":$swizzlingByteWidth,
    "bool":$transposed,
    "unsigned":$elementBitWidth
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // NEREID_NVIDIA_IR_NVIDIAATTRDEFS_TD
