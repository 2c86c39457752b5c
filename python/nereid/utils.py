"""Host-side helpers that Triton programs use: `cdiv` and `next_power_of_2`."""


def cdiv(x: int, y: int) -> int:
    """The ceiling of x / y for integers."""
    return (x + y - 1) // y


def next_power_of_2(n: int) -> int:
    """The smallest power of two that is at least n (1 for n <= 1)."""
    if n <= 1:
        return 1
    return 1 << (int(n) - 1).bit_length()
