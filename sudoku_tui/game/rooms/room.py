"""One room's rules (docs/serving.md, "Rooms"): who sits where, the race, the shared board.

Pure: a :class:`Room` takes a member's message and answers with what to send to
whom, as ``(player ids, encoded line)`` pairs; whoever carries the lines (the hub
of one server, later a relay across hosts) does no thinking of its own. Every
line goes to members of this room alone, and only to those connected.

Rules: seats are kept by player id for the room's life, so a player who drops and
comes back gets the same seat (``connected`` false meanwhile). The first player is
the host; past :data:`MAX_PLAYERS` players, or while a race is under way, a joiner
watches; a watcher's changes, starts and counts are ignored. The host chooses the
puzzle before a race starts or before a shared board's first change. A race sends
counts of cells filled, never cells or values. On the shared board each cell has a
version; a change names the version it was made on, and applies only if that is
still the cell's, so of two changes at once the first wins and the second is
refused to its sender. A room with no player connected for :data:`IDLE_CLOSE`
seconds closes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from ...engine.board.puzzle import Puzzle
from ...engine.board.shapes import shape_for_size
from .messages import MAX_PLAYERS, BadMessage, Role, RoomKind, Seat, encode, seat_record

IDLE_CLOSE = 600.0  # seconds with no player connected before a room closes
MAX_SEATS = 40  # players and watchers: the seats message of a full room fits in one line
COLOURS = 6  # a cell's colour: 0 none, 1-6 the painted ones

Out = tuple[tuple[str, ...], bytes]  # the players to send to, and the line
RaceState = Literal["waiting", "racing", "over"]

# What a game may send once in a room, by the room's kind; anything else there is out of place.
ROOM_KINDS_SENT = {
    "race": frozenset({"leave", "puzzle", "start", "rematch", "progress", "finish"}),
    "coop": frozenset({"leave", "puzzle", "change", "cursor"}),
}


class OutOfPlace(BadMessage):
    """A message its sender may never send where it is (a broken or hostile game)."""


class RoomFull(Exception):
    """No seat left, not even to watch."""


@dataclass
class Member:
    """A seat and who holds it."""

    player: str
    seat: int
    name: str
    role: Role
    connected: bool = True

    def record(self) -> dict[str, Any]:
        return seat_record(Seat(self.seat, self.name, self.role, self.connected))


@dataclass
class Cell:
    """A shared board's cell as the players made it (givens never change)."""

    value: int = 0
    marks: int = 0  # bit v-1 for a pencil mark of value v
    colour: int = 0
    version: int = 0
    seat: int = 0  # who made the last change


