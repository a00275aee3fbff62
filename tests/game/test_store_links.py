"""Names and linked keys in the store, on SQLite and on PostgreSQL: a name is one
player's in any case, and a link code makes two keys one player with everything
either had."""

from __future__ import annotations

import threading

import pytest
from store_backends import StoreMaker, postgresql_socket, postgresql_url, store_maker
from store_worker import numbered_game

from sudoku_tui.game import texts
from sudoku_tui.game.players.link_codes import LIFETIME, new_code, typed_code
from sudoku_tui.game.players.names import name_problem
from sudoku_tui.game.store.interface import LinkRefused, NameTaken
from sudoku_tui.game.store.records import Aids
from sudoku_tui.game.store.sql import SqlStore

__all__ = ["postgresql_socket", "postgresql_url", "store_maker"]  # the fixtures, used by name

ANN, BEN, CAT = "SHA256:ann", "SHA256:ben", "SHA256:cat"
GUEST = "guest:0123456789abcdef"


class Clock:
    """A clock the test sets."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(store_maker: StoreMaker, clock: Clock) -> SqlStore:
    return store_maker(clock=clock)


def test_a_name_is_taken_in_any_case_and_the_old_one_stays_when_refused(store: SqlStore) -> None:
    store.set_name(ANN, "Alice")
    store.set_name(BEN, "bob")
    with pytest.raises(NameTaken) as refused:
        store.set_name(BEN, "ALICE")
    assert str(refused.value) == texts.NAME_TAKEN
    assert store.name_of(BEN) == "bob" and store.name_of(ANN) == "Alice"
    store.set_name(ANN, "alice")  # a player may change the case of their own name
    assert store.name_of(ANN) == "alice" and store.name_of(CAT) is None


@pytest.mark.parametrize("name", ["ab", "a" * 17, "al ice", "[b]x[/b]", "al\x1bice", "guest-1234", "Guest-ab12"])
def test_names_outside_the_rule_are_refused_before_the_store(name: str) -> None:
    assert name_problem(name) is not None


def test_a_name_within_the_rule_is_accepted() -> None:
    assert name_problem("Al-ice_9") is None


def test_linking_makes_the_second_key_the_first_keys_player(store: SqlStore, clock: Clock) -> None:
    store.put_game(ANN, numbered_game(1, elapsed=30))
    store.leave_game(ANN, numbered_game(2, elapsed=40))
    store.set_name(ANN, "Alice")
    store.put_setting(ANN, "daily_level", "hard")
    store.put_game(BEN, numbered_game(3, elapsed=5))  # Ben's own game follows him
    store.set_name(BEN, "bob")
    code = new_code()
    store.add_link_code(ANN, code)
    clock.now += 60
    assert store.use_link_code(BEN, code, LIFETIME) == ANN
    keys = {game.key for game in store.games_in_progress(BEN)}
    assert keys == {numbered_game(n).key for n in (1, 2, 3)} == {game.key for game in store.games_in_progress(ANN)}
    assert store.name_of(BEN) == "Alice" and store.get_setting(BEN, "daily_level") == "hard"
    assert len(store.history(BEN)) == 1
    store.set_name(CAT, "bob")  # Ben's old name is free again


def test_a_code_is_used_once(store: SqlStore) -> None:
    code = new_code()
    store.add_link_code(ANN, code)
    store.use_link_code(BEN, code, LIFETIME)
    with pytest.raises(LinkRefused) as refused:
        store.use_link_code(CAT, code, LIFETIME)
    assert str(refused.value) == "That code is not valid (used or expired)."
    assert store.games_in_progress(CAT) == [] and store.name_of(CAT) is None


def test_a_code_expires_after_ten_minutes(store: SqlStore, clock: Clock) -> None:
    early, late = new_code(), new_code()
    store.add_link_code(ANN, early)
    store.add_link_code(ANN, late)
    clock.now += LIFETIME + 1
    with pytest.raises(LinkRefused, match="used or expired"):
        store.use_link_code(BEN, early, LIFETIME)
    clock.now -= 2  # within its ten minutes, the other one works
    assert store.use_link_code(BEN, late, LIFETIME) == ANN


def test_ones_own_code_and_linked_keys_are_told(store: SqlStore) -> None:
    first, second = new_code(), new_code()
    store.add_link_code(ANN, first)
    with pytest.raises(LinkRefused, match=texts.CODE_IS_YOURS):
        store.use_link_code(ANN, first, LIFETIME)
    store.use_link_code(BEN, first, LIFETIME)
    store.add_link_code(ANN, second)
    with pytest.raises(LinkRefused, match=texts.ALREADY_ONE_PLAYER):
        store.use_link_code(BEN, second, LIFETIME)


def test_a_third_key_joins_the_linked_player_through_either_key(store: SqlStore) -> None:
    first, second = new_code(), new_code()
    store.add_link_code(ANN, first)
    store.use_link_code(BEN, first, LIFETIME)
    store.add_link_code(BEN, second)  # made on Ben's key: the code is Ann's player's
    store.put_game(BEN, numbered_game(7))
    assert store.use_link_code(CAT, second, LIFETIME) == ANN
    assert [game.key for game in store.games_in_progress(CAT)] == [numbered_game(7).key]


def test_a_guests_code_gives_its_games_to_the_key_that_uses_it(store: SqlStore) -> None:
    store.put_game(GUEST, numbered_game(4, elapsed=9))
    store.put_game(ANN, numbered_game(5))
    store.set_name(ANN, "Alice")
    code = new_code()
    store.add_link_code(GUEST, code, gives_games=True)
    assert store.use_link_code(ANN, code, LIFETIME) == ANN
    assert {game.key for game in store.games_in_progress(ANN)} == {numbered_game(n).key for n in (4, 5)}
    store.put_game(GUEST, numbered_game(6))  # the guest's later moves are the key's too
    assert len(store.games_in_progress(ANN)) == 3 and store.name_of(GUEST) == "Alice"


def test_a_game_of_one_puzzle_on_both_keys_keeps_the_players_and_records_the_other(store: SqlStore) -> None:
    store.put_game(ANN, numbered_game(1, elapsed=30))
    store.put_game(BEN, numbered_game(1, elapsed=99))
    code = new_code()
    store.add_link_code(ANN, code)
    store.use_link_code(BEN, code, LIFETIME)
    [kept] = store.games_in_progress(ANN)
    assert kept.elapsed == 30
    [recorded] = store.history(ANN)
    assert recorded.elapsed == 99 and recorded.outcome == "abandoned" and recorded.aids == Aids()


def test_forgetting_a_guest_removes_its_rows_only(store: SqlStore) -> None:
    store.put_game(GUEST, numbered_game(1))
    store.put_game(ANN, numbered_game(2))
    store.forget_player(GUEST)
    assert store.games_in_progress(GUEST) == [] and len(store.games_in_progress(ANN)) == 1


def test_of_two_uses_of_one_code_at_once_one_wins(store_maker: StoreMaker, clock: Clock) -> None:
    code = new_code()
    store_maker(clock=clock).add_link_code(ANN, code)
    results: list[str] = []

    def use(player: str) -> None:
        with store_maker(clock=clock) as mine:
            try:
                results.append(mine.use_link_code(player, code, LIFETIME))
            except LinkRefused as refused:
                results.append(str(refused))

    threads = [threading.Thread(target=use, args=(player,)) for player in (BEN, CAT)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(results) == sorted([ANN, texts.CODE_NOT_VALID])


@pytest.mark.parametrize(("typed", "code"), [("abcd efgh", "ABCDEFGH"), ("ABCD-EFGH", "ABCDEFGH"), ("ABC", None)])
def test_a_typed_code_is_read_in_any_case_with_spaces_or_dashes(typed: str, code: str | None) -> None:
    assert typed_code(typed) == code


def test_a_code_never_holds_a_letter_that_reads_as_another() -> None:
    for _ in range(200):
        assert not set(new_code()) & set("0O1IL")
