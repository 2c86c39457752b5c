#ifndef NEREID_NVIDIA_IR_NVIDIADIALECT_TD
#define NEREID_NVIDIA_IR_NVIDIADIALECT_TD

include "mlir/IR/OpBase.td"

def Nvidia_Dialect : Dialect {
  let name = "nvidia";
  let cppNamespace = "::mlir::nereid::nvidia";
  let summary = "the layouts of NVIDIA's tensor cores, as encodings of ttg tensors and buffers";
  let description = [{
    The NVIDIA backend's own layouts, which the shared passes see only through the ttg layout
    interfaces (docs/layouts.md): `#nvidia.mma`, the accumulator of mma.sync and wgmma (a
    tensor-core encoding, the parent of a `#ttg.dot_op`), and `#nvidia.mma_shared`, a buffer
    in shared memory as wgmma and TMA read and write it. Names follow Triton's TTGIR
    (`#ttg.nvidia_mma`, `#ttg.nvmma_shared` there).
  }];
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::nereid::ttg::TritonGPUDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

#endif // NEREID_NVIDIA_IR_NVIDIADIALECT_TD
