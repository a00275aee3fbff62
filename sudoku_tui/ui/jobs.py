"""Messages the game's workers post back to it.

Workers run in threads; posting a message is thread-safe and never blocks,
so a worker still running while the app shuts down cannot hang it. Each
message carries the token of the job that sent it, so the app can ignore
answers from a job that was replaced.
"""

from __future__ import annotations

from textual.message import Message

from ..engine.formats import PuzzleFile


class FileLoaded(Message):
    """A file was read and checked."""

    def __init__(self, token: int, puzzles: PuzzleFile) -> None:
        super().__init__()
        self.token = token
        self.puzzles = puzzles


class LoadFailed(Message):
    """A file could not be read; ``message`` is the text to show."""

    def __init__(self, token: int, message: str) -> None:
        super().__init__()
        self.token = token
        self.message = message


class LoadProgress(Message):
    """Bytes read so far of a file being loaded."""

    def __init__(self, token: int, done: int, total: int) -> None:
        super().__init__()
        self.token = token
        self.done = done
        self.total = total


class SolveFinished(Message):
    """The solver's answer: a solution, or None when there is none."""

    def __init__(self, token: int, solution: tuple[int, ...] | None) -> None:
        super().__init__()
        self.token = token
        self.solution = solution
