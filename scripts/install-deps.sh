#!/usr/bin/env bash
# Installs what building and testing Nereid needs and is missing: Debian packages (LLVM/MLIR 22
# and the rest of the toolchain) and a project virtual environment with the Python packages.
# Safe to run again: it installs only what is absent, so `make` calls it every time.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VENV:-$ROOT/.venv}"
PYTHON="${PYTHON:-python3}"

# liblld-22-dev: lld's ELF linker, which libnereid runs in-process; libpolly-22-dev: Polly's
# static libraries, which the self-contained libnereid links since lld's LTO registers Debian's
# Polly plugin.
APT_PACKAGES=(
  cmake ninja-build ccache
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 lld-22 liblld-22-dev
  libpolly-22-dev libomp-22-dev libclang-rt-22-dev
  libtbb-dev libxsimd-dev libgtest-dev libzstd-dev zlib1g-dev
)

missing=()
for package in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]})); then
  echo "install-deps: installing Debian packages: ${missing[*]}"
  SUDO=""
  if [[ "$(id -u)" -ne 0 ]]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The virtual environment, rebuilt when requirements change.
REQUIREMENTS="$ROOT/requirements-dev.txt"
STAMP="$VENV/.requirements-installed"
if [[ ! -x "$VENV/bin/python" ]]; then
  if ! "$PYTHON" -m venv "$VENV" 2>/dev/null; then
    # Debian's own python3 needs its venv package first.
    echo "install-deps: installing python3-venv"
    SUDO=""
    if [[ "$(id -u)" -ne 0 ]]; then SUDO="sudo"; fi
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-venv
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
  fi
fi
if [[ ! -f "$STAMP" || "$REQUIREMENTS" -nt "$STAMP" ]]; then
  echo "install-deps: installing Python packages from requirements-dev.txt"
  "$VENV/bin/python" -m pip install -q --upgrade pip
  "$VENV/bin/python" -m pip install -q -r "$REQUIREMENTS"
  touch "$STAMP"
fi

# Development mode: the venv imports `nereid` from the source tree (python/), and each
# backend's driver from its folder (backends/cpu/python: `nereid_cpu`, backends/nvidia/python:
# `nereid_nvidia`); the package finds libnereid in build/lib. The source tree's dist-info
# declares pyproject.toml's entry points, through which nereid.backends finds the backends, as
# an installed wheel's does.
SITE_PACKAGES="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
printf '%s\n' "$ROOT/python" "$ROOT/backends/cpu/python" "$ROOT/backends/nvidia/python" \
  > "$SITE_PACKAGES/nereid-source-tree.pth"
"$VENV/bin/python" "$ROOT/scripts/register-source-tree.py" "$SITE_PACKAGES"
