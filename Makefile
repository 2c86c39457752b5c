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

# The wheel that `pip install .` builds (LLVM and MLIR linked in; pyproject.toml), in dist/.
wheel: deps
	$(PYTHON) -m pip wheel --no-deps --wheel-dir dist .

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
	rm -rf $(BUILD_DIR) build-self-contained build-wheel dist
