"""A served player's theme: chosen in the palette over a real SSH client, kept in the
server's store under that player, and put on again in their next session (not another's)."""

from __future__ import annotations

from sudoku_tui.game.store.location import open_store_at
from sudoku_tui.ui.themes import HIGH_CONTRAST
from tests.serve.ssh_helpers import Screen, ServerProcess, connect, fingerprint, keys, servers, until
from tests.serve.test_ssh_server import START_LINE, quit_game, shown

__all__ = ["keys", "servers"]  # the fixtures, used by name


def backgrounds(screen: Screen) -> set[str]:
    """The background colours of the screen's board area (pyte's names: hex digits for truecolour)."""
    return {screen.screen.buffer[row][column].bg for row in range(3, 20) for column in range(80)}


async def test_a_served_players_theme_comes_back_in_their_next_session(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    server: ServerProcess = servers()
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        assert "000000" not in backgrounds(screen)  # Textual's dark theme: no black
        await screen.press("\x10")  # ctrl+p: the command palette
        await screen.press("theme", "\r")
        await screen.press("high-contrast", "\r")
        await until(
            lambda: "000000" in backgrounds(screen), lambda: f"no black background:\n{screen.text()}", timeout=30
        )
        assert await quit_game(screen) == 0
    with open_store_at(server.store, fingerprint(alice)).store as store:
        assert store.get_setting(fingerprint(alice), "theme") == HIGH_CONTRAST.name
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await until(lambda: "000000" in backgrounds(screen), lambda: screen.text(), timeout=30)
        assert await quit_game(screen) == 0
    async with await connect(server.port, bob) as conn:  # another player keeps Textual's
        screen = await shown(conn, START_LINE)
        assert "000000" not in backgrounds(screen)
        assert await quit_game(screen) == 0
