"""The game's gettext catalogs: extract, update and compile them (Babel), and read them back.

Run after adding or changing a sentence in ``sudoku_tui/game/texts.py``::

    .venv/bin/python -m tests.catalogs

It extracts the template (``sudoku_tui/locale/sudoku_tui.pot``) from the package,
brings every language's ``.po`` up to it (a new sentence is added untranslated, a
changed one marked fuzzy) and compiles each ``.po`` to the ``.mo`` the game reads.
The tests (tests/game/test_languages.py) use the same functions, so what they check
is what this writes. Babel is the dev extra's: the game itself reads the ``.mo``
files with the standard library's gettext.
"""

from __future__ import annotations

import sys
from contextlib import chdir
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "sudoku_tui"
LOCALE = PACKAGE / "locale"
DOMAIN = "sudoku_tui"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
TRANSLATED = ("de", "es")  # English is the source: it has no catalog


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def pybabel(*arguments: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *arguments])


def extract(output: Path = TEMPLATE) -> None:
    """The template, from every module of the package (the mappings are pyproject.toml's);
    run from the project's root, so the template names files by their path in the project."""
    with chdir(ROOT):
        _extract(output)


def _extract(output: Path) -> None:
    pybabel(
        "extract",
        "-F",
        str(ROOT / "pyproject.toml"),
        "-o",
        str(output),
        "--project=sudoku-tui",
        "--no-wrap",
        "--sort-by-file",
        "--add-location=file",
        "-c",
        "Translators:",
        "sudoku_tui",
    )


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def update() -> None:
    for language in TRANSLATED:
        if not po_path(language).exists():
            pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", language, "--no-wrap")
    pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "--no-wrap", "--ignore-obsolete")


def compile_all() -> None:
    pybabel("compile", "-d", str(LOCALE), "-D", DOMAIN, "--statistics")


def main() -> int:
    extract()
    update()
    compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
