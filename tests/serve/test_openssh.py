"""The OpenSSH client, in tmux at 80x24: what a player with nothing installed types."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

from sudoku_tui.game import texts
from tests.serve.needs import need_program
from tests.serve.ssh_helpers import fingerprint, keys, servers, until

__all__ = ["keys", "servers"]  # the fixtures, used by name


def tmux(socket: str, *args: str) -> str:
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True, check=True).stdout


async def test_ssh_tt_in_tmux_plays_resizes_and_quits(tmp_path: Path, servers, keys) -> None:  # type: ignore[no-untyped-def]
    ssh = need_program("ssh")
    need_program("tmux")
    alice, _ = keys
    server = servers()
    server.name_player(alice)  # straight to the game, without the name dialog
    socket = f"sudoku-serve-{tmp_path.name}"
    command = (
        f"{ssh} -tt -p {server.port} -i {alice} -o IdentitiesOnly=yes -o StrictHostKeyChecking=no "
        f"-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR player@127.0.0.1"
    )
    # The window stays after ssh ends, so a failure shows what ssh said.
    tmux(socket, "new-session", "-d", "-x", "80", "-y", "24", command + "; sleep 30")
    try:

        def pane() -> str:
            return tmux(socket, "capture-pane", "-p")

        await until(lambda: "Press o to open a puzzle file." in pane(), pane, 30)
        assert "Sudoku" in pane().splitlines()[0]
        tmux(socket, "resize-window", "-x", "110", "-y", "30")
        # The title moves to the middle of the wider window.
        await until(lambda: pane().splitlines()[0].index("Sudoku") > 45, pane, 30)
        tmux(socket, "send-keys", "q")
        await server.wait_for_log(f"session end: {fingerprint(alice)} from 127.0.0.1")
        assert "(quit, exit 0)" in server.log()
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
        await asyncio.sleep(0)


def ssh_command(
    ssh: str, port: int, key: Path, *words: str, terminal: bool = False
) -> subprocess.CompletedProcess[str]:
    """``ssh [-tt|-T] HOST words…`` with OpenSSH, its output read whole (as text: each line ends in a newline)."""
    options = ["-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
    argv = [ssh, "-tt" if terminal else "-T", "-p", str(port), "-i", str(key), *options, "-o", "LogLevel=ERROR"]
    return subprocess.run([*argv, "player@127.0.0.1", *words], capture_output=True, text=True, timeout=60)


async def test_openssh_links_two_keys(servers, keys) -> None:  # type: ignore[no-untyped-def]
    ssh = need_program("ssh")
    alice, bob = keys
    server = servers()
    made = await asyncio.to_thread(ssh_command, ssh, server.port, alice, "link")
    assert made.returncode == 0, made.stderr
    code = made.stdout.split("Your link code is ")[1][:8]
    assert made.stdout.splitlines() == list(texts.link_code_made(code, 10))
    used = await asyncio.to_thread(ssh_command, ssh, server.port, bob, "link", code, terminal=True)
    assert (used.stdout, used.returncode) == (texts.keys_linked(None) + "\n", 0)
    again = await asyncio.to_thread(ssh_command, ssh, server.port, bob, "link", code)
    assert (again.stdout, again.returncode) == (texts.CODE_NOT_VALID + "\n", 1)
    unknown = await asyncio.to_thread(ssh_command, ssh, server.port, bob, "hello")
    assert (unknown.stdout, unknown.returncode) == (texts.unknown_ssh_command("hello") + "\n", 2)
