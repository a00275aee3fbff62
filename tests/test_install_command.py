"""Messages that name an extra say the pip command that works for how the game was installed:
from a clone, the clone's folder (editable when it was); from an index, the package's name."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import sudoku_tui
from sudoku_tui.paths import install_command

CLONE = Path(sudoku_tui.__file__).resolve().parents[1]


def dist_info(site: Path, direct_url: dict[str, object] | None) -> None:
    """An installed distribution's metadata, as pip writes it (PEP 610's direct_url.json when given)."""
    info = site / "sudoku_tui-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sudoku-tui\nVersion: 1.0\n")
    if direct_url is not None:
        (info / "direct_url.json").write_text(json.dumps(direct_url))
    (site / "sudoku_tui").mkdir()


def test_this_clone_is_an_editable_install_and_says_so() -> None:
    # The test environment is made with pip install -e from this clone (README, "Development").
    assert (CLONE / "pyproject.toml").is_file()
    assert install_command("server") == f"pip install -e '{CLONE}[server]'"


def test_an_install_from_an_index_is_named_by_the_package(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    dist_info(site, None)
    assert install_command("server", [str(site)], site / "sudoku_tui") == "pip install 'sudoku-tui[server]'"


def test_an_install_from_a_folder_is_installed_again_from_it(tmp_path: Path) -> None:
    site, source = tmp_path / "site-packages", tmp_path / "my clone"
    source.mkdir()
    dist_info(site, {"url": source.as_uri(), "dir_info": {}})
    assert install_command("authors", [str(site)], site / "sudoku_tui") == f"pip install '{source}[authors]'"


def test_a_clone_run_without_an_editable_install_says_the_clone(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    dist_info(site, None)  # some other install, not of this clone
    assert install_command("server", [str(site)]) == f"pip install '{CLONE}[server]'"


def test_serve_without_its_extra_gives_the_command_for_this_install(tmp_path: Path) -> None:
    code = (
        "import importlib.abc, sys\n"
        "class Blocked(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'asyncssh':\n"
        "            raise ImportError('blocked: ' + name, name=name)\n"
        "sys.meta_path.insert(0, Blocked())\n"
        "from sudoku_tui.cli import main\n"
        f"sys.exit(main(['serve', 'ssh', '--data', {str(tmp_path / 'server')!r}, '--listen', '127.0.0.1:0']))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert result.returncode == 1
    assert f"(pip install -e '{CLONE}[server]')" in result.stderr and "asyncssh is missing" in result.stderr
