"""Moves recorded: every change a player makes through the session becomes recorded
moves with the game clock's time, kept with the game in the store (a SQLite file,
and PostgreSQL), read back and labelled; the bytes they take; the labels cached."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from pathlib import Path

from store_backends import StoreMaker, postgresql_socket, postgresql_url, store_maker

from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.logic.step import Step, TechniqueName
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.replay.cache import decode_labels, encode_labels, labels_for
from sudoku_tui.game.replay.labels import Board, Move, MoveKind, label_game, labels_key
from sudoku_tui.game.replay.recording import RecordedGame, RecordingError, decode_moves, encode_moves
from sudoku_tui.game.session import Session
from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.sqlite import SqliteStore
from tests.game.replay_games import KNOWN_LABELS, LINE, SHAPE, FakeTime, cell, known_moves, play_known_game

__all__ = ["postgresql_socket", "postgresql_url", "store_maker"]  # the fixtures, used by name
K = MoveKind


def test_a_game_played_through_the_session_is_recorded_saved_read_back_and_labelled(tmp_path: Path) -> None:
    time = FakeTime()
    path = tmp_path / "store.sqlite3"
    session = Session(SqliteStore(path), now=time)
    play_known_game(session, time)
    assert session.moves == known_moves()
    game_id = session.keeper.game_id
    session.quit()
    assert game_id is not None
    with SqliteStore(path) as store:  # the file read again, as after a restart
        recorded = store.recorded_game(LOCAL_PLAYER, game_id)
        assert recorded is not None and not recorded.finished and recorded.moves == known_moves()
        assert recorded.puzzle.to_line() == LINE and recorded.elapsed == 76.0
        labels = labels_for(store, recorded)
    assert labels.labels == KNOWN_LABELS


def test_a_resumed_game_goes_on_with_its_moves_and_its_history_entry_keeps_them(tmp_path: Path) -> None:
    time = FakeTime()
    path = tmp_path / "store.sqlite3"
    session = Session(SqliteStore(path), now=time)
    play_known_game(session, time)
    session.quit()
    again = Session(SqliteStore(path), now=time)
    again.start_own(Puzzle.from_line(SHAPE, LINE))
    assert again.moves == known_moves()  # resumed
    time.now += 4
    again.enter(cell(1, 1), 8)
    solution = solve(again.puzzle)
    assert solution is not None
    token = again.begin_solve()
    assert token is not None and again.solve_finished(token, solution)
    assert again.moves[len(known_moves()) :] == (Move(K.VALUE, cell(1, 1), 8, 80_000), Move(K.SOLVE, at_ms=80_000))
    game_id = again.keeper.game_id
    again.quit()
    with SqliteStore(path) as store:
        assert store.recorded_game(LOCAL_PLAYER, "no-such-game") is None
        assert store.recorded_game("someone-else", str(game_id)) is None  # another player's is none
        last = store.last_recorded_game(LOCAL_PLAYER)
        assert last is not None and last.game_id == game_id and last.finished and last.solved
        assert last.moves == again.moves
        assert store.last_recorded_game("someone-else") is None


def test_several_cells_a_hint_and_every_candidate_are_recorded_as_one_stroke_each(tmp_path: Path) -> None:
    time = FakeTime()
    session = Session(SqliteStore(tmp_path / "store.sqlite3"), now=time)
    session.start_own(Puzzle.from_line(SHAPE, LINE))
    session.enter_each([cell(1, 1), cell(1, 2), cell(1, 3)], 4)  # r1c3 is a given: it stays
    session.enter_each([cell(1, 1), cell(1, 2)], 0)
    time.now += 1
    session.fill_candidates()
    written = sum(bin(mask).count("1") for mask in session.play.marks)
    step = Step(TechniqueName.NAKED_SINGLE, placements=((cell(6, 8), 7),))
    session.apply_step(step)
    kinds = [(m.kind, m.together) for m in session.moves]
    assert kinds[:4] == [(K.VALUE, False), (K.VALUE, True), (K.CLEAR, False), (K.CLEAR, True)]
    marks = list(session.moves[4:-1])
    assert marks and all(m.kind is K.MARK and m.at_ms == 1_000 for m in marks)
    assert [m.together for m in marks] == [False] + [True] * (len(marks) - 1)
    assert session.moves[-1] == Move(K.HINT, cell(6, 8), 7, 1_000)
    assert len(marks) == written  # a move for every candidate written, none for those the hint took


def test_moves_round_trip_through_both_stores(store_maker: StoreMaker) -> None:
    time = FakeTime()
    session = Session(store_maker(), now=time)
    play_known_game(session, time)
    game_id = session.keeper.game_id
    assert game_id is not None
    session.save_game()
    again = store_maker()
    recorded = again.recorded_game(LOCAL_PLAYER, game_id)
    assert recorded is not None and recorded.moves == known_moves()
    assert labels_for(again, recorded).labels == KNOWN_LABELS
    assert again.cached_labels(labels_key(recorded.puzzle, recorded.moves)) is not None


# ---- the bytes -----------------------------------------------------------------


def random_moves(count: int, seed: int) -> list[Move]:
    rng = random.Random(seed)
    at = 0
    moves = []
    for index in range(count):
        at += rng.choice([0, 200, 1_500, 3_000, 9_000, 70_000, 4_000_000])
        kind = rng.choice(list(K))
        placed = kind not in (K.UNDO, K.REDO, K.SOLVE)
        moves.append(
            Move(
                kind,
                rng.randrange(625) if placed else -1,
                rng.randrange(26) if placed else 0,
                at,
                index > 0 and rng.random() < 0.2,
            )
        )
    return moves


def test_moves_round_trip_through_their_bytes() -> None:
    for seed in range(20):
        moves = tuple(random_moves(300, seed))
        assert decode_moves(encode_moves(moves)) == moves
    assert encode_moves([]) == b"" and decode_moves(b"") == ()
    back = (Move(K.VALUE, 3, 4, 5_000), Move(K.VALUE, 4, 5, 1_000))  # a clock that went back still reads back
    assert decode_moves(encode_moves(back)) == back


def test_a_long_game_takes_a_few_bytes_a_move() -> None:
    # 600 moves in 30 minutes on a 9x9: three seconds apart.
    moves = [Move(K.VALUE, (i * 7) % 81, i % 9 + 1, 3_000 * (i + 1), False) for i in range(600)]
    assert len(encode_moves(moves)) <= 5 * 600 + 1


def test_bytes_that_are_no_recording_give_a_clear_error_never_a_crash() -> None:
    good = encode_moves(known_moves())
    hostile = [
        b"\x02" + good[1:],  # a later format
        good[:-1],  # cut short
        good[:3],
        b"\x01\x0f\x00",  # no such kind
        b"\x01\x80",  # a head byte with its top bit
        b"\x01\x20" + b"\xff" * 10,  # a number that never ends
        b"\x01\x20\x00\xff\xff\x7f\x00",  # a cell out of range
        b"\x01\x40\x05",  # a time before the game began
    ]
    rng = random.Random(7)
    hostile += [bytes([1] + [rng.randrange(256) for _ in range(rng.randrange(1, 40))]) for _ in range(500)]
    for data in hostile:
        try:
            decode_moves(data)
        except RecordingError as error:
            assert str(error)


def test_a_store_row_of_bad_moves_keeps_its_game_without_moves(tmp_path: Path) -> None:
    time = FakeTime()
    path = tmp_path / "store.sqlite3"
    session = Session(SqliteStore(path), now=time)
    play_known_game(session, time)
    game_id = session.keeper.game_id
    session.quit()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET moves = ?", [b"\x01\x0f\x00"])
    db.close()
    with SqliteStore(path) as store:
        recorded = store.recorded_game(LOCAL_PLAYER, str(game_id))
        assert recorded is not None and recorded.moves == () and store.take_notices()
    again = Session(SqliteStore(path), now=time)
    again.start_own(Puzzle.from_line(SHAPE, LINE))
    assert again.moves == () and again.play.values[cell(1, 1)] == 1  # the game itself is resumed
    again.enter(cell(1, 1), 8)
    assert len(again.moves) == 1


# ---- the labels cache ---------------------------------------------------------------


def known_game() -> RecordedGame:
    return RecordedGame("g1", Puzzle.from_line(SHAPE, LINE), known_moves(), 76.0, False, False)


def test_labels_are_kept_and_a_second_call_works_nothing_out(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    game = known_game()
    with SqliteStore(path) as store:
        first = labels_for(store, game)
    with SqliteStore(path) as store:  # a restart: the cache is in the file
        kept = store.cached_labels(labels_key(game.puzzle, game.moves))
        assert kept is not None and decode_labels(kept, len(game.moves)) == first

        def never() -> bool:
            raise AssertionError("worked out again")

        assert labels_for(store, game, should_stop=never) == first


def test_a_corrupt_cache_entry_is_worked_out_again(tmp_path: Path) -> None:
    game = known_game()
    key = labels_key(game.puzzle, game.moves)
    with SqliteStore(tmp_path / "store.sqlite3") as store:
        right = labels_for(store, game)
        for bad in ("not json", "{}", '{"form":1,"justifications":[],"waits":[]}', encode_labels(right)[:-5], "[1]"):
            store.keep_labels(key, bad)
            assert labels_for(store, game) == right
            assert store.cached_labels(key) == encode_labels(right)  # mended


def test_labels_read_back_as_they_were_worked_out() -> None:
    game = known_game()
    solution = solve(game.puzzle)
    assert solution is not None
    labels = label_game(game.puzzle, solution, game.moves)
    assert decode_labels(encode_labels(labels), len(game.moves)) == labels
    assert decode_labels(encode_labels(labels), len(game.moves) + 1) is None
    assert replace(labels, waits=()) != labels  # the waits are part of what is kept


def test_the_recorded_moves_played_again_give_the_board_the_session_has() -> None:
    """Whatever the player does (values on one cell or several, marks, candidates, paint,
    hints, undo and redo), the labeller's board playing the recorded moves again holds
    the session's values: the replay shows the game as it was."""
    puzzle = Puzzle.from_line(SHAPE, LINE)
    solution = solve(puzzle)
    assert solution is not None
    empty = [c for c, given in enumerate(puzzle.givens) if not given]
    for seed in range(6):
        rng = random.Random(seed)
        session = Session(SqliteStore.in_memory(), now=FakeTime())
        session.start_own(puzzle)
        for _ in range(150):
            cells = rng.sample(empty, rng.choice([1, 1, 2, 3]))
            value = rng.randrange(10)
            action = rng.randrange(8)
            if action == 0:
                session.enter_each(cells, value)
            elif action == 1:
                session.toggle_mark_each(cells, max(value, 1))
            elif action == 2:
                session.paint_each(cells, rng.randrange(7))
            elif action == 3:
                session.fill_candidates() if rng.random() < 0.2 else session.enter(cells[0], value)
            elif action == 4:
                session.apply_step(Step(TechniqueName.NAKED_SINGLE, placements=((cells[0], solution[cells[0]]),)))
            elif action == 5:
                session.apply_step(Step(TechniqueName.NAKED_PAIR, eliminations=((cells[0], max(value, 1)),)))
            elif action == 6:
                session.undo()
            else:
                session.redo()
        board = Board(puzzle, solution)
        for move in session.moves:
            board.play(move)
        assert board.values == session.play.values, seed


def test_a_value_typed_where_it_stands_takes_its_turn_of_undo_in_the_recording_too() -> None:
    puzzle = Puzzle.from_line(SHAPE, LINE)
    solution = solve(puzzle)
    assert solution is not None
    session = Session(SqliteStore.in_memory(), now=FakeTime())
    session.start_own(puzzle)
    r1c1, r2c1, r9c9 = cell(1, 1), cell(2, 1), cell(9, 9)
    session.enter_each([r1c1, r9c9], 4)
    session.toggle_mark(r2c1, 4)
    assert session.enter_each([r1c1, r9c9], 4).changed  # the values stood: r2c1's mark goes
    assert session.moves[-1] == Move(K.UNMARK, r2c1, 4, 0)
    session.undo()  # the mark comes back; the 4s stay
    board = Board(puzzle, solution)
    for move in session.moves:
        board.play(move)
    assert board.values == session.play.values and session.play.values[r1c1] == 4
