"""Room games in each player's history, through games in rooms on the real hub (a Session and a
RoomPlay on a RoomClient each, a SQLite store each): a co-op game solved together, a race's
places and field, a watcher who gets nothing; and the statistics that list them."""

from __future__ import annotations

from pathlib import Path

from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.stats_report import statistics_text
from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.records import RoomGame
from tests.serve.room_games import running_hub
from tests.serve.test_room_play import PUZZLE, Player, _coop

SOLUTION = solve(PUZZLE)
EMPTY = [cell for cell in range(16) if not PUZZLE.givens[cell]]


async def test_a_coop_game_solved_together_goes_into_each_players_history(tmp_path: Path) -> None:
    assert SOLUTION is not None
    async with running_hub() as (hub, _):
        ann, bob, cat = await _coop(tmp_path, hub.path, "Ann", "Bob", "Cat")
        eve = await Player.enter(hub.path, tmp_path, "Eve", code=ann.room.code, watch=True)
        await eve.until("puzzle")
        players = (ann, bob, cat)
        for turn, cell in enumerate(EMPTY):  # each player fills cells in turn
            players[turn % 3].room.enter(cell, SOLUTION[cell])
        for player in (*players, eve):  # the hub reads the three games in its own order
            for _ in EMPTY:
                if player.session.solved:
                    break
                await player.until("changed")
            assert player.session.solved
        expected = {"Ann": ("Bob", "Cat"), "Bob": ("Ann", "Cat"), "Cat": ("Ann", "Bob")}
        for player in players:
            (entry,) = player.session.keeper.store.history(LOCAL_PLAYER)
            assert entry.solved_by_player and entry.room == RoomGame("coop", expected[player.name])
            text = statistics_text(player.session.keeper.store.statistics(LOCAL_PLAYER))
            assert f"co-op with {', '.join(expected[player.name])}: solved" in text
        # The watcher saw the board solved; the players solved it: nothing is Eve's.
        assert eve.session.keeper.store.history(LOCAL_PLAYER) == []
        assert eve.session.keeper.store.games_in_progress(LOCAL_PLAYER) == []
        for player in (*players, eve):
            player.close()


async def _race_to_the_end(ann: Player, bob: Player, cat: Player) -> None:
    assert SOLUTION is not None
    ann.choose(PUZZLE)
    for player in (ann, bob, cat):
        await player.until("puzzle")
    await _race(ann, bob, cat, order=((ann, 0), (bob, 1), (cat, 2)))


async def _race(ann: Player, bob: Player, cat: Player, order: tuple[tuple[Player, int], ...]) -> None:
    """Ann starts; each solves the board in ``order``, waiting for the finish to be numbered."""
    assert SOLUTION is not None
    ann.room.start()
    for player in (ann, bob, cat):
        await player.until("started")
    for player, seat in order:
        for cell in EMPTY:
            player.room.enter(cell, SOLUTION[cell])
        await player.until("finished", seat=seat)  # its place, as the hub numbered it
    await ann.until("ended")


async def test_a_race_goes_into_each_players_history_with_place_and_field(tmp_path: Path) -> None:
    async with running_hub() as (hub, _):
        ann = await Player.enter(hub.path, tmp_path, "Ann", create="race")
        bob = await Player.enter(hub.path, tmp_path, "Bob", code=ann.room.code)
        cat = await Player.enter(hub.path, tmp_path, "Cat", code=ann.room.code)
        await _race_to_the_end(ann, bob, cat)
        assert [entry.room for entry in ann.session.keeper.store.history(LOCAL_PLAYER)] == [
            RoomGame("race", ("Bob", "Cat"), 1, 3)
        ]
        (entry,) = bob.session.keeper.store.history(LOCAL_PLAYER)
        assert entry.solved_by_player and entry.room == RoomGame("race", ("Ann", "Cat"), 2, 3)
        assert "race 2nd of 3: solved" in statistics_text(bob.session.keeper.store.statistics(LOCAL_PLAYER))
        assert cat.session.keeper.store.history(LOCAL_PLAYER)[0].room == RoomGame("race", ("Ann", "Bob"), 3, 3)
        # A rematch: the next race's game is another entry, with its own place.
        ann.room.rematch()
        for player in (ann, bob, cat):
            await player.until("rematch")
        await _race(ann, bob, cat, order=((cat, 2), (ann, 0), (bob, 1)))
        assert [entry.room for entry in cat.session.keeper.store.history(LOCAL_PLAYER)] == [
            RoomGame("race", ("Ann", "Bob"), 1, 3),
            RoomGame("race", ("Ann", "Bob"), 3, 3),
        ]
        for player in (ann, bob, cat):
            player.close()
