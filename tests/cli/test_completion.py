"""``sudoku-tui completion bash|zsh|fish``: the script the program prints, loaded in
the real shell, completes the program's own commands, their subcommands and an
option's choices (docs/command-line.md)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_tui.cli.program import COMMANDS
from tests.serve.needs import need_program
from tests.ui.pty_game import PtyGame

# Every command but what argparse adds by itself.
COMMAND_NAMES = set(COMMANDS)

# Sources the script given first, then asks the function that `complete -p`
# names to complete the words given after it, the last being the one typed, as
# bash does on Tab: its candidates, one a line.
BASH_COMPLETE = r"""
source "$1"; shift
spec=$(complete -p sudoku-tui) || exit 3
function=${spec##*-F }; function=${function%% *}
COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
"$function" sudoku-tui "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
printf '%s\n' "${COMPREPLY[@]}"
"""


def completion_script(shell: str, folder: Path) -> Path:
    result = subprocess.run(
        [sys.executable, "-m", "sudoku_tui", "completion", shell], capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stderr) == (0, "")
    path = folder / f"sudoku-tui.{shell}"
    path.write_text(result.stdout)
    return path


def shell_env(home: Path) -> dict[str, str]:
    """A home of the test's own: no rc file of the machine's user is read or written."""
    return {**os.environ, "HOME": str(home), "ZDOTDIR": str(home), "XDG_CONFIG_HOME": str(home / ".config")}


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return completion_script("bash", tmp_path_factory.mktemp("bash"))


def bash_completes(script: Path, *words: str) -> list[str]:
    bash = need_program("bash")
    result = subprocess.run(
        [bash, "--noprofile", "--norc", "-c", BASH_COMPLETE, "bash", str(script), "sudoku-tui", *words],
        capture_output=True,
        text=True,
        env=shell_env(script.parent),
        timeout=60,
    )
    assert (result.returncode, result.stderr) == (0, "")
    return [line for line in result.stdout.splitlines() if line]


def test_bash_registers_the_completion_for_the_program(bash_script: Path) -> None:
    bash = need_program("bash")
    result = subprocess.run(
        [bash, "--noprofile", "--norc", "-c", 'source "$1" && complete -p sudoku-tui', "bash", str(bash_script)],
        capture_output=True,
        text=True,
        env=shell_env(bash_script.parent),
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("complete ") and result.stdout.split()[-1] == "sudoku-tui"
    assert " -F _shtab_sudoku_tui " in result.stdout


def test_bash_completes_the_first_word_with_the_commands(bash_script: Path) -> None:
    assert set(bash_completes(bash_script, "")) == COMMAND_NAMES
    assert bash_completes(bash_script, "se") == ["serve"]
    assert set(bash_completes(bash_script, "-")) >= {"--help", "--version"}


def test_bash_completes_subcommands_and_choices(bash_script: Path) -> None:
    assert bash_completes(bash_script, "serve", "") == ["ssh", "web"]
    assert bash_completes(bash_script, "generate", "--size", "") == ["4", "9", "16", "samurai"]
    assert bash_completes(bash_script, "completion", "") == ["bash", "zsh", "fish"]
    assert "--authorized-keys" in bash_completes(bash_script, "serve", "ssh", "--")


def test_bash_completes_a_file_where_a_command_takes_one(bash_script: Path) -> None:
    (bash_script.parent / "nine.txt").write_text("3\n")
    words = ["check", str(bash_script.parent / "ni")]
    assert bash_completes(bash_script, *words) == [str(bash_script.parent / "nine.txt")]


def test_zsh_registers_the_evaluated_script_for_the_program(tmp_path: Path) -> None:
    zsh = need_program("zsh")
    script = completion_script("zsh", tmp_path)
    # compinit without a dump file (-D) or the insecure-folders check (-u); an
    # evaluated script registers its function by compdef, as the script says.
    code = 'autoload -Uz compinit && compinit -u -D && eval "$(<$1)" && print -r -- "${_comps[sudoku-tui]}"'
    result = subprocess.run(
        [zsh, "-f", "-c", code, "zsh", str(script)], capture_output=True, text=True, env=shell_env(tmp_path), timeout=60
    )
    assert (result.returncode, result.stderr, result.stdout) == (0, "", "_shtab_sudoku_tui\n")


def test_zsh_completes_on_tab_from_the_script_in_fpath(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An interactive zsh on a terminal, the script saved as ``_sudoku-tui`` in a
    folder of ``fpath`` (docs/command-line.md): Tab completes a command, and lists them all."""
    zsh = need_program("zsh")
    functions = tmp_path / "functions"
    functions.mkdir()
    completion_script("zsh", tmp_path).rename(functions / "_sudoku-tui")
    (tmp_path / ".zshrc").write_text(
        f"fpath=({functions} $fpath)\nautoload -Uz compinit && compinit -u -D\nPS1='ready> '\n"
    )
    for name, value in shell_env(tmp_path).items():
        monkeypatch.setenv(name, value)
    shell = PtyGame.running([zsh, "-i"], tmp_path / "data-home")
    try:
        shell.wait_for("ready> ", timeout=30)
        shell.press("sudoku-tui se\t")
        shell.wait_for("sudoku-tui serve", timeout=30)
        shell.press("\x15", "sudoku-tui \t")  # Ctrl-U empties the line first
        shell.wait_for("stats ", timeout=30)
        # The listing: a command a line, then ``--`` and its help (read without
        # the terminal's control sequences and carriage returns).
        plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", "", shell.seen())
        listed = set(re.findall(r"(?m)^([a-z]+) +-- ", plain))
        assert listed == COMMAND_NAMES
        shell.press("\x15", "exit\r")
        assert shell.finish(timeout=30) == 0
    finally:
        PtyGame.end_leftovers()


def fish_completes(fish: str, script: Path, line: str) -> list[str]:
    """fish's own answer to Tab at the end of ``line`` (``complete -C``): its candidates."""
    result = subprocess.run(
        [fish, "--no-config", "-c", 'source $argv[1]; complete -C "$argv[2]"', str(script), line],
        capture_output=True,
        text=True,
        env=shell_env(script.parent),
        timeout=60,
    )
    assert (result.returncode, result.stderr) == (0, "")
    # A candidate, then a tab and its description.
    return [entry.split("\t")[0] for entry in result.stdout.splitlines() if entry]


def test_fish_completes_the_commands_subcommands_and_choices(tmp_path: Path) -> None:
    fish = need_program("fish")
    script = completion_script("fish", tmp_path)
    assert set(fish_completes(fish, script, "sudoku-tui ")) == COMMAND_NAMES
    assert fish_completes(fish, script, "sudoku-tui serve ") == ["ssh", "web"]
    assert set(fish_completes(fish, script, "sudoku-tui generate --size ")) == {"4", "9", "16", "samurai"}


def test_an_unknown_shell_is_a_usage_error() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sudoku_tui", "completion", "tcsh"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "invalid choice: 'tcsh'" in result.stderr and result.stdout == ""
