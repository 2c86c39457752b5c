"""Specialization, the kernel cache, the autotuner and launching."""
