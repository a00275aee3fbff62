"""The Textual messages the game screen's workers post back to it.

Workers run in threads; posting a message is thread-safe and never blocks,
so a worker still running while the app shuts down cannot hang it. Each
message carries the token of the job that sent it (see
:class:`~sudoku_tui.game.session.JobTokens`), so answers from a job that was
replaced are ignored.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.message import Message

from ..engine.board.puzzle import Puzzle
from ..engine.files.model import PuzzleFile
from ..engine.making.generator import Generated
from ..game.entering import Verdict as EntryVerdict
from ..game.hints import HintAnswer, Signature, Verdict
from ..game.new_puzzle import NewPuzzleChoice


class FileLoaded(Message):
    """A file was read and checked."""

    def __init__(self, token: int, puzzles: PuzzleFile) -> None:
        super().__init__()
        self.token = token
        self.puzzles = puzzles


class LoadFailed(Message):
    """A file could not be read; ``text`` is what to tell the player."""

    def __init__(self, token: int, text: str) -> None:
        super().__init__()
        self.token = token
        self.text = text


class LoadProgress(Message):
    """Bytes read so far of a file being loaded."""

    def __init__(self, token: int, done: int, total: int) -> None:
        super().__init__()
        self.token = token
        self.done = done
        self.total = total


class SolveFinished(Message):
    """The solver's answer: a solution, or None when there is none."""

    def __init__(self, token: int, solution: Sequence[int] | None) -> None:
        super().__init__()
        self.token = token
        self.solution = solution


class SolutionFound(Message):
    """The solution of a puzzle, worked out for show mistakes (None: it has none)."""

    def __init__(self, puzzle: Puzzle, solution: Sequence[int] | None) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.solution = solution


class PuzzleMade(Message):
    def __init__(self, token: int, choice: NewPuzzleChoice, made: Generated) -> None:
        super().__init__()
        self.token = token
        self.choice = choice
        self.made = made


class MakeProgress(Message):
    """``attempts`` complete grids were tried and did not give the level."""

    def __init__(self, token: int, attempts: int) -> None:
        super().__init__()
        self.token = token
        self.attempts = attempts


class MakeFailed(Message):
    def __init__(self, token: int, text: str) -> None:
        super().__init__()
        self.token = token
        self.text = text


class HintReady(Message):
    """A worker's answer to a hint (a :class:`HintAnswer`) or a progress check (a :class:`Verdict`)."""

    def __init__(self, signature: Signature, answer: HintAnswer | Verdict) -> None:
        super().__init__()
        self.signature = signature
        self.answer = answer


class EntryCounted(Message):
    """The solutions of a puzzle typed in or pasted were counted (no solution, one, several)."""

    def __init__(self, puzzle: Puzzle, verdict: EntryVerdict) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.verdict = verdict


class Graded(Message):
    """The puzzle in play got its level (a file's puzzle, or the player's own), for grade job ``token``."""

    def __init__(self, token: int, level: str) -> None:
        super().__init__()
        self.token = token
        self.level = level
