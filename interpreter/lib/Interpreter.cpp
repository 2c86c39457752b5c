// A launch: check the kernel once, bind the arguments, then run every program of the grid, in
// order or in parallel with oneTBB, and report the first failure in program order.

#include "nereid/Interpreter/Interpreter.h"

#include "Arguments.h"
#include "Constants.h"
#include "Executor.h"
#include "MemoryAccess.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SetVector.h"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstdio>
#include <limits>

namespace mlir::nereid::interpreter {
namespace {

/// No tensor may hold more elements than this: tiles are far smaller, and an absurd shape must
/// be an error, not an allocation failure.
constexpr int64_t kMaxTensorElements = int64_t(1) << 26;

/// The most threads one launch uses, whatever it asks for.
constexpr int64_t kMaxThreads = 1024;

/// Why the interpreter cannot hold values of `type`, or an empty string when it can.
std::string checkType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!tensor.hasStaticShape())
      return "has a dynamic shape";
    int64_t count = 1;
    for (int64_t size : tensor.getShape()) {
      if (size <= 0)
        return "has an empty dimension";
      if (count > kMaxTensorElements / size)
        return "holds more than 2^26 elements";
      count *= size;
    }
    type = tensor.getElementType();
  }
  std::optional<ElementKind> kind = getElementKind(type);
  if (!kind)
    return "is not a type the interpreter holds";
  if (auto pointer = dyn_cast<tt::PointerType>(type))
    if (!getMemoryElement(pointer.getPointeeType()))
      return "points at a type that memory cannot hold";
  return "";
}

