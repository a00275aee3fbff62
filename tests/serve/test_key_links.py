"""``link`` and ``link CODE`` as the server runs them (in a thread, the store opened
and closed each time), on a real SQLite store and a real PostgreSQL; and how a
command's words are read and said back."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_tui.game import texts
from sudoku_tui.game.store.location import open_store_at
from sudoku_tui.serve.key_links import link_keys
from sudoku_tui.serve.ssh_commands import PLAY, Command, Kind, read_command, shown_word
from tests.game.store_backends import BACKENDS, postgresql_socket, postgresql_url

__all__ = ["postgresql_socket", "postgresql_url"]  # the fixtures, used by name

ALICE, BOB = "SHA256:alice", "SHA256:bob"


@pytest.fixture(params=BACKENDS)
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the server keeps its store: its folder (SQLite), or a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "server")
    return str(request.getfixturevalue("postgresql_url"))


def code_in(lines: tuple[str, ...]) -> str:
    return lines[0].split("Your link code is ")[1][:8]


def test_a_code_made_and_used_makes_one_player(location: str) -> None:
    with open_store_at(location, ALICE).store as store:
        store.set_name(ALICE, "Alice")
        store.put_setting(ALICE, "new_level", "hard")
    made = link_keys(location, ALICE, "")
    assert made.status == 0 and made.outcome == "made a code"
    code = code_in(made.lines)
    assert made.lines == texts.link_code_made(code, 10)
    # Typed as a player might: in small letters, with a dash.
    used = link_keys(location, BOB, f"{code[:4].lower()}-{code[4:].lower()}")
    assert (used.lines, used.status, used.outcome) == ((texts.keys_linked("Alice"),), 0, f"linked into {ALICE}")
    with open_store_at(location, BOB).store as store:
        assert store.name_of(BOB) == "Alice"
        assert store.settings(BOB)["new_level"] == "hard"  # Alice's, read through Bob's key
    again = link_keys(location, "SHA256:carol", code)
    assert (again.lines, again.status) == ((texts.CODE_NOT_VALID,), 1)


def test_refusals_say_the_stores_sentence(location: str) -> None:
    code = code_in(link_keys(location, ALICE, "").lines)
    assert link_keys(location, ALICE, code).lines == (texts.CODE_IS_YOURS,)
    assert link_keys(location, BOB, code).status == 0
    # Bob's key now makes Alice's codes: hers to give to a third key; her own key is told they are one.
    other = code_in(link_keys(location, BOB, "").lines)
    assert link_keys(location, ALICE, other).lines == (texts.ALREADY_ONE_PLAYER,)
    nothing = link_keys(location, ALICE, "no such code")
    assert (nothing.lines, nothing.status, nothing.outcome) == ((texts.CODE_NOT_VALID,), 1, "refused: not a code")


def test_a_store_that_cannot_be_used_is_one_sentence_and_why_is_for_the_log(tmp_path: Path) -> None:
    taken = tmp_path / "a file"
    taken.write_text("not a folder")
    answer = link_keys(str(taken), ALICE, "")
    assert (answer.lines, answer.status) == ((texts.LINK_STORE_UNAVAILABLE,), 1)
    assert answer.outcome.startswith("the store cannot be used: Your games cannot be saved: the folder")
    assert str(taken) not in answer.lines[0]


def test_a_name_is_said_as_plain_text(tmp_path: Path) -> None:
    location = str(tmp_path / "server")
    with open_store_at(location, ALICE).store as store:
        store.set_name(ALICE, "Al\x1b[2Jice")  # a store written by something else than the game
    code = code_in(link_keys(location, ALICE, "").lines)
    assert link_keys(location, BOB, code).lines == (texts.keys_linked("Al\\x1b[2Jice"),)


@pytest.mark.parametrize(
    ("command", "read"),
    [
        (None, PLAY),
        ("", PLAY),
        ("   ", PLAY),
        ("link", Command(Kind.LINK, "link")),
        ("LINK  abcd efgh ", Command(Kind.LINK, "LINK", "abcd efgh ")),
        ("race", Command(Kind.ROOMS, "race")),
        ("join AB12CD", Command(Kind.ROOMS, "join", "AB12CD")),
        ("watch", Command(Kind.ROOMS, "watch")),
        ("coop x", Command(Kind.ROOMS, "coop", "x")),
        ("sh -c id", Command(Kind.UNKNOWN, "sh", "-c id")),
    ],
)
def test_command_words(command: str | None, read: Command) -> None:
    assert read_command(command) == read


def test_a_word_said_back_holds_no_control_character_and_is_bounded() -> None:
    assert shown_word("play") == "play"
    assert shown_word("é\x00\x7f\u202e\U000e0001") == "é\\x00\\x7f\\u202e\\U000e0001"
    assert shown_word("y" * 40) == "y" * 32 + "…"
    assert all(char.isprintable() for char in shown_word("".join(map(chr, range(0x100)))))
