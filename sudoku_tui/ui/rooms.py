"""Rooms on the game screen: the dialog of ``w``, the room's panel beside the board, and the
glue between the room's connection (its reader thread) and the screen.

Names come from other players: the panel draws them as plain text, never as markup.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import suppress
from typing import Any, ClassVar, Protocol

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Button, Input, Label, Static

from ..game import texts
from ..game.clock import format_elapsed
from ..game.players.naming import name_shown
from ..game.rooms.client import RoomClient, held_seat
from ..game.rooms.messages import RoomKind, is_room_code
from ..game.rooms.playing import RoomPlay
from ..game.session import Session
from .modal import Modal
from .player_dialogs import PlayerDialogs


class RoomScreen(Protocol):
    """What of the game screen the room uses (the screen imports this module, not the other way)."""

    session: Session
    players: PlayerDialogs
    app: App[Any]

    def show_message(self, text: str, title: str = ...) -> None: ...
    def post_message(self, message: Message) -> bool: ...
    def room_news(self, kind: str) -> None: ...
    def set_timer(self, delay: float, callback: Callable[[], None]) -> Timer: ...


RoomChoice = tuple[str, str]  # ("race" | "coop" | "join" | "watch", the code typed)


class RoomNews(Message):
    """What the room's reader thread heard (None: the connection ended)."""

    def __init__(self, client: RoomClient, message: dict[str, Any] | None) -> None:
        super().__init__()
        self.client = client
        self.message = message


class RoomsDialog(Modal[RoomChoice | None]):
    """Create a race or a co-op room, or join or watch one by its code; first of all, when the
    player holds a seat in a room still open (``held``: its code and kind), the way back to it."""

    DEFAULT_CSS = """
    RoomsDialog > Vertical { width: 46; }
    RoomsDialog Button { margin: 0 1 0 0; }
    RoomsDialog #room-code { width: 100%; }
    RoomsDialog .buttons { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", texts.CLOSE)]

    def __init__(self, held: tuple[str, str] | None = None) -> None:
        super().__init__()
        self.held = held

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = texts.ROOMS
            if self.held is not None:
                yield Label(texts.BACK_TO_ROOM_NOTE, markup=False)
                yield Button(texts.back_to_room(self.held[0]), id="back", variant="primary", compact=True)
            with Horizontal(classes="buttons"):
                yield Button(texts.CREATE_RACE, id="race", compact=True)
                yield Button(texts.CREATE_COOP, id="coop", compact=True)
            yield Label(texts.ROOM_CODE_PROMPT, markup=False)
            yield Input(id="room-code", compact=True, max_length=6)
            yield Label("", id="room-problem", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(texts.JOIN_ROOM, id="join", variant="primary", compact=True)
                yield Button(texts.WATCH_ROOM, id="watch", compact=True)

    def on_mount(self) -> None:
        self.query_one("#back" if self.held is not None else "#race", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "back" and self.held is not None:
            self.close(("join", self.held[0]))
            return
        self._choose(str(event.button.id))

    @on(Input.Submitted, "#room-code")
    def _submitted(self) -> None:
        self._choose("join")

    def _choose(self, what: str) -> None:
        code = self.query_one("#room-code", Input).value.strip().upper()
        if what in ("join", "watch") and not is_room_code(code):
            self.query_one("#room-problem", Label).update(texts.ROOM_CODE_BAD)
            return
        self.close((what, code))

    def action_close(self) -> None:
        self.close(None)


class RaceResults(Modal[bool]):
    """A race's end: the finish order (place, name, time); the host's S asks for a rematch
    (the dialog answers True), Esc closes it. The room's panel keeps the results."""

    DEFAULT_CSS = """
    RaceResults > Vertical { min-width: 34; }
    RaceResults #results-keys { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", texts.CLOSE),
        Binding("S", "rematch", texts.START_RACE, show=False),
    ]

    def __init__(self, results: list[tuple[int, str, int]], host: bool) -> None:
        super().__init__()
        self.results = results
        self.host = host

    def compose(self) -> ComposeResult:
        lines = [texts.race_result(place, name, format_elapsed(ms / 1000)) for place, name, ms in self.results]
        with Vertical() as box:
            box.border_title = texts.RACE_RESULTS
            yield Static("\n".join(lines) or texts.RACE_NO_FINISH, id="results", markup=False)
            keys = texts.RESULTS_REMATCH if self.host else texts.RESULTS_CLOSE
            yield Label(keys, id="results-keys", markup=False)

    def action_rematch(self) -> None:
        if self.host:
            self.close(True)

    def action_close(self) -> None:
        self.close(False)


class RoomPanel(Static):
    """The room beside the board: its code, every seat by name, counts and finishes, what next."""

    DEFAULT_CSS = """
    RoomPanel { width: 24; height: auto; margin-left: 1; display: none; }
    """
    WIDTH = 25  # with its margin: what it takes from the board's room

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.shown: list[str] = []

    def show_room(self, room: RoomPlay) -> None:
        lines = panel_lines(room)
        if lines != self.shown:
            # A new layout only when the panel's height changes: a cursor moving (every arrow key
            # of every player) rewrites a line, and a layout of the whole screen each time is what
            # made a busy host slow.
            self.update("\n".join(lines), layout=len(lines) != len(self.shown))
            self.shown = lines


PANEL_WIDTH = 24


def seat_line(marks: str, name: str, state: str) -> str:
    """A seat's line: its marks, the name (cut where the state needs the room), the state in full."""
    room_for_name = max(PANEL_WIDTH - len(marks) - 1 - len(state), 3)
    return f"{marks}{name[:room_for_name]:<{room_for_name}} {state}"


