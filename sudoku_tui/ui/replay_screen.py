"""The replay screen: a recorded game played again, move by move, with what justified each move.

It draws a :class:`~sudoku_tui.game.replay.stepping.Replay` (the model: the
board after each move, the place among the moves, the playback) with the
game's own board widget, the current move's cell in [brackets] (so it shows
without colour too), the current move's line, the moves around it, and the
longest waits with the step there was to see. The labels take seconds: they
are worked out by a thread worker (cancelled when the screen goes) and show
once ready, "labelling…" until then; the screen answers keys from the start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Footer, Header, Label, Static
from textual.worker import Worker, WorkerState, get_current_worker

from ..engine.board.geometry import Shape
from ..game import texts
from ..game.clock import format_elapsed
from ..game.replay.labels import GameLabels
from ..game.replay.stepping import Replay, ShownMove, ShownWait
from ..game.session import Session
from ..game.store.interface import Store
from .board import Board
from .commands import command, palette_commands
from .help import HelpScreen, binding_rows

# Works out a game's labels; polls the check it is given, and stops (Cancelled) when it says so.
Labeller = Callable[[Callable[[], bool]], GameLabels]

LABELS_GROUP = "replay-labels"
SIDE_COLUMNS = 40  # the least the moves and the waits take beside the board
CHROME_ROWS = 3  # the Header, the playback line, the Footer
TICK = 0.1  # how often the playback looks at its clock while playing, in seconds
MARKER = "›"  # the current move in the list: it shows without colour

REPLAY_KEYS: list[BindingType] = [
    command("f1", "help", texts.HELP, texts.REPLAY_HELP_TIP, footer=texts.HELP),
    command("escape,q", "back", texts.REPLAY_BACK, texts.REPLAY_BACK_TIP, footer=texts.BACK_KEY),
    command(
        "left", "step(-1)", texts.PREVIOUS_MOVE, texts.PREVIOUS_MOVE_TIP, footer=texts.PREVIOUS_KEY, key_display="←"
    ),
    command("right", "step(1)", texts.NEXT_MOVE, texts.NEXT_MOVE_TIP, footer=texts.NEXT_KEY, key_display="→"),
    command("space", "play_pause", texts.PLAY_OR_PAUSE, texts.PLAY_OR_PAUSE_TIP, footer=texts.PLAY_KEY),
    command("plus", "faster", texts.FASTER, texts.FASTER_TIP, footer=texts.FASTER_KEY, key_display="+"),
    command("minus", "slower", texts.SLOWER, texts.SLOWER_TIP, footer=texts.SLOWER_KEY, key_display="-"),
    command("w", "next_wait", texts.NEXT_WAIT, texts.NEXT_WAIT_TIP, footer=texts.WAIT_KEY),
    command("home", "to_start", texts.TO_START, texts.TO_START_TIP),
    command("end", "to_end", texts.TO_END, texts.TO_END_TIP),
]


class ReplayBoard(Board, can_focus=False):
    """The game's board widget, drawing the replay's board: it takes no key and no click."""

    def show_moment(self, replay: Replay) -> None:
        """The board after the moves played, the last move's cell in [brackets] and under the cursor."""
        current = replay.current
        cell = current.move.cell if current is not None else -1
        self.show_play(replay.play(), reset_cursor=False)
        shape = replay.puzzle.shape
        if 0 <= cell < shape.size:
            self.cursor = cell
            self.hint_cells = frozenset({cell})

    def on_click(self, event: events.Click) -> None:
        event.stop()  # nothing to select: the board only shows


def move_row(shape: Shape, shown: ShownMove, labelled: bool, failed: bool) -> tuple[str, str]:
    """What a move did and its label (``labelling…`` until the labels are ready)."""
    move = shown.move
    done = texts.move_done(shape, move.kind.value, move.cell, move.value)
    if not shown.wants_label or failed:
        return done, ""
    return done, texts.move_label(shown.label or "") if labelled else texts.LABELLING


