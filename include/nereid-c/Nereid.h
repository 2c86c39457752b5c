/* The C API of libnereid: the one seam between the compiler and its callers (Python through
 * ctypes, C and C++ programs). Plain C, so that any language with a foreign-function interface
 * can use it.
 *
 * Conventions:
 * - Every handle is opaque and owned by the caller, who releases it with the matching
 *   nereid_*_destroy function.
 * - Strings passed in are pointer and length; they need not be NUL-terminated and may hold any
 *   bytes. Strings returned are NUL-terminated and owned by the handle they come from, valid
 *   until that handle changes or is destroyed.
 * - Functions that can fail return a NereidStatus and record what went wrong in a
 *   NereidDiagnostics list given by the caller.
 * - An internal compiler error (an LLVM fatal error or a crash signal inside a call that runs
 *   the compiler) is a failure with the error "internal compiler error in <function>: ...", not
 *   the end of the process. It breaks the context: later calls on it or its modules fail with
 *   "the context is unusable after an internal compiler error", and destroying them releases
 *   nothing; create a new context. NEREID_DISABLE_CRASH_RECOVERY=1 in the environment turns
 *   this off (docs/ir.md, "When the compiler itself fails"). */
#ifndef NEREID_C_NEREID_H
#define NEREID_C_NEREID_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define NEREID_C_EXPORT __declspec(dllexport)
#else
#define NEREID_C_EXPORT __attribute__((visibility("default")))
#endif

/* The version of this API. It grows by one whenever a declaration here changes meaning or
 * disappears; adding a function does not change it. */
#define NEREID_C_API_VERSION 3

/* The API version that the loaded library implements; callers compare it with the version
 * their bindings were written for. */
NEREID_C_EXPORT int32_t nereid_api_version(void);

typedef enum NereidStatus {
  NEREID_SUCCESS = 0,
  NEREID_FAILURE = 1,
} NereidStatus;

typedef enum NereidSeverity {
  NEREID_SEVERITY_NOTE = 0,
  NEREID_SEVERITY_WARNING = 1,
  NEREID_SEVERITY_ERROR = 2,
  NEREID_SEVERITY_REMARK = 3,
} NereidSeverity;

/* One diagnostic, with the source location it points at. `file` is empty and `line`/`column`
 * are 0 when the diagnostic has no file location. */
typedef struct NereidDiagnostic {
  NereidSeverity severity;
  const char *message;
  const char *file;
  uint32_t line;
  uint32_t column;
} NereidDiagnostic;

/* ---------------------------------------------------------------------------------------- */
/* Diagnostics                                                                                */
/* ---------------------------------------------------------------------------------------- */

typedef struct NereidDiagnostics NereidDiagnostics;

/* An empty list; functions that take one append to it. */
NEREID_C_EXPORT NereidDiagnostics *nereid_diagnostics_create(void);
NEREID_C_EXPORT void nereid_diagnostics_destroy(NereidDiagnostics *diagnostics);
NEREID_C_EXPORT size_t nereid_diagnostics_count(const NereidDiagnostics *diagnostics);
/* The diagnostic at `index`, or one with a NULL message when `index` is out of range. */
NEREID_C_EXPORT NereidDiagnostic nereid_diagnostics_get(const NereidDiagnostics *diagnostics,
                                                        size_t index);

/* ---------------------------------------------------------------------------------------- */
/* Contexts and modules                                                                       */
/* ---------------------------------------------------------------------------------------- */

/* A compiler context with every Nereid dialect loaded. One context serves one thread at a
 * time; modules belong to the context that parsed them. */
typedef struct NereidContext NereidContext;
typedef struct NereidModule NereidModule;

NEREID_C_EXPORT NereidContext *nereid_context_create(void);
NEREID_C_EXPORT void nereid_context_destroy(NereidContext *context);

/* Parses and verifies IR text. `filename` names the buffer in locations of syntax errors.
 * Returns NULL on failure, with the errors in `diagnostics`. Beyond MLIR's verification, ops
 * directly in a module (a graph region) may not have operands or results: kernels hold only
 * functions and globals there. */