def panel_lines(room: RoomPlay) -> list[str]:
    """The panel's text: plain lines of at most 24 columns."""
    if room.kind is None:
        return []
    size = room.puzzle.shape.size if room.puzzle is not None else 0
    lines = [texts.room_title(room.kind, room.code)]
    finishes = {finish.seat: finish for finish in room.finishes}
    for seat in room.seats:
        mark = "*" if seat.role == "host" else ("~" if seat.role == "watcher" else " ")
        mine = ">" if seat.seat == room.seat else " "
        if not seat.connected:
            state = "away"
        elif seat.role == "watcher":
            state = "watch"
        elif room.kind == "race" and seat.seat in finishes:
            finish = finishes[seat.seat]
            state = f"#{finish.place} {format_elapsed(finish.elapsed_ms / 1000)}"
        elif room.kind == "race":
            state = f"{room.filled_by(seat.seat)}/{size}" if room.race != "waiting" else ""
        else:
            cell = room.cursors.get(seat.seat)
            state = room.puzzle.shape.cell_name(cell) if cell is not None and room.puzzle is not None else ""
        lines.append(seat_line(mine + mark, seat.name, state))
    if room.race == "over" and room.kind == "race":
        lines.append(texts.RACE_OVER)
    hint = texts.room_hint(room.kind, room.is_host, room.race, room.puzzle is not None)
    if room.closed:
        hint = texts.ROOM_CLOSED.get(room.closed, texts.ROOM_GONE)
    if hint:
        lines.append(hint)
    return lines


CURSOR_EVERY = 0.1  # seconds: the others hear of one's cursor this long after it moved, at most this often


