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


def _borrowed(array: Any) -> Any:
    return array


# ``borrowed(array)``: the same array, without its reference count. Numba
# counts every array a compiled function holds, with an atomic instruction
# at each count, and its inlined helpers take and drop their array arguments
# at every call: in the 9x9 counter that was half of the time. The borrowed
# array has no owner to count (as one made from a pointer), so each count
# is a test of a null pointer; it must not outlive the array it came from,
# which the caller holds.
borrowed: Callable[[Any], Any] = _borrowed

if JIT_ENABLED:

    @intrinsic
    def _borrow(_typing_context: Any, array: Any) -> Any:
        if not isinstance(array, types.Array):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            source = context.make_array(signature.args[0])(context, builder, value=args[0])
            out = context.make_array(signature.return_type)(context, builder)  # all zero: no owner, no parent
            out.data, out.shape, out.strides, out.itemsize = source.data, source.shape, source.strides, source.itemsize
            return out._getvalue()

        return array(array), codegen

    borrowed = cast(Callable[[Any], Any], _borrow)
