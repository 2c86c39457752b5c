#ifndef NEREID_INTERPRETER_INTERPRETER_H
#define NEREID_INTERPRETER_INTERPRETER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace mlir::nereid::interpreter {

/// One kernel argument as the host passes it, matched against the kernel's parameter type:
/// a buffer for a pointer, an integer for an integer type, a float for a float type.
struct KernelArgument {
  enum class Kind { Buffer, Integer, Float };

  Kind kind = Kind::Integer;
  void *data = nullptr;  ///< Buffer: the first byte
  size_t sizeBytes = 0;  ///< Buffer: how many bytes the kernel may touch from `data`
  int64_t integer = 0;   ///< Integer: the value (an unsigned value as its bit pattern)
  double floating = 0.0; ///< Float: the value, rounded to nearest even to the parameter type

  /// A buffer of `sizeBytes` bytes at `data`, for a pointer parameter.
  static KernelArgument buffer(void *data, size_t sizeBytes) {
    KernelArgument argument;
    argument.kind = Kind::Buffer;
    argument.data = data;
    argument.sizeBytes = sizeBytes;
    return argument;
  }
  /// An integer, for an integer parameter.
  static KernelArgument integerValue(int64_t value) {
    KernelArgument argument;
    argument.kind = Kind::Integer;
    argument.integer = value;
    return argument;
  }
  /// A float, for a float parameter.
  static KernelArgument floatValue(double value) {
    KernelArgument argument;
    argument.kind = Kind::Float;
    argument.floating = value;
    return argument;
  }
};

/// How a launch runs.
struct InterpretOptions {
  /// 0 or 1: programs run one after another, in order (x fastest, then y, then z). More: they
  /// run in parallel on that many oneTBB threads, with the same results.
  unsigned numThreads = 1;
  /// Receives what tt.print writes, one program's output at a time; null writes to stdout.
  std::function<void(llvm::StringRef)> print;
};

/// Runs the `tt.func` named `kernel` of a verified `module` for every program of `grid` on
/// host memory. Every masked-in memory access is checked against the buffer its pointer derives
/// from. The first failure in program order (a memory violation, a failed assertion, an
/// unsupported op, a wrong argument) is emitted as an error diagnostic at the location of the
/// op, or of the kernel for argument errors, and the result is failure(); memory may then hold
/// the writes of any programs that ran.
LogicalResult interpretKernel(ModuleOp module, llvm::StringRef kernel, std::array<uint32_t, 3> grid,
                              llvm::ArrayRef<KernelArgument> arguments,
                              const InterpretOptions &options = {});

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_INTERPRETER_H
