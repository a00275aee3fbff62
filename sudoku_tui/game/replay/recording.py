"""A game's moves as the store keeps them: recorded from the player's actions,
written as a few bytes a move, read back.

:class:`Recorder` turns each change a :class:`~sudoku_tui.game.session.Session`
makes into :class:`~.labels.Move` values (a value typed into three selected
cells is three moves, the second and third ``together``) and keeps their
bytes as it goes: a move's bytes depend only on it and the move before, so
recording appends and a save never encodes the whole game again.

The bytes (docs/replays.md, "How moves are kept"): a version byte, then per
move a head byte (bits 0-3 the kind, bit 4 ``together``, bit 5 a cell and
value follow, bit 6 the time went back), the milliseconds since the move
before as a varint, and when bit 5 says so ``cell + 1`` and ``value`` as
varints. A move at a few seconds' gap on a 9x9 takes five bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...engine.board.puzzle import Puzzle
from ..play import Move as PlayMove
from .labels import Move, MoveKind

FORMAT = 1  # the first byte of every recording
KINDS: tuple[MoveKind, ...] = tuple(MoveKind)  # a kind's number is its place here: never reorder, only append
TOGETHER, PLACED, BACKWARDS = 0x10, 0x20, 0x40
MOST_CELL = 1 << 16  # far past the largest board's cells: anything more is no recording
MOST_VALUE = 1 << 8
MOST_MS = 1 << 40  # some 35 years of play
VARINT_BYTES = 6  # enough for MOST_MS


class RecordingError(ValueError):
    """Bytes that are no recording of moves; ``str(error)`` says where and why."""


@dataclass(frozen=True)
class RecordedGame:
    """A game with its moves, for a replay: a finished one from the history, or one in progress.
    ``elapsed`` in seconds; ``solved``: the board was solved (by the player or Solve);
    ``finished``: the game is over (not resumable any more)."""

    game_id: str
    puzzle: Puzzle
    moves: tuple[Move, ...]
    elapsed: float
    solved: bool
    finished: bool


def _varint(number: int, out: bytearray) -> None:
    while True:
        low = number & 0x7F
        number >>= 7
        if number:
            out.append(low | 0x80)
        else:
            out.append(low)
            return


def encode_move(move: Move, before_ms: int, out: bytearray) -> None:
    """Append one move's bytes (``before_ms``: the time of the move before, 0 for the first)."""
    if not (-1 <= move.cell < MOST_CELL and 0 <= move.value < MOST_VALUE and 0 <= move.at_ms < MOST_MS):
        raise ValueError(f"not a move to record: {move}")
    gap = move.at_ms - before_ms
    placed = move.cell != -1 or move.value != 0
    head = KINDS.index(move.kind) | (TOGETHER if move.together else 0) | (PLACED if placed else 0)
    out.append(head | (BACKWARDS if gap < 0 else 0))
    _varint(abs(gap), out)
    if placed:
        _varint(move.cell + 1, out)
        _varint(move.value, out)


def encode_moves(moves: Iterable[Move]) -> bytes:
    """The bytes of a game's moves (``b""`` for none)."""
    out = bytearray()
    before = 0
    for move in moves:
        if not out:
            out.append(FORMAT)
        encode_move(move, before, out)
        before = move.at_ms
    return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise RecordingError(f"the recording ends inside a move (byte {self.at})")
        self.at += 1
        return self.data[self.at - 1]

    def varint(self, most: int) -> int:
        number = shift = 0
        for _ in range(VARINT_BYTES):
            byte = self.byte()
            number |= (byte & 0x7F) << shift
            if not byte & 0x80:
                if number >= most:
                    raise RecordingError(f"a number out of range at byte {self.at - 1}")
                return number
            shift += 7
        raise RecordingError(f"a number too long at byte {self.at - 1}")


