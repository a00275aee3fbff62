"""Names and a guest's Keep My Games on screen (docs/serving.md), with real
SQLite stores: the server's a folder of the test's own, a guest's one that keeps nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from textual.widgets import Input
from ui_helpers import SIZE, load, notices, settle

from sudoku_tui.game import texts
from sudoku_tui.game.players.identity import Identity
from sudoku_tui.game.players.link_codes import LIFETIME
from sudoku_tui.game.players.names import name_key, new_guest_id
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.location import IN_MEMORY, open_store_at
from sudoku_tui.game.store.records import Game
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.dialogs import MessageDialog, ResumeDialog
from sudoku_tui.ui.player_dialogs import NameDialog

KEY = "SHA256:alice-key"
OTHER = "SHA256:bob-key"


def served(folder: Path, player: str = KEY) -> SudokuApp:
    return SudokuApp(store=open_store_at(str(folder), player), identity=Identity(player, served=True))


def name_in_store(folder: Path, player: str) -> str | None:
    with open_store_at(str(folder), player).store as store:
        return store.name_of(player)


def give_name(folder: Path, player: str, name: str) -> None:
    with open_store_at(str(folder), player).store as store:
        store.set_name(player, name)


async def type_name(app: SudokuApp, pilot, name: str) -> None:  # type: ignore[no-untyped-def]
    """Replace what the name box holds and press Enter."""
    box = app.screen.query_one("#name", Input)
    box.value = ""
    await pilot.press(*name, "enter")
    await pilot.pause()


async def test_a_served_key_without_a_name_is_asked_then_offered_its_game(tmp_path: Path) -> None:
    server = tmp_path / "server"
    give_name(server, OTHER, "Alice")
    with open_store_at(str(server), KEY).store as store:  # a game to resume, after the name
        store.put_game(KEY, Game("4x4", "3....4.1.34.....", "3..2.4.1.34.....", (0,) * 16))
    app = served(server)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NameDialog)
        for typed, sentence in (("al", texts.NAME_RULE), ("alice", texts.NAME_TAKEN), ("a b c", texts.NAME_RULE)):
            await type_name(app, pilot, typed)
            assert isinstance(app.screen, NameDialog)  # the dialog stays, and says why
            assert app.screen.problem == sentence
        await type_name(app, pilot, "Carol")
        assert isinstance(app.screen, ResumeDialog)  # the name first, then the last game
        assert texts.named("Carol") in notices(app)
    assert name_in_store(server, KEY) == "Carol"


async def test_no_name_is_asked_of_a_named_key_a_guest_or_the_local_player(tmp_path: Path) -> None:
    server = tmp_path / "server"
    give_name(server, KEY, "Alice")
    guest = new_guest_id()
    for app in (
        served(server),
        SudokuApp(store=open_store_at(IN_MEMORY, guest), identity=Identity(guest, served=True)),
        SudokuApp(store=open_store_at(str(server), OTHER)),  # served=False: this machine's
    ):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.screen is app.game


async def test_later_asks_again_next_time_and_ctrl_q_quits(tmp_path: Path) -> None:
    server = tmp_path / "server"
    app = served(server)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.game  # play goes on without a name
    assert name_in_store(server, KEY) is None
    app = served(server)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NameDialog)
        await pilot.press("a", "ctrl+q")
        await pilot.pause()
        assert not app.is_running
    assert app.return_code == 0


async def from_palette(pilot, typed: str) -> None:  # type: ignore[no-untyped-def]
    """The command palette's entry found by ``typed``, chosen."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*typed)
    await pilot.pause(0.3)
    await pilot.press("enter")
    await pilot.pause()


async def change_name(app: SudokuApp, pilot) -> NameDialog:  # type: ignore[no-untyped-def]
    """Change Name, chosen in the command palette."""
    await from_palette(pilot, "change name")
    assert isinstance(app.screen, NameDialog)
    return app.screen


def titles(app: SudokuApp) -> list[str]:
    return [command.title for command in app.get_system_commands(app.game)]


