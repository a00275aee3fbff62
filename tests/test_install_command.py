"""Messages that name an extra say the pip command that works for how the game was installed:
from a clone, the clone's folder (editable when it was); from an index, the package's name."""

from __future__ import annotations

import importlib.metadata
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


def installed_editable() -> bool:
    """Whether pip installed this environment's sudoku-tui editable (``pip install -e``, as the
    README's development set-up does) or as a copy (``pip install .``, as .ci/run does): pip's
    own record of it, PEP 610's direct_url.json."""
    records = [dist.read_text("direct_url.json") for dist in importlib.metadata.distributions(name="sudoku-tui")]
    return any(json.loads(record).get("dir_info", {}).get("editable", False) for record in records if record)


def this_install(extra: str) -> str:
    return f"pip install {'-e ' if installed_editable() else ''}'{CLONE}[{extra}]'"


def test_this_clone_says_the_command_for_how_it_was_installed() -> None:
    assert (CLONE / "pyproject.toml").is_file()
    assert install_command("server") == this_install("server")


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
    assert f"({this_install('server')})" in result.stderr and "asyncssh is missing" in result.stderr
