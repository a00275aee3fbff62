"""A served player's terminal gets the cursor on the selected cell: a real asyncssh client
with a pyte screen sees the terminal's cursor shown on the selected cell's value after a
move, and hidden over a dialog (as a Braille display or magnifier on the player's side
would follow it)."""

from __future__ import annotations

from tests.serve.ssh_helpers import Screen, connect, keys, servers, until
from tests.serve.test_ssh_paste import PASTED, START_LINE, bracketed

__all__ = ["keys", "servers"]  # the fixtures, used by name
# PASTED: a 4x4 with one solution; cell 2 holds a 3, cell 5 a 4.


def under_cursor(screen: Screen) -> str:
    cursor = screen.screen.cursor
    return str(screen.screen.buffer[cursor.y][cursor.x].data)


def shown_on(screen: Screen, symbol: str) -> bool:
    return not screen.screen.cursor.hidden and under_cursor(screen) == symbol


def cursor_said(screen: Screen) -> str:
    cursor = screen.screen.cursor
    return f"the cursor is at {cursor.x},{cursor.y} (hidden: {cursor.hidden}):\n{screen.text()}"


async def test_a_served_players_cursor_is_on_the_selected_value(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server = servers()
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start()
        await screen.wait_for(START_LINE)
        await screen.press(bracketed(PASTED))
        places = []
        for key, symbol in (("\x1b[C\x1b[C", "3"), ("\x1b[B\x1b[D", "4")):  # to cell 2, then cell 5
            await screen.press(key)
            await until(lambda s=symbol: shown_on(screen, s), lambda: cursor_said(screen), 20)
            places.append((screen.screen.cursor.x, screen.screen.cursor.y))
        assert places[0] != places[1]
        await screen.press("\x1bOP")  # F1: the help, a dialog
        await until(lambda: screen.screen.cursor.hidden, lambda: cursor_said(screen), 20)
        await screen.press("\x1b", "q")
        assert await screen.exit_status() == 0
