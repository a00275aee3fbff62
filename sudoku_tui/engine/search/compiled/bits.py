"""Bit counts as the processor's own instructions in compiled code.

``ones`` (how many bits are set) and ``lowest`` (the index of the lowest set
bit) become LLVM's ``ctpop`` and ``cttz``, one instruction each on any
current processor, where the 9x9 counter used to spend a dozen word
operations or a table look-up. Without Numba they are plain Python, which
only keeps the kernel's modules importable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from .jit import JIT_ENABLED


def _ones(x: int) -> int:
    return int(x).bit_count()


def _lowest(x: int) -> int:
    return (x & -x).bit_length() - 1


ones: Callable[[int], int] = _ones
lowest: Callable[[int], int] = _lowest

if JIT_ENABLED:
    from numba import types
    from numba.extending import intrinsic

    @intrinsic
    def _ctpop(_typing_context: Any, x: Any) -> Any:
        if not isinstance(x, types.Integer):
            return None

        def codegen(_context: Any, builder: Any, _signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return x(x), codegen

    @intrinsic
    def _cttz(_typing_context: Any, x: Any) -> Any:
        if not isinstance(x, types.Integer):
            return None

        def codegen(context: Any, builder: Any, _signature: Any, args: Any) -> Any:
            # False: zero gives 64, not an undefined value
            return builder.cttz(args[0], context.get_constant(types.boolean, False))

        return x(x), codegen

    ones = cast(Callable[[int], int], _ctpop)
    lowest = cast(Callable[[int], int], _cttz)
