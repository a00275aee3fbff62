"""The languages: every catalog covers every sentence of the package and keeps its
placeholders; the compiled catalogs are those of the sources; and the command line
speaks the language its environment asks for (gettext's variables, in gettext's order)."""

from __future__ import annotations

import gettext
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_tui.game import texts
from sudoku_tui.game.language import DOMAIN, LANGUAGES, LOCALE_FOLDER, language_code
from tests.catalogs import TEMPLATE, TRANSLATED, extract, mo_path, po_path, read

# What a translation must keep of its English: {name}, {text!r}, and %s-style fields.
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([a-z_]+\))?[sdr]")


def placeholders(message: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(message))


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The sentences of the package as Babel extracts them now (not the committed template)."""
    path = tmp_path_factory.mktemp("catalogs") / "now.pot"
    extract(path)
    return {message.id: message.id for message in read(path) if message.id}


def test_the_languages_are_english_german_and_spanish() -> None:
    assert set(LANGUAGES) == {"en", *TRANSLATED}
    assert sorted(path.parent.parent.name for path in LOCALE_FOLDER.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")) == sorted(
        TRANSLATED
    )


def test_the_committed_template_is_the_package_now(template: dict[str, str]) -> None:
    """After a sentence is added, `python -m tests.catalogs` brings the template up to date."""
    assert {message.id for message in read(TEMPLATE) if message.id} == set(template)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalog_translates_every_sentence_and_keeps_its_placeholders(
    language: str, template: dict[str, str]
) -> None:
    catalog = {message.id: message for message in read(po_path(language)) if message.id}
    missing = sorted(set(template) - set(catalog))
    assert missing == [], f"{language}: not in the catalog (run python -m tests.catalogs): {missing[:5]}"
    untranslated = [key for key in template if not catalog[key].string or catalog[key].fuzzy]
    assert untranslated == [], f"{language}: to translate: {untranslated[:5]}"
    for key in template:
        assert placeholders(catalog[key].string) == placeholders(key), (language, key, catalog[key].string)
        assert catalog[key].string.count("\n") == key.count("\n"), (language, key)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalog_is_its_source(language: str) -> None:
    """The .mo the game reads holds exactly the .po's translations (python -m tests.catalogs compiles them)."""
    with mo_path(language).open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    source = {message.id: message.string for message in read(po_path(language)) if message.id and message.string}
    for key, string in source.items():
        assert compiled.gettext(key) == string, (language, key)
    shown = {key for key in compiled._catalog if isinstance(key, str) and key}  # type: ignore[attr-defined]
    assert shown == set(source)


def test_the_contracts_words_in_each_language() -> None:
    """Quit is Beenden in German and Salir in Spanish (PRODUCT.md section 12)."""
    for language, quit_word in (("de", "Beenden"), ("es", "Salir")):
        with mo_path(language).open("rb") as file:
            assert gettext.GNUTranslations(file).gettext("Quit") == quit_word


def test_english_is_the_source_in_this_process() -> None:
    assert texts.QUIT == "Quit"
    assert texts.puzzle_index_out_of_range(5, 1) == "Puzzle index 5 is out of range: the file has 1 (0 to 0)."


@pytest.mark.parametrize(
    ("text", "code"),
    [("de", "de"), ("de_DE.UTF-8", "de"), ("es_ES@euro", "es"), ("en_GB", "en"), ("C.UTF-8", None), ("fr_FR", None)],
)
def test_a_locale_name_reads_as_a_language_the_game_speaks(text: str, code: str | None) -> None:
    assert language_code(text) == code


def explain_out_of_range(tmp_path: Path, **env: str) -> str:
    """What ``sudoku-tui explain --index 5`` says of a file of one puzzle, in a process of its own."""
    path = tmp_path / "one.txt"
    path.write_text("2\n2...43213...1432\n")
    clean = {name: value for name, value in os.environ.items() if name not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    result = subprocess.run(
        [sys.executable, "-m", "sudoku_tui", "explain", "--index", "5", str(path)],
        capture_output=True,
        text=True,
        env={**clean, "LANG": "C.UTF-8", **env},
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    return result.stderr


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"LANGUAGE": "de"}, "Rätselindex 5 liegt außerhalb: Die Datei hat 1 (0 bis 0).\n"),
        ({"LANGUAGE": "es"}, "El índice de sudoku 5 está fuera de rango: el archivo tiene 1 (de 0 a 0).\n"),
        # gettext's order: LANGUAGE before LC_ALL before LANG; a language without a catalog is passed over.
        ({"LANGUAGE": "fr:es", "LC_ALL": "de_DE.UTF-8"}, "El índice de sudoku 5"),
        ({"LC_ALL": "de_DE.UTF-8"}, "Rätselindex 5"),
        ({"LANG": "es_ES.UTF-8"}, "El índice de sudoku 5"),
        ({}, "Puzzle index 5 is out of range: the file has 1 (0 to 0).\n"),
    ],
)
def test_the_command_line_speaks_the_language_its_environment_asks_for(
    tmp_path: Path, env: dict[str, str], said: str
) -> None:
    told = explain_out_of_range(tmp_path, **env)
    assert told.startswith(said), told
