"""A served player pastes a puzzle: a real asyncssh client sends a bracketed paste
(ESC[200~ … ESC[201~) as a terminal does, and its pyte screen shows the puzzle in play."""

from __future__ import annotations

from sudoku_tui.game import texts
from tests.serve.ssh_helpers import Screen, connect, keys, servers

__all__ = ["keys", "servers"]  # the fixtures, used by name

START_LINE = "Press o to open a puzzle file."
# A 4x4 puzzle with one solution (the UI tests' own, built from a shifted-rows grid).
PASTED = "..3..4..2..1..2."


def bracketed(text: str) -> str:
    return f"\x1b[200~{text}\x1b[201~"


async def test_a_served_player_pastes_a_puzzle_and_plays_it(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server = servers()
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start()
        await screen.wait_for(START_LINE)
        await screen.press(bracketed("not a puzzle"))
        await screen.wait_for(texts.not_a_puzzle_length(10))
        await screen.press(bracketed(f"  {PASTED}\r\n"))
        await screen.wait_for(texts.own_title("4x4", "easy"))
        assert texts.own_range("4x4") in screen.text()
        # The board's rows (the digit counts, right of its last ┃, left out): the givens, row by row.
        rows = [row.rsplit("┃", 1)[0] for row in screen.screen.display if "│" in row]
        assert [c for row in rows for c in row if c in "1234"] == [s for s in PASTED if s != "."]
        await screen.press("q")
        assert await screen.exit_status() == 0


async def test_a_paste_no_terminal_would_send_changes_nothing(servers, keys) -> None:  # type: ignore[no-untyped-def]
    """NUL bytes, control characters and 200 KB in one paste (asyncssh sends what OpenSSH's
    terminal would not): a sentence, the game goes on, and a real puzzle pasted after it plays."""
    alice, _ = keys
    server = servers()
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start()
        await screen.wait_for(START_LINE)
        await screen.press(bracketed("\x00\x07\x1b[31m" + "1" * 200_000 + "\x00"))
        await screen.press(bracketed(PASTED))
        await screen.wait_for(texts.own_title("4x4", "easy"))
        await screen.press("q")
        assert await screen.exit_status() == 0
