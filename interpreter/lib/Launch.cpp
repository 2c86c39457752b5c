#include "Launch.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::nereid::interpreter {

int64_t LaunchContext::findBuffer(uint64_t address) const {
  for (size_t i = 0; i < buffers.size(); ++i)
    if (address >= buffers[i].base && address - buffers[i].base < buffers[i].size)
      return int64_t(i);
  return kNoBuffer;
}

LogicalResult ProgramState::fail(Operation *op, const Twine &what, const Twine &detail) {
  if (!error) {
    std::string message;
    llvm::raw_string_ostream stream(message);
    stream << what << " in kernel '" << launch.kernelName << "' at program (" << programId[0]
           << ", " << programId[1] << ", " << programId[2] << "): " << detail;
    error = ProgramFailure{op->getLoc(), std::move(message)};
  }
  return failure();
}

std::string describeElement(ArrayRef<int64_t> shape, int64_t linearIndex) {
  if (shape.empty())
    return "the scalar";
  std::string text;
  llvm::raw_string_ostream stream(text);
  if (shape.size() == 1) {
    stream << "element " << linearIndex;
    return text;
  }
  SmallVector<int64_t, 4> index(shape.size());
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    index[d] = linearIndex % shape[d];
    linearIndex /= shape[d];
  }
  stream << "element [";
  llvm::interleaveComma(index, stream);
  stream << "]";
  return text;
}

} // namespace mlir::nereid::interpreter
