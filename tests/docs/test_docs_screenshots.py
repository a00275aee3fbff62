"""The documentation's screenshots show the game as it is: each is made again from the
game (docs/make_screenshot.py) in a temporary folder and must equal the committed SVG.
After a deliberate change to what the game draws, run ``python docs/make_screenshot.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from docs_paths import DOCS, README, screenshot_script

SCRIPT = screenshot_script()
NAMES = [shot.name for shot in SCRIPT.SHOTS]


@pytest.fixture(autouse=True)
def own_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The script keeps its store in memory; the data folder is the test's own all the same.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))


@pytest.mark.parametrize("name", NAMES)
def test_screenshot_is_current(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # the script draws in colour whatever the caller's terminal says
    SCRIPT.main(["--out", str(tmp_path), name])
    made = (tmp_path / f"{name}.svg").read_text(encoding="utf-8")
    committed = (SCRIPT.SCREENS / f"{name}.svg").read_text(encoding="utf-8")
    assert made == committed, f"docs/screens/{name}.svg is out of date: run python docs/make_screenshot.py"


def test_screenshot_has_no_date_or_random_id() -> None:
    for name in NAMES:
        svg = (SCRIPT.SCREENS / f"{name}.svg").read_text(encoding="utf-8")
        assert "0:00" in svg  # the still clock
        for year in ("2024", "2025", "2026", "2027"):
            assert year not in svg, name


def test_every_screenshot_is_shown_and_none_is_stale() -> None:
    pages = README.read_text(encoding="utf-8") + "".join(p.read_text(encoding="utf-8") for p in DOCS.rglob("*.md"))
    on_disk = {path.stem for path in SCRIPT.SCREENS.glob("*.svg")}
    assert on_disk == set(NAMES)
    for name in NAMES:
        assert f"screens/{name}.svg" in pages, f"no page shows {name}.svg"
    assert "docs/screens/game.svg" in README.read_text(encoding="utf-8")
