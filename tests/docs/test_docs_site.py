"""The documentation site builds with ``mkdocs build --strict``: a broken link, a
missing anchor, a page left out of the navigation or a missing included file fails
the suite. Needs the docs extra (``pip install '.[docs]'``), which the README's test
command and .ci/run install; without it the test skips, except in CI (``CI=true``)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from docs_paths import PROJECT

DOCS_EXTRA = ("mkdocs", "material")


def need_docs_extra() -> None:
    missing = [name for name in DOCS_EXTRA if importlib.util.find_spec(name) is None]
    if not missing:
        return
    reason = f"{', '.join(missing)} not installed: the docs extra (pip install '.[docs]') builds the site"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}; .ci/run installs it")
    pytest.skip(reason)


def build(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    # The snippets' base path (the project root) is taken from the working folder.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--strict",
        "--config-file",
        str(config),
        "--site-dir",
        str(out),
    ]
    return subprocess.run(command, cwd=PROJECT, env=env, capture_output=True, text=True, timeout=120)


def test_site_builds_strict(tmp_path: Path) -> None:
    need_docs_extra()
    done = build(PROJECT / "mkdocs.yml", tmp_path / "site")
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    built = tmp_path / "site"
    for page in ("play", "puzzle-files", "authors", "serving", "development", "benchmarks", "changelog"):
        assert (built / page / "index.html").is_file(), page
    # The included files are there, not their snippet lines.
    assert "Keep a Changelog" in (built / "changelog" / "index.html").read_text(encoding="utf-8")
    assert "bench_pysearch" in (built / "benchmarks" / "index.html").read_text(encoding="utf-8")
    assert (built / "screens" / "game.svg").is_file()


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    """The same configuration over a copy of the pages with one link to a page that is not
    there: --strict must refuse it, or the test above proves nothing."""
    need_docs_extra()
    docs = tmp_path / "docs"
    docs.mkdir()
    for page in PROJECT.joinpath("docs").rglob("*.md"):
        target = docs / page.relative_to(PROJECT / "docs")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page.read_text(encoding="utf-8"), encoding="utf-8")
    (docs / "screens").mkdir(exist_ok=True)
    for picture in PROJECT.joinpath("docs", "screens").glob("*.svg"):
        (docs / "screens" / picture.name).write_bytes(picture.read_bytes())
    play = docs / "play.md"
    play.write_text(play.read_text(encoding="utf-8") + "\nSee [nowhere](no-such-page.md).\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    text = (PROJECT / "mkdocs.yml").read_text(encoding="utf-8").replace("docs_dir: docs", f"docs_dir: {docs}")
    config.write_text(text, encoding="utf-8")
    done = build(config, tmp_path / "site")
    assert done.returncode != 0
    assert "no-such-page.md" in done.stderr
