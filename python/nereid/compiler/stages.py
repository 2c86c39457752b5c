"""What every backend's driver does with tt IR before its own code generation: run its named
pipelines as stages, each looked at where NEREID_DUMP_IR asks, and key its cache by the build
of libnereid that compiled it."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional, Sequence

from nereid import _capi, ir
from nereid.compiler.errors import error_from_diagnostics
from nereid.runtime import environment


def dump_directory() -> Optional[Path]:
    """Where NEREID_DUMP_IR asks for each stage's IR, or None."""
    configured = environment.NEREID_DUMP_IR.get() or ""
    if configured in ("", "0"):
        return None
    return Path.cwd() if configured == "1" else Path(configured)


def library_identity() -> str:
    """What distinguishes one build of libnereid from another, for cache keys."""
    from nereid import __version__

    path = _capi.library_path()
    stat = path.stat()
    return f"{__version__} api={_capi.API_VERSION} {path} {stat.st_size} {stat.st_mtime_ns}"


def lower(ttir_text: str, kernel_name: str, backend: str, stages: Sequence[tuple[str, str]],
          record: Optional[Callable[[str, str], None]] = None) -> ir.Module:
    """The kernel's module after every stage (name, pass pipeline) of `backend` (as errors name
    it: "the CPU backend"); `record(stage, text)`, where given, gets the input's (`tt`) and each
    stage's IR (printing a module costs about as much as a pass)."""
    try:
        module = ir.parse(ttir_text, f"<{kernel_name}>")
    except ir.IRError as error:
        raise error_from_diagnostics(kernel_name, f"{backend} cannot parse the kernel's IR",
                                     error.diagnostics) from None
    if record is not None:
        record("tt", str(module))
    for stage, pipeline in stages:
        try:
            module.run_pipeline(pipeline)
        except ir.IRError as error:
            raise error_from_diagnostics(kernel_name, f"{backend} failed in stage `{stage}`",
                                         error.diagnostics) from None
        if record is not None:
            record(stage, str(module))
    return module


def recorder(directory: Path, kernel_name: str) -> Callable[[str, str], None]:
    """A `record` for `lower` that writes each stage to `<directory>/<kernel_name>.<stage>`."""
    def record(stage: str, text: str) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / f"{kernel_name}.{stage}").write_text(text)

    return record
