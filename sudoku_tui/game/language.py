"""The language the game speaks: gettext catalogs, chosen once per process.

The catalogs are compiled (``.mo``) under ``sudoku_tui/locale/<language>/LC_MESSAGES/``
and shipped in the package; English is the source and needs none. The language
is the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that has a
catalog (gettext's own order), taken when the first sentence is translated: the
sentences of ``texts`` that are constants are translated as ``texts`` is
imported, so a process speaks one language from start to end. A served game
gets its player's Language setting as ``LANGUAGE`` in its environment.

Only the standard library's gettext is used here: Babel extracts and compiles
the catalogs, and only a developer needs it.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

DOMAIN = "sudoku_tui"
LOCALE_FOLDER = Path(__file__).resolve().parent.parent / "locale"
LANGUAGE_SETTING = "language"
# The languages the game speaks, by code, each named in its own language (as the palette lists them).
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "es": "Español"}

_translation: _gettext.NullTranslations | None = None


def translation() -> _gettext.NullTranslations:
    """This process's catalog (found on first use); English when no catalog fits."""
    global _translation
    if _translation is None:
        _translation = _gettext.translation(DOMAIN, LOCALE_FOLDER, fallback=True)
    return _translation


def gettext(message: str) -> str:
    """``message`` in this process's language."""
    return translation().gettext(message)


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the catalogs where it is translated later (by :func:`gettext`)."""
    return message


def spoken() -> str:
    """The code of the language this process speaks (``en`` when it has no catalog)."""
    info = translation().info()
    code = info.get("language", "en") if info else "en"
    return code.split("_")[0] or "en"


def language_code(text: str) -> str | None:
    """``text`` as a language of :data:`LANGUAGES` (``de``, ``de_DE.UTF-8``, ``es_ES``), or None."""
    code = text.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None
