# lit configuration of Nereid's IR tests: every .mlir file under test/ runs nereid-opt or
# nereid-run (the interpreter, under test/Interpreter) and checks the output with FileCheck.
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "NEREID"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "unit", "python"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.nereid_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# Every FileCheck run scopes its variables to a CHECK-LABEL block.
config.substitutions.append(("FileCheck", "FileCheck --enable-var-scope"))

llvm_config.add_tool_substitutions(
    [ToolSubst("nereid-opt", unresolved="fatal"), ToolSubst("nereid-run", unresolved="fatal")],
    [config.nereid_tools_dir])

# Each backend built (NEREID_BACKENDS) is the feature `backend-<name>`: its own tests (test/CPU,
# test/Nvidia, test/Amd, by their lit.local.cfg) and the shared tests that compile for its
# targets (REQUIRES) run only where it is built.
for backend in config.nereid_backends:
    config.available_features.add(f"backend-{backend}")

# ptxas (the CUDA toolkit) assembles the PTX of the NVIDIA tests: the feature `ptxas`, and the
# substitution %ptxas.
import shutil

ptxas = shutil.which("ptxas") or shutil.which("ptxas", path="/usr/local/cuda/bin")
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
