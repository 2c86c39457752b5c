"""The README's first kernel runs as the README shows it, on the CPU backend and in the
interpreter."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def first_kernel_example() -> str:
    text = README.read_text()
    section = text[text.index("## A first kernel"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.mark.parametrize("interpret", ["0", "1"])
def test_the_readme_example_runs(tmp_path, interpret):
    script = tmp_path / "first_kernel.py"
    script.write_text(first_kernel_example())
    environment = dict(os.environ, NEREID_CACHE_DIR=str(tmp_path / "cache"),
                       NEREID_INTERPRET=interpret, PYTHONPATH=os.pathsep.join(sys.path))
    output = subprocess.run([sys.executable, str(script)], env=environment, check=True,
                            capture_output=True, text=True).stdout.split()
    if interpret == "1":
        assert output == ["interpreter", "interpreter"]
    else:
        assert output[0] == "cpu" and output[1].startswith("cpu:"), output
