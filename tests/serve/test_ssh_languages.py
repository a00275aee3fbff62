"""A served player's language: Language chosen in the palette over a real SSH client is
kept in the server's store under that player, and their next game speaks it (another
player's does not); a player with no setting gets the language their client asks for."""

from __future__ import annotations

from sudoku_tui.game.language import LANGUAGE_SETTING
from sudoku_tui.game.store.location import open_store_at
from sudoku_tui.serve.player_language import asked_language
from tests.serve.ssh_helpers import ServerProcess, connect, fingerprint, keys, servers
from tests.serve.test_ssh_server import START_LINE, quit_game, shown

__all__ = ["keys", "servers"]  # the fixtures, used by name

GERMAN_START = "Drücke o, um eine Rätseldatei zu öffnen."


async def test_a_served_players_language_speaks_in_their_next_game(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    server: ServerProcess = servers()
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        await screen.wait_for("q Quit")
        await screen.press("\x10")  # ctrl+p: the command palette
        await screen.press("language", "\r")
        await screen.press("deutsch", "\r")
        # Said in the language this game keeps.
        await screen.wait_for("Deutsch: your next game speaks it (this one keeps its language).")
        assert await quit_game(screen) == 0
    with open_store_at(server.store, fingerprint(alice)).store as store:
        assert store.get_setting(fingerprint(alice), LANGUAGE_SETTING) == "de"
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, GERMAN_START)
        await screen.wait_for("q Beenden")
        assert await quit_game(screen) == 0
    async with await connect(server.port, bob) as conn:  # another player: English still
        screen = await shown(conn, START_LINE)
        await screen.wait_for("q Quit")
        assert await quit_game(screen) == 0


def test_the_language_a_client_asks_for_in_gettexts_order() -> None:
    assert asked_language({"LANG": "es_ES.UTF-8"}) == "es"
    assert asked_language({"LANGUAGE": "fr:de", "LANG": "es_ES.UTF-8"}) == "de"
    assert asked_language({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}) is None  # LC_ALL decides: no catalog
    assert asked_language({"LANG": "de\x1b[2J" + "x" * 10_000}) is None  # only a code reaches the game
    assert asked_language({}) is None
