"""Names and a guest's Keep My Games with real SSH clients on the loopback (docs/serving.md,
"Names and guests"): what a player types, the server's store behind it."""

from __future__ import annotations

import re

from sudoku_tui.game import texts
from sudoku_tui.game.players.link_codes import LIFETIME
from sudoku_tui.game.store.location import open_store_at
from tests.serve.ssh_helpers import Screen, ServerProcess, connect, fingerprint, keys, servers
from tests.serve.test_ssh_server import START_LINE, play_a_move, quit_game, shown

__all__ = ["keys", "servers"]  # the fixtures, used by name

ASKED = texts.CHOOSE_NAME_TITLE


async def type_name(screen: Screen, name: str) -> None:
    await screen.press("\x7f" * 20, pause=0.02)  # what the box held goes
    await screen.press(name, "\r")


async def test_a_new_key_names_itself_once(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    server: ServerProcess = servers()
    server.name_player(bob)
    async with await connect(server.port, alice, named=False) as conn:
        screen = await shown(conn, ASKED)
        await type_name(screen, "x")
        await screen.wait_for(texts.NAME_RULE)
        bobs = open_store_at(server.store, fingerprint(bob)).store
        taken = bobs.name_of(fingerprint(bob))
        bobs.close()
        assert taken is not None
        await type_name(screen, taken.upper())  # taken, whatever its case
        await screen.wait_for(texts.NAME_TAKEN)
        await type_name(screen, "Alice_1")
        await screen.wait_for(texts.named("Alice_1"))
        assert ASKED not in screen.text()
        assert await quit_game(screen) == 0
    store = open_store_at(server.store, fingerprint(alice)).store
    assert store.name_of(fingerprint(alice)) == "Alice_1"
    store.close()
    async with await connect(server.port, alice, named=False) as conn:  # named now: never asked again
        screen = await shown(conn, START_LINE)
        assert ASKED not in screen.text()
        assert await quit_game(screen) == 0


async def test_a_guests_kept_games_go_to_the_key_that_uses_its_code(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server: ServerProcess = servers("--guests")
    async with await connect(server.port, None) as conn:
        screen = await shown(conn, START_LINE)
        assert ASKED not in screen.text()  # a guest is guest- and hex digits
        await play_a_move(screen)
        await screen.press("\x10")  # ctrl+p: the command palette
        await screen.press("keep my", "\r")
        await screen.wait_for("Your code: ")
        found = re.search(r"Your code: ([A-Z0-9]{8})", screen.text())
        assert found is not None, screen.text()
        # A key uses the code while the guest plays (what ssh -t HOST link CODE does).
        player = fingerprint(alice)
        store = open_store_at(server.store, player).store
        assert store.use_link_code(player, found.group(1), LIFETIME) == player
        assert len(store.games_in_progress(player)) == 1
        kept = store.games_in_progress(player)[0].values
        await screen.press("\r")  # the dialog closes
        await screen.press("\x1b[B", "2", "\x1b[C", "2", "\x1b[C", "2")  # more moves (one in a given is refused)
        for _ in range(100):
            if store.games_in_progress(player)[0].values != kept:
                break
            await screen.press("", pause=0.1)
        else:
            raise AssertionError(f"the move after the code was not kept:\n{screen.text()}")
        assert await quit_game(screen) == 0
    await server.wait_for_log("session end: guest")
    assert len(store.games_in_progress(player)) == 1  # the key's, after the guest left
    store.close()
