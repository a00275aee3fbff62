"""The server's files and options: what it makes is its user's alone, and an
authorized-keys file it cannot use stops it with one sentence (docs/serving.md)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from stat import S_IMODE

import pytest

from tests.serve.ssh_helpers import Screen, ServerProcess, connect, keys, make_key, servers

__all__ = ["keys", "servers"]  # the fixtures, used by name

START_LINE = "Press o to open a puzzle file."
SERVE = [sys.executable, "-m", "sudoku_tui", "serve", "ssh", "--listen", "127.0.0.1:0"]


def serve_with_keys(tmp_path: Path, key_file: Path) -> subprocess.CompletedProcess[str]:
    """``sudoku-tui serve ssh --authorized-keys FILE``, as an operator starts it."""
    return subprocess.run(
        [*SERVE, "--data", str(tmp_path / "server"), "--authorized-keys", str(key_file)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "xdg")},
    )


def public_key(tmp_path: Path) -> str:
    return Path(str(make_key(tmp_path, "alice")) + ".pub").read_text().strip()


# Each file's text, and the line the server names (0: the file holds no key).
MALFORMED = {
    "empty": ("", 0),
    "comments-only": ("# nobody yet\n\n", 0),
    "a-word": ("garbage\n", 1),
    "bad-base64": ("ssh-ed25519 AAAA!!notbase64 alice\n", 1),
    "cut-short": ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5\n", 1),
    "unknown-type": ("ssh-foo AAAAB3NzaC1yc2E= alice\n", 1),
    "unbalanced-quote": ('{key}\n\nfrom="10.0.0.1 {key}\n', 3),
    "bad-after-good": ("# the club\n{key}\n{key}\nnot-a-key\n", 4),
    "half-a-key": ("{key}\nssh-ed25519\n", 2),
}


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_a_malformed_key_file_stops_the_server_with_one_sentence(tmp_path: Path, kind: str) -> None:
    text, line = MALFORMED[kind]
    key_file = tmp_path / "keys.txt"
    key_file.write_text(text.format(key=public_key(tmp_path)))
    result = serve_with_keys(tmp_path, key_file)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    if line:
        assert result.stderr == f"{key_file} line {line} is not an SSH public key.\n"
    else:
        assert result.stderr.startswith(f"{key_file} holds no key")


def test_a_key_file_that_is_not_text_names_its_line(tmp_path: Path) -> None:
    key_file = tmp_path / "keys.txt"
    key_file.write_bytes(public_key(tmp_path).encode() + b"\n\xff\xfe\n")
    result = serve_with_keys(tmp_path, key_file)
    assert (result.returncode, result.stderr) == (2, f"{key_file} line 2 is not an SSH public key.\n")


def test_a_missing_key_file_is_named(tmp_path: Path) -> None:
    key_file = tmp_path / "no-such-keys.txt"
    result = serve_with_keys(tmp_path, key_file)
    assert (result.returncode, result.stderr) == (2, f"There is no authorized-keys file {key_file}.\n")


async def test_the_servers_files_are_its_users_alone(tmp_path: Path, open_umask: None, servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server: ServerProcess = servers()
    folder = tmp_path / "server"
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn).start()
        await screen.wait_for(START_LINE)
        await screen.press("n")  # New Puzzle: making it takes a turn, a lock file in the server's folder
        await screen.wait_for("New Puzzle")
        await screen.press("\r")
        deadline = time.monotonic() + 60
        while not (folder / "making" / "turn-0.lock").exists() and time.monotonic() < deadline:
            await screen.press("", pause=0.1)
        await screen.press("q")
        await screen.exit_status()
    made = sorted(path.relative_to(folder) for path in folder.rglob("*"))
    assert Path("making/turn-0.lock") in made and Path("store.sqlite3") in made and Path("ssh_host_ed25519_key") in made
    for path in [folder, *(folder / name for name in made)]:
        assert S_IMODE(path.stat().st_mode) == (0o700 if path.is_dir() else 0o600), path


async def test_a_hostile_file_name_in_a_puzzle_folder_reaches_no_terminal_raw(tmp_path: Path, servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "wipe\x1b[2Jclip\x1b]52;c;SGVsbG8=\x07.txt").write_text("3....4.1.34.....\n")
    server: ServerProcess = servers("--puzzles", str(folder))
    async with await connect(server.port, alice) as conn:
        screen = await Screen(conn, columns=120, rows=30).start()
        await screen.wait_for(START_LINE)
        await screen.press("o")
        await screen.wait_for("Open Puzzle File")
        await screen.press(str(folder) + "/", "\r")  # the club's folder, typed: the tree lists it
        await screen.wait_for("wipe\\x1b[2Jclip\\x1b]52;c;SGVsbG8=\\x07.txt")
        await screen.press("\x11")  # ctrl+q from the dialog
        await screen.exit_status()
    assert b"\x1b]52" not in screen.output and b"wipe\x1b" not in screen.output
