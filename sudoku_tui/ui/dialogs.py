"""Dialogs: a message box, the open-file dialog, the offer to resume the last game, and
the question before a game nothing would bring back is replaced."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from rich.text import Text, TextType
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, DirectoryTree, Input, Label, Static

from ..game import texts
from ..game.file_choice import PathProblem, PuzzleFolders, choose_typed, is_puzzle_file
from ..game.printable import printable
from .modal import Modal


class MessageDialog(Modal[None]):
    """A message with an OK button; Enter or Escape closes it."""

    DEFAULT_CSS = """
    MessageDialog > Vertical {
        min-width: 36;
        max-width: 70;
        padding: 1 2 0 2;
    }
    MessageDialog #message {
        width: auto;
        min-width: 100%;
        max-width: 64;
        margin-bottom: 1;
        text-align: center;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", texts.CLOSE),
        Binding("enter", "close", texts.CLOSE, show=False),
    ]

    def __init__(self, message: str, title: str = texts.TITLE) -> None:
        super().__init__()
        self.message = printable(message, lines=True)  # it may quote a file's name or text
        self.dialog_title = printable(title)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Content(self.dialog_title)  # often a file's name: never markup
            yield Static(self.message, id="message", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(texts.NAME_OK, id="ok", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    @on(Button.Pressed, "#ok")
    def action_close(self) -> None:
        self.close(None)


class PuzzleTree(DirectoryTree):
    """A folder tree of folders and puzzle files, without hidden ones (and, in a
    served game, without links that lead out of its puzzle folders)."""

    def __init__(self, path: Path, within: PuzzleFolders | None = None, *, id: str | None = None) -> None:
        self.within = within
        super().__init__(path, id=id)

    def process_label(self, label: TextType) -> Text:
        """A file's or folder's name, its control characters escaped (served, the root's
        label is the puzzle folder's name, not the server's path to it)."""
        if isinstance(label, str):
            label = printable(label if self.within is None else self.within.hidden(label))
        return super().process_label(label)

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        within = self.within
        return [path for path in paths if _listed(path) and (within is None or within.holds(path))]


def _listed(path: Path) -> bool:
    if path.name.startswith("."):
        return False
    try:
        return path.is_dir() or is_puzzle_file(path)
    except OSError:
        return False


class OpenFileDialog(Modal[Path | None]):
    """Pick a puzzle file from a folder tree, or type its path.

    Dismissed with the chosen path, or None when cancelled.
    """

    DEFAULT_CSS = """
    OpenFileDialog > Vertical {
        width: 90%;
        max-width: 76;
        height: 90%;
        max-height: 22;
    }
    OpenFileDialog PuzzleTree {
        height: 1fr;
        border: round $panel-lighten-2;
    }
    OpenFileDialog PuzzleTree:focus {
        border: round $accent;
    }
    OpenFileDialog #path-label {
        color: $text-muted;
        margin-top: 1;
    }
    OpenFileDialog #open-error {
        color: $warning;
        height: auto;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", texts.CANCEL),
    ]

    def __init__(self, folder: Path, within: PuzzleFolders | None = None) -> None:
        super().__init__()
        self.folder = folder
        self.within = within  # a served game: only files in these folders
        # The folder the path box shows, as shown (escaped) and as it is.
        self._shown_folder = ("", "")

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = texts.OPEN_FILE
            box.border_subtitle = texts.OPEN_KEYS
            yield PuzzleTree(self.folder, self.within, id="tree")
            yield Label(texts.FILE_PATH, id="path-label")
            yield Input(self._show_folder(self.folder), id="path", compact=True, select_on_focus=False)
            yield Label("", id="open-error", markup=False)
            with Horizontal(classes="buttons -end"):
                yield Button(texts.OPEN_KEY, id="open", variant="primary", compact=True)
                yield Button(texts.CANCEL, id="cancel", compact=True)

    def _show_folder(self, folder: Path) -> str:
        """The path box's text for ``folder``: escaped where its name holds control characters
        (served: from the puzzle folder's name on, never the server's path)."""
        text = str(folder) if self.within is None else self.within.hidden(str(folder))
        text = text if text.endswith("/") else text + "/"
        self._shown_folder = (printable(text), text)
        return self._shown_folder[0]

    def _typed_path(self, typed: str) -> str:
        """What the box holds, with the folder it was shown escaped put back as it is."""
        shown, real = self._shown_folder
        return real + typed[len(shown) :] if shown and typed.startswith(shown) else typed

    def on_mount(self) -> None:
        self.query_one(PuzzleTree).focus()

    def on_key(self, event: events.Key) -> None:
        # Typed while the tree has focus (as the dialog opens), a path went
        # nowhere: it goes to the path box, a name after the folder shown, a
        # path starting with / or ~ in place of it. Space stays the tree's.
        char = event.character
        if not self.query_one(PuzzleTree).has_focus or char is None or not char.isprintable() or char == " ":
            return
        event.stop()
        event.prevent_default()
        box = self.query_one("#path", Input)
        if char in "/~":
            box.value = ""
        box.cursor_position = len(box.value)
        box.insert_text_at_cursor(char)
        box.focus()

    def action_cancel(self) -> None:
        self.close(None)

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    @on(DirectoryTree.FileSelected)
    def _file_chosen(self, event: DirectoryTree.FileSelected) -> None:
        event.stop()
        self._choose(event.path)

    @on(DirectoryTree.DirectorySelected)
    def _folder_highlighted(self, event: DirectoryTree.DirectorySelected) -> None:
        event.stop()
        self.query_one("#path", Input).value = self._show_folder(event.path)

    @on(Input.Submitted, "#path")
    @on(Button.Pressed, "#open")
    def _path_submitted(self) -> None:
        box = self.query_one("#path", Input)
        tree = self.query_one(PuzzleTree)
        try:
            chosen = choose_typed(self._typed_path(box.value), Path(tree.path), self.within)
        except PathProblem as problem:
            self._say(problem.sentence)
            return
        if chosen.is_folder:
            # A folder typed in the box: show it in the tree, and keep the box for the next path.
            tree.path = chosen.path
            box.value = self._show_folder(chosen.path)
            box.cursor_position = len(box.value)  # what is typed next goes after the folder
            box.focus()
            self._say("")
            return
        self._choose(chosen.path)

    def _say(self, text: str) -> None:
        self.query_one("#open-error", Label).update(printable(text))

    def _choose(self, path: Path) -> None:
        self.close(path)


class ResumeDialog(Modal[bool]):
    """Offers the last game at start: Resume (Enter) or Not now (Escape)."""

    DEFAULT_CSS = """
    ResumeDialog > Vertical {
        min-width: 40;
        max-width: 70;
        padding: 1 2 0 2;
    }
    ResumeDialog #about {
        width: auto;
        min-width: 100%;
        margin-bottom: 1;
        text-align: center;
    }
    ResumeDialog .buttons Button {
        margin: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer(False)", texts.NOT_NOW),
        Binding("left,right", "app.focus_next", texts.OTHER_BUTTON, show=False),
    ]

    def __init__(self, about: str) -> None:
        super().__init__()
        self.about = printable(about, lines=True)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = texts.RESUME_TITLE
            yield Static(self.about, id="about", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(texts.RESUME, id="resume", variant="primary", compact=True)
                yield Button(texts.NOT_NOW, id="not-now", compact=True)

    def on_mount(self) -> None:
        self.query_one("#resume", Button).focus()

    def action_answer(self, resume: bool) -> None:
        self.close(resume)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "resume")


class LeaveGameDialog(Modal[bool]):
    """Asks before a game nothing would bring back is replaced: Keep playing (Enter,
    Escape) or Leave it; True leaves it."""

    DEFAULT_CSS = """
    LeaveGameDialog > Vertical {
        min-width: 40;
        max-width: 70;
        padding: 1 2 0 2;
    }
    LeaveGameDialog #why {
        width: auto;
        min-width: 100%;
        margin-bottom: 1;
        text-align: center;
    }
    LeaveGameDialog .buttons Button {
        margin: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer(False)", texts.KEEP_PLAYING),
        Binding("left,right", "app.focus_next", texts.OTHER_BUTTON, show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = texts.LEAVE_GAME_TITLE
            yield Static(texts.LEAVE_GAME, id="why", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(texts.KEEP_PLAYING, id="keep", variant="primary", compact=True)
                yield Button(texts.LEAVE_IT, id="leave", compact=True)

    def on_mount(self) -> None:
        self.query_one("#keep", Button).focus()  # the safe answer is the one Enter gives

    def action_answer(self, leave: bool) -> None:
        self.close(leave)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "leave")