class RoomPart:
    """The screen's room: joins through the dialog, hands the hub's messages to the screen's
    thread, and tells the screen what to show again."""

    def __init__(self, screen: RoomScreen) -> None:
        self.screen = screen
        self.room: RoomPlay | None = None
        self.client: RoomClient | None = None
        self.results: RaceResults | None = None  # the results dialog while it is up
        self._asking = False  # the hub is being asked for a seat this player holds
        self.cursor_timer: Timer | None = None  # while set, cursor moves wait for it
        self.cursor_at = -1  # the cell the cursor last moved to

    def moved_to(self, cell: int) -> None:
        """The player's cursor went to ``cell``: the others hear of it :data:`CURSOR_EVERY`
        after the first move of a run of moves, the last cell only. Arrow keys typed one after
        another would otherwise redraw every other screen of the room once a cell, and a
        redraw is what a served game spends most on."""
        self.cursor_at = cell
        if self.cursor_timer is None and self.room is not None:
            self.cursor_timer = self.screen.set_timer(CURSOR_EVERY, self._cursor_rested)

    def _cursor_rested(self) -> None:
        self.cursor_timer = None
        if self.room is not None:
            self.room.moved_to(self.cursor_at)  # said only when it is not the cell said last

    def open(self) -> None:
        rooms = self.screen.players.identity.rooms
        if rooms is None:
            self.screen.show_message(texts.ROOMS_OFF)
            return
        if self._asking:
            return  # the dialog is on its way
        self._asking = True
        keeper = self.screen.session.keeper
        player, name, app = keeper.player, name_shown(keeper.store, keeper.player), self.screen.app

        def ask() -> None:  # on a thread of its own: the screen never waits on the hub
            held = held_seat(rooms, player, name)
            with suppress(RuntimeError):  # the app ended meanwhile
                app.call_from_thread(self._show_dialog, held)

        threading.Thread(target=ask, name="room seat", daemon=True).start()

    def _show_dialog(self, held: tuple[str, str] | None) -> None:
        self._asking = False
        room = self.room
        if held is not None and room is not None and room.code == held[0] and not room.closed:
            held = None  # in that room now: nothing to go back to
        self.screen.app.push_screen(RoomsDialog(held), self._chosen)

    def _chosen(self, choice: RoomChoice | None) -> None:
        if choice is not None:
            self.choose(choice)

    def choose(self, choice: RoomChoice) -> None:
        """Into the room chosen (in the dialog, or on the command line)."""
        if self.screen.players.identity.rooms is None:
            self.screen.show_message(texts.ROOMS_OFF)
            return
        rooms = self.screen.players.identity.rooms
        assert rooms is not None
        self.leave()
        made: list[RoomClient] = []
        client = RoomClient(rooms, *self._from_thread(made))
        made.append(client)
        try:
            client.connect()
        except OSError:
            self.screen.show_message(texts.ROOMS_UNREACHABLE)
            return
        self.client = client
        session = self.screen.session
        self.room = RoomPlay(session, client)
        what, code = choice
        player = session.keeper.player
        name = name_shown(session.keeper.store, player)
        create: RoomKind | None = "race" if what == "race" else "coop" if what == "coop" else None
        self.room.begin(player, name, create=create, code=code, watch=what == "watch")

    def _from_thread(self, client: list[RoomClient]) -> tuple[Callable[[dict[str, Any]], None], Callable[[], None]]:
        """The reader thread's callbacks: each posts to the screen (thread-safe, never waiting)."""

        def on_message(message: dict[str, Any]) -> None:
            self.screen.post_message(RoomNews(client[0], message))

        def on_end() -> None:
            self.screen.post_message(RoomNews(client[0], None))

        return on_message, on_end

    def receive(self, news: RoomNews) -> None:
        """On the screen's thread: a message of the room in play (or its end)."""
        room = self.room
        if room is None or news.client is not self.client:
            return  # a room left meanwhile
        if news.message is None:
            if not room.closed:
                room.closed = "gone"
                self.screen.room_news("closed")
            return
        self.screen.room_news(room.receive(news.message))

    def show_results(self) -> None:
        """The race ended: its results in a dialog (once; a rematch closes it)."""
        room = self.room
        if room is None or (self.results is not None and self.results.is_attached):
            return
        self.results = RaceResults(room.results(), room.is_host)
        self.screen.app.push_screen(self.results, self._after_results)

    def _after_results(self, rematch: bool | None) -> None:
        self.results = None
        if rematch and self.room is not None:
            self.room.rematch()

    def close_results(self) -> None:
        if self.results is not None and self.results.is_attached:
            self.results.close(False)

    def leave(self) -> None:
        """Out of the room in play (a new one chosen, or the game ends)."""
        client, self.client, room, self.room = self.client, None, self.room, None
        if room is not None:
            room.detach()
        if client is not None:
            client.close()
