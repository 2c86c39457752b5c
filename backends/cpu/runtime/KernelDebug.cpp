// tt.print, tt.assert and out-of-bounds accesses at run time (include/nereid-cpu/KernelDebug.h):
// the same text as the interpreter's (interpreter/lib/Debug.cpp, MemoryAccess.cpp), floats
// through the shared formatFloat.
//
// Failures are kept per kernel library, not per process: several Python threads may launch
// kernels at once, and each launch must report its own failure and no other's. The calls that
// report a failure carry no launch context (the kernel ABI has none, and they run on OpenMP or
// oneTBB workers, not on the launching thread), but they carry the kernel's name, a string
// constant of the kernel's own shared library; dladdr maps it to that library's load address,
// which keys the record. Launches of one library run one at a time (the Python driver holds a
// lock per library), so a library's record belongs to the launch in progress.

#include "nereid-cpu/KernelDebug.h"

#include "nereid/Support/FloatFormats.h"

#include <dlfcn.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

using mlir::nereid::decodeFloat;
using mlir::nereid::formatFloat;

volatile int32_t nereid_cpu_failure_pending = 0;

namespace {

std::mutex outputMutex;

/// The first failure (in program order) of the launch in progress of one kernel library.
struct Failure {
  int64_t programOrder = 0;
  std::string message;
  std::string file;
  int32_t line = 0;
  int32_t column = 0;
};

/// The failures not yet taken, by the load address of the kernel library that recorded them.
std::mutex failuresMutex;
std::unordered_map<const void *, Failure> failures;

/// The load address of the shared library that holds `address` (code or a constant of a
/// kernel), or `address` itself where the loader knows no library there.
const void *libraryOf(const void *address) {
  Dl_info info;
  if (dladdr(address, &info) && info.dli_fbase)
    return info.dli_fbase;
  return address;
}

std::string formatValue(int32_t kind, int32_t bits, uint64_t value, bool isSigned, bool hex) {
  char buffer[64];
  if (kind == NEREID_CPU_VALUE_POINTER) {
    std::snprintf(buffer, sizeof(buffer), "0x%016" PRIx64, value);
    return buffer;
  }
  if (hex) {
    std::snprintf(buffer, sizeof(buffer), "0x%0*" PRIx64, (bits + 3) / 4, value);
    return buffer;
  }
  using namespace mlir::nereid;
  switch (kind) {
  case NEREID_CPU_VALUE_FLOAT16:
    return formatFloat(decodeFloat(kFloat16, value), kFloat16);
  case NEREID_CPU_VALUE_BFLOAT16:
    return formatFloat(decodeFloat(kBFloat16, value), kBFloat16);
  case NEREID_CPU_VALUE_FLOAT32:
    return formatFloat(decodeFloat(kFloat32, value), kFloat32);
  case NEREID_CPU_VALUE_FLOAT64:
    return formatFloat(decodeFloat(kFloat64, value), kFloat64);
  default:
    break;
  }
  if (isSigned && bits > 1 && bits < 64 && (value >> (bits - 1)) & 1)
    value |= ~uint64_t(0) << bits;
  if (isSigned && bits > 1)
    std::snprintf(buffer, sizeof(buffer), "%" PRId64, static_cast<int64_t>(value));
  else
    std::snprintf(buffer, sizeof(buffer), "%" PRIu64, value);
  return buffer;
}

/// One element of a tile of at most 4 dimensions, by its row-major index.
struct Element {
  int32_t rank;
  int64_t shape[4];
  int64_t index;
};

/// "i, j" for the row-major `index` of `shape`.
std::string formatIndex(const Element &element) {
  int64_t indices[4] = {0, 0, 0, 0};
  int64_t rest = element.index;
  for (int32_t d = element.rank - 1; d >= 0; --d) {
    indices[d] = rest % element.shape[d];
    rest /= element.shape[d];
  }
  std::string text;
  for (int32_t d = 0; d < element.rank; ++d)
    text += (d ? ", " : "") + std::to_string(indices[d]);
  return text;
}

} // namespace

extern "C" void nereid_cpu_print(int32_t pid_x, int32_t pid_y, int32_t pid_z, const char *prefix,
                                 int32_t operand, int32_t rank, int64_t shape0, int64_t shape1,
                                 int64_t shape2, int64_t shape3, int64_t index, int32_t kind,
                                 int32_t bits, uint64_t value, int32_t is_signed, int32_t hex) {
  Element element{rank, {shape0, shape1, shape2, shape3}, index};
  std::string line = "pid (" + std::to_string(pid_x) + ", " + std::to_string(pid_y) + ", " +
                     std::to_string(pid_z) + ")";
  if (kind != NEREID_CPU_VALUE_NONE && rank > 0)
    line += " idx (" + formatIndex(element) + ")";
  line += prefix;
  if (kind != NEREID_CPU_VALUE_NONE) {
    if (operand >= 0)
      line += "(operand " + std::to_string(operand) + ") ";
    line += formatValue(kind, bits, value, is_signed != 0, hex != 0);
  }
  line += "\n";
  std::lock_guard<std::mutex> lock(outputMutex);
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fflush(stdout);
}

