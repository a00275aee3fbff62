"""A room seen from one game (docs/rooms.md): the seats, the host's puzzle, the race, the shared board.

A :class:`RoomPlay` stands between a :class:`~sudoku_tui.game.session.Session`
and the room's connection: the player's moves go through it (it sends them),
and every message the hub sends comes to :meth:`RoomPlay.receive`, on the
game's own thread (the connection's reader hands them over). No screen here.

On a shared board a move is applied at once and sent cell by cell with the
version of the cell it was made on; the hub's ``changed`` acknowledges it, or
``refused`` puts the cell back as the room has it. A cell's colour (colour
mode's paint) travels with its value and marks, as a number the hub checked. Others' changes go straight
into the play, never into the player's undo: ``u`` takes back the player's own
last move alone, by sending its cells as they were (a cell someone changed
since is left as they made it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ...engine.board.levels import Level
from ...engine.board.puzzle import Puzzle
from ...engine.board.shapes import shape_for_size
from ...engine.logic.step import Step
from ..play import COLOURS, CellChange, Move
from ..replay.labels import MoveKind
from ..session import REFUSED, UNCHANGED, Answer, Session
from ..store.records import RoomGame
from .messages import Role, RoomKind, Seat

RaceState = Literal["waiting", "racing", "over"]


class Sender(Protocol):
    """The room's connection, as this side uses it (a :class:`~.client.RoomClient`)."""

    def send(self, kind: str, **fields: Any) -> None: ...


DEFAULT_LEVEL = Level.MEDIUM  # a room's puzzle until the host chooses: today's daily at this level


@dataclass(frozen=True)
class Finish:
    """A race's finish as the hub numbered it."""

    seat: int
    elapsed_ms: int
    place: int


