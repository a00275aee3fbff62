"""Who plays: the name dialog (as a served key's first game starts, and Change Name),
and a browser guest's Keep My Games. The rules are the game's
(:mod:`~sudoku_tui.game.players.naming`, :mod:`~sudoku_tui.game.players.guest_games`);
a name is drawn as plain text, never as markup."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar

from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from ..game import texts
from ..game.players.guest_games import GuestGames
from ..game.players.identity import Identity
from ..game.players.naming import asks_name, may_change_name, name_shown, own_name, try_name
from ..game.printable import printable
from ..game.session import Session
from .dialogs import MessageDialog
from .hint_area import HintArea
from .modal import Modal

TryName = Callable[[str], str | None]  # the sentence that refuses a typed name, or None once it is taken


class NameDialog(Modal[bool]):
    """A name typed and tried: a refused one leaves the dialog up with the reason; True
    once the name is the player's. Esc (Later) closes it without a name: the game asks
    again next time."""

    DEFAULT_CSS = """
    NameDialog > Vertical {
        width: 50;
        padding: 1 2 0 2;
    }
    NameDialog #asked {
        margin-bottom: 1;
    }
    NameDialog #name-problem {
        color: $warning;
        height: auto;
        min-height: 1;
        margin-bottom: 1;
    }
    NameDialog .buttons Button {
        margin: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "later", texts.NAME_LATER)]

    def __init__(self, tried: TryName, current: str = "", title: str = texts.CHOOSE_NAME_TITLE) -> None:
        super().__init__()
        self.tried = tried
        self.current = printable(current)  # a kept name is shown as it is, never as markup
        self.dialog_title = title

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Content(self.dialog_title)
            box.border_subtitle = "Enter chooses · Esc: later"
            yield Static(texts.NAME_ASKED, id="asked", markup=False)
            yield Input(self.current, id="name", compact=True, max_length=64)
            yield Label("", id="name-problem", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(texts.NAME_OK, id="ok", variant="primary", compact=True)
                yield Button(texts.NAME_LATER, id="later", compact=True)

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    @property
    def problem(self) -> str:
        """The sentence the dialog shows now ("" when none)."""
        return str(self.query_one("#name-problem", Label).render())

    @on(Input.Submitted, "#name")
    @on(Button.Pressed, "#ok")
    def _chosen(self) -> None:
        problem = self.tried(self.query_one("#name", Input).value)
        if problem is None:
            self.close(True)
            return
        self.query_one("#name-problem", Label).update(Content(printable(problem)))
        self.query_one("#name", Input).focus()

    @on(Button.Pressed, "#later")
    def action_later(self) -> None:
        self.close(False)


class PlayerDialogs:
    """The game screen's dialogs about who plays, and their palette entries."""

    def __init__(self, screen: Screen[None], session: Session, identity: Identity) -> None:
        self.screen = screen
        self.session = session
        self.identity = identity
        self.guest_games = GuestGames(identity, session)

    @property
    def _player(self) -> str:
        return self.identity.player

    def ask_name_first(self, then: Callable[[], None]) -> None:
        """As the game starts: the name dialog when the player has no name yet, then ``then``
        (the offer to resume the last game), whatever the answer."""
        if not asks_name(self.identity, self.session.keeper.store):
            then()
            return

        def answered(named: bool | None) -> None:
            self.tell_name(named)
            then()

        self.screen.app.push_screen(NameDialog(self._try), answered)

    def _try(self, typed: str) -> str | None:
        return try_name(self.session.keeper.store, self._player, typed)

    def tell_name(self, named: bool | None = True) -> None:
        """Once named: the name the player now has, said back (as plain text)."""
        if named:
            told = texts.named(name_shown(self.session.keeper.store, self._player))
            self.screen.post_message(HintArea.Told(told, "", False))  # the game's note, not a toast

    def commands(self) -> Iterator[SystemCommand]:
        """Change Name (every player but a guest), Keep My Games (a served guest's)."""
        if may_change_name(self.identity):
            yield SystemCommand(texts.CHANGE_NAME, texts.CHANGE_NAME_TIP, self.change_name)
        if self.guest_games.offered:
            yield SystemCommand(texts.KEEP_MY_GAMES, texts.KEEP_MY_GAMES_TIP, self.keep_games)

    def change_name(self) -> None:
        current = own_name(self.session.keeper.store, self._player)
        self.screen.app.push_screen(NameDialog(self._try, current, texts.CHANGE_NAME), self.tell_name)

    def keep_games(self) -> None:
        answer = self.guest_games.keep()
        self.screen.app.push_screen(MessageDialog(answer.told, texts.KEEP_MY_GAMES))
