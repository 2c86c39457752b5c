"""`python -m nereid.triton script.py [args...]` and `python -m nereid.triton -m module
[args...]`: run a program written for upstream Triton unchanged, its `import triton` resolved to
Nereid (`nereid.triton.alias`), as `python script.py [args...]` and `python -m module [args...]`
would run it: `__name__` is "__main__", `sys.argv` is the script (the module's file) and its
arguments, and the script's folder (the working directory, for a module) comes first on
`sys.path`. `-m pytest` runs a suite written for upstream Triton."""

import os
import runpy
import sys

from .alias import install

USAGE = "usage: python -m nereid.triton script.py [args...] | -m module [args...]"

arguments = sys.argv[1:]
if not arguments or (arguments[0] == "-m" and len(arguments) < 2):
    sys.exit(USAGE)
install()
if arguments[0] == "-m":
    sys.argv = arguments[1:]
    sys.path.insert(0, os.getcwd())
    runpy.run_module(arguments[1], run_name="__main__", alter_sys=True)
else:
    sys.argv = arguments
    sys.path.insert(0, os.path.dirname(os.path.abspath(arguments[0])))
    runpy.run_path(arguments[0], run_name="__main__")