@dataclass
class Room:
    """One room: a race or a shared board, by its code."""

    code: str
    kind: RoomKind
    clock: Callable[[], float]
    members: dict[str, Member] = field(default_factory=dict)
    puzzle: Puzzle | None = None
    race: RaceState = "waiting"
    filled: dict[int, int] = field(default_factory=dict)  # a race: seat -> cells filled
    finishes: list[tuple[int, int]] = field(default_factory=list)  # a race: (seat, elapsed_ms) by place
    cells: dict[int, Cell] = field(default_factory=dict)  # the shared board's changed cells
    cursors: dict[int, int] = field(default_factory=dict)  # the shared board: seat -> cell, for newcomers
    closed: bool = False
    idle_since: float | None = None

    # ---- who is here ---------------------------------------------------------------

    def enter(self, player: str, name: str, *, watch: bool = False) -> list[Out]:
        """A player joins, or comes back to their seat: ``joined`` and the room as it is to them,
        the seats to everyone. RoomFull when there is no seat left."""
        member = self.members.get(player)
        if member is None:
            member = self._seat(player, name, watch)
        else:
            member.connected = True
            member.name = name  # a name changed meanwhile shows
        self.idle_since = None
        joined = encode("joined", code=self.code, room=self.kind, role=member.role, seat=member.seat)
        return [((player,), joined), *self._catch_up(player), self._seats()]

    def _seat(self, player: str, name: str, watch: bool) -> Member:
        if len(self.members) >= MAX_SEATS:
            raise RoomFull(self.code)
        players = sum(1 for member in self.members.values() if member.role != "watcher")
        role: Role
        if watch or players >= MAX_PLAYERS or (self.kind == "race" and self.race == "racing"):
            role = "watcher"
        else:
            role = "host" if not self.members else "player"
        member = Member(player, len(self.members), name, role)
        self.members[player] = member
        return member

    def drop(self, player: str) -> list[Out]:
        """A member's connection ended (or they left): the seat stays theirs, shown not connected."""
        member = self.members.get(player)
        if member is None or not member.connected:
            return []
        member.connected = False
        if not any(other.connected and other.role != "watcher" for other in self.members.values()):
            self.idle_since = self.clock()
        out = [self._seats()]
        if self.kind == "race" and self.race == "racing":
            out += self._end_when_done()
        return out

    def connected(self) -> tuple[str, ...]:
        return tuple(member.player for member in self.members.values() if member.connected)

    # ---- what members send -----------------------------------------------------------

    def receive(self, player: str, message: dict[str, Any]) -> list[Out]:
        """A checked message from a connected member; OutOfPlace when it may never come here."""
        kind = message["kind"]
        member = self.members.get(player)
        if member is None or not member.connected:
            raise OutOfPlace(f"{kind} from outside room {self.code}")
        if kind not in ROOM_KINDS_SENT[self.kind]:
            raise OutOfPlace(f"{kind} in a {self.kind} room")
        if kind == "leave":
            return self.drop(player)
        if member.role == "watcher" or self.closed:
            return []  # read only
        if kind == "puzzle":
            return self._choose(member, message["shape"], message["line"])
        if self.kind == "race":
            return self._race(member, kind, message)
        return self._coop(member, kind, message)

    def _choose(self, member: Member, shape_name: str, line: str) -> list[Out]:
        settled = self.race != "waiting" if self.kind == "race" else bool(self.cells)
        if member.role != "host" or settled:
            return []
        try:
            puzzle = Puzzle.from_line(shape_for_size(shape_name), line)
        except (ValueError, KeyError, IndexError) as error:
            raise OutOfPlace(f"a puzzle the engine cannot read ({error.__class__.__name__})") from None
        if puzzle.given_count == 0:
            raise OutOfPlace("a puzzle without givens")
        self.puzzle, self.cursors = puzzle, {}  # cursors on another board say nothing
        return [self._to_all(self._puzzle_line())]

    def _puzzle_line(self) -> bytes:
        assert self.puzzle is not None
        return encode("puzzle", shape=self.puzzle.shape.name, line=self.puzzle.to_line())

    # ---- a race ----------------------------------------------------------------------

    def _race(self, member: Member, kind: str, message: dict[str, Any]) -> list[Out]:
        if kind == "start" and member.role == "host" and self.race == "waiting" and self.puzzle is not None:
            self.race = "racing"
            return [self._to_all(encode("started"))]
        if kind == "rematch" and member.role == "host" and self.race == "over":
            self.race, self.filled, self.finishes = "waiting", {}, []
            return [self._to_all(encode("rematch"))]
        if self.race != "racing" or any(seat == member.seat for seat, _ in self.finishes):
            return []  # a count or finish before the start or after one's own finish: late, not wrong
        if kind == "progress":
            assert self.puzzle is not None
            filled = min(message["filled"], self.puzzle.shape.size)
            self.filled[member.seat] = filled
            return [self._to_others(member, encode("progressed", seat=member.seat, filled=filled))]
        if kind == "finish":
            self.finishes.append((member.seat, message["elapsed_ms"]))
            self.filled[member.seat] = self.puzzle.shape.size if self.puzzle else 0
            place = len(self.finishes)
            line = encode("finished", seat=member.seat, elapsed_ms=message["elapsed_ms"], place=place)
            return [self._to_all(line), *self._end_when_done()]
        return []  # start or rematch from someone else, or at another time

    def _end_when_done(self) -> list[Out]:
        finished = {seat for seat, _ in self.finishes}
        racing = [m for m in self.members.values() if m.role != "watcher" and m.seat not in finished]
        if any(member.connected for member in racing):
            return []
        self.race = "over"
        return [self._to_all(encode("ended"))]

    # ---- the shared board ------------------------------------------------------------

    def _coop(self, member: Member, kind: str, message: dict[str, Any]) -> list[Out]:
        if self.puzzle is None:
            return [((member.player,), encode("refused", cell=message["cell"], version=0))] if kind == "change" else []
        if message["cell"] >= self.puzzle.shape.size:
            raise OutOfPlace(f"cell {message['cell']} on a board of {self.puzzle.shape.size}")
        if kind == "cursor":
            self.cursors[member.seat] = message["cell"]
            return [self._to_others(member, encode("moved", seat=member.seat, cell=message["cell"]))]
        return self._change(member, message)

    def _change(self, member: Member, message: dict[str, Any]) -> list[Out]:
        assert self.puzzle is not None
        values = self.puzzle.shape.n
        if message["value"] > values or message["marks"] >= 1 << values or message["colour"] > COLOURS:
            raise OutOfPlace("a value, mark or colour this board has not")
        number = message["cell"]
        cell = self.cells.get(number, Cell())
        if self.puzzle.is_given(number) or message["version"] != cell.version:
            return [((member.player,), encode("refused", cell=number, version=cell.version))]
        cell = Cell(message["value"], message["marks"], message["colour"], cell.version + 1, member.seat)
        self.cells[number] = cell
        return [self._to_all(self._changed_line(number, cell))]

    @staticmethod
    def _changed_line(number: int, cell: Cell) -> bytes:
        return encode(
            "changed",
            seat=cell.seat,
            cell=number,
            value=cell.value,
            marks=cell.marks,
            colour=cell.colour,
            version=cell.version,
        )

    # ---- time and the end --------------------------------------------------------------

    def tick(self) -> list[Out]:
        """Closes the room when no player has been connected for IDLE_CLOSE seconds."""
        if self.closed or self.idle_since is None or self.clock() - self.idle_since < IDLE_CLOSE:
            return []
        return self.close("idle")

    def close(self, reason: str) -> list[Out]:
        """The room ends: ``closed`` to whoever is still connected."""
        if self.closed:
            return []
        self.closed = True
        return [self._to_all(encode("closed", reason=reason))]

    # ---- lines and whom they go to ---------------------------------------------------------

    def _catch_up(self, player: str) -> Iterable[Out]:
        """What a member who just came in needs to see the room as the others do."""
        lines: list[bytes] = []
        if self.puzzle is not None:
            lines.append(self._puzzle_line())
        if self.kind == "race" and self.race != "waiting":
            lines.append(encode("started"))
            finished = {seat for seat, _ in self.finishes}
            lines += [encode("progressed", seat=s, filled=n) for s, n in self.filled.items() if s not in finished]
            lines += [
                encode("finished", seat=seat, elapsed_ms=ms, place=place)
                for place, (seat, ms) in enumerate(self.finishes, 1)
            ]
            if self.race == "over":
                lines.append(encode("ended"))
        lines += [self._changed_line(number, cell) for number, cell in sorted(self.cells.items())]
        own = self.members[player].seat
        lines += [encode("moved", seat=seat, cell=cell) for seat, cell in sorted(self.cursors.items()) if seat != own]
        return [((player,), line) for line in lines]

    def _seats(self) -> Out:
        records = [member.record() for member in self.members.values()]
        return self._to_all(encode("seats", seats=records))

    def _to_all(self, line: bytes) -> Out:
        return (self.connected(), line)

    def _to_others(self, sender: Member, line: bytes) -> Out:
        return (tuple(player for player in self.connected() if player != sender.player), line)
