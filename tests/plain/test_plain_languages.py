"""The plain mode in German and Spanish: ``sudoku-tui --plain`` in a process of its own started with
``LANGUAGE`` set (the game speaks one language from its start), its lines piped in. The commands stay
the English words (like keys); the answers are the player's language."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.plain.plain_helpers import FOUR

TYPED = ("r1c1", "read row 2", "help hint", "r1c1 3", "undo", "counts", "read row 9", "bogus", "quit")


def plain_answers(data: Path, language: str) -> list[str]:
    """The answers to TYPED on 4x4-easy.txt's puzzle 0, one a line ("Working…" left out: it comes with time)."""
    clean = {name: value for name, value in os.environ.items() if name not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    result = subprocess.run(
        [sys.executable, "-m", "sudoku_tui", "--plain", str(FOUR)],
        input="".join(line + "\n" for line in TYPED),
        capture_output=True,
        text=True,
        env={**clean, "LANG": "C.UTF-8", "LANGUAGE": language, "XDG_DATA_HOME": str(data)},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return [line for line in result.stdout.splitlines() if not line.startswith(("Arbeite…", "Trabajando…"))]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "de",
            [
                "Sudoku als reiner Text. Tippe help für die Befehle, quit zum Verlassen.",
                "4x4-easy.txt, Rätsel 0, 4x4: 12 leere Felder.",
                "r1c1, leer, möglich 1 3.",
                "r1c1, leer, möglich 1 3.",
                "Zeile 2: leer, 4, 3, leer. Es fehlen 1 2.",
                "Aufruf: hint. Der nächste logische Schritt: sein Name, dann wo und warum, dann angewandt."
                " (hint, ?, f2)",
                "r1c1, 3.",
                "Rückgängig gemacht: Eintragen.",
                "r1c1, leer, möglich 1 3.",
                "Noch zu setzen: 3 mal die 1, 3 mal die 2, 3 mal die 3, 3 mal die 4.",
                "Es gibt keine Zeile 9: Das Brett hat die Zeilen 1 bis 4.",
                "Unbekannter Befehl bogus. Tippe help für die Befehle.",
                "Dein Spiel ist gespeichert. Auf Wiedersehen.",
            ],
        ),
        (
            "es",
            [
                "Sudoku en texto plano. Teclea help para ver las órdenes, quit para salir.",
                "4x4-easy.txt, sudoku 0, 4x4: 12 casillas vacías.",
                "r1c1, vacía, posibles 1 3.",
                "r1c1, vacía, posibles 1 3.",
                "Fila 2: vacía, 4, 3, vacía. Faltan 1 2.",
                "Uso: hint. El siguiente paso lógico: su nombre, luego dónde y por qué, luego aplicado. (hint, ?, f2)",
                "r1c1, 3.",
                "Deshecho: Poner.",
                "r1c1, vacía, posibles 1 3.",
                "Por colocar: 3 del 1, 3 del 2, 3 del 3, 3 del 4.",
                "No hay fila 9: el tablero tiene las filas 1 a 4.",
                "Orden desconocida bogus. Teclea help para ver las órdenes.",
                "Tu partida está guardada. Adiós.",
            ],
        ),
    ],
)
def test_the_plain_mode_answers_in_the_players_language(tmp_path: Path, language: str, said: list[str]) -> None:
    assert plain_answers(tmp_path, language) == said
