"""The CPU backend's environment variables, read by its own modules. Those that change what it
compiles are compile settings (`nereid.runtime.environment.compile_setting`): a kernel
launched under other values of them is compiled again."""

from nereid.runtime.environment import Variable, compile_setting

# How much a launch must store for its stores to bypass the caches (compiler.py).
NEREID_CPU_STREAMING_STORE_BYTES = compile_setting("NEREID_CPU_STREAMING_STORE_BYTES")
# How bf16 dots multiply on AVX-512 BF16: auto, fma or vdpbf16ps (compiler.py).
NEREID_CPU_BF16_DOT = compile_setting("NEREID_CPU_BF16_DOT")
# Bounds-checked kernels, whatever the launch's `debug` option (compiler.py).
NEREID_CPU_CHECK_BOUNDS = compile_setting("NEREID_CPU_CHECK_BOUNDS")
# What runs a launch's programs on several threads: tbb or openmp (kernel.py).
NEREID_CPU_SCHEDULER = Variable("NEREID_CPU_SCHEDULER")
# OpenMP's thread count, which the CPU's OpenMP runtime reads too (kernel.py).
OMP_NUM_THREADS = Variable("OMP_NUM_THREADS")