class MoveList(Widget):
    """The moves around the current one, one a line: number, time into the game, what, label."""

    DEFAULT_CSS = """
    MoveList {
        height: 1fr;
        min-height: 3;
    }
    """

    def __init__(self, replay: Replay, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.replay = replay
        self.failed = False

    def render(self) -> Text:
        replay, height = self.replay, max(self.size.height, 1)
        if not replay.count:
            return Text(texts.REPLAY_EMPTY)
        current = replay.index - 1  # -1: the start, above the first move
        first = max(0, min(current - height // 2, replay.count - height))
        shape = replay.puzzle.shape
        lines = Text(no_wrap=True, overflow="ellipsis")
        for index in range(first, min(first + height, replay.count)):
            shown = replay.shown(index)
            done, label = move_row(shape, shown, replay.labelled, self.failed)
            at = format_elapsed(shown.move.at_ms / 1000)
            mark = MARKER if index == current else " "
            line = Text(f"{mark}{shown.number:>3} {at:>5} {done:<12} {label}".rstrip())
            line.truncate(self.size.width, overflow="ellipsis")  # one move a line, however narrow
            if index == current:
                line.stylize("bold reverse")
            lines.append_text(line)
            lines.append("\n")
        lines.rstrip()
        return lines


class ReplayScreen(Screen[None]):
    """A recorded game, replayed; Esc or q goes back to where it was opened from."""

    DEFAULT_CSS = f"""
    ReplayScreen #replay-body {{
        height: 1fr;
    }}
    ReplayScreen #replay-board-area {{
        width: auto;
        height: 100%;
        align: center middle;
    }}
    ReplayScreen #replay-side {{
        width: 1fr;
        min-width: {SIDE_COLUMNS - 2};
        padding: 0 1;
    }}
    ReplayScreen #replay-move {{
        width: 100%;
        height: auto;
        margin-bottom: 1;
        text-style: bold;
    }}
    ReplayScreen #replay-waits {{
        width: 100%;
        height: auto;
        margin-top: 1;
    }}
    ReplayScreen #replay-status {{
        height: 1;
        width: 100%;
        padding: 0 1;
        background: $panel;
    }}
    """

    BINDINGS: ClassVar[list[BindingType]] = REPLAY_KEYS

    def __init__(self, replay: Replay, title: str, labeller: Labeller, store: Store) -> None:
        super().__init__()
        self.replay = replay
        self.game_title = title
        self.labeller = labeller
        # The board widget draws a session's play: the replay's own, which plays nothing.
        self.board_session = Session(store)
        self.failed = False  # the labels could not be worked out
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-board-area"):
                yield ReplayBoard(self.board_session, id="replay-board")
            with Vertical(id="replay-side"):
                yield Label("", id="replay-move", markup=False)
                yield MoveList(self.replay, id="replay-moves")
                yield Static("", id="replay-waits", markup=False)
        yield Label("", id="replay-status", markup=False)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = texts.replay_title(self.game_title)
        self._timer = self.set_interval(TICK, self.advance, pause=True)
        self.board.highlight = False  # no peers lit: the move's cell is what the eye should find
        self._fit(self.app.size)
        self.show()
        self.run_worker(self._work_out_labels, thread=True, exclusive=True, group=LABELS_GROUP, exit_on_error=False)

    @property
    def board(self) -> ReplayBoard:
        return self.query_one("#replay-board", ReplayBoard)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """The board gets what the moves and the waits leave beside it."""
        self.board.offer_room(Size(max(size.width - SIDE_COLUMNS, 0), max(size.height - CHROME_ROWS, 0)))

    # ---- the labels, in the background -------------------------------------

    def _work_out_labels(self) -> GameLabels:
        worker = get_current_worker()
        return self.labeller(lambda: worker.is_cancelled)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != LABELS_GROUP:
            return
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, GameLabels):
            self.replay.set_labels(worker.result)
            self.show()
        elif event.state is WorkerState.ERROR:
            self.failed = True
            self.show()

    # ---- drawing ---------------------------------------------------------------

    def show(self) -> None:
        """Draw the replay as it is now: the board, the current move, the list, the waits, the playback."""
        replay = self.replay
        self.board.show_moment(replay)
        moves = self.query_one("#replay-moves", MoveList)
        moves.failed = self.failed
        moves.refresh()
        self.query_one("#replay-move", Label).update(self._current_line())
        self.query_one("#replay-waits", Static).update(self._waits_text())
        status = texts.playback(replay.playing, replay.speed, replay.index, replay.count)
        self.query_one("#replay-status", Label).update(status)

    def _current_line(self) -> str:
        replay = self.replay
        current = replay.current
        if current is None:
            return texts.REPLAY_AT_START if replay.count else texts.REPLAY_EMPTY
        done, label = move_row(replay.puzzle.shape, current, replay.labelled, self.failed)
        return texts.move_line(current.number, current.move.at_ms, done, label, current.took_ms)

    def _waits_text(self) -> str:
        waits = self.replay.waits()
        if not waits:
            return ""
        lines = [texts.LONGEST_WAITS_HEADING]
        if self.failed:
            lines.append(texts.LABELS_FAILED)
        lines += [self._wait_line(wait) for wait in waits]
        return "\n".join(lines)

    def _wait_line(self, wait: ShownWait) -> str:
        shape = self.replay.puzzle.shape
        move = self.replay.moves[wait.move]
        before = texts.move_done(shape, move.kind.value, move.cell, move.value)
        if not wait.known:
            return texts.wait_line(wait.waited_ms, before, None if not self.failed else "")
        step = wait.step
        seen = "" if step is None else texts.step_seen(shape, step.technique, step.houses, step.cells)
        return texts.wait_line(wait.waited_ms, before, seen)

    # ---- keys ------------------------------------------------------------------

    def _after(self, changed: bool = True) -> None:
        """After a key (or a tick that played a move): redraw, and run the playback's timer only
        while it plays. ``changed``: whether the place among the moves changed (a redraw either way:
        the playback line says a pause or a speed)."""
        if self._timer is not None:
            if self.replay.playing:
                self._timer.resume()
            else:
                self._timer.pause()
        self.show()

    def advance(self) -> None:
        """The timer's tick: play the moves whose time has come (on the replay's clock)."""
        changed = self.replay.update()
        if changed or not self.replay.playing:
            self._after(changed)

    def action_step(self, delta: int) -> None:
        self._after(self.replay.step(delta))

    def action_to_start(self) -> None:
        self._after(self.replay.to_start())

    def action_to_end(self) -> None:
        self._after(self.replay.to_end())

    def action_play_pause(self) -> None:
        self.replay.toggle()
        self._after(True)

    def action_faster(self) -> None:
        if not self.replay.faster():
            self.app.bell()
        self._after(True)

    def action_slower(self) -> None:
        if not self.replay.slower():
            self.app.bell()
        self._after(True)

    def action_next_wait(self) -> None:
        self._after(self.replay.next_wait())

    def action_back(self) -> None:
        self.replay.pause()
        self.dismiss(None)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(binding_rows(self.app, (self,))))

    def commands(self) -> Iterator[SystemCommand]:
        """The command palette's entries: the replay's actions."""
        yield from palette_commands(self, lambda action, parameters: True, lambda title: None)
