"""Names and a guest's kept games in the game layer, without a screen, on SQLite and
PostgreSQL (docs/serving.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.game import texts
from sudoku_tui.game.players.guest_games import MAX_CODES, GuestGames, KeepAnswer
from sudoku_tui.game.players.identity import Identity
from sudoku_tui.game.players.link_codes import LIFETIME
from sudoku_tui.game.players.names import name_problem, new_guest_id
from sudoku_tui.game.players.naming import asks_name, name_shown, try_name
from sudoku_tui.game.session import Session
from sudoku_tui.game.store.interface import LinkRefused
from sudoku_tui.game.store.location import IN_MEMORY, open_store_at
from sudoku_tui.game.store.sqlite import SqliteStore
from tests.game.store_backends import StoreMaker, postgresql_socket, postgresql_url, store_maker

__all__ = ["postgresql_socket", "postgresql_url", "store_maker"]  # the fixtures, used by name

KEY = "SHA256:alice-key"
OTHER = "SHA256:bob-key"
FOUR_LINES = ["3....4.1.34.....", "3....1..1..2..4."]


def test_a_name_is_tried_and_refused_with_a_sentence(store_maker: StoreMaker) -> None:
    store = store_maker()
    assert try_name(store, OTHER, "Alice") is None
    assert try_name(store, KEY, "alice") == texts.NAME_TAKEN  # taken whatever its case
    assert try_name(store, KEY, "al") == texts.NAME_RULE
    assert try_name(store, KEY, "[b]x[/b]") == texts.NAME_RULE  # never markup
    assert try_name(store, KEY, "guest-beef") == texts.NAME_FOR_GUESTS
    assert store.name_of(KEY) is None
    assert try_name(store, KEY, "  Carol_2 ") is None
    assert store.name_of(KEY) == "Carol_2"
    assert try_name(store, KEY, "CAROL_2") is None  # its own name, in another case
    assert store.name_of(KEY) == "CAROL_2"


def test_markup_and_control_characters_never_make_a_name() -> None:
    for name in ("[b]x[/b]", "[red]abc", "a\x1b[2Jb", "ab\ncd", "é" * 5):
        assert name_problem(name) is not None


def test_a_store_that_fails_is_a_sentence(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "store.sqlite3")
    store.close()  # every call now fails
    assert try_name(store, KEY, "Alice") not in (None, "")
    assert not asks_name(Identity(KEY, served=True), store)  # a name could not be kept either
    assert name_shown(store, KEY).startswith("player-")


def test_who_is_asked_for_a_name(store_maker: StoreMaker) -> None:
    store = store_maker()
    assert asks_name(Identity(KEY, served=True), store)
    assert not asks_name(Identity(KEY), store)  # local
    assert not asks_name(Identity(new_guest_id(), served=True), store)
    store.set_name(KEY, "Alice")
    assert not asks_name(Identity(KEY, served=True), store)


def guest_session(tmp_path: Path, keep_store: str) -> tuple[GuestGames, Session]:
    path = tmp_path / "four.txt"
    path.write_text("".join(line + "\n" for line in FOUR_LINES))
    guest = new_guest_id()
    session = Session(open_store_at(IN_MEMORY, guest).store, player=guest, start_folder=tmp_path)
    token = session.begin_load(path)
    assert session.file_loaded(token, read_puzzle_file(path))
    return GuestGames(Identity(guest, served=True, keep_store=keep_store), session), session


def first_empty(session: Session) -> int:
    return next(cell for cell in range(16) if not session.play.values[cell])


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kept_games_follow_a_code_to_a_key(tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> None:
    where = str(tmp_path / "server") if backend == "sqlite" else request.getfixturevalue("postgresql_url")
    games, session = guest_session(tmp_path, where)
    guest = games.identity.player
    session.enter(first_empty(session), 2)
    session.show_puzzle(1)  # the first game is left (history), the second is in play
    session.enter(first_empty(session), 3)
    answer = games.keep()
    assert answer.code is not None and answer.code in answer.told
    server = open_store_at(where, KEY).store
    assert len(server.games_in_progress(guest)) == 2
    assert [game.solved for game in server.history(guest)] == [False]
    # A key uses the code: the guest's games are the key's.
    assert server.use_link_code(KEY, answer.code, LIFETIME) == KEY
    assert len(server.games_in_progress(KEY)) == 2
    # No code from the guest's game now: it would give the key's player away.
    assert games.keep() == KeepAnswer(None, texts.GAMES_KEPT_BY_KEY)
    # A move after the code still reaches the server's store, now as the key's.
    cell = first_empty(session)
    session.enter(cell, 4)
    played = server.find_game(KEY, server.games_in_progress(KEY)[0].key)
    assert played is not None and played.value_list()[cell] == 4
    # The guest's game ends: the key keeps everything, nothing stays under the guest's id.
    session.quit()
    assert len(server.games_in_progress(KEY)) == 2
    assert server.games_in_progress(guest) == []
    server.close()


def test_codes_are_new_each_time_and_few(tmp_path: Path) -> None:
    games, session = guest_session(tmp_path, str(tmp_path / "server"))
    codes = [games.keep().code for _ in range(MAX_CODES)]
    assert None not in codes and len(set(codes)) == MAX_CODES
    assert games.keep() == KeepAnswer(None, texts.NO_MORE_CODES)
    session.quit()


def test_unlinked_kept_games_are_forgotten_as_the_game_ends(tmp_path: Path) -> None:
    where = str(tmp_path / "server")
    games, session = guest_session(tmp_path, where)
    session.enter(first_empty(session), 2)
    code = games.keep().code
    assert code is not None
    server = open_store_at(where, KEY).store
    assert server.games_in_progress(games.identity.player)
    session.quit()
    assert server.games_in_progress(games.identity.player) == []
    with pytest.raises(LinkRefused):
        server.use_link_code(KEY, code, LIFETIME)
    server.close()