/// Checks every op that the kernel can reach (through tt.call) before any program runs, so that
/// an unsupported op or type is reported whatever path the programs take, and builds the value
/// of every constant.
LogicalResult prepareFunctions(ModuleOp module, tt::FuncOp kernel, LaunchContext &launch) {
  for (auto function : module.getOps<tt::FuncOp>())
    launch.functions[function.getName()] = function;
  llvm::SetVector<Operation *> reachable;
  reachable.insert(kernel);
  for (size_t next = 0; next < reachable.size(); ++next) {
    WalkResult walk = reachable[next]->walk([&](Operation *op) -> WalkResult {
      if (isa<tt::FuncOp>(op))
        return WalkResult::advance();
      if (!isSupportedOp(op)) {
        emitError(op->getLoc()) << "the interpreter does not support " << op->getName();
        return WalkResult::interrupt();
      }
      for (Type type : llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
        std::string problem = checkType(type);
        if (!problem.empty()) {
          emitError(op->getLoc()) << "the interpreter cannot run " << op->getName() << ": " << type
                                  << " " << problem;
          return WalkResult::interrupt();
        }
      }
      if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        FailureOr<Tensor> value = materializeConstant(constant.getValue());
        if (failed(value)) {
          emitError(op->getLoc()) << "the interpreter cannot read the value of this "
                                     "arith.constant";
          return WalkResult::interrupt();
        }
        launch.constants[op] = *value;
      }
      if (auto call = dyn_cast<tt::CallOp>(op)) {
        auto it = launch.functions.find(call.getCallee());
        if (it == launch.functions.end() || it->second.isExternal()) {
          emitError(op->getLoc()) << "the interpreter cannot call '" << call.getCallee()
                                  << "': it has no body in the module";
          return WalkResult::interrupt();
        }
        reachable.insert(it->second);
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
  }
  return success();
}

/// Runs one program, and records its failure if it is the first in program order.
void runProgram(int64_t linearId, tt::FuncOp kernel, ArrayRef<Tensor> arguments,
                LaunchContext &launch, std::mutex &failureMutex,
                std::optional<ProgramFailure> &firstFailure) {
  if (launch.firstFailure.load(std::memory_order_relaxed) < linearId)
    return;
  std::array<uint32_t, 3> grid = launch.grid;
  std::array<uint32_t, 3> programId = {uint32_t(linearId % grid[0]),
                                       uint32_t((linearId / grid[0]) % grid[1]),
                                       uint32_t(linearId / (int64_t(grid[0]) * grid[1]))};
  ProgramState state(launch, programId, linearId);
  Frame frame(state);
  SmallVector<Tensor> results;
  FailureOr<Operation *> terminator = executeRegion(kernel.getBody(), arguments, frame, results);
  if (!state.output.empty()) {
    std::lock_guard<std::mutex> lock(launch.printMutex);
    launch.print(state.output);
  }
  if (succeeded(terminator) || !state.error)
    return;
  std::lock_guard<std::mutex> lock(failureMutex);
  if (linearId < launch.firstFailure.load()) {
    launch.firstFailure.store(linearId);
    firstFailure = std::move(state.error);
  }
}

} // namespace

LogicalResult interpretKernel(ModuleOp module, StringRef kernelName, std::array<uint32_t, 3> grid,
                              ArrayRef<KernelArgument> arguments, const InterpretOptions &options) {
  auto kernel = module.lookupSymbol<tt::FuncOp>(kernelName);
  if (!kernel) {
    // The error is about the caller's request, not about a line of the module.
    InFlightDiagnostic diagnostic = emitError(UnknownLoc::get(module.getContext()))
                                    << "no tt.func named '" << kernelName << "' in the module";
    SmallVector<StringRef> kernels;
    for (auto function : module.getOps<tt::FuncOp>())
      if (function.isPublic() && !function.isExternal())
        kernels.push_back(function.getName());
    if (!kernels.empty()) {
      diagnostic << "; its kernels are ";
      llvm::interleaveComma(kernels, diagnostic);
    }
    return diagnostic;
  }
  if (kernel.isExternal())
    return emitError(kernel.getLoc()) << "kernel '" << kernelName << "' has no body";
  if (!kernel.getResultTypes().empty())
    return emitError(kernel.getLoc())
           << "kernel '" << kernelName << "' returns values; a kernel returns nothing";
  for (unsigned axis = 0; axis < 3; ++axis)
    if (grid[axis] > uint32_t(std::numeric_limits<int32_t>::max()))
      return emitError(kernel.getLoc())
             << "grid dimension " << axis << " is " << grid[axis]
             << "; program ids are i32, so it must be at most 2147483647";

  LaunchContext launch;
  launch.kernelName = kernelName.str();
  launch.grid = grid;
  launch.print = options.print ? options.print : [](StringRef text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
  };
  if (failed(prepareFunctions(module, kernel, launch)))
    return failure();
  FailureOr<SmallVector<Tensor>> values = bindArguments(kernel, arguments, launch);
  if (failed(values))
    return failure();

  int64_t programs = int64_t(grid[0]) * grid[1] * grid[2];
  std::mutex failureMutex;
  std::optional<ProgramFailure> firstFailure;
  auto run = [&](int64_t linearId) {
    runProgram(linearId, kernel, *values, launch, failureMutex, firstFailure);
  };
  // More threads than programs would idle; a runaway request must not create thousands.
  int64_t threads = std::min<int64_t>({int64_t(options.numThreads), programs, kMaxThreads});
  if (threads <= 1) {
    for (int64_t id = 0; id < programs && !firstFailure; ++id)
      run(id);
  } else {
    // oneTBB caps its workers at the core count unless told otherwise; the caller asked for
    // this many threads, so allow them for the length of the launch.
    tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism,
                                    size_t(threads));
    tbb::task_arena arena(static_cast<int>(threads));
    arena.execute([&] {
      tbb::parallel_for(tbb::blocked_range<int64_t>(0, programs, 1),
                        [&](const tbb::blocked_range<int64_t> &range) {
                          for (int64_t id = range.begin(); id != range.end(); ++id)
                            run(id);
                        });
    });
  }
  if (firstFailure)
    return emitError(firstFailure->location) << firstFailure->message;
  return success();
}

} // namespace mlir::nereid::interpreter
