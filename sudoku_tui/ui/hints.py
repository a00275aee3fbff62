"""Hints (``?``/``f2``) and Check my progress (``e``), mixed into the game's app.

A hint comes in three presses, as HoDoKu and Sudoku Explainer give it: the
technique's name, then its cells and a one-sentence explanation, then the
step applied. Each press is tied to the board it was asked about (the
puzzle, its values and the candidates hints removed); once the board has
changed, the next press starts again with a new step.

The work (solver and logic runner) runs in a thread worker, so keys keep
answering on hard puzzles; an answer for a board that has changed since is
dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import work
from textual.worker import get_current_worker
from textual.message import Message
from textual.notifications import SeverityLevel

from ..engine.logic.step import Step
from ..engine.progress import Cancelled
from ..engine.puzzle import Puzzle
from .hint_logic import HintAnswer, Verdict, find_hint, judge, progress_message

if TYPE_CHECKING:
    from textual.app import App

    from ..play import Play
    from .board import Board

    _AppBase = App[None]
else:
    _AppBase = object

# How long the explanation stays on screen as a notification: long enough to read.
EXPLANATION_SECONDS = 20.0

# (puzzle, values, candidates removed by hints): what a hint was asked about.
Signature = tuple[Puzzle, tuple[int, ...], frozenset[tuple[int, int]]]


@dataclass
class HintState:
    """The step being shown and how much of it the player has seen (1-3)."""

    signature: Signature
    step: Step
    level: int = 1


class HintReady(Message):
    """A worker's answer to a hint (``kind`` "hint") or a progress check ("check")."""

    def __init__(self, kind: str, signature: Signature, answer: HintAnswer | Verdict) -> None:
        super().__init__()
        self.kind = kind
        self.signature = signature
        self.answer = answer


class HintActions(_AppBase):
    """The hint and progress-check actions of :class:`SudokuApp`.

    Expects the app's ``puzzle``, ``grid``, ``board``, ``_status`` and
    ``_refresh_state``.
    """

    if TYPE_CHECKING:
        puzzle: Puzzle
        grid: Play

        @property
        def board(self) -> Board: ...

        def _status(self, message: str) -> None: ...

    _hint_state: HintState | None = None
    _hint_asked: Signature | None = None  # a worker is looking at this board
    _check_asked: Signature | None = None
    # Candidates hints removed, per puzzle: without pencil marks to hold them,
    # an elimination would otherwise be found again on the next press.
    _hint_removed: frozenset[tuple[int, int]] = frozenset()
    _hint_removed_for: Puzzle | None = None

    def _hint_signature(self) -> Signature:
        if self._hint_removed_for is not self.puzzle:
            self._hint_removed_for = self.puzzle
            self._hint_removed = frozenset()
        return (self.puzzle, tuple(self.grid.values), self._hint_removed)

    # ---- hint -------------------------------------------------------------

    def action_hint(self) -> None:
        signature = self._hint_signature()
        state = self._hint_state
        if state is not None and state.signature == signature:
            state.level += 1
            self._show_hint(state)
            return
        self._hint_state = None
        self.board.hint_cells = frozenset()
        if self._hint_asked == signature:
            return  # already looking at this very board
        self._hint_asked = signature
        self._status("Looking for a hint…")
        self._think("hint", signature)

    def _show_hint(self, state: HintState) -> None:
        step, shape = state.step, self.puzzle.shape
        if state.level == 1:
            self._status(f"Hint: {step.technique} (press ? again to see where)")
        elif state.level == 2:
            cells = set(step.cells) | {cell for cell, _ in step.placements}
            if not cells:
                cells = {cell for cell, _ in step.eliminations}
            self.board.hint_cells = frozenset(cells)
            self._say(f"{step.technique}: {step.explanation}", title=step.technique, body=step.explanation)
        else:
            self._hint_state = None
            self.board.hint_cells = frozenset()
            self._apply_step(step)
            self._status(f"Applied {step.technique}: {step.effects(shape)}")

    def _apply_step(self, step: Step) -> None:
        """Placements become entries and eliminations leave the pencil marks, as one
        move that one undo takes back; eliminations are also remembered for the
        next hint, so that one is not found again when the cells had no marks."""
        if step.eliminations:
            self._hint_removed = self._hint_removed | frozenset(step.eliminations)
        move = self.grid.apply_step(step.placements, step.eliminations, name=f"Hint: {step.technique}")
        self.board.grid_changed(move is not None)

    # ---- check my progress --------------------------------------------------

    def action_check_progress(self) -> None:
        signature = self._hint_signature()
        if self._check_asked == signature:
            return
        self._check_asked = signature
        self._status("Checking your entries…")
        self._think("check", signature)

    def _show_progress(self, verdict: Verdict) -> None:
        message = progress_message(self.puzzle, self.grid.values, verdict)
        if verdict.wrong_cell is not None:
            self.board.cursor = verdict.wrong_cell
        self._say(message, severity="information" if verdict.ok else "warning")

    def _say(self, message: str, *, severity: SeverityLevel = "information", title: str = "", body: str = "") -> None:
        """The status line, and a notification too when it cannot hold the whole
        text (at 80 columns a toast would cover the bottom of the board)."""
        self._status(message)
        if len(message) > self.size.width - 2:
            self.notify(body or message, title=title, severity=severity, timeout=EXPLANATION_SECONDS)

    # ---- worker ---------------------------------------------------------------

    @work(thread=True, group="hint", exit_on_error=False)
    def _think(self, kind: str, signature: Signature) -> None:
        puzzle, values, removed = signature
        worker = get_current_worker()
        answer: HintAnswer | Verdict
        try:
            if kind == "hint":
                # Cancelled when the app quits: a long search (an almost empty
                # Samurai) then stops at once instead of holding the exit up.
                answer = find_hint(puzzle, values, removed, should_stop=lambda: worker.is_cancelled)
            else:
                answer = judge(puzzle, values)
        except Cancelled:
            return
        self.post_message(HintReady(kind, signature, answer))

    def on_hint_ready(self, message: HintReady) -> None:
        if message.kind == "hint":
            self._hint_asked = None
        else:
            self._check_asked = None
        if message.signature != self._hint_signature():
            self._status("")  # the board changed while the answer was worked out
            return
        answer = message.answer
        if isinstance(answer, Verdict):
            self._show_progress(answer)
        elif answer.step is None:
            self._say(answer.message, severity="warning")
        else:
            self._hint_state = HintState(message.signature, answer.step)
            self._show_hint(self._hint_state)
