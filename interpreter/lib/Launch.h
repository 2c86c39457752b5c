#ifndef NEREID_INTERPRETER_LIB_LAUNCH_H
#define NEREID_INTERPRETER_LIB_LAUNCH_H

#include "Tensor.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"

#include <array>
#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace mlir::nereid::interpreter {

/// A host buffer passed as a pointer argument: the memory its derived pointers may touch.
struct Buffer {
  uint64_t base;
  uint64_t size;
  unsigned argument;
};

/// Mutexes striped by address, so that atomics on one location are indivisible when programs run
/// in parallel. Every atomic locks the stripe of its 8-byte granule.
class AtomicLocks {
public:
  std::mutex &forAddress(uint64_t address) { return stripes[(address >> 3) % kStripes]; }

private:
  static constexpr size_t kStripes = 1024;
  std::mutex stripes[kStripes];
};

/// What every program of one launch shares. It is read-only while programs run, except for the
/// atomic locks, the failure marker and the print sink, which are thread-safe.
struct LaunchContext {
  std::string kernelName;
  std::array<uint32_t, 3> grid = {1, 1, 1};
  std::vector<Buffer> buffers;
  /// The value of every arith.constant of the kernel and its callees, built once per launch.
  DenseMap<Operation *, Tensor> constants;
  /// The functions that tt.call may reach, by name.
  llvm::StringMap<tt::FuncOp> functions;
  AtomicLocks locks;
  /// The linear id of the lowest program that failed so far (or INT64_MAX): programs after it
  /// stop early, since only the first failure in program order is reported.
  std::atomic<int64_t> firstFailure{INT64_MAX};
  /// Writes what tt.print produced; called under `printMutex`.
  std::function<void(StringRef)> print;
  std::mutex printMutex;

  /// The buffer whose bytes hold `address`, or kNoBuffer.
  int64_t findBuffer(uint64_t address) const;
};

/// The first error of a program: where, and the whole message.
struct ProgramFailure {
  Location location;
  std::string message;
};

/// The state of one running program: its id, its first failure, and its printed output.
class ProgramState {
public:
  ProgramState(LaunchContext &launch, std::array<uint32_t, 3> programId, int64_t linearId)
      : launch(launch), programId(programId), linearId(linearId) {}

  /// Records a failure of `op` and returns failure(). The message reads
  /// "<what> in kernel 'k' at program (x, y, z): <detail>".
  LogicalResult fail(Operation *op, const Twine &what, const Twine &detail);
  /// Whether a program before this one failed, so that this one may stop without a report.
  bool isCancelled() const {
    return launch.firstFailure.load(std::memory_order_relaxed) < linearId;
  }

  LaunchContext &launch;
  const std::array<uint32_t, 3> programId;
  const int64_t linearId;
  std::optional<ProgramFailure> error;
  /// What tt.print wrote, flushed to the sink when the program ends.
  std::string output;
  unsigned callDepth = 0;
};

/// The values of one function activation. Regions nested in the function (loop bodies,
/// combiners) bind their values here too: SSA names are unique within a function.
class Frame {
public:
  explicit Frame(ProgramState &state) : state(state) {}

  /// The value bound to `value`, with a splat written out (once: it stays bound so), so that
  /// its elements can be read by index. executeOp checks that every operand is bound first.
  const Tensor &get(Value value) {
    Tensor &tensor = values.find(value)->second;
    if (tensor.isSplat())
      tensor = expandScalar(tensor, tensor.shape());
    return tensor;
  }
  /// The value bound to `value` as it is held: possibly a splat (Tensor::isUniform), for the
  /// handlers that read uniform operands without writing them out.
  const Tensor &getLazy(Value value) const { return values.find(value)->second; }
  bool isBound(Value value) const { return values.count(value) != 0; }
  void set(Value value, Tensor tensor) { values[value] = std::move(tensor); }

  /// Records a failure of `op`, as ProgramState::fail.
  LogicalResult fail(Operation *op, const Twine &what, const Twine &detail) {
    return state.fail(op, what, detail);
  }

  ProgramState &state;

private:
  DenseMap<Value, Tensor> values;
};

/// "element 7" for a 1-D tensor, "element [1, 3]" for higher ranks, "the scalar" for rank 0:
/// how reports name the element that failed.
std::string describeElement(ArrayRef<int64_t> shape, int64_t linearIndex);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_LAUNCH_H
