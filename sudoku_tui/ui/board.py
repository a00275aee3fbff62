"""The board widget: draws a :class:`~sudoku_tui.game.play.Play`, moves a cursor, takes entries and marks.

The widget turns keys and clicks into the player's actions and sends every
one (a typed value as much as an undo) to the
:class:`~sudoku_tui.game.session.Session`, which owns the play and changes
it; the session's :class:`~sudoku_tui.game.session.Answer` says what to
redraw, or that the action was refused (the bell). Which values a cell may
hold, whether a cell is a given, candidates and conflicts are asked of
``Play`` (and through it the engine). Its drawing is :mod:`.drawing`'s job: a plan
picked to fit the space it is given, and the lines drawn and cached by
:class:`~.drawing.strips.BoardStrips`.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from textual import events
from textual.binding import BindingType
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ..game import texts
from ..game.colours import colour_key
from ..game.entering import PuzzleEntry
from ..game.play import COLOURS, Play
from ..game.rooms.playing import RoomPlay
from ..game.selection import Selection
from ..game.session import Answer, Session
from .commands import command
from .drawing.cells import Highlights
from .drawing.layout import BoardPlan, choose_plan, plan_board, smallest_plan
from .drawing.strips import BoardStrips, Scene

# Keys that clear the cell under the cursor. Space is not one of them: it pauses the game.
CLEAR_KEYS = frozenset({"0", "full_stop", "backspace", "delete"})

# Cursor keys and their (rows, cols) steps. Handled in on_key rather than as
# bindings: bindings run only once a key has bubbled up to the app, so with
# keys arriving together (fast typing, SSH) "l3" would enter the 3 before the
# cursor moved.
MOVES: dict[str, tuple[int, int]] = {
    "up": (-1, 0),
    "k": (-1, 0),
    "down": (1, 0),
    "j": (1, 0),
    "left": (0, -1),
    "h": (0, -1),
    "right": (0, 1),
    "l": (0, 1),
}
# Shift with an arrow extends the selection over a rectangle of cells (see game/selection.py).
SHIFT_MOVES: dict[str, tuple[int, int]] = {f"shift+{key}": MOVES[key] for key in ("up", "down", "left", "right")}


class Board(Widget, can_focus=True):
    """A Sudoku board of any shape, with a cursor."""

    DEFAULT_CSS = """
    Board {
        width: auto;
        height: auto;
        color: $sudoku-given;  /* each highlight's look carries it: brackets, marks under a tint */
    }
    /* The colours are the theme's, shaded in ui/themes.py so that every text reads (4.5:1). */
    Board > .board--heavy { text-style: bold; }
    Board > .board--light { color: $sudoku-line; }
    Board > .board--given { text-style: bold; color: $sudoku-given; }
    Board > .board--entry { color: $sudoku-entry; text-style: none; }
    Board > .board--empty-mark { color: $sudoku-line; }
    Board > .board--cursor { background: $sudoku-cursor; color: $sudoku-given; text-style: bold reverse; }
    Board > .board--cursor-blurred { text-style: underline; }
    Board > .board--hint { background: $sudoku-hint; text-style: bold underline; }
    Board.-solved > .board--entry { color: $sudoku-solved; }
    Board > .board--mark { color: $sudoku-mark; }
    Board > .board--mark-match { color: $sudoku-given; text-style: bold reverse; }
    Board > .board--peer { background: $sudoku-peer; text-style: underline; }
    Board > .board--same { background: $sudoku-same; text-style: bold; }
    Board > .board--conflict { background: $sudoku-conflict; color: $sudoku-given; text-style: bold; }
    Board > .board--paused { text-style: bold; }
    Board > .board--band { background: $sudoku-band; }
    Board > .board--shared { background: $sudoku-shared; }
    Board > .board--variant { background: $sudoku-variant; }
    Board > .board--total { text-style: bold; }
    Board > .board--other { background: $sudoku-other; text-style: underline; }
    Board > .board--initial { text-style: bold reverse; }
    Board > .board--selected { background: $secondary 40%; text-style: bold; }
    /* Colour mode's paints: opaque, so their text's contrast is the same in every theme; hues
       that people with any common colour blindness tell apart (Okabe and Ito's). */
    Board > .board--colour-1 { background: #E69F00; color: #000000; }
    Board > .board--colour-2 { background: #56B4E9; color: #000000; }
    Board > .board--colour-3 { background: #009E73; color: #000000; }
    Board > .board--colour-4 { background: #F0E442; color: #000000; }
    Board > .board--colour-5 { background: #0072B2; color: #FFFFFF; }
    Board > .board--colour-6 { background: #CC79A7; color: #000000; }
    Board > .board--paint { text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Not in the Footer, which has no room left at 80 columns: F1 and the palette list them.
        command("p", "pencil", texts.PENCIL_MODE_ACTION, texts.PENCIL_MODE_TIP),
        command("z", "colour_mode", texts.COLOUR_MODE_ACTION, texts.COLOUR_MODE_TIP),
        command("a", "fill_candidates", texts.FILL_CANDIDATES, texts.FILL_CANDIDATES_TIP),
        command("v", "possible_values", texts.POSSIBLE_VALUES, texts.POSSIBLE_VALUES_TIP),
        command("x", "highlight", texts.HIGHLIGHTING, texts.HIGHLIGHTING_TIP),
        command("f", "choose_value", texts.HIGHLIGHT_VALUE, texts.HIGHLIGHT_VALUE_TIP),
        command("u,ctrl+z", "undo", texts.UNDO, texts.UNDO_TIP),
        command("ctrl+y", "redo", texts.REDO, texts.REDO_TIP),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--heavy",
        "board--light",
        "board--given",
        "board--entry",
        "board--empty-mark",
        "board--cursor",
        "board--cursor-blurred",
        "board--hint",
        "board--mark",
        "board--mark-match",
        "board--peer",
        "board--same",
        "board--conflict",
        "board--paused",
        "board--band",
        "board--shared",
        "board--variant",
        "board--total",
        "board--other",
        "board--initial",
        "board--selected",
        "board--paint",
        *(f"board--colour-{colour}" for colour in range(1, COLOURS + 1)),
    }

    cursor: reactive[int] = reactive(0, repaint=False)
    """The cell under the cursor."""

    hint_cells: reactive[frozenset[int]] = reactive(frozenset(), repaint=False)
    """Cells a hint points at: drawn in [brackets], so they show without colour too."""

    pencil: reactive[bool] = reactive(False, bindings=True, repaint=False)
    """Pencil mode: value keys toggle marks instead of entering values."""

    colouring: reactive[bool] = reactive(False, bindings=True, repaint=False)
    """Colour mode: 1-6 paint the cell, 0 takes the paint off (the rule: ``game/colours.py``)."""

    highlight: reactive[bool] = reactive(True, repaint=False)
    """Highlight the cursor's houses, its value and conflicts."""

    paused: reactive[bool] = reactive(False, bindings=True, repaint=False)
    """The game is paused: the board shows no values and takes no entries."""

    chosen: reactive[int] = reactive(0, repaint=False)
    """A value the player chose to highlight everywhere, its entries and its marks (0: none)."""

    choosing: reactive[bool] = reactive(False, repaint=False)
    """``f`` was pressed: the next value key chooses the value to highlight."""

    mistakes: reactive[frozenset[int]] = reactive(frozenset(), repaint=False)
    """Entries that differ from the solution, while show mistakes is on (the game says which)."""

    answers: reactive[int] = reactive(0, repaint=False)
    """How many changes the board has shown: a watcher hears of each as the board draws it,
    before the Changed message comes (what is beside the board changes in the same update)."""

    class Changed(Message):
        """The play changed: an entry, a clearing, marks, an undo, a redo or a hint applied."""

        def __init__(self, board: Board, answer: Answer) -> None:
            super().__init__()
            self.board = board
            self.answer = answer

        @property
        def control(self) -> Board:
            return self.board

    class Selected(Message):
        """What the status line shows changed: the cursor, the mode, the cell's marks, or ``v`` was pressed."""

        def __init__(self, board: Board) -> None:
            super().__init__()
            self.board = board

        @property
        def control(self) -> Board:
            return self.board

    def __init__(
        self, session: Session, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.session = session  # every change goes through it
        self.room: RoomPlay | None = None  # in a room, every move goes through it (it shares them)
        self.entry: PuzzleEntry | None = None  # a puzzle being typed in: moves go to it, not to the game
        self._extending = False  # the cursor moves with shift: the selection grows from its anchor
        self.play: Play = session.play  # the play shown, read here and never changed
        self.others: dict[int, str] = {}  # a shared board: cell -> the initial of another player's cursor there
        # The cell whose possible values the player asked for (v); None once the cursor moves.
        self.possible_for: int | None = None
        self._lit_key: tuple[object, ...] | None = None
        self._lit = Highlights()
        self._room = Size(10_000, 10_000)  # space offered by the parent; set on resize
        self._plan: BoardPlan = plan_board(self.play.shape, "lined")
        self._looks_applied: object = None
        self._looks_by_role: dict[str, Style] = {}
        self._strips = BoardStrips()

    # ---- state -------------------------------------------------------------

    def show_play(self, play: Play, *, reset_cursor: bool = True) -> None:
        """Show another play (a new puzzle), or the same one after the screen changed it (a solve)."""
        resized = play.shape is not self.play.shape
        self.play = play
        self.possible_for = None
        self.post_message(self.Selected(self))
        self.hint_cells = frozenset()
        self.set_class(False, "-solved")
        if resized:
            self._replan()
        if reset_cursor or self.cursor >= play.shape.size:
            self.cursor = self._first_cell()
        self.session.selection = Selection(self.cursor)  # another board: nothing stays selected
        self.refresh(layout=resized)

    def show_others(self, others: dict[int, str]) -> None:
        """The other players' cursors on a shared board (cell -> initial), as the room has them."""
        if others != self.others:
            self.others = dict(others)
            self._refresh_changed()

    def show_changes(self) -> None:
        """The play changed from outside (another player's move): redraw the lines it changed."""
        self._refresh_changed()

    def mark_solved(self, solved: bool) -> None:
        self.set_class(solved, "-solved")

    def _first_cell(self) -> int:
        """The top-left cell (the first in row-major order of the drawing)."""
        return 0

    @property
    def cursor_position(self) -> tuple[int, int]:
        return self.play.shape.positions[self.cursor]

    # The reactives do not repaint the whole board: their watchers refresh the lines whose look changed.

    def watch_cursor(self) -> None:
        # Kept on the session at once (not on the Selected message's turn): a key typed
        # right after the move acts on the cells selected by then.
        self.session.selection = self.session.selection.moved(self.cursor, extend=self._extending)
        self.possible_for = None
        self.post_message(self.Selected(self))
        self._refresh_changed()

    def watch_pencil(self) -> None:
        self.post_message(self.Selected(self))

    def watch_colouring(self) -> None:
        self.post_message(self.Selected(self))

    def watch_highlight(self) -> None:
        self._refresh_changed()

    def watch_paused(self) -> None:
        self._refresh_changed()

    def watch_hint_cells(self) -> None:
        self._refresh_changed()

    def watch_chosen(self) -> None:
        self._refresh_changed()
        self.post_message(self.Selected(self))  # the digit counts mark the chosen value

    def watch_choosing(self) -> None:
        self.post_message(self.Selected(self))

    def watch_mistakes(self) -> None:
        self._refresh_changed()

    # ---- player aids --------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While paused the board's keys show disabled and do nothing; undo and redo need a step."""
        if self.paused:
            return None
        if action == "undo":
            room = self.room if self.entry is None else None
            return True if (room.can_undo if room is not None else self.play.can_undo) else None
        if action == "redo":
            shared = self.entry is None and self.room is not None and self.room.kind == "coop"
            return True if self.play.can_redo and not shared else None
        return True

    def action_pencil(self) -> None:
        self.pencil = not self.pencil

    def action_colour_mode(self) -> None:
        self.colouring = not self.colouring

    def action_highlight(self) -> None:
        self.highlight = not self.highlight

    @property
    def moves(self) -> Session | RoomPlay | PuzzleEntry:
        """Where the player's moves go: the puzzle being typed in, the room's play in a room, else the session."""
        if self.entry is not None:
            return self.entry
        return self.room if self.room is not None else self.session

    def selected_cells(self) -> tuple[int, ...]:
        """The cells a value, a clear or a mark applies to: the selection, or the cursor's cell."""
        return self.session.selection.cells(self.play.shape)

    def action_fill_candidates(self) -> None:
        self.show_answer(self.moves.fill_candidates())

    def action_possible_values(self) -> None:
        """Possible values: the status line lists the values the rules allow in this cell."""
        self.possible_for = self.cursor
        self.post_message(self.Selected(self))

    def action_choose_value(self) -> None:
        """``f``: the next value key highlights that value everywhere; ``f`` while one is chosen clears it."""
        if self.chosen and not self.choosing:
            self.chosen = 0
            return
        self.choosing = not self.choosing

    def action_undo(self) -> None:
        self.show_answer(self.moves.undo())

    def action_redo(self) -> None:
        self.show_answer(self.moves.redo())

    def show_answer(self, answer: Answer) -> None:
        """What the session answered to an action (a key here, or a hint applied by the
        screen): the bell for a refusal; after a change, redraw and tell the screen."""
        if answer.refused:
            self.app.bell()
        if not answer.changed:
            return
        self.hint_cells = frozenset()
        self.set_class(False, "-solved")
        self._refresh_changed()
        self.answers += 1
        self.refresh_bindings()
        self.post_message(self.Changed(self, answer))
        self.post_message(self.Selected(self))

    # ---- fitting -----------------------------------------------------------

    def offer_room(self, room: Size) -> None:
        """The parent tells how much space there is; pick the drawing that fits."""
        self._room = room
        self._replan()

    def _replan(self) -> None:
        plan = choose_plan(self.play.shape, self._room.width, self._room.height)
        self._plan = plan or smallest_plan(self.play.shape)
        self.refresh(layout=True)

    @property
    def plan(self) -> BoardPlan:
        return self._plan

    def cell_region(self, cell: int) -> Region:
        """Where ``cell``'s text is on the screen (for what must not cover it)."""
        plan = self._plan
        row, col = self.play.shape.positions[cell]
        origin = self.content_region.offset
        return Region(origin.x + plan.cell_x[col], origin.y + plan.cell_y[row], plan.cell_width, plan.cell_height)

    def value_offset(self, cell: int) -> Offset:
        """Where ``cell``'s value is drawn on the screen: its middle row, the value's column
        (cells draw it centred, as " 5 " in the cell's width); the terminal's cursor goes here."""
        region = self.cell_region(cell)
        return Offset(region.x + " 0 ".center(region.width).index("0"), region.y + region.height // 2)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._plan.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._plan.height

    # ---- input -------------------------------------------------------------

    def action_move(self, rows: int, cols: int, extend: bool = False) -> None:
        """Step the cursor, jumping over Samurai gaps, stopping at the edge; with
        ``extend`` (shift) the selection grows to the cell, else it collapses to it."""
        shape = self.play.shape
        row, col = self.cursor_position
        self._extending = extend
        try:
            while True:
                row, col = row + rows, col + cols
                if not (0 <= row < shape.rows and 0 <= col < shape.cols):
                    break
                cell = shape.cell_at.get((row, col))
                if cell is not None:
                    self.cursor = cell
                    return
        finally:
            self._extending = False
        if not extend and self.session.selection.several:  # at the edge: a plain arrow still collapses
            self.session.selection = Selection(self.cursor)
            self._refresh_changed()

    async def on_key(self, event: events.Key) -> None:
        shape = self.play.shape
        move = MOVES.get(event.key)
        extend = event.key in SHIFT_MOVES
        if extend:
            move = SHIFT_MOVES[event.key]
        typed = event.character or ""
        if self.paused and (move is not None or event.key in CLEAR_KEYS or (typed and typed in shape.symbols)):
            self._take(event)  # nothing moves or changes on a hidden board
            return
        if self.choosing and self._choose(event):
            return
        if self.colouring and self._colour(event):
            return
        if move is not None:
            self._take(event)
            self.action_move(*move, extend=extend)
            return
        if event.key in CLEAR_KEYS:
            self._take(event)
            self._enter(0)
            return
        # Only the board's own symbols, case-sensitive: on 16x16 the values
        # 10-16 are capitals, so lower-case command keys never become values.
        char = event.character
        if char is not None and len(char) == 1 and char in shape.symbols:
            self._take(event)
            self._enter(shape.symbols.index(char) + 1)
            return
        # Any other key bound higher up (s, c, [ ...) runs here and now, so it
        # keeps its place among the board's keys: left to bubble, it would run
        # only after keys that arrived behind it (fast typing, SSH).
        active = self.screen.active_bindings.get(event.key)
        if active is not None and not active.binding.priority:
            self._take(event)
            await self.app.run_action(active.binding.action, active.node)

    def _choose(self, event: events.Key) -> bool:
        """The key after ``f``: a value (or a clear key) chooses what to highlight; Escape
        or f gives up. True when the key was used up here."""
        char = event.character or ""
        if len(char) == 1 and char in self.play.shape.symbols:
            self.chosen = self.play.shape.symbols.index(char) + 1
        elif event.key in CLEAR_KEYS:
            self.chosen = 0
        elif event.key != "escape":
            self.choosing = False
            return False  # any other key goes on as usual
        self._take(event)
        self.choosing = False
        return True

    def _colour(self, event: events.Key) -> bool:
        """A key in colour mode: paint, leave the mode, or refuse a value; True when it was used up here."""
        moves = self.moves
        key = colour_key(event.key, event.character, self.play.shape.symbols, CLEAR_KEYS)
        if key.use == "other" or isinstance(moves, PuzzleEntry):  # a puzzle typed in takes no paint
            return False
        self._take(event)
        if key.use == "leave":
            self.colouring = False
        elif key.use == "refuse":
            self.app.bell()
        else:
            self.show_answer(moves.paint_each(self.selected_cells(), key.colour))
        return True

    @staticmethod
    def _take(event: events.Key) -> None:
        event.stop()
        event.prevent_default()

    def _enter(self, value: int) -> None:
        """A value key (or a clear key, value 0): enter it, or in pencil mode toggle that
        mark, in the cursor's cell or in each selected cell (one move, one undo)."""
        cells = self.selected_cells()
        if len(cells) == 1:
            if self.pencil and value:
                self.show_answer(self.moves.toggle_mark(self.cursor, value))
            else:
                self.show_answer(self.moves.enter(self.cursor, value))
        elif self.pencil and value:
            self.show_answer(self.moves.toggle_mark_each(cells, value))
        else:
            self.show_answer(self.moves.enter_each(cells, value))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self._plan.cell_at_offset(offset.x, offset.y)
        if cell is not None:
            self.cursor = cell
            if self.session.selection.several:  # a click on the cursor's own cell still collapses
                self.session.selection = Selection(cell)
                self._refresh_changed()
        self.focus()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # ---- drawing (the lines and their caches: :mod:`.drawing.strips`) --------

    def _looks(self) -> dict[str, Style]:
        """The board's styles: "base" (the widget's own) and each component class by its role;
        a new dict only when Textual applied the styles anew (the drawing's caches then go)."""
        # Textual builds new component styles each time it applies the CSS to the board.
        applied = self._component_styles.get("board--heavy")
        if applied is not self._looks_applied or not self._looks_by_role:
            self._looks_applied = applied
            looks = {
                name.removeprefix("board--"): self.get_component_rich_style(name) for name in self.COMPONENT_CLASSES
            }
            looks["base"] = self.rich_style
            self._looks_by_role = looks
        return self._looks_by_role

    def _scene(self) -> Scene:
        """What the board shows now (the cursor and the focus read once: reading a reactive per cell costs)."""
        return Scene(
            self.play,
            self._plan,
            self._looks(),
            self._highlights(),
            self.cursor,
            self.has_focus,
            self.paused,
            self.size.width,
            self.others,
        )

    def _refresh_changed(self) -> None:
        """Refresh the lines whose look changed since they were drawn (all of them before the first drawing)."""
        regions = self._strips.changed_regions(self._scene())
        if regions is None:
            self.refresh()
        elif regions:
            self.refresh(*regions)

    def render_line(self, y: int) -> Strip:
        if y >= self._plan.height:
            return Strip.blank(self.size.width, self.rich_style)
        return self._strips.line(self._scene(), y)

    def _highlights(self) -> Highlights:
        """What to highlight, worked out once per state rather than once per drawn line."""
        play = self.play
        selection = self.session.selection
        selected = frozenset(selection.cells(play.shape)) if selection.several else frozenset()
        asked = (self.hint_cells, self.mistakes, self.chosen, selected)
        key = (self.cursor, self.highlight, *asked, tuple(play.values), id(play))
        if key != self._lit_key:
            self._lit_key = key
            if self.highlight:
                self._lit = Highlights.of(play, self.cursor, *asked)
            else:
                self._lit = Highlights.asked_for(*asked)
        return self._lit
