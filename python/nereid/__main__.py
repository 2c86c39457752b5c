"""`python -m nereid compile FILE KERNEL --signature ... [--name NAME] [--out-dir DIR]
[--target TARGET] [--backend BACKEND]`: a kernel compiled ahead of time into a shared library,
a C header and a manifest (nereid.aot, docs/aot.md)."""

import argparse
import sys
from pathlib import Path

from .aot import AotError, compile_ahead_of_time, load_kernel


def main(argv: list) -> int:
    parser = argparse.ArgumentParser(prog="python -m nereid")
    commands = parser.add_subparsers(dest="command", required=True)
    compile_command = commands.add_parser(
        "compile", help="compile a kernel ahead of time for a C program")
    compile_command.add_argument("file", type=Path, help="the Python file that defines the kernel")
    compile_command.add_argument("kernel", help="the @nereid.jit function's name")
    compile_command.add_argument(
        "--signature", "-s", required=True,
        help="one entry per parameter, in order: a type (*fp32, i32, fp16), with :16 to promise "
             "16-byte alignment or a multiple of 16, or a constexpr's value (1024)")
    compile_command.add_argument("--name", "-n", help="the C function's name (the kernel's)")
    compile_command.add_argument("--out-dir", "-o", type=Path, default=Path("."),
                                 help="where the files go (the current directory)")
    compile_command.add_argument("--backend", default="cpu", help="the backend (cpu)")
    compile_command.add_argument("--target", help="the backend's target (the host's): "
                                 "cpu:x86_64:avx2, cpu:x86_64:avx512")
    compile_command.add_argument("--num-warps", type=int, help="for GPU backends")
    arguments = parser.parse_args(argv)
    options = {}
    if arguments.target:
        options["target"] = arguments.target
    if arguments.num_warps:
        options["num_warps"] = arguments.num_warps
    try:
        function = load_kernel(arguments.file, arguments.kernel)
        written = compile_ahead_of_time(function, arguments.signature,
                                        arguments.name or arguments.kernel, arguments.out_dir,
                                        arguments.backend, options)
    except (AotError, NotImplementedError) as error:
        print(f"python -m nereid compile: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


sys.exit(main(sys.argv[1:]))
