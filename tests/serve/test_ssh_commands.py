"""The SSH command words with real clients on the loopback: ``link``, ``link CODE``,
the rooms of a later version, and any other word (docs/serving.md)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from sudoku_tui.game import texts
from sudoku_tui.game.players.link_codes import new_code
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.sqlite import SqliteStore
from tests.serve.ssh_helpers import (
    Screen,
    ServerProcess,
    connect,
    fingerprint,
    keys,
    make_key,
    name_players,
    servers,
)
from tests.serve.test_ssh_server import RESUME, START_LINE, open_bundled, quit_game, shown

__all__ = ["keys", "servers"]  # the fixtures, used by name

HINT = "Try ssh -t HOST [plain | race | coop | join CODE | watch CODE | link [CODE]]."
FIRST_ROW = "┃  1  │  2  ┃     │     ┃"  # the board's first row with the two values typed
CODE = re.compile(r"Your link code is ([A-Z0-9]{8}): valid for 10 minutes, once\.")


@pytest.fixture
def server(servers) -> ServerProcess:  # type: ignore[no-untyped-def]
    # Many short connections from one address in a test: more than the default allows in a minute.
    return servers("--connections-per-minute", "100")


async def run(server: ServerProcess, key: Path | None, command: str, *, terminal: bool = False) -> tuple[str, int]:
    """What ``ssh [-t] HOST command`` prints (carriage returns dropped) and its exit status; the
    key keeps whatever name it has (none, unless the test gave it one): no game is played."""
    async with await connect(server.port, key, named=False) as conn:
        result = await conn.run(command, term_type="xterm-256color" if terminal else None, encoding=None)
    assert isinstance(result.stdout, bytes)
    status = result.exit_status
    assert status is not None
    return result.stdout.decode().replace("\r\n", "\n"), status


async def made_code(server: ServerProcess, key: Path) -> str:
    said, status = await run(server, key, "link")
    assert status == 0, said
    found = CODE.search(said)
    assert found is not None, said
    return found.group(1)


@pytest.mark.parametrize("terminal", [False, True])
async def test_an_unknown_word_gets_the_one_line_and_status_2(server: ServerProcess, keys, terminal: bool) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    said, status = await run(server, alice, "play now", terminal=terminal)
    assert (said, status) == (f"Unknown command: play. {HINT}\n", 2)
    await server.wait_for_log("command play of ")


async def test_an_unknown_word_is_said_back_escaped_and_cut(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    said, status = await run(server, alice, "\x1b]0;pwned\x07" + "x" * 200)
    assert said == f"Unknown command: \\x1b]0;pwned\\x07{'x' * 22}…. {HINT}\n"
    assert status == 2


@pytest.mark.parametrize("command", ["join", "watch AB12", "JOIN AB10OI", "race AB23CD", "watch \x1b[2J"])
async def test_a_room_word_without_its_code_says_what_a_code_is(server: ServerProcess, keys, command: str) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    assert await run(server, alice, command, terminal=True) == (texts.ROOM_CODE_NEEDED + "\n", 2)


@pytest.mark.parametrize("command", ["race", "coop", "join AB23CD", "WATCH AB23CD"])
async def test_a_room_needs_a_terminal(server: ServerProcess, keys, command: str) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    assert await run(server, alice, command) == ("sudoku-tui needs a terminal: connect with ssh -t.\n", 2)


async def test_coop_and_join_start_the_game_in_one_room(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    async with await connect(server.port, alice) as host_conn, await connect(server.port, bob) as guest_conn:
        host = await Screen(host_conn).start("coop")
        await host.wait_for("Co-op ")
        found = re.search(r"Co-op ([A-Z0-9]{6})", host.text())
        assert found is not None, host.text()
        guest = await Screen(guest_conn).start(f"join {found.group(1).lower()}")
        await guest.wait_for(f"Co-op {found.group(1)}")
        for screen in (host, guest):  # both names on both panels
            await screen.wait_for("alice")
            await screen.wait_for("bob")
        for screen in (host, guest):
            await screen.press("\x11")
            assert await screen.exit_status() == 0


async def test_an_empty_command_plays(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start("  ")
        await screen.wait_for(START_LINE)
        assert await quit_game(screen) == 0


async def test_a_second_key_linked_resumes_the_first_keys_game(server: ServerProcess, tmp_path: Path, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    carol = make_key(tmp_path, "carol")
    name_players(tmp_path / "server", {fingerprint(alice): "Alice", fingerprint(carol): "Carol"})
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await open_bundled(screen)
        # Two values in the first row, which 4x4-easy's first puzzle leaves empty.
        # The cursor then moves on to an empty cell: the values are drawn plain, not marked as the cursor's digit.
        await screen.press("1", "\x1b[C", "2", "\x1b[C")
        await screen.wait_for(FIRST_ROW)
        assert await quit_game(screen) == 0
    code = await made_code(server, alice)
    said, status = await run(server, bob, f"link {code.lower()}", terminal=True)
    assert (said, status) == (texts.keys_linked("Alice") + "\n", 0)
    async with await connect(server.port, bob) as conn:
        screen = await shown(conn, RESUME)
        await screen.press("\r")  # Resume
        await screen.wait_for(FIRST_ROW)
        assert await quit_game(screen) == 0
    # Used once: a third key gets the sentence, and stays its own player.
    assert await run(server, carol, f"link {code}") == (texts.CODE_NOT_VALID + "\n", 1)
    async with await connect(server.port, carol) as conn:
        screen = await shown(conn, START_LINE)
        assert RESUME not in screen.text()
        await quit_game(screen)
    assert "link: made a code" in server.log()
    assert f"link: linked into {fingerprint(alice)}" in server.log()


async def test_a_code_lasts_ten_minutes(server: ServerProcess, tmp_path: Path, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    nine, eleven = new_code(), new_code()
    for code, minutes in ((nine, 9), (eleven, 11)):
        # Made in the server's store as the server would have made it that many minutes ago.
        with SqliteStore(tmp_path / "server" / STORE_NAME, clock=lambda m=minutes: time.time() - m * 60) as store:
            store.add_link_code(fingerprint(alice), code)
    assert await run(server, bob, f"link {eleven}") == (texts.CODE_NOT_VALID + "\n", 1)
    assert await run(server, bob, f"link {nine}") == (texts.keys_linked(None) + "\n", 0)


async def test_a_code_of_ones_own_and_a_word_that_is_no_code(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    code = await made_code(server, alice)
    assert await run(server, alice, f"link {code}") == (texts.CODE_IS_YOURS + "\n", 1)
    assert await run(server, bob, "link not-a-code!") == (texts.CODE_NOT_VALID + "\n", 1)


async def test_link_commands_per_key_are_limited(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    async with await connect(server.port, alice) as conn:
        for _ in range(5):
            result = await conn.run("link", term_type=None, encoding=None)
            assert result.exit_status == 0
        result = await conn.run("link", term_type=None, encoding=None)
    assert (result.stdout, result.exit_status) == (texts.LINK_TOO_OFTEN.encode() + b"\r\n", 1)
    code = await made_code(server, bob)  # another key has its own count
    # A code typed counts too (a key guessing codes is stopped as soon).
    assert await run(server, alice, f"link {code}") == (texts.LINK_TOO_OFTEN + "\n", 1)


async def test_a_guest_is_told_that_linking_needs_a_key(servers) -> None:  # type: ignore[no-untyped-def]
    server = servers("--guests")
    assert await run(server, None, "link") == (texts.LINK_NEEDS_KEY + "\n", 1)


async def test_a_store_that_cannot_be_used_is_one_sentence(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    # Nothing listens on port 1: the store cannot be reached, and the server goes on.
    server = servers("--store", "postgresql://sudoku@127.0.0.1:1/sudoku?connect_timeout=2")
    assert await run(server, alice, "link") == (texts.LINK_STORE_UNAVAILABLE + "\n", 1)
    await server.wait_for_log("link: the store cannot be used")
    assert "sessions now: 0" in server.log()  # its place given back
    assert "Traceback" not in server.log()
