"""Games in a room against the real hub: each a Session and a RoomPlay on a RoomClient, as a
served game plays, with the hub's messages handed over on the test's thread as the screen does."""

from __future__ import annotations

import asyncio
import queue
from pathlib import Path
from typing import Any

from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.engine.files.model import PuzzleFile
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.replay.labels import MoveKind as K
from sudoku_tui.game.rooms.client import RoomClient
from sudoku_tui.game.rooms.messages import RoomKind
from sudoku_tui.game.rooms.playing import RoomPlay
from sudoku_tui.game.session import REFUSED, Session
from sudoku_tui.game.store.sqlite import SqliteStore
from tests.serve.room_games import LINE_4, MOST_MESSAGES, WAIT, running_hub

PUZZLE = Puzzle.from_line(shape_for_size("4x4"), LINE_4)


class Player:
    """One game in the room."""

    def __init__(self, hub_path: Path, folder: Path, name: str) -> None:
        self.name = name
        self.session = Session(SqliteStore(folder / f"{name}.sqlite3"), start_folder=folder)
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.client = RoomClient(hub_path, self.inbox.put)
        self.room = RoomPlay(self.session, self.client)

    @classmethod
    async def enter(
        cls,
        hub_path: Path,
        folder: Path,
        name: str,
        *,
        create: RoomKind | None = None,
        code: str = "",
        watch: bool = False,
    ) -> Player:
        player = cls(hub_path, folder, name)
        await asyncio.to_thread(player.client.connect)
        player.room.begin(f"key-{name}", name, create=create, code=code, watch=watch)
        await player.until("joined")
        return player

    async def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Hands the hub's messages to the room until one of this kind (and fields) came."""
        for _ in range(MOST_MESSAGES):
            message = await asyncio.to_thread(self.inbox.get, timeout=WAIT)
            self.room.receive(message)
            if message["kind"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message
        raise AssertionError(f"{self.name}: no {kind} {fields}")

    def choose(self, puzzle: Puzzle) -> None:
        """The host's usual way to a puzzle (a file of one), then offered to the room."""
        token = self.session.begin_load(None)
        self.session.file_loaded(token, PuzzleFile(puzzle.shape, "plain", [puzzle.to_line()]))
        assert self.room.offer_puzzle()

    def close(self) -> None:
        self.client.close()


async def _coop(folder: Path, hub_path: Path, *names: str) -> list[Player]:
    host = await Player.enter(hub_path, folder, names[0], create="coop")
    players = [host] + [await Player.enter(hub_path, folder, name, code=host.room.code) for name in names[1:]]
    host.choose(PUZZLE)
    for player in players:
        await player.until("puzzle")
    return players


async def test_a_value_typed_in_one_game_reaches_the_others_play_outside_their_undo(tmp_path: Path) -> None:
    async with running_hub() as (hub, _):
        ann, bob, cat = await _coop(tmp_path, hub.path, "Ann", "Bob", "Cat")
        assert [p.room.role for p in (ann, bob, cat)] == ["host", "player", "player"]
        assert [s.name for s in cat.room.seats] == ["Ann", "Bob", "Cat"]
        assert bob.session.puzzle == PUZZLE and bob.session.play.values[5] == 0
        assert ann.room.enter(5, 2).changed
        for other in (bob, cat):
            await other.until("changed", cell=5)
            assert other.session.play.values[5] == 2
            assert not other.session.play.can_undo and not other.room.can_undo
        bob.room.toggle_mark(6, 3)
        await ann.until("changed", cell=6)
        assert ann.session.play.marks[6] == 0b100
        for player in (ann, bob, cat):
            player.close()


async def test_a_cell_two_players_change_at_once_keeps_the_first(tmp_path: Path) -> None:
    async with running_hub() as (hub, _):
        ann, bob = await _coop(tmp_path, hub.path, "Ann", "Bob")
        ann.room.enter(6, 2)
        bob.room.enter(6, 3)  # made on the same version: one of the two is refused
        first = [await player.until("changed", cell=6) for player in (ann, bob)]
        assert first[0] == first[1]
        loser = bob if first[0]["seat"] == ann.room.seat else ann
        await loser.until("refused", cell=6)
        kept = 2 if loser is bob else 3
        assert ann.session.play.values[6] == bob.session.play.values[6] == kept
        ann.close()
        bob.close()


async def test_undo_takes_back_ones_own_move_alone_and_each_records_their_own_moves(tmp_path: Path) -> None:
    async with running_hub() as (hub, _):
        ann, bob = await _coop(tmp_path, hub.path, "Ann", "Bob")
        ann.room.enter(5, 2)
        await bob.until("changed", cell=5)
        bob.room.enter(6, 3)
        await ann.until("changed", cell=6)
        assert ann.room.undo().changed
        await bob.until("changed", cell=5, version=2)
        for player in (ann, bob):
            assert (player.session.play.values[5], player.session.play.values[6]) == (0, 3)
        assert not ann.room.undo().changed  # nothing of Ann's left to undo; Bob's 3 stays
        assert ann.session.play.values[6] == 3
        # Each records the player's own moves alone (the others' reach the board, not the recording).
        assert [(m.kind, m.cell, m.value) for m in ann.session.moves] == [(K.VALUE, 5, 2), (K.UNDO, -1, 0)]
        assert [(m.kind, m.cell, m.value) for m in bob.session.moves] == [(K.VALUE, 6, 3)]
        ann.close()
        bob.close()


async def test_a_watcher_sees_the_board_and_changes_nothing(tmp_path: Path) -> None:
    async with running_hub() as (hub, _):
        ann, bob = await _coop(tmp_path, hub.path, "Ann", "Bob")
        eve = await Player.enter(hub.path, tmp_path, "Eve", code=ann.room.code, watch=True)
        await eve.until("puzzle")
        assert eve.room.watching and eve.room.read_only
        assert eve.room.enter(5, 1) is REFUSED and eve.session.play.values[5] == 0
        ann.room.enter(5, 2)
        await eve.until("changed", cell=5)
        assert eve.session.play.values[5] == 2
        for player in (ann, bob, eve):
            player.close()


async def test_a_race_hides_the_board_until_the_start_and_shares_counts_and_finishes(tmp_path: Path) -> None:
    solution = solve(PUZZLE)
    assert solution is not None
    async with running_hub() as (hub, _):
        ann = await Player.enter(hub.path, tmp_path, "Ann", create="race")
        bob = await Player.enter(hub.path, tmp_path, "Bob", code=ann.room.code)
        ann.choose(PUZZLE)
        for player in (ann, bob):
            await player.until("puzzle")
            assert player.room.hidden and player.session.paused and player.room.read_only
            assert player.room.aids_off
        assert bob.room.enter(1, solution[1]) is REFUSED
        bob.room.start()  # not the host's: nothing happens
        ann.room.start()
        for player in (ann, bob):
            await player.until("started")
            assert not player.room.hidden and not player.session.paused
        givens = sum(1 for value in PUZZLE.givens if value)
        assert bob.room.filled_by(0) == ann.room.filled_by(1) == givens  # before anyone's first value
        empty = [cell for cell in range(16) if not PUZZLE.givens[cell]]
        for count, cell in enumerate(empty[:3], start=3):
            ann.room.enter(cell, solution[cell])
            await bob.until("progressed", seat=0, filled=count)
        assert bob.room.filled == {0: 5} and bob.room.filled_by(0) == 5
        for cell in empty[3:]:
            ann.room.enter(cell, solution[cell])
        finished = await bob.until("finished")
        assert (finished["seat"], finished["place"]) == (0, 1)
        assert bob.room.filled[0] == 16 and ann.session.solved
        for cell in empty:
            bob.room.enter(cell, solution[cell])
        await ann.until("ended")
        assert [(f.seat, f.place) for f in ann.room.finishes] == [(0, 1), (1, 2)]
        assert [(place, name) for place, name, _ in ann.room.results()] == [(1, "Ann"), (2, "Bob")]
        ann.room.rematch()
        await bob.until("rematch")
        assert bob.room.hidden and bob.session.play.values == list(PUZZLE.givens)
        ann.close()
        bob.close()


async def test_a_cursor_is_told_again_on_the_next_board(tmp_path: Path) -> None:
    """A new puzzle wipes every cursor in the room: one that stays on its cell is sent again."""
    async with running_hub() as (hub, _):
        ann, bob = await _coop(tmp_path, hub.path, "Ann", "Bob")
        bob.room.moved_to(6)
        await ann.until("moved", seat=1, cell=6)
        ann.choose(Puzzle.from_line(shape_for_size("4x4"), "2" + LINE_4[1:]))
        for player in (ann, bob):
            await player.until("puzzle")
        assert ann.room.cursors == {}
        bob.room.moved_to(6)
        await ann.until("moved", seat=1, cell=6)
        assert ann.room.cursors == {1: 6}
        for player in (ann, bob):
            player.close()


async def test_several_cells_at_once_reach_the_others_one_change_a_cell_and_undo_as_one(tmp_path: Path) -> None:
    async with running_hub() as (hub, _):
        ann, bob = await _coop(tmp_path, hub.path, "Ann", "Bob")
        empty = [cell for cell in range(16) if not PUZZLE.givens[cell]][:3]
        given = next(cell for cell in range(16) if PUZZLE.givens[cell])
        assert ann.room.enter_each([*empty, given], 2).changed
        for cell in empty:
            await bob.until("changed", cell=cell)
        assert [bob.session.play.values[cell] for cell in empty] == [2, 2, 2]
        assert bob.session.play.values[given] == PUZZLE.givens[given]
        assert ann.room.undo().changed  # the whole action back, sent cell by cell
        for cell in empty:
            await bob.until("changed", cell=cell, value=0)
        assert [bob.session.play.values[cell] for cell in empty] == [0, 0, 0]
        assert bob.room.toggle_mark_each(empty, 3).changed
        for cell in empty:  # past Ann's own changes' acknowledgements, still in her inbox
            await ann.until("changed", cell=cell, marks=0b100)
        assert [ann.session.play.marks[cell] for cell in empty] == [0b100] * 3
        ann.close()
        bob.close()


async def test_colours_reach_the_others_and_undo_takes_a_paint_back(tmp_path: Path) -> None:
    async with running_hub() as (hub, _):
        ann, bob = await _coop(tmp_path, hub.path, "Ann", "Bob")
        assert ann.room.paint(0, 2) is REFUSED  # a given takes no paint
        assert ann.room.paint(5, 3).changed
        await bob.until("changed", cell=5)
        assert bob.session.play.colours[5] == 3 and not bob.room.can_undo
        bob.room.enter(5, 2)  # a value under Ann's colour keeps the colour
        await ann.until("changed", cell=5, version=2)
        assert ann.session.play.values[5] == 2 and ann.session.play.colours[5] == 3
        bob.room.paint(6, 6)
        await ann.until("changed", cell=6)
        assert ann.room.undo().changed is False  # Ann's paint of cell 5: Bob changed the cell since
        ann.room.paint(7, 1)
        await bob.until("changed", cell=7)
        assert ann.room.undo().changed
        await bob.until("changed", cell=7, version=2)
        assert [p.session.play.colours[5:8] for p in (ann, bob)] == [[3, 6, 0]] * 2
        ann.close()
        bob.close()


async def test_a_newcomer_sees_the_colours_already_on_the_board(tmp_path: Path) -> None:
    async with running_hub() as (hub, _):
        ann, bob = await _coop(tmp_path, hub.path, "Ann", "Bob")
        ann.room.paint(9, 4)
        await bob.until("changed", cell=9)
        cat = await Player.enter(hub.path, tmp_path, "Cat", code=ann.room.code)
        await cat.until("changed", cell=9)
        assert cat.session.play.colours[9] == 4
        for player in (ann, bob, cat):
            player.close()


async def test_only_another_players_change_marks_the_board_changed(tmp_path: Path) -> None:
    """A remote move redraws the cell's lines; one's own change coming back redraws nothing."""
    async with running_hub() as (hub, _):
        ann, bob = await _coop(tmp_path, hub.path, "Ann", "Bob")
        ann.room.enter(5, 2)
        await ann.until("changed", cell=5)
        assert not ann.room.board_changed  # the board showed it as the key was typed
        await bob.until("changed", cell=5)
        assert bob.room.board_changed
        ann.close()
        bob.close()
