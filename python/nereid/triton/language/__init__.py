"""`triton.language` under its Triton name: the same objects as `nereid.language`, including
the submodules `math`, `extra` and `extra.libdevice`."""

import sys

from ...language import *  # noqa: F401,F403 - the package face re-exports the language
from ...language import core, extra, math, random, standard  # noqa: F401
from ...language.extra import libdevice as _libdevice

for _name, _module in (("math", math), ("extra", extra), ("extra.libdevice", _libdevice),
                       ("core", core), ("random", random), ("standard", standard)):
    sys.modules[f"{__name__}.{_name}"] = _module
del _name, _module, sys
