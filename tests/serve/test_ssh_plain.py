"""``ssh -t HOST plain`` with real clients on the loopback: the game in plain text, each
key with its own store and games, a hang-up that saves, and no terminal refused."""

from __future__ import annotations

from pathlib import Path

from sudoku_tui.game import texts
from tests.serve.ssh_helpers import Screen, ServerProcess, connect, keys, servers

__all__ = ["keys", "servers"]  # the fixtures, used by name


async def plain_line(screen: Screen, line: str, answer: str) -> None:
    await screen.press(line + "\r", pause=0.05)
    await screen.wait_for_output(answer)


async def test_plain_plays_each_keys_own_games(servers, keys: tuple[Path, Path]) -> None:  # type: ignore[no-untyped-def]
    server: ServerProcess = servers()
    alice, bob = keys
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start("plain")
        await screen.wait_for_output(texts.PLAIN_WELCOME)
        await screen.wait_for_output(texts.PLAIN_NO_PUZZLE)
        await plain_line(screen, "open 4x4-easy.txt", "4x4-easy.txt, puzzle 0, 4x4: 12 empty cells.")
        await plain_line(screen, "r1c1 3", "r1c1, 3.")
        await plain_line(screen, "open /etc/passwd", "This server opens puzzle files only from its own puzzle folders.")
        await plain_line(screen, "hint", "Hint: ")
        await plain_line(screen, "quit", texts.PLAIN_GOODBYE)
        assert await screen.exit_status() == 0
        assert b"\x1b[?1049h" not in screen.output  # no full-screen drawing
    async with await connect(server.port, bob) as conn:
        screen = await Screen(conn).start("plain")
        await screen.wait_for_output(texts.PLAIN_NO_PUZZLE)  # alice's game is not offered to bob
        await plain_line(screen, "resume", texts.PLAIN_NO_SAVED_GAME)
        await plain_line(screen, "quit", texts.PLAIN_GOODBYE)
        assert await screen.exit_status() == 0
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start("plain")
        await screen.wait_for_output("Saved game: 4x4-easy.txt, puzzle 0 (4x4)")
        await plain_line(screen, "resume", "Your game of this puzzle was resumed (0:")
        await plain_line(screen, "r2c1 1", "r2c1, 1.")
    # The connection dropped mid-game: the game was hung up, and saved its last move.
    await server.wait_for_log("(dropped, exit 0)")
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start("PLAIN")
        await screen.wait_for_output("Type resume to play it on.\r\n> ")
        await plain_line(screen, "resume", "Your game of this puzzle was resumed")
        await plain_line(screen, "read column 1", "Column 1: 3, 1, 2, empty.")
        await screen.press("\x03")  # Ctrl+C over SSH: the game's terminal makes it a signal
        await screen.wait_for_output(texts.PLAIN_GOODBYE)
        assert await screen.exit_status() == 0
