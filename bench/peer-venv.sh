#!/usr/bin/env bash
# Makes a virtual environment in which bench/interpreter.py also measures upstream Triton's
# interpreter: the project's own environment (.venv, from `make build`) plus torch and triton
# from PyPI, kept apart so that the test suites never see them (torch's CUDA wheels are about
# 3 GB). Usage: bench/peer-venv.sh [DIR]  (default /tmp/nereid-peer-venv), then
#   OPENBLAS_NUM_THREADS=1 DIR/bin/python bench/interpreter.py
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${1:-/tmp/nereid-peer-venv}"
python="$root/.venv/bin/python"
[ -x "$python" ] || { echo "peer-venv: run 'make build' first ($python is missing)" >&2; exit 1; }
"$python" -m venv --without-pip "$venv" 2>/dev/null || "$python" -m venv "$venv"
site="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
own_site="$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
# The project's packages and its environment's, as the .pth files of .venv name them.
{ echo "$own_site"; cat "$own_site"/nereid-source-tree.pth; } > "$site/nereid-project.pth"
"$venv/bin/python" -m ensurepip --upgrade >/dev/null 2>&1 || true
# torch 2.9 pins triton 3.5.1; the peer is Triton 3.6, installed over it.
"$venv/bin/python" -m pip install -q "torch==2.9.1"
"$venv/bin/python" -m pip install -q --no-deps --force-reinstall "triton==3.6.0"
"$venv/bin/python" -c 'import torch, triton
print("peer-venv:", torch.__version__, triton.__version__)'