def decode_moves(data: bytes) -> tuple[Move, ...]:
    """The moves of :func:`encode_moves`' bytes; :class:`RecordingError` for bytes
    that are none (a later format, cut short, out of range)."""
    if not data:
        return ()
    if data[0] != FORMAT:
        raise RecordingError(f"a recording of format {data[0]}, not {FORMAT}")
    reader = _Reader(bytes(data))
    reader.at = 1
    moves: list[Move] = []
    at_ms = 0
    while reader.at < len(data):
        head = reader.byte()
        if head & 0x80 or head & 0x0F >= len(KINDS):
            raise RecordingError(f"no move starts with byte {head} (at byte {reader.at - 1})")
        gap = reader.varint(MOST_MS)
        at_ms += -gap if head & BACKWARDS else gap
        if not 0 <= at_ms < MOST_MS:
            raise RecordingError(f"a move's time out of range at byte {reader.at - 1}")
        cell, value = -1, 0
        if head & PLACED:
            cell = reader.varint(MOST_CELL + 1) - 1
            value = reader.varint(MOST_VALUE)
        moves.append(Move(KINDS[head & 0x0F], cell, value, at_ms, bool(head & TOGETHER)))
    return tuple(moves)


# ---- from the player's actions ---------------------------------------------------

Action = MoveKind  # what the player did: VALUE (or a clear), MARK, COLOUR, HINT, UNDO, REDO, SOLVE


def _bits(mask: int) -> list[int]:
    return [bit + 1 for bit in range(mask.bit_length()) if mask >> bit & 1]


def _marks(change: PlayMove, at_ms: int) -> list[Move]:
    moves = []
    for c in change.changes:
        moves += [Move(MoveKind.MARK, c.cell, v, at_ms) for v in _bits(c.new_marks & ~c.old_marks)]
        moves += [Move(MoveKind.UNMARK, c.cell, v, at_ms) for v in _bits(c.old_marks & ~c.new_marks)]
    return moves


def moves_of(action: Action, change: PlayMove, at_ms: int) -> list[Move]:
    """The recorded moves of one change the player made (the first one alone, the others
    ``together`` with it): entries and clears for VALUE, marks written and rubbed out for
    MARK (a toggle, or filling in every candidate), paint for COLOUR, the values a hint
    placed (or its first cell, value 0, when it only removed candidates). Marks that leave
    peers because a value came are no moves of their own: the value says it."""
    moves: list[Move]
    if action in (MoveKind.UNDO, MoveKind.REDO, MoveKind.SOLVE):
        moves = [Move(action, at_ms=at_ms)]
    elif action is MoveKind.VALUE:
        moves = [
            Move(MoveKind.VALUE if c.new_value else MoveKind.CLEAR, c.cell, c.new_value, at_ms)
            for c in change.changes
            if c.new_value != c.old_value
        ]
    elif action is MoveKind.MARK:
        moves = _marks(change, at_ms)
    elif action is MoveKind.COLOUR:
        moves = [
            Move(MoveKind.COLOUR, c.cell, c.new_colour, at_ms)
            for c in change.changes
            if c.new_colour is not None and c.new_colour != c.old_colour
        ]
    else:
        placed = [c for c in change.changes if c.new_value != c.old_value]
        moves = [Move(MoveKind.HINT, c.cell, c.new_value, at_ms) for c in placed]
        if not moves and change.changes:
            moves = [Move(MoveKind.HINT, change.changes[0].cell, 0, at_ms)]
    if not moves and action is MoveKind.VALUE:
        # A value typed where it stood already, taking it from the peers' marks: the marks
        # are what changed, and the stroke takes a turn of undo as the game's does.
        moves = _marks(change, at_ms)
    return [m if i == 0 else Move(m.kind, m.cell, m.value, m.at_ms, together=True) for i, m in enumerate(moves)]


class Recorder:
    """The moves of the game in play, and their bytes, kept side by side as moves come."""

    def __init__(self, moves: Sequence[Move] = ()) -> None:
        self._moves: list[Move] = list(moves)
        self._bytes = bytearray(encode_moves(moves))

    @classmethod
    def resumed(cls, data: bytes) -> Recorder:
        """Go on with a stored recording; one that cannot be read starts afresh (the game
        itself is kept: only its replay is lost)."""
        try:
            return cls(decode_moves(data))
        except RecordingError:
            return cls()

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    def data(self) -> bytes:
        return bytes(self._bytes)

    def add(self, moves: Iterable[Move]) -> None:
        for move in moves:
            if not self._bytes:
                self._bytes.append(FORMAT)
            # The game clock never goes back, but a move must not be refused for it.
            move = move if move.at_ms >= 0 else Move(move.kind, move.cell, move.value, 0, move.together)
            encode_move(move, self._moves[-1].at_ms if self._moves else 0, self._bytes)
            self._moves.append(move)
