"""What the compiler tells about its work: each compilation with the time it took, on the
`nereid` logger (level INFO), and on standard error while NEREID_LOG is set (not 0)."""

from __future__ import annotations

import contextlib
import logging
import sys
import time
from typing import Iterator

from . import environment

logger = logging.getLogger("nereid")


def enabled() -> bool:
    """Whether NEREID_LOG asks for the compiler's reports on standard error."""
    return environment.NEREID_LOG.get() not in (None, "", "0")


@contextlib.contextmanager
def timed(what: str) -> Iterator[dict]:
    """Reports `what` (a compilation: "compiled `add_kernel` to tt IR") with the time the block
    took. The block may add a word on how it went to the dict it gets, as `note` ("from the
    cache")."""
    start = time.perf_counter()
    details: dict = {}
    yield details
    milliseconds = (time.perf_counter() - start) * 1e3
    note = f" ({details['note']})" if details.get("note") else ""
    message = f"{what} in {milliseconds:.1f} ms{note}"
    logger.info(message)
    if enabled():
        print(f"nereid: {message}", file=sys.stderr, flush=True)