@dataclass
class RoomPlay:
    """One game's part in a room: what it knows of the room, and the moves it shares."""

    session: Session
    sender: Sender
    code: str = ""
    kind: RoomKind | None = None
    role: Role | None = None
    seat: int = -1
    seats: tuple[Seat, ...] = ()
    puzzle: Puzzle | None = None  # the room's puzzle, once the host chose it
    race: RaceState = "waiting"
    filled: dict[int, int] = field(default_factory=dict)  # a race: seat -> cells filled
    finishes: list[Finish] = field(default_factory=list)
    cursors: dict[int, int] = field(default_factory=dict)  # the shared board: seat -> cell
    closed: str = ""  # why the hub closed the room ("" while open)
    versions: dict[int, int] = field(default_factory=dict)  # cell -> its version once our changes land
    # cell -> (value, marks, colour) as the room has it
    shared: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    own_moves: list[Move] = field(default_factory=list)  # the player's moves on the shared board, to undo
    sent_cursor: int = -1  # the cell the others were last told this player's cursor is on
    # cell -> (value, marks, colour, the version it was made on) of this player's changes the room has not acknowledged
    pending: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)
    resyncing: bool = False  # the room is being sent again (its server missed lines): see _resend
    board_changed: bool = False  # the last message received changed a cell of this game's board

    # ---- joining ---------------------------------------------------------------------

    def begin(
        self, player: str, name: str, *, create: RoomKind | None = None, code: str = "", watch: bool = False
    ) -> None:
        """Says who plays, then creates a room of kind ``create`` or joins (or watches) ``code``."""
        self.sender.send("hello", player=player, name=name)
        if create is not None:
            self.sender.send("create", room=create)
        else:
            self.sender.send("join", code=code, watch=watch)

    def leave(self) -> None:
        self.sender.send("leave")

    def detach(self) -> None:
        """Out of the room: the game in play is the player's own from now on."""
        self.session.room, self.session.watching = None, False

    def room_game(self) -> RoomGame | None:
        """The room as this player's history says it: the kind, the other players' names,
        a race's field (every player seated to race, finished or not); None for a watcher."""
        if self.kind is None or self.watching:
            return None
        players = [each for each in self.seats if each.role != "watcher"]
        others = tuple(each.name for each in players if each.seat != self.seat)
        if self.kind == "coop":
            return RoomGame("coop", others)
        place = next((finish.place for finish in self.finishes if finish.seat == self.seat), 0)
        return RoomGame("race", others, place, len(players))

    def _tell_session(self) -> None:
        self.session.watching = self.watching
        self.session.room = self.room_game()

    # ---- what the game may do ------------------------------------------------------------

    @property
    def is_host(self) -> bool:
        return self.role == "host"

    @property
    def watching(self) -> bool:
        return self.role == "watcher"

    @property
    def hidden(self) -> bool:
        """A race not started yet: the board is covered for everyone."""
        return self.kind == "race" and self.race == "waiting"

    @property
    def read_only(self) -> bool:
        """The board takes no move from this player now."""
        if self.watching or self.closed or self.puzzle is None or self.kind is None:
            return self.kind is not None  # out of any room (kind None) the game is the player's own
        if self.kind == "race":
            return self.race != "racing" or any(finish.seat == self.seat for finish in self.finishes)
        return False

    @property
    def may_choose(self) -> bool:
        """The host may still put another puzzle in play for the room."""
        if not self.is_host or self.closed:
            return False
        return self.race == "waiting" if self.kind == "race" else not self.shared

    @property
    def aids_off(self) -> bool:
        """Hints and Solve are off in a race (and for a watcher, who changes nothing)."""
        return self.kind == "race" or self.watching

    @property
    def wants_a_puzzle(self) -> bool:
        """A room just made by a player with no puzzle in play: it starts on today's daily at
        :data:`DEFAULT_LEVEL`, which the host may change before the start like any choice."""
        return self.is_host and self.puzzle is None and not self.session.has_puzzle

    @property
    def allows_solve(self) -> bool:
        """Solve is off in every room: in a race as the contract says, and on a shared board
        because one player's Solve would end the game for everyone."""
        return self.kind is None

    def own_filled(self) -> int:
        """The cells filled on this game's board (the hub tells the others, never oneself)."""
        return sum(1 for value in self.session.play.values if value)

    def filled_by(self, seat: int) -> int:
        """A racer's cells filled, givens included as on one's own board: what they last told,
        or the givens alone before their first value."""
        if seat == self.seat:
            return self.own_filled()
        givens = sum(1 for value in self.puzzle.givens if value) if self.puzzle is not None else 0
        return self.filled.get(seat, givens)

    def name_of(self, seat: int) -> str:
        return next((each.name for each in self.seats if each.seat == seat), "?")

    def results(self) -> list[tuple[int, str, int]]:
        """A race's finish order as the hub numbered it: (place, name, elapsed_ms), first first."""
        ordered = sorted(self.finishes, key=lambda finish: finish.place)
        return [(finish.place, self.name_of(finish.seat), finish.elapsed_ms) for finish in ordered]

    def others_cursors(self) -> dict[int, str]:
        """On a shared board: cell -> the initial of the player whose cursor is there (the lowest
        seat where two share a cell), for every other connected player; the name's initial marks
        a cursor apart where colour cannot."""
        if self.kind != "coop" or self.puzzle is None:
            return {}
        here = {each.seat for each in self.seats if each.connected and each.role != "watcher"}
        shown: dict[int, str] = {}
        for seat, cell in sorted(self.cursors.items()):
            if seat != self.seat and seat in here and cell not in shown:
                shown[cell] = self.name_of(seat)[:1].upper() or "?"
        return shown

    def offer_puzzle(self) -> bool:
        """After the host's usual actions put a puzzle in play: it becomes the room's
        (the hub sends it back to all, this game included). False when nothing was sent."""
        puzzle = self.session.puzzle
        if not self.may_choose or not self.session.has_puzzle or puzzle == self.puzzle:
            return False
        self.sender.send("puzzle", shape=puzzle.shape.name, line=puzzle.to_line())
        return True

    def start(self) -> None:
        if self.is_host and self.hidden and self.puzzle is not None:
            self.sender.send("start")

    def rematch(self) -> None:
        if self.is_host and self.kind == "race" and self.race == "over":
            self.sender.send("rematch")

    def moved_to(self, cell: int) -> None:
        """The player's cursor, shown to the others on a shared board."""
        if self.kind == "coop" and not self.read_only and cell != self.sent_cursor:
            self.sent_cursor = cell
            self.sender.send("cursor", cell=cell)

    # ---- the player's moves --------------------------------------------------------------

    def enter(self, cell: int, value: int) -> Answer:
        if self.read_only:
            return REFUSED
        return self._shared(self.session.enter(cell, value))

    def toggle_mark(self, cell: int, value: int) -> Answer:
        if self.read_only:
            return REFUSED
        return self._shared(self.session.toggle_mark(cell, value))

    def enter_each(self, cells: Sequence[int], value: int) -> Answer:
        """Several cells at once: one move, sent to the room as one change per cell."""
        if self.read_only:
            return REFUSED
        return self._shared(self.session.enter_each(cells, value))

    def toggle_mark_each(self, cells: Sequence[int], value: int) -> Answer:
        if self.read_only:
            return REFUSED
        return self._shared(self.session.toggle_mark_each(cells, value))

    def paint(self, cell: int, colour: int) -> Answer:
        if self.read_only:
            return REFUSED
        return self._shared(self.session.paint(cell, colour))

    def apply_step(self, step: Step) -> Answer:
        """A hint's step applied (its third press): on a shared board it reaches the others."""
        if self.read_only:
            return REFUSED
        return self._shared(self.session.apply_step(step))

    def paint_each(self, cells: Sequence[int], colour: int) -> Answer:
        if self.read_only:
            return REFUSED
        return self._shared(self.session.paint_each(cells, colour))

    def fill_candidates(self) -> Answer:
        if self.read_only:
            return REFUSED
        return self._shared(self.session.fill_candidates())

    def redo(self) -> Answer:
        if self.read_only or self.kind == "coop":
            return UNCHANGED  # on a shared board undo sends a move of its own; there is nothing to redo
        return self._shared(self.session.redo())

    def undo(self) -> Answer:
        if self.read_only:
            return REFUSED
        if self.kind != "coop":
            return self._shared(self.session.undo())
        return self._undo_own()

    @property
    def can_undo(self) -> bool:
        if self.kind == "coop":
            return bool(self.own_moves) and not self.read_only
        return self.session.play.can_undo and not self.read_only

    def _undo_own(self) -> Answer:
        play = self.session.play
        while self.own_moves:
            move = self.own_moves.pop()
            # A cell someone else changed since keeps their change.
            back = [
                CellChange(c.cell, c.new_value, c.old_value, c.new_marks, c.old_marks, c.new_colour, c.old_colour)
                for c in move.changes
                if (play.values[c.cell], play.marks[c.cell]) == (c.new_value, c.new_marks)
                and c.new_colour in (None, play.colours[c.cell])
            ]
            if back:
                undone = Move(f"Undo {move.name}", tuple(back))
                self._write(back)
                self._send(undone)
                self.session.record(MoveKind.UNDO, undone)
                return Answer(undone, solved=self.session.after_change())
        return UNCHANGED

    def _shared(self, answer: Answer) -> Answer:
        """A move the session made: to the room, as the room's kind says."""
        move = answer.move
        if move is None or self.kind is None:
            return answer
        if self.kind == "coop":
            self._send(move)
            self.own_moves.append(move)
        elif any(change.old_value != change.new_value for change in move.changes):  # a paint fills nothing
            self.sender.send("progress", filled=self.own_filled())
            if answer.solved:
                self.sender.send("finish", elapsed_ms=int(self.session.clock.elapsed() * 1000))
        return answer

    def _send(self, move: Move) -> None:
        """Each cell the move changed, whole (value, marks and colour) as it is now."""
        colours = self.session.play.colours
        for change in move.changes:
            version = self.versions.get(change.cell, 0)
            colour = colours[change.cell] if change.new_colour is None else change.new_colour
            self.sender.send(
                "change",
                cell=change.cell,
                value=change.new_value,
                marks=change.new_marks,
                colour=colour,
                version=version,
            )
            self.versions[change.cell] = version + 1  # what the cell's version is once this lands
            self.pending[change.cell] = (change.new_value, change.new_marks, colour, version)

    def _write(self, changes: tuple[CellChange, ...] | list[CellChange]) -> None:
        play = self.session.play
        for change in changes:
            play.values[change.cell], play.marks[change.cell] = change.new_value, change.new_marks
            if change.new_colour is not None:
                play.colours[change.cell] = change.new_colour

    # ---- what the room says --------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> str:
        """A checked message from the hub; its kind, for the screen to know what to show again."""
        kind = str(message["kind"])
        self.board_changed = False
        handler = getattr(self, f"_on_{kind}", None)
        if handler is not None:
            handler(message)
        return kind

    def _on_joined(self, message: dict[str, Any]) -> None:
        if self.kind is not None and message["code"] == self.code:
            # In the room already: it comes again, as it is now (a server listening again
            # after lost lines). The room's versions replace ours; see _resend.
            self.resyncing, self.versions = True, {}
        self.code, self.kind, self.role, self.seat = message["code"], message["room"], message["role"], message["seat"]

    def _on_seats(self, message: dict[str, Any]) -> None:
        self.seats = tuple(Seat(s["seat"], s["name"], s["role"], s["connected"]) for s in message["seats"])
        if self.puzzle is not None:
            self._tell_session()
        if self.resyncing:  # the last line of the room sent again
            self.resyncing = False
            self._resend()

    def _resend(self) -> None:
        """What the room may have missed of this game's: a change whose cell is still at the
        version it was made on (it never landed) goes again; a race's count and finish."""
        if self.kind == "coop":
            for cell, (value, marks, colour, base) in list(self.pending.items()):
                if self.versions.get(cell, 0) != base:
                    del self.pending[cell]  # it landed, or someone's came first: the room's stands
                    continue
                self.sender.send("change", cell=cell, value=value, marks=marks, colour=colour, version=base)
                self.versions[cell] = base + 1
                self._put(cell, value, marks, colour)
        elif self.race == "racing" and not self.watching and self.puzzle is not None:
            self.sender.send("progress", filled=self.own_filled())
            if self.session.solved and all(finish.seat != self.seat for finish in self.finishes):
                self.sender.send("finish", elapsed_ms=int(self.session.clock.elapsed() * 1000))

    def _on_puzzle(self, message: dict[str, Any]) -> None:
        puzzle = Puzzle.from_line(shape_for_size(message["shape"]), message["line"])
        if self.resyncing and puzzle == self.puzzle:
            return  # the same board goes on
        self.puzzle, self.pending = puzzle, {}
        self.versions, self.shared, self.own_moves, self.cursors = {}, {}, [], {}
        self.filled, self.finishes = {}, []
        self.sent_cursor = -1  # the room forgot every cursor with the last board: tell it again
        self.detach()  # the game the room's puzzle replaces was not the room's
        self.session.start_room_puzzle(self.puzzle, hidden=self.hidden)
        self._tell_session()

    def _on_started(self, _message: dict[str, Any]) -> None:
        if self.race == "racing":
            return  # the room sent again: the clock runs on
        self.race = "racing"
        if self.puzzle is not None and not self.watching:
            self.session.restart_clock()

    def _on_progressed(self, message: dict[str, Any]) -> None:
        self.filled[message["seat"]] = message["filled"]

    def _on_finished(self, message: dict[str, Any]) -> None:
        if any(finish.seat == message["seat"] for finish in self.finishes):
            return  # the room sent again
        self.finishes.append(Finish(message["seat"], message["elapsed_ms"], message["place"]))
        if self.puzzle is not None:
            self.filled[message["seat"]] = self.puzzle.shape.size
        if message["seat"] == self.seat:
            self.session.placed_in_race(message["place"])

    def _on_ended(self, _message: dict[str, Any]) -> None:
        self.race = "over"

    def _on_rematch(self, _message: dict[str, Any]) -> None:
        self.race, self.filled, self.finishes = "waiting", {}, []
        if self.puzzle is not None:
            self.session.start_room_puzzle(self.puzzle, hidden=True)
            self._tell_session()

    def _on_changed(self, message: dict[str, Any]) -> None:
        cell, version = message["cell"], message["version"]
        value, marks = message["value"], message["marks"]
        colour = message["colour"] if message["colour"] <= COLOURS else 0  # the hub checked it; the board draws 0-6
        self.shared[cell] = (value, marks, colour)
        mine = message["seat"] == self.seat
        if mine and cell in self.pending and self.pending[cell][3] + 1 == version:
            del self.pending[cell]  # landed
        if mine and self.versions.get(cell, 0) > version:
            return  # a later change of ours to this cell is on its way: the board shows that one
        self.versions[cell] = version
        self._put(cell, value, marks, colour)

    def _on_refused(self, message: dict[str, Any]) -> None:
        cell = message["cell"]
        self.versions[cell] = message["version"]
        self.pending.pop(cell, None)
        value, marks, colour = self.shared.get(cell, (0, 0, 0))
        self._put(cell, value, marks, colour)

    def _put(self, cell: int, value: int, marks: int, colour: int) -> None:
        """The room's cell on this game's board, outside the player's undo."""
        play = self.session.play
        if play.is_given(cell) or (play.values[cell], play.marks[cell], play.colours[cell]) == (value, marks, colour):
            return
        play.values[cell], play.marks[cell], play.colours[cell] = value, marks, colour
        self.board_changed = True
        self.session.after_change()

    def _on_moved(self, message: dict[str, Any]) -> None:
        self.cursors[message["seat"]] = message["cell"]

    def _on_closed(self, message: dict[str, Any]) -> None:
        self.closed = message["reason"]
