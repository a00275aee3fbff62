"""The code a game runs, moved side by side in the warm template's memory.

A game forked from the template copies every page of the template that it writes to,
and Python writes into every code object it runs (its specialized instructions keep
counters there). Made as the modules were imported, the 2,500 or so code objects a
game runs (about 1 MiB) lie among the 14,000 it never runs, on pages holding some
4-5 MiB, and each game copied all of those pages. So the template plays a game once,
in a forked child with a profiler on (``ProfiledPlay``), and then gives each function
that ran a copy of its code made at that moment (``move_together``): the copies lie
together on few pages, and a served game copies about 1.4 MiB less (docs/serving.md,
"What a game costs").
"""

from __future__ import annotations

import gc
import json
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from types import CodeType, FrameType, FunctionType
from typing import Any

Ran = tuple[int, str, int]  # a code object that ran: its id in the template, its qualified name, its first line
PLAY_NICE = 10  # added to the template's nice for the play (the games run at the server's --nice, 10 by default)
REPORT_MOST = 1 << 22  # bytes of a play's report: some 2,500 code objects of ~60 bytes each


class ProfiledPlay:
    """A play in a forked child with a profiler on, so that nothing it makes or leaves
    behind stays in this process, and its report of the code that ran, read as it comes
    (``select`` on this object) while this process goes on with its own work."""

    def __init__(self, play: Callable[[], object], timeout: float) -> None:
        reader, writer = os.pipe()
        self.child = os.fork()
        if self.child == 0:  # pragma: no cover  (the child's coverage is not gathered)
            os.close(reader)
            report_a_play(play, writer, timeout)
        os.close(writer)
        self.reader = reader
        self.deadline = time.monotonic() + timeout
        self.said = b""

    def fileno(self) -> int:
        return self.reader

    def time_left(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def read(self) -> list[Ran] | None:
        """Take what the child has written: None while more is to come; then the code
        that ran, or none if the child overran its time, wrote too much or failed."""
        whole = False
        if self.time_left() > 0:
            chunk = os.read(self.reader, 1 << 16)
            if chunk and len(self.said) + len(chunk) <= REPORT_MOST:
                self.said += chunk
                return None
            whole = not chunk  # its end closed: all has come
        self.end()
        try:
            return [(int(code), str(name), int(line)) for code, name, line in json.loads(self.said)] if whole else []
        except (ValueError, TypeError):
            return []

    def end(self) -> None:
        """The child ended (killed unless it has gone already) and waited for."""
        if self.child:
            os.close(self.reader)
            with suppress(ProcessLookupError):
                os.kill(self.child, signal.SIGKILL)
            os.waitpid(self.child, 0)
            self.child = 0


def report_a_play(play: Callable[[], object], writer: int, timeout: float) -> None:
    """In the forked child: play with a profiler on, write what ran, and end (killed by
    its alarm if it overruns, even where the template has gone without ending it)."""
    status = 1
    try:
        signal.alarm(math.ceil(timeout))
        os.nice(PLAY_NICE)  # the players' games come first
        os.closerange(3, writer)  # the template's own files (its socket to the server above all)
        os.closerange(writer + 1, os.sysconf("SC_OPEN_MAX"))
        quiet = os.open(os.devnull, os.O_RDWR)  # whatever the play says is nobody's business
        for fd in (0, 1, 2):
            os.dup2(quiet, fd)
        report = json.dumps([(id(code), code.co_qualname, code.co_firstlineno) for code in profiled(play)])
        with os.fdopen(writer, "wb") as out:
            out.write(report.encode())
        status = 0
    finally:
        os._exit(status)  # never back into the template's code


def profiled(play: Callable[[], object]) -> set[CodeType]:
    """The code objects that ran while ``play`` was played, in its threads too."""
    ran: set[CodeType] = set()

    def note(frame: FrameType, event: str, _: Any) -> None:
        if event == "call":
            ran.add(frame.f_code)

    threading.setprofile(note)  # the threads a play starts (Textual's workers)
    sys.setprofile(note)
    try:
        play()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    return ran


def move_together(ran: Iterable[Ran]) -> list[CodeType]:
    """Give each function whose code ran a copy of that code made now. Code nested in a
    function's constants (a comprehension's or a closure's, made into a function each time
    it runs) is copied if it ran, and the code holding it then too, to hold the copy. The
    objects are not to be frozen (gc.freeze) meanwhile: the collector's lists are where the
    functions are found. The replaced code objects are returned, to be kept: freed, their
    places would be the first a game's own objects fill, copying those pages again."""
    # type(), not isinstance(): a dead weak proxy among the objects would raise.
    functions = [thing for thing in gc.get_objects() if type(thing) is FunctionType]
    known = codes_of(functions)
    hot = {code for code, name, line in ran if (found := known.get(code)) and same_code(found, name, line)}
    copies: dict[int, CodeType] = {}
    replaced: list[CodeType] = []

    def copied(code: CodeType) -> CodeType:
        if id(code) not in copies:
            constants = tuple(copied(one) if isinstance(one, CodeType) else one for one in code.co_consts)
            moved = id(code) in hot or any(new is not old for new, old in zip(constants, code.co_consts, strict=True))
            copies[id(code)] = code.replace(co_consts=constants) if moved else code
            if moved:
                replaced.append(code)
        return copies[id(code)]

    for function in functions:
        if (code := copied(function.__code__)) is not function.__code__:
            function.__code__ = code
    return replaced


def codes_of(functions: list[FunctionType]) -> dict[int, CodeType]:
    """Every code object of ``functions``, and the code nested in them, by id."""
    found: dict[int, CodeType] = {}
    waiting = [function.__code__ for function in functions]
    while waiting:
        code = waiting.pop()
        if id(code) not in found:
            found[id(code)] = code
            waiting += [constant for constant in code.co_consts if isinstance(constant, CodeType)]
    return found


def same_code(code: CodeType, name: str, line: int) -> bool:
    """Whether ``code`` is the one the play named (its id might have been reused since)."""
    return (code.co_qualname, code.co_firstlineno) == (name, line)