namespace {

/// "the scalar", "element i" or "element [i, j]", as the interpreter names an element of a
/// tile.
std::string describeElement(const Element &element) {
  if (element.rank == 0)
    return "the scalar";
  if (element.rank == 1)
    return "element " + std::to_string(element.index);
  return "element [" + formatIndex(element) + "]";
}

/// Records the failure `what` of program `pid` at file:line:column, with the interpreter's
/// wording: "<what> in kernel 'k' at program (x, y, z): <detail>", in the record of the library
/// that holds the string `kernel`. The first failure of a launch in program order is kept.
void recordFailure(const char *what, const char *kernel, const int32_t pid[3],
                   const std::string &detail, const char *file, int32_t line, int32_t column) {
  std::string text = std::string(what) + " in kernel '" + kernel + "' at program (" +
                     std::to_string(pid[0]) + ", " + std::to_string(pid[1]) + ", " +
                     std::to_string(pid[2]) + "): " + detail;
  // Program order: z slowest, x fastest, as the interpreter runs them.
  int64_t order = (int64_t(pid[2]) << 42) + (int64_t(pid[1]) << 21) + pid[0];
  const void *library = libraryOf(kernel);
  std::lock_guard<std::mutex> lock(failuresMutex);
  auto [entry, inserted] = failures.try_emplace(library);
  if (!inserted && entry->second.programOrder <= order)
    return;
  entry->second = Failure{order, std::move(text), file, line, column};
  nereid_cpu_failure_pending = static_cast<int32_t>(failures.size());
}

} // namespace

extern "C" void nereid_cpu_assert_failed(const char *kernel, const char *message,
                                         const char *file, int32_t line, int32_t column,
                                         int32_t pid_x, int32_t pid_y, int32_t pid_z,
                                         int32_t rank, int64_t shape0, int64_t shape1,
                                         int64_t shape2, int64_t shape3, int64_t index) {
  Element element{rank, {shape0, shape1, shape2, shape3}, index};
  int32_t pid[3] = {pid_x, pid_y, pid_z};
  std::string detail = message;
  if (rank > 0)
    detail += " (" + describeElement(element) + " is false)";
  recordFailure("assertion failed", kernel, pid, detail, file, line, column);
}

extern "C" void nereid_cpu_gather_index_failed(const char *kernel, const char *file,
                                               int32_t line, int32_t column, int32_t pid_x,
                                               int32_t pid_y, int32_t pid_z, int32_t rank,
                                               int64_t shape0, int64_t shape1, int64_t shape2,
                                               int64_t shape3, int64_t index,
                                               int64_t gathered, int64_t bound,
                                               int32_t axis) {
  Element element{rank, {shape0, shape1, shape2, shape3}, index};
  int32_t pid[3] = {pid_x, pid_y, pid_z};
  std::string detail = describeElement(element) + " has index " + std::to_string(gathered) +
                       ", outside [0, " + std::to_string(bound) + ") along axis " +
                       std::to_string(axis);
  recordFailure("out-of-range tt.gather index", kernel, pid, detail, file, line, column);
}

extern "C" void nereid_cpu_access_out_of_bounds(
    const char *kernel, const char *file, int32_t line, int32_t column, int32_t pid_x,
    int32_t pid_y, int32_t pid_z, const char *access, int32_t rank, int64_t shape0,
    int64_t shape1, int64_t shape2, int64_t shape3, int64_t index, int64_t argument,
    int64_t element_bytes, int64_t offset, int64_t extent) {
  Element element{rank, {shape0, shape1, shape2, shape3}, index};
  int32_t pid[3] = {pid_x, pid_y, pid_z};
  std::string_view name = access;
  const char *verb = name == "tt.load" ? "reads" : name == "tt.store" ? "writes" : "updates";
  // The interpreter's words (interpreter/lib/MemoryAccess.cpp, reportInvalidAccess).
  std::string detail = describeElement(element) + " " + verb + " ";
  if (argument < 0) {
    char address[32];
    std::snprintf(address, sizeof(address), "0x%" PRIx64, static_cast<uint64_t>(offset));
    detail += std::to_string(element_bytes) + " bytes at address " + address +
              ", which derives from no argument buffer";
    recordFailure(("invalid " + std::string(name)).c_str(), kernel, pid, detail, file, line,
                  column);
    return;
  }
  int64_t end = offset + element_bytes;
  detail += "bytes [" + std::to_string(offset) + ", " + std::to_string(end) + ") of argument " +
            std::to_string(argument) + ", a buffer of " + std::to_string(extent) + " bytes: " +
            (offset < 0 ? std::to_string(-offset) + " bytes before its start"
                        : std::to_string(end - extent) + " bytes past its end");
  recordFailure(("out-of-bounds " + std::string(name)).c_str(), kernel, pid, detail, file, line,
                column);
}

extern "C" int32_t nereid_cpu_take_failure(const void *kernel_code, char *message,
                                           size_t message_size, char *file, size_t file_size,
                                           int32_t *line, int32_t *column) {
  const void *library = libraryOf(kernel_code);
  std::lock_guard<std::mutex> lock(failuresMutex);
  auto entry = failures.find(library);
  if (entry == failures.end())
    return 0;
  const Failure &failure = entry->second;
  std::snprintf(message, message_size, "%s", failure.message.c_str());
  std::snprintf(file, file_size, "%s", failure.file.c_str());
  *line = failure.line;
  *column = failure.column;
  failures.erase(entry);
  nereid_cpu_failure_pending = static_cast<int32_t>(failures.size());
  return 1;
}