NEREID_C_EXPORT NereidModule *nereid_module_parse(NereidContext *context, const char *text,
                                                  size_t length, const char *filename,
                                                  NereidDiagnostics *diagnostics);
NEREID_C_EXPORT void nereid_module_destroy(NereidModule *module);

/* Verifies the module again, after changes. */
NEREID_C_EXPORT NereidStatus nereid_module_verify(NereidModule *module,
                                                  NereidDiagnostics *diagnostics);

/* The module as IR text, with locations when `with_locations` is non-zero. The string lives
 * until the module is printed again or destroyed. */
NEREID_C_EXPORT const char *nereid_module_print(NereidModule *module, int with_locations);

/* Runs a textual pass pipeline, as `nereid-opt --pass-pipeline=` takes it, for example
 * "builtin.module(canonicalize,cse)", on the module in place. */
NEREID_C_EXPORT NereidStatus nereid_module_run_pipeline(NereidModule *module, const char *pipeline,
                                                        NereidDiagnostics *diagnostics);

/* ---------------------------------------------------------------------------------------- */
/* Interpreter                                                                                */
/* ---------------------------------------------------------------------------------------- */

typedef enum NereidArgumentKind {
  NEREID_ARGUMENT_BUFFER = 0,  /* for a pointer parameter */
  NEREID_ARGUMENT_INTEGER = 1, /* for an integer parameter */
  NEREID_ARGUMENT_FLOAT = 2,   /* for a float parameter */
  /* Not kinds: they make the type hold any int32_t, so that the library can reject an unknown
   * value that a caller passes without undefined behaviour. */
  NEREID_ARGUMENT_KIND_MIN_ = INT32_MIN,
  NEREID_ARGUMENT_KIND_MAX_ = INT32_MAX,
} NereidArgumentKind;

/* One kernel argument: a tagged union matched against the kernel's parameter type. A buffer is
 * the host memory a pointer parameter points at; the kernel may touch its `size_bytes` bytes
 * and no others. An integer is given as int64_t (an unsigned value as its bit pattern) and must
 * fit the parameter's width; a float is rounded to nearest even to the parameter's type. */
typedef struct NereidArgument {
  NereidArgumentKind kind;
  union {
    struct {
      void *data;
      size_t size_bytes;
    } buffer;
    int64_t integer;
    double floating;
  } value;
} NereidArgument;

/* Receives text that tt.print wrote: one program's lines at a time, not NUL-terminated. */
typedef void (*NereidPrintCallback)(const char *text, size_t length, void *user_data);

/* How nereid_interpret runs. A NULL options pointer means all defaults (zeros). */
typedef struct NereidInterpretOptions {
  /* 0 or 1: programs run one after another, x fastest, then y, then z. More: in parallel on
   * that many threads (oneTBB), with the same results. */
  uint32_t num_threads;
  /* Where tt.print output goes; NULL writes it to stdout. */
  NereidPrintCallback print;
  void *print_user_data;
} NereidInterpretOptions;

/* Runs the tt.func named `kernel` of `module` in the interpreter for every program of
 * `grid[0] x grid[1] x grid[2]`, on host memory. Every masked-in memory access is checked
 * against the buffer its pointer derives from. On failure (a wrong argument, an unsupported
 * op, an out-of-bounds access, a failed tt.assert) the first failure in program order is an
 * error in `diagnostics` with the file, line and column of the op, and memory may hold the
 * writes of the programs that ran. */
NEREID_C_EXPORT NereidStatus nereid_interpret(NereidModule *module, const char *kernel,
                                              const uint32_t grid[3],
                                              const NereidArgument *args, size_t num_args,
                                              const NereidInterpretOptions *options,
                                              NereidDiagnostics *diagnostics);

/* ---------------------------------------------------------------------------------------- */
/* Code generation                                                                            */
/* ---------------------------------------------------------------------------------------- */

/* A machine that code is generated for: a CPU, or a GPU of a chip and ISA version. The strings
 * live as long as the process. */
