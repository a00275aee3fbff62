"""``sudoku-tui serve ssh`` with real SSH clients on the loopback (docs/serving.md)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from tests.game.store_backends import postgresql_socket, postgresql_url
from tests.serve.needs import need
from tests.serve.ssh_helpers import (
    Screen,
    ServerProcess,
    asyncssh,
    connect,
    fingerprint,
    game_processes,
    keys,
    make_key,
    servers,
    template_processes,
    until,
)

__all__ = ["keys", "postgresql_socket", "postgresql_url", "servers"]  # the fixtures, used by name

TITLE = "Sudoku"
START_LINE = "Press o to open a puzzle file."
RESUME = "Resume your last game?"


@pytest.fixture
def server(servers) -> ServerProcess:  # type: ignore[no-untyped-def]
    return servers()


async def shown(conn: asyncssh.SSHClientConnection, text: str) -> Screen:
    """A game on a new 80x24 terminal of ``conn``, once it shows ``text``."""
    screen = await Screen(conn).start()
    await screen.wait_for(text)
    return screen


async def quit_game(screen: Screen) -> int | None:
    await screen.press("q")
    return await screen.exit_status()


async def open_bundled(screen: Screen, name: str = "4x4-easy.txt") -> None:
    """Open a bundled puzzle through the Open dialog's folder tree, as a player would."""
    await screen.press("o")
    await screen.wait_for(f"📄 {name}")  # the tree has listed the bundled folder (and has the focus)
    rows = screen.screen.display
    top = next(i for i, row in enumerate(rows) if "📂 puzzles" in row)
    wanted = next(i for i, row in enumerate(rows) if f"📄 {name}" in row)
    # Down the tree to the file and Enter, as a player would with the arrow keys
    # (keys typed right after Tab were lost now and then under load).
    await screen.press(*["\x1b[B"] * (wanted - top))
    await screen.press("\r")
    await screen.wait_for("of 0 … ")


async def play_a_move(screen: Screen) -> None:
    """Enter a value in the first empty cell the cursor reaches (right from the top-left)."""
    await open_bundled(screen)
    for _ in range(4):
        await screen.press("1")
        await screen.press("\x1b[C")