async def test_change_name_refuses_a_taken_name_and_keeps_another(tmp_path: Path) -> None:
    server = tmp_path / "server"
    give_name(server, OTHER, "Alice")
    give_name(server, KEY, "Carol")
    app = served(server)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert texts.KEEP_MY_GAMES not in titles(app)  # a key's games are kept already
        dialog = await change_name(app, pilot)
        assert dialog.query_one("#name", Input).value == "Carol"  # the name now, to edit
        await type_name(app, pilot, "alice")
        assert app.screen is dialog and dialog.problem == texts.NAME_TAKEN
        await type_name(app, pilot, "Dave-9")
        assert app.screen is app.game
    assert name_in_store(server, KEY) == "Dave-9"
    assert name_in_store(server, OTHER) == "Alice"


async def test_the_local_player_may_name_themselves_a_guest_may_not(tmp_path: Path, data_home: Path) -> None:
    app = SudokuApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen is app.game  # never asked
        assert texts.KEEP_MY_GAMES not in titles(app)
        await change_name(app, pilot)
        await type_name(app, pilot, "Me_at_home")
        assert app.screen is app.game
    assert name_in_store(data_home, "local") == "Me_at_home"
    guest = new_guest_id()
    app = SudokuApp(store=open_store_at(IN_MEMORY, guest), identity=Identity(guest, served=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert texts.CHANGE_NAME not in titles(app)


def write_name_row(folder: Path, player: str, name: str) -> None:
    """A name the game would refuse, put in the store's table as another program could."""
    with sqlite3.connect(folder / STORE_NAME) as db:
        db.execute("INSERT INTO players (player, name, name_key) VALUES (?, ?, ?)", [player, name, name_key(name)])
    db.close()


async def test_a_stored_name_is_drawn_as_plain_text(tmp_path: Path) -> None:
    server = tmp_path / "server"
    give_name(server, OTHER, "Alice")  # the store is made
    marked = "[b]x[/b][red]\x1b[2J"
    write_name_row(server, KEY, marked)
    app = served(server)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen is app.game  # the player has a name, odd as it is
        dialog = await change_name(app, pilot)
        box = dialog.query_one("#name", Input)
        assert box.value == "[b]x[/b][red]\\x1b[2J"  # the markup as typed; the escape shown, not sent
        drawn = "".join(segment.text for segment in box.render_line(0))
        assert "[b]x[/b][red]" in drawn and "\x1b" not in drawn
        # Said back to the player: the notice holds it as plain text.
        app.game.players.tell_name()
        await pilot.pause()
        assert app.game.said[-1] == texts.named("[b]x[/b][red]\\x1b[2J")
        assert "[b]x[/b][red]" in app.game.note.text  # the note draws no markup
        assert not app._notifications  # a note, not a toast over the board


async def test_keep_my_games_gives_the_games_to_a_key(tmp_path: Path, puzzle_dir: Path) -> None:
    server = tmp_path / "server"
    guest = new_guest_id()
    app = SudokuApp(
        store=open_store_at(IN_MEMORY, guest), identity=Identity(guest, served=True, keep_store=str(server))
    )
    async with app.run_test(size=SIZE) as pilot:
        await load(pilot, puzzle_dir / "four.txt")
        session = app.session
        cell = next(cell for cell in range(16) if not session.play.values[cell])
        app.game.board.cursor = cell
        await pilot.press("1")
        await from_palette(pilot, "keep my")
        assert isinstance(app.screen, MessageDialog)
        guest_games = app.game.players.guest_games
        shown = app.screen.message  # it quotes the code it made
        store = open_store_at(str(server), KEY).store
        kept = store.games_in_progress(guest)
        assert len(kept) == 1 and kept[0].value_list()[cell] == 1
        made = next(word for word in shown.split() if len(word) == 8 and word.isupper() and word.isalnum())
        assert guest_games.codes_made == 1 and texts.keep_games_code(made, 10) == shown
        assert store.use_link_code(KEY, made, LIFETIME) == KEY
        assert [game.key for game in store.games_in_progress(KEY)] == [kept[0].key]
        await pilot.press("enter")  # the dialog closes
        await settle(pilot)
        # A move after Keep My Games reaches the server's store too, now the key's.
        later = next(other for other in range(16) if not session.play.values[other])
        app.game.board.cursor = later
        await pilot.press("2")
        await pilot.pause()
        now = store.games_in_progress(KEY)[0].value_list()
        assert now[cell] == 1 and now[later] == 2
    assert store.games_in_progress(KEY)[0].value_list()[later] == 2  # still the key's after the guest left
    store.close()
