"""The README is one screen's worth: at most 150 lines, its links into docs/ lead to
pages that exist, and its two commands are the ones CI runs."""

from __future__ import annotations

import re

from docs_paths import PROJECT, README

MAX_LINES = 150
LINK = re.compile(r"\]\(([^)\s]+)\)")


def readme() -> str:
    return README.read_text(encoding="utf-8")


def test_readme_is_at_most_150_lines() -> None:
    assert len(readme().splitlines()) <= MAX_LINES


def test_readme_links_lead_to_files_that_exist() -> None:
    links = [link for link in LINK.findall(readme()) if not link.startswith(("http://", "https://", "#"))]
    assert any(link.startswith("docs/") for link in links)
    for link in links:
        path = link.split("#", 1)[0]
        assert (PROJECT / path).exists(), link


def test_readme_test_command_is_the_one_ci_runs() -> None:
    ci = (PROJECT / ".ci" / "run").read_text(encoding="utf-8")
    command = re.search(
        r"^python3 -m venv \.venv && \.venv/bin/pip install -q (\S+) && \.venv/bin/python -m pytest -q$", ci, re.M
    )
    assert command is not None
    extras = command.group(1)
    assert "docs" in extras  # so the site's --strict build runs in CI
    assert f".venv/bin/pip install {extras} && .venv/bin/python -m pytest -q" in readme()


def test_readme_names_both_tool_installs_and_the_play_command() -> None:
    text = readme()
    for command in ("pipx install .", "uv tool install .", ".venv/bin/sudoku-tui puzzles/9x9-easy.txt"):
        assert command in text, command
    assert (PROJECT / "puzzles" / "9x9-easy.txt").is_file()