async def test_a_key_plays_on_its_own_terminal_and_follows_resizes(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        title_row = next(row for row in screen.screen.display if TITLE in row)
        assert title_row.index(TITLE) < 40
        screen.resize(120, 30)
        # The game redraws for the new width: the title moves to the middle of 120 columns.
        for _ in range(100):
            rows = [row for row in screen.screen.display if TITLE in row]
            if rows and rows[0].index(TITLE) > 50:
                break
            await screen.press("", pause=0.1)
        else:
            raise AssertionError(f"the game did not follow the resize:\n{screen.text()}")
        assert await quit_game(screen) == 0
    await server.wait_for_log(f"session end: {fingerprint(alice)} from 127.0.0.1 after ")
    assert f"session start: {fingerprint(alice)} from 127.0.0.1" in server.log()


async def test_each_key_keeps_its_own_games(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await play_a_move(screen)
        assert await quit_game(screen) == 0
    # The same key again: its game is offered back.
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, RESUME)
        await screen.press("\x11")  # ctrl+q from the offer: Esc and q read at once would be Alt+q
        await screen.exit_status()
    # Another key: none of it.
    async with await connect(server.port, bob) as conn:
        screen = await shown(conn, START_LINE)
        assert RESUME not in screen.text()
        await quit_game(screen)


async def test_a_dropped_connection_saves_the_game(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    conn = await connect(server.port, alice)
    screen = await shown(conn, START_LINE)
    await play_a_move(screen)
    conn.abort()  # the connection is gone, without a goodbye
    await server.wait_for_log(f"session end: {fingerprint(alice)}")
    assert "(dropped, exit 129)" in server.log()  # the game saved and quit on its hang-up
    async with await connect(server.port, alice) as again:
        screen = await shown(again, RESUME)


async def test_a_session_without_a_terminal_gets_the_one_line(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    async with await connect(server.port, alice) as conn:
        result = await conn.run(term_type=None, encoding=None)
    assert result.stdout == b"sudoku-tui needs a terminal: connect with ssh -t.\r\n"
    assert result.exit_status == 2


async def test_only_authorized_keys_get_in(tmp_path: Path, servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    allowed = tmp_path / "authorized_keys"
    allowed.write_text(Path(str(alice) + ".pub").read_text())
    server = servers("--authorized-keys", str(allowed))
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, bob)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, None)  # no key, and no guests
    async with await connect(server.port, alice) as conn:
        result = await conn.run(term_type=None)
        assert result.exit_status == 2  # in (and refused only for want of a terminal)


async def test_guests_play_games_that_last_for_the_session(servers) -> None:  # type: ignore[no-untyped-def]
    server = servers("--guests")
    async with await connect(server.port, None) as conn:
        screen = await shown(conn, START_LINE)
        await play_a_move(screen)
        assert await quit_game(screen) == 0
    await server.wait_for_log("session end: guest from 127.0.0.1")
    async with await connect(server.port, None) as conn:
        screen = await shown(conn, START_LINE)
        assert RESUME not in screen.text()
        await quit_game(screen)


async def test_a_full_server_says_so(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    server = servers("--max-sessions", "1")
    async with await connect(server.port, alice) as first:
        screen = await shown(first, START_LINE)
        async with await connect(server.port, bob) as second:
            late = await Screen(second).start()
            assert await late.exit_status() == 1
            assert b"The server is full: try again in a few minutes." in late.output
        await quit_game(screen)


async def test_an_idle_session_is_saved_told_and_closed(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server = servers("--idle-timeout", "3")
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await play_a_move(screen)
        await screen.wait_for_output("Nothing was typed for 3 seconds: your game is saved. Goodbye.")
        await screen.exit_status()
    # The server logs the session's end once it has waited for the game, which may come
    # after the client has its exit status.
    await server.wait_for_log("(idle, exit 129)")
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, RESUME)


async def test_new_connections_per_address_are_limited(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server = servers("--connections-per-minute", "2")
    for _ in range(2):
        async with await connect(server.port, alice) as conn:
            assert (await conn.run(term_type=None)).exit_status == 2
    with pytest.raises((asyncssh.Error, OSError)):
        await connect(server.port, alice)
    await server.wait_for_log("too many connections from 127.0.0.1: dropped")


async def test_sigterm_saves_every_game_and_exits(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    server = servers()
    screens = []
    for key in (alice, bob):
        conn = await connect(server.port, key)
        screen = await shown(conn, START_LINE)
        await play_a_move(screen)
        screens.append(screen)
    assert await asyncio.to_thread(server.terminate) == 0
    for screen in screens:
        await screen.wait_for_output("The server is stopping: your game is saved.")
    assert server.log().count("(server stopping, exit 129)") == 2
    # The host key was kept: the same server comes back with it, and both games with it.
    again = servers()
    assert server.log().split("host key ")[1][:50] in again.log()
    for key in (alice, bob):
        async with await connect(again.port, key) as conn:
            screen = await shown(conn, RESUME)


def test_a_second_key_is_another_player(tmp_path: Path) -> None:
    first, second = make_key(tmp_path, "one"), make_key(tmp_path, "two")
    assert fingerprint(first).startswith("SHA256:")
    assert fingerprint(first) != fingerprint(second)


async def test_players_keep_their_games_in_a_shared_postgresql_store(servers, keys, postgresql_url: str) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    first = servers("--store", postgresql_url)
    async with await connect(first.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await play_a_move(screen)
        assert await quit_game(screen) == 0
    # Another host on the same database (here: a second server): the key finds its game there.
    second = servers("--store", postgresql_url)
    async with await connect(second.port, alice) as conn:
        await shown(conn, RESUME)
    async with await connect(second.port, bob) as conn:
        screen = await shown(conn, START_LINE)
        assert RESUME not in screen.text()


async def test_a_game_waiting_in_a_dialog_sends_next_to_nothing(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    """Each clock tick used to lay the screen out again, which under a dialog redrew all
    of it: some 10 KB a second for every idle player, all through the server."""
    alice, _ = keys
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await screen.press("o")
        await screen.wait_for("📄 4x4-easy.txt")
        await asyncio.sleep(1.5)  # the dialog has settled
        before = len(screen.output)
        await asyncio.sleep(3)
        assert len(screen.output) - before < 2000
        await screen.press("\x11")  # ctrl+q from the dialog
        assert await screen.exit_status() == 0


def loaded_libraries(pid: int) -> str:
    return Path(f"/proc/{pid}/maps").read_text()


@pytest.mark.parametrize("solver", ["pure", "compiled"])
async def test_a_game_runs_niced_capped_and_with_the_search_the_server_names(servers, keys, solver: str) -> None:  # type: ignore[no-untyped-def]
    if solver == "compiled":
        need("numba")
    alice, _ = keys
    server = servers("--solver", solver)
    # The warm template loads the named search before it forks any game (a first compile
    # of the kernel, on a new install, takes a while).
    await server.wait_for_log("game template en ready", timeout=180)
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        [game] = game_processes(server)
        [template] = template_processes(server)
        # --nice 10 by default; niceness stops at 19, so under a niced test run the gap is smaller.
        server_nice = os.getpriority(os.PRIO_PROCESS, server.process.pid)
        assert os.getpriority(os.PRIO_PROCESS, template) == server_nice
        assert os.getpriority(os.PRIO_PROCESS, game) == min(server_nice + 10, 19)
        limit = next(line for line in Path(f"/proc/{game}/limits").read_text().splitlines() if "address space" in line)
        assert limit.split()[3:5] == [str(1024 * 1024 * 1024)] * 2
        # From its first screen the game has the named search, loaded once in the template:
        # the compiled one's library is mapped in both; the pure search never loads it.
        compiled = solver == "compiled"
        assert ("llvmlite" in loaded_libraries(template)) == compiled
        assert ("llvmlite" in loaded_libraries(game)) == compiled
        await open_bundled(screen)
        await screen.press("s")
        await screen.wait_for("✓")  # the clock's mark of a solved board
        assert ("llvmlite" in loaded_libraries(game)) == compiled
        assert await quit_game(screen) == 0


async def test_a_server_killed_outright_leaves_no_game_behind(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server = servers()
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await play_a_move(screen)
        games = game_processes(server)
        assert len(games) == 1
        server.stop()  # SIGKILL: the server cannot hang up its games itself
    # The game sees its server gone, saves and ends.
    await until(lambda: not Path(f"/proc/{games[0]}").exists(), lambda: "the game outlived its server", 40)
    again = servers()
    async with await connect(again.port, alice) as conn:
        await shown(conn, RESUME)


async def test_a_connection_that_never_logs_in_is_closed(servers) -> None:  # type: ignore[no-untyped-def]
    server = servers("--login-timeout", "1")
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    try:
        assert (await asyncio.wait_for(reader.readline(), 10)).startswith(b"SSH-2.0-")
        # Nothing more is said by us: the server hangs up once the login timeout has passed
        # (read() returns at the end of the stream; a server that kept waiting would time it out).
        await asyncio.wait_for(reader.read(), 20)
        assert reader.at_eof()
    finally:
        writer.close()
