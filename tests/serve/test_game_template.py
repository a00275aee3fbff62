"""Games forked from the server's warm template (docs/serving.md, "How a game starts"),
played by real asyncssh clients: each game is the server's own child, one template per
language, and a template that dies or sticks never costs a game."""

from __future__ import annotations

import ctypes
import os
import signal
from contextlib import suppress
from pathlib import Path

import pytest

from sudoku_tui.game.language import LANGUAGE_SETTING
from sudoku_tui.game.store.location import open_store_at
from sudoku_tui.serve.game_starts import language_of
from tests.serve.ssh_helpers import (
    ServerProcess,
    connect,
    fingerprint,
    game_processes,
    keys,
    servers,
    template_processes,
    until,
)
from tests.serve.test_ssh_languages import GERMAN_START
from tests.serve.test_ssh_server import START_LINE, play_a_move, quit_game, shown

__all__ = ["keys", "servers"]  # the fixtures, used by name

READY = "game template en ready"
MOVED = "game template en: a game's code moved together"
FORKED = b"sudoku_tui.serve.game_template"
SPAWNED = b"sudoku_tui.serve.game_process"
PR_GET_MEMORY_MERGE = 68


def command_line(pid: int) -> bytes:
    return Path(f"/proc/{pid}/cmdline").read_bytes()


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


@pytest.fixture
async def server(servers) -> ServerProcess:  # type: ignore[no-untyped-def]
    started: ServerProcess = servers()
    await started.wait_for_log(READY, timeout=60)
    return started


async def test_a_game_is_forked_from_the_template_and_is_the_servers_own_child(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        [game] = game_processes(server)
        [template] = template_processes(server)
        assert FORKED in command_line(game)  # a fork of the template, not a new Python
        assert parent_of(game) == server.process.pid  # adopted: the server waits for it and signals it
        # Its own terminal on standard input and output, its errors to the server's log of them.
        assert os.readlink(f"/proc/{game}/fd/0") == os.readlink(f"/proc/{game}/fd/1")
        assert os.readlink(f"/proc/{game}/fd/0").startswith("/dev/pts/")
        assert os.readlink(f"/proc/{game}/fd/2").endswith("game-errors.log")
        await play_a_move(screen)
        assert await quit_game(screen) == 0
    await server.wait_for_log(f"session end: {fingerprint(alice)} from 127.0.0.1 after ")
    assert "(quit, exit 0)" in server.log()
    assert template_processes(server) == [template]  # still there for the next game


async def test_a_game_forked_after_the_templates_code_is_moved_together_plays(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    await server.wait_for_log(MOVED, timeout=120)  # the template's play of a whole game has reported
    [template] = template_processes(server)
    assert children_of(template) == []  # that play's process has gone
    await a_game_plays(server, alice, FORKED)


def children_of(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


async def a_game_plays(server: ServerProcess, key: Path, started: bytes) -> None:
    """A session's game, started as ``started`` says (FORKED or SPAWNED), takes a move and quits."""
    async with await connect(server.port, key) as conn:
        screen = await shown(conn, START_LINE)
        [game] = game_processes(server)
        assert started in command_line(game)
        await play_a_move(screen)
        assert await quit_game(screen) == 0


def merging_flag(pid: int) -> bool:
    """Whether the [heap] of a process is offered to the kernel's same-page merging ("mg")."""
    heap = False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        if not line.split(maxsplit=1)[0].endswith(":"):  # a mapping's first line
            heap = line.endswith("[heap]")
        elif heap and line.startswith("VmFlags:"):
            return "mg" in line.split()
    raise AssertionError(f"process {pid} has no heap")


def kernel_merges_whole_processes() -> bool:
    """PR_GET_MEMORY_MERGE answers (Linux 6.4 and later): a process can offer all its pages."""
    libc = ctypes.CDLL(None, use_errno=True)
    return int(libc.prctl(PR_GET_MEMORY_MERGE, 0, 0, 0, 0)) in (0, 1)


@pytest.mark.skipif(not kernel_merges_whole_processes(), reason="the kernel cannot merge a whole process's pages")
async def test_a_games_pages_are_offered_to_the_kernels_same_page_merging(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        [game] = game_processes(server)
        [template] = template_processes(server)
        # The template's and, inherited through the fork, the game's: pages alike in both may be kept once.
        assert merging_flag(template)
        assert merging_flag(game)
        assert not merging_flag(server.process.pid)  # the server's own are not offered
        await play_a_move(screen)
        assert await quit_game(screen) == 0


async def test_a_template_that_dies_costs_no_game_and_comes_back(server: ServerProcess, keys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        [template] = template_processes(server)
        os.kill(template, signal.SIGKILL)
        # The server sees it go at once: no game kept the template's socket open.
        await server.wait_for_log("game template en stopped: it ended")
        await play_a_move(screen)  # the game forked from it plays on
        async with await connect(server.port, bob) as other:  # a game starts meanwhile, whichever way
            late = await shown(other, START_LINE)
            assert await quit_game(late) == 0
        assert await quit_game(screen) == 0
    # Another template is started for the next game, and games fork from it again.
    await until(lambda: server.log().count(READY) == 2, lambda: f"no new template:\n{server.log()}", 60)
    async with await connect(server.port, bob) as conn:  # bob, who has no game to resume
        screen = await shown(conn, START_LINE)
        [game] = game_processes(server)
        assert FORKED in command_line(game)
        assert await quit_game(screen) == 0


async def test_a_stuck_template_is_killed_and_the_game_starts_as_a_new_process(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    [template] = template_processes(server)
    os.kill(template, signal.SIGSTOP)
    try:
        await a_game_plays(server, alice, SPAWNED)
    finally:
        with suppress(ProcessLookupError):  # if the server has not killed it yet
            os.kill(template, signal.SIGCONT)
    assert "game template en stopped: it did not fork a game within 5 s" in server.log()
    await until(lambda: template not in template_processes(server), lambda: "the stuck template was kept", 20)


async def test_each_language_forks_from_its_own_template(server: ServerProcess, keys) -> None:  # type: ignore[no-untyped-def]
    alice, bob = keys
    server.name_player(alice)
    with open_store_at(server.store, fingerprint(alice)).store as store:
        store.put_setting(fingerprint(alice), LANGUAGE_SETTING, "de")
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, GERMAN_START)
        assert await quit_game(screen) == 0
    # The first German game started the German template; the next is forked from it.
    await server.wait_for_log("game template de ready", timeout=60)
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, GERMAN_START)
        [game] = game_processes(server)
        assert FORKED in command_line(game)
        assert await quit_game(screen) == 0
    async with await connect(server.port, bob) as conn:  # English still, from the English template
        screen = await shown(conn, START_LINE)
        assert await quit_game(screen) == 0
    assert len(template_processes(server)) == 2


async def test_cold_games_start_as_new_processes(servers, keys) -> None:  # type: ignore[no-untyped-def]
    alice, _ = keys
    server = servers("--cold-games")
    async with await connect(server.port, alice) as conn:
        screen = await shown(conn, START_LINE)
        [game] = game_processes(server)
        assert SPAWNED in command_line(game)
        assert template_processes(server) == []
        assert await quit_game(screen) == 0
    assert "game template" not in server.log()


def test_a_games_template_is_chosen_by_its_language() -> None:
    assert language_of({}) == ""
    assert language_of({"LANGUAGE": "en"}) == ""  # English has no catalog: the same as none
    assert language_of({"LANGUAGE": "de"}) == "de"
    assert language_of({"LANGUAGE": "es"}) == "es"
    assert language_of({"LANGUAGE": "fr"}) is None  # no template for it: the game starts as a new process