typedef struct NereidTarget {
  const char *triple;   /* the LLVM triple, as "x86_64-pc-linux-gnu", "nvptx64-nvidia-cuda" */
  const char *cpu;      /* the LLVM CPU name, as "skylake-avx512", "sm_90a", "gfx942" */
  const char *features; /* the LLVM feature string, as "+avx2,+fma,-avx512f,..." (sorted) */
  /* The `ttg.target` string: for a CPU, that of the vector ISA the CPU lowering uses,
   * "cpu:x86_64:avx512" when avx512f is present, "cpu:x86_64:avx2", "cpu:aarch64:neon", or ""
   * for a machine that Nereid has no CPU lowering for; for a GPU, as "cuda:90". */
  const char *ttg_target;
  const char *chip;        /* a GPU's chip, as "sm_90a" or "gfx942"; "" for a CPU */
  const char *isa_version; /* a GPU's ISA version, as "8.6" (PTX) or "" for the default */
} NereidTarget;

/* The machine this process runs on. */
NEREID_C_EXPORT NereidTarget nereid_host_target(void);

/* The backends this library was built with (CMake's NEREID_BACKENDS), as their names in lower
 * case separated by commas, "cpu,nvidia,amd"; the string lives as long as the process. */
NEREID_C_EXPORT const char *nereid_backends(void);

/* Bytes produced by the compiler, owned by the handle. */
typedef struct NereidBuffer NereidBuffer;

/* The bytes, followed by a NUL that `size` does not count. */
NEREID_C_EXPORT const char *nereid_buffer_data(const NereidBuffer *buffer);
NEREID_C_EXPORT size_t nereid_buffer_size(const NereidBuffer *buffer);
NEREID_C_EXPORT void nereid_buffer_destroy(NereidBuffer *buffer);

/* What nereid_module_emit produces. */
typedef enum NereidEmitKind {
  NEREID_EMIT_LLVM_IR = 0,  /* LLVM IR text, after optimization */
  NEREID_EMIT_ASSEMBLY = 1, /* the target's assembly text */
  NEREID_EMIT_OBJECT = 2,   /* a relocatable object file (ELF on Linux), position independent */
  /* Not kinds: as for NereidArgumentKind, any int32_t is a value of the type. */
  NEREID_EMIT_KIND_MIN_ = INT32_MIN,
  NEREID_EMIT_KIND_MAX_ = INT32_MAX,
} NereidEmitKind;

/* Translates `module`, which must hold only the LLVM dialect (and the builtin and omp
 * dialects), to LLVM IR, optimizes it with LLVM's default pipeline at `opt_level` (0 to 3) for
 * the machine that `triple`, `cpu` and `features` name, and produces `kind`. NULL or empty
 * strings mean the host's (see nereid_host_target). `bitcode_libraries` names
 * `num_bitcode_libraries` LLVM bitcode files (NULL when there are none) that define functions
 * the module declares: before optimization, each function the module needs is linked in and
 * made internal to it, so that the optimizer may inline it (as a GPU kernel takes libdevice);
 * one that the module calls from more than 64 places stays out of line. The module is not
 * changed. On success `*out` is a new buffer that the caller destroys; on
 * failure it is NULL and `diagnostics` says why: an unknown triple, an unreadable bitcode
 * library, or an op that has no translation, at its location. */
NEREID_C_EXPORT NereidStatus nereid_module_emit(NereidModule *module, NereidEmitKind kind,
                                                const char *triple, const char *cpu,
                                                const char *features, int32_t opt_level,
                                                const char *const *bitcode_libraries,
                                                size_t num_bitcode_libraries, NereidBuffer **out,
                                                NereidDiagnostics *diagnostics);

/* Links with lld's ELF linker, in this process: `arguments` are `num_arguments` command-line
 * arguments of `ld.lld` (without the program name), for instance "-shared", "-o", the output,
 * the object files and libraries. Links run one at a time. On failure `diagnostics` holds lld's
 * messages as one error. */
NEREID_C_EXPORT NereidStatus nereid_link_shared_library(const char *const *arguments,
                                                        size_t num_arguments,
                                                        NereidDiagnostics *diagnostics);

#ifdef __cplusplus
}
#endif

#endif /* NEREID_C_NEREID_H */
