#!/usr/bin/env python3
"""Registers the checkout's packages with a Python environment as an editable install does:
writes nereid_triton-<version>.dist-info into SITE_PACKAGES, holding the metadata and the entry
points of pyproject.toml, so that importlib.metadata finds the built-in backends (entry-point
group `nereid.backends`) of the source tree that nereid-source-tree.pth puts on sys.path.

    python scripts/register-source-tree.py SITE_PACKAGES

scripts/install-deps.sh (`make deps`) runs it. The dist-info lists its own files in RECORD,
so that pip can uninstall it (for instance when the wheel is installed into that
environment)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import tomllib  # Python 3.11; the development environment's Python

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    site_packages = Path(sys.argv[1])
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name, version = project["name"], project["version"]
    for stale in site_packages.glob(f"{name.replace('-', '_')}-*.dist-info"):
        shutil.rmtree(stale)
    dist_info = site_packages / f"{name.replace('-', '_')}-{version}.dist-info"
    dist_info.mkdir()
    files = {
        "METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                    f"Summary: {project['description']} (the source tree at {ROOT})\n",
        "INSTALLER": "nereid-source-tree\n",
        "entry_points.txt": "".join(
            f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in points.items())
            + "\n" for group, points in project.get("entry-points", {}).items()),
    }
    for file_name, text in files.items():
        (dist_info / file_name).write_text(text)
    records = [f"{dist_info.name}/{file_name},," for file_name in [*files, "RECORD"]]
    (dist_info / "RECORD").write_text("\n".join(records) + "\n")


if __name__ == "__main__":
    main()
