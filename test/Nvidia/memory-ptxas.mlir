// REQUIRES: ptxas
// RUN: nereid-opt %S/memory-ptx.mlir --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=4})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: nereid-opt %S/memory-ptx.mlir --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:80 num-warps=8})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t80.ptx
// RUN: %ptxas -arch=sm_80 %t80.ptx -o %t80.cubin

// ptxas accepts the PTX of memory-ptx.mlir's loads, stores and atomics (vector accesses, cache
// hints and atomics as inline PTX, compare-and-swap loops) for sm_90a and sm_80.
