"""Property tests of save loading: whatever a store's row or
an old ``saves.json`` holds, loading gives a record or skips it, never raises
anything else, and a record read back is one the game can use.

The budget is the ``ci`` profile of tests/conftest.py (a fixed set of examples).
"""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from store_worker import numbered_game
from test_store_hostile import good_entry, good_row

from sudoku_tui.game.store.checks import BadRow, check_finished, check_game, game_row
from sudoku_tui.game.store.import_saves import NotSaves, read_old_saves
from sudoku_tui.game.store.records import Aids, FinishedGame, Game
from sudoku_tui.game.store.sql import GAME_COLUMNS, HISTORY_COLUMNS

# What a database (SQLite, or another) or a JSON file can hand back.
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=120)
    | st.binary(max_size=40)
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def assert_usable_game(game: Game) -> None:
    puzzle = game.puzzle()
    shape = puzzle.shape
    assert math.isfinite(game.elapsed) and game.elapsed >= 0
    assert isinstance(game.aids, Aids) and 0 <= game.cursor < shape.size
    assert len(game.marks) == shape.size
    assert len(game.value_list()) == shape.size and all(0 <= v <= shape.n for v in game.value_list())
    assert all(g == v for g, v in zip(puzzle.givens, game.value_list(), strict=True) if g)


def assert_usable_entry(entry: FinishedGame) -> None:
    assert math.isfinite(entry.elapsed) and math.isfinite(entry.ended_at)


def mutated(text: str, data: st.DataObject) -> str:
    """``text`` with a few characters replaced, inserted or removed."""
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(chars)))
        piece = data.draw(st.text(max_size=3) | st.sampled_from(["0", "9", ".", "[", "]", ",", "\x00", "\x1f"]))
        chars[at : at + data.draw(st.integers(0, 2))] = piece
    return "".join(chars)


@given(st.integers(0, 10_000), st.dictionaries(st.sampled_from(GAME_COLUMNS), values, min_size=1, max_size=4))
def test_any_values_in_a_game_row_give_a_game_or_a_bad_row(number: int, changes: dict[str, Any]) -> None:
    try:
        game = check_game(good_row(number) | changes)
    except BadRow:
        return
    assert_usable_game(game)


@given(st.integers(0, 10_000), st.dictionaries(st.sampled_from(HISTORY_COLUMNS), values, min_size=1, max_size=4))
def test_any_values_in_a_history_row_give_an_entry_or_a_bad_row(number: int, changes: dict[str, Any]) -> None:
    try:
        entry = check_finished(good_entry(number) | changes)
    except BadRow:
        return
    assert_usable_entry(entry)


@given(st.integers(0, 10_000), st.sampled_from(["givens", "entries", "marks", "shape", "source_path"]), st.data())
def test_a_mutated_text_column_gives_a_game_or_a_bad_row(number: int, column: str, data: st.DataObject) -> None:
    row = good_row(number)
    text = row[column] if isinstance(row[column], str) else json.dumps(row[column])
    try:
        game = check_game(row | {column: mutated(text, data)})
    except BadRow:
        return
    assert_usable_game(game)


@given(st.integers(0, 10_000), st.floats(0, 1e6))
def test_a_saved_game_reads_back_as_itself(number: int, elapsed: float) -> None:
    game = numbered_game(number, elapsed=elapsed)
    back = check_game({**game_row(game), "game_id": "g", "started_at": 1.0, "last_played": 2.0})
    assert (back.puzzle(), back.value_list(), back.elapsed) == (game.puzzle(), game.value_list(), game.elapsed)


def old_save(number: int) -> dict[str, Any]:
    game = numbered_game(number)
    return {
        "shape": game.shape,
        "givens": game.givens,
        "values": game.values,
        "marks": [0] * len(game.marks),
        "elapsed": 3.0,
        "solved": False,
        "path": f"/puzzles/{number}.txt",
        "index": number,
        "saved_at": 1.7e9,
    }


@given(
    st.lists(st.integers(0, 1000), max_size=4),
    st.lists(st.tuples(st.sampled_from(sorted(old_save(0))), values), max_size=4),
    st.lists(values, max_size=2),
)
def test_an_old_saves_file_imports_what_reads_and_skips_the_rest(
    numbers: list[int], changes: list[tuple[str, Any]], strays: list[Any]
) -> None:
    games: list[Any] = [old_save(number) for number in numbers]
    for at, (key, value) in enumerate(changes):
        if games:
            games[at % len(games)][key] = value
    games += strays
    data = json.dumps({"version": 1, "last": None, "games": games}, default=repr).encode()
    saves = read_old_saves(data)
    assert len(saves.games) + len(saves.finished) + saves.skipped == len(games)
    for game in saves.games:
        assert_usable_game(game)
    for entry in saves.finished:
        assert_usable_entry(entry)


@given(st.binary(max_size=300) | values.map(lambda value: json.dumps(value, default=repr).encode()))
def test_any_bytes_as_saves_json_read_or_are_not_saves(data: bytes) -> None:
    try:
        saves = read_old_saves(data)
    except NotSaves:
        return
    for game in saves.games:
        assert_usable_game(game)
    for entry in saves.finished:
        assert_usable_entry(entry)
