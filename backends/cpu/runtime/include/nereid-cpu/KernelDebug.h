/* tt.print and tt.assert in CPU kernels (libnereid_cpu_runtime.so). The CPU backend lowers
 * them to calls of these functions, which print and report as the interpreter does; the
 * Python driver collects an assertion failure after the launch with nereid_cpu_take_failure.
 * Failures are recorded per kernel library (the shared object that holds the `kernel` string
 * of the report), so that launches of different kernels on different threads at once each get
 * their own; launches of one library must not overlap. Plain C. */
#ifndef NEREID_CPU_KERNELDEBUG_H
#define NEREID_CPU_KERNELDEBUG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How a printed value's bits are read. */
typedef enum NereidCpuValueKind {
  NEREID_CPU_VALUE_INTEGER = 0, /* `bits` wide; signed when is_signed */
  NEREID_CPU_VALUE_FLOAT16 = 1,
  NEREID_CPU_VALUE_BFLOAT16 = 2,
  NEREID_CPU_VALUE_FLOAT32 = 3,
  NEREID_CPU_VALUE_FLOAT64 = 4,
  NEREID_CPU_VALUE_POINTER = 5,
  NEREID_CPU_VALUE_NONE = 6, /* no value: the line is the prefix alone */
} NereidCpuValueKind;

/* An element is given by the shape of its tile, rank <= 4 dimensions (rank 0: a scalar) in
 * shape0..shape3 (unused ones 1), and its row-major index. Every argument is a scalar, so that
 * generated code calls these without building structs. */

/* Prints one line of tt.print, as Triton's device_print and the interpreter do:
 *   "pid (x, y, z) idx (i, j)<prefix>(operand n) <value>\n"
 * without "idx (...)" for a scalar and without "(operand n) " when `operand` is negative (one
 * operand). `value` holds the element's bits (zero-extended; a pointer's address). Lines of
 * concurrent programs do not interleave within a line. */
__attribute__((visibility("default"))) void
nereid_cpu_print(int32_t pid_x, int32_t pid_y, int32_t pid_z, const char *prefix,
                 int32_t operand, int32_t rank, int64_t shape0, int64_t shape1, int64_t shape2,
                 int64_t shape3, int64_t index, int32_t kind, int32_t bits, uint64_t value,
                 int32_t is_signed, int32_t hex);

/* Records that tt.assert found an element false in program (pid_x, pid_y, pid_z) of kernel
 * `kernel` (a string constant of the kernel's own shared library, whose record it goes to), at
 * file:line:column. The first failure of a launch in program order is kept; the program goes
 * on. */
__attribute__((visibility("default"))) void
nereid_cpu_assert_failed(const char *kernel, const char *message, const char *file,
                         int32_t line, int32_t column, int32_t pid_x, int32_t pid_y,
                         int32_t pid_z, int32_t rank, int64_t shape0, int64_t shape1,
                         int64_t shape2, int64_t shape3, int64_t index);

/* Records that tt.gather met index `gathered`, outside [0, bound) along `axis`, at element
 * `index` (row-major) of its result of `rank` and shape, in program (pid_x, pid_y, pid_z) of
 * kernel `kernel`, at file:line:column. Kept as nereid_cpu_assert_failed keeps failures; the
 * program goes on, with 0 at that element. */
__attribute__((visibility("default"))) void
nereid_cpu_gather_index_failed(const char *kernel, const char *file, int32_t line,
                               int32_t column, int32_t pid_x, int32_t pid_y, int32_t pid_z,
                               int32_t rank, int64_t shape0, int64_t shape1, int64_t shape2,
                               int64_t shape3, int64_t index, int64_t gathered, int64_t bound,
                               int32_t axis);

/* Records that the access `access` ("tt.load", "tt.store", "tt.atomic_rmw", "tt.atomic_cas")
 * of a bounds-checked kernel touched memory outside its buffer at element `index` (row-major)
 * of its tile of `rank` and shape, in program (pid_x, pid_y, pid_z) of kernel `kernel`, at
 * file:line:column: `element_bytes` bytes at `offset` bytes from the start of the buffer of
 * kernel parameter `argument`, which spans `extent` bytes; with `argument` = -1, at address
 * `offset`, in no parameter's buffer. Kept as nereid_cpu_assert_failed keeps failures; the
 * program goes on without touching that element. */
__attribute__((visibility("default"))) void
nereid_cpu_access_out_of_bounds(const char *kernel, const char *file, int32_t line,
                                int32_t column, int32_t pid_x, int32_t pid_y, int32_t pid_z,
                                const char *access, int32_t rank, int64_t shape0,
                                int64_t shape1, int64_t shape2, int64_t shape3, int64_t index,
                                int64_t argument, int64_t element_bytes, int64_t offset,
                                int64_t extent);

/* How many kernel libraries have a failure recorded and not yet taken: the driver's check after
 * each launch reads it, and calls nereid_cpu_take_failure only when it is non-zero. */
__attribute__((visibility("default"))) extern volatile int32_t nereid_cpu_failure_pending;

/* Takes the failure recorded by the kernel library that holds the address `kernel_code` (its
 * program function, say): copies its message (NUL-terminated, truncated to `size`) and its
 * file, line and column, clears it, and returns 1; returns 0 when that library has none (other
 * libraries' failures stay for their own launches). */
__attribute__((visibility("default"))) int32_t
nereid_cpu_take_failure(const void *kernel_code, char *message, size_t message_size, char *file,
                        size_t file_size, int32_t *line, int32_t *column);

#ifdef __cplusplus
}
#endif

#endif /* NEREID_CPU_KERNELDEBUG_H */
