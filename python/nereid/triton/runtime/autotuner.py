"""`triton.runtime.autotuner` under its Triton name: Nereid's autotuner."""

from ...runtime.autotuner import Autotuner, Config, Heuristics, autotune, heuristics

__all__ = ["Autotuner", "Config", "Heuristics", "autotune", "heuristics"]
