"""Hearing that Numba is about to compile (not load from its cache)."""

from __future__ import annotations

import os
from collections.abc import Callable

from numba.core import event


def on_first_compile(say: Callable[[], None]) -> Callable[[], None]:
    """Call ``say`` once, in this process, when a compile starts; returns
    what stops listening."""
    process = os.getpid()

    class FirstCompile(event.Listener):
        said = False

        def on_start(self, _event: event.Event) -> None:
            # A forked worker inherits the listener: only this process speaks.
            if not self.said and os.getpid() == process:
                self.said = True
                say()

        def on_end(self, _event: event.Event) -> None:
            pass

    listener = FirstCompile()
    event.register("numba:compile", listener)  # type: ignore[no-untyped-call, unused-ignore]
    return lambda: event.unregister("numba:compile", listener)  # type: ignore[no-untyped-call, unused-ignore]
