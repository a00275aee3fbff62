"""A served game that stops (killed, crashed, over its memory cap) or is sent hostile bytes,
played by a real asyncssh client: no traceback ever reaches the player, who is told
the game stopped, gets the terminal back, and resumes the saved game on coming back."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

import sudoku_tui
from sudoku_tui.game import texts
from tests.serve.ssh_helpers import Screen, ServerProcess, connect, fingerprint, keys, servers
from tests.serve.test_ssh_server import RESUME, START_LINE, game_processes, play_a_move, shown

__all__ = ["keys", "servers"]  # the fixtures, used by name

LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
PALETTE = "Search for commands…"


def install_paths() -> list[bytes]:
    """Where the server's Python and the game are installed: never to be shown to a player."""
    return [str(Path(sudoku_tui.__file__).parent.parent).encode(), sys.prefix.encode()]


def assert_nothing_of_the_server(output: bytes) -> None:
    assert b"Traceback" not in output and b"Error" not in output, output[-3000:]
    for path in install_paths():
        assert path not in output, output[-3000:]


@pytest.fixture
def server(servers) -> ServerProcess:  # type: ignore[no-untyped-def]
    return servers()


async def test_a_killed_game_tells_its_player_and_resumes_with_every_move(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await play_a_move(screen)
        [game] = game_processes(server)
        os.kill(game, signal.SIGKILL)  # no save on the way out: the moves must have been saved already
        await screen.wait_for_output(texts.GAME_STOPPED)
        assert await screen.exit_status() != 0
        told = bytes(screen.output).rsplit(texts.GAME_STOPPED.encode(), 1)[0]
        assert LEAVE_ALTERNATE_SCREEN in told[told.rfind(b"\x1b[?1049h") :]  # the terminal given back, first
    await server.wait_for_log(f"session end: {fingerprint(alice)}")
    assert "(ended: killed by signal 9 (SIGKILL), exit -9)" in server.log()
    async with await connect(server.port, alice) as again:
        screen = await shown(again, RESUME)
        await screen.press("\r")  # resume
        await screen.wait_for("4x4-easy.txt")
        assert "1" in screen.text()


async def test_a_game_that_quits_says_nothing_more(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await screen.press("q")
        assert await screen.exit_status() == 0
        assert texts.GAME_STOPPED.encode() not in screen.output
    await server.wait_for_log(f"session end: {fingerprint(alice)}")
    assert "(quit, exit 0)" in server.log()


HOSTILE = {
    "0xff": b"\xff",
    "0x9b": b"\x9b",
    "huge-cursor-move": b"\x1b[99999999999999999999A",
    "huge-in-band-size": b"\x1b[48;65535;65535;0;0t",
    "huge-key-code": b"\x1b[99999999999999999999u",
}


@pytest.mark.parametrize("typed", HOSTILE.values(), ids=HOSTILE.keys())
async def test_no_byte_ends_a_game(server: ServerProcess, keys, typed: bytes) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        assert screen.process is not None
        screen.process.stdin.write(typed)
        await asyncio.sleep(0.5)
        await screen.press("\x10")  # the game still answers a key: ctrl+p, the command palette
        await screen.wait_for(PALETTE)
        await screen.press("\x11")  # ctrl+q from the palette: Esc and q read at once would be Alt+q
        assert await screen.exit_status() == 0
        assert_nothing_of_the_server(bytes(screen.output))


async def test_a_huge_window_is_laid_out_within_the_memory_cap(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    async with await connect(server.port, alice) as conn:
        # No terminal emulator here: one of 65535 x 65535 would be the test's own memory hog.
        process = await conn.create_process(term_type="xterm-256color", term_size=(65535, 65535), encoding=None)
        output = bytearray()

        async def read_until(text: bytes) -> None:
            while text not in output:
                data = await asyncio.wait_for(process.stdout.read(65536), 60)
                assert data, f"the game ended:\n{bytes(output[-3000:])!r}"
                output.extend(data)

        await read_until(START_LINE.encode())
        process.stdin.write(b"q")
        await asyncio.wait_for(process.wait_closed(), 60)
        assert process.exit_status == 0, bytes(output[-3000:])
        assert_nothing_of_the_server(bytes(output))


async def test_a_game_over_its_memory_cap_tells_its_player_without_a_traceback(tmp_path: Path, servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    # A cap of 1 MB, below what the game already holds: its next allocation of any size fails.
    server = servers("--memory", "1")
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start()
        await screen.wait_for_output(texts.GAME_STOPPED)
        assert await screen.exit_status() != 0
        assert_nothing_of_the_server(bytes(screen.output))
    await server.wait_for_log("ended: exit status 1")
    assert "MemoryError" in (tmp_path / "server" / "game-errors.log").read_text()  # for the server's keeper
