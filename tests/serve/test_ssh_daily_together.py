"""Players meet on a server (docs/serving.md), end to end with real SSH
clients on the loopback: three keys name themselves, two solve today's daily by
typing it cell by cell (one after two hints), one fills it with Solve; the
leaderboard in the game and on the command line lists the two typed solves, by
time, with their hints, and not the third; the result card's OSC 52 sequence is
read from the client's raw stream. Then two serving hosts on one PostgreSQL rank
their players together.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from sudoku_tui.game import texts
from sudoku_tui.game.daily import daily_puzzle, today
from tests.game.store_backends import postgresql_socket, postgresql_url
from tests.serve.ssh_helpers import Screen, ServerProcess, connect, make_key, servers, until

__all__ = ["postgresql_socket", "postgresql_url", "servers"]  # the fixtures, used by name

OSC_52 = re.compile(rb"\x1b\]52;c;([A-Za-z0-9+/=]*)\x07")
SOLVED_CLOCK = re.compile(r"⏱ [\d:]+ ✓")
DOWN, RIGHT, LEFT = "\x1b[B", "\x1b[C", "\x1b[D"


def solution_keys(line: str, solution: Sequence[int]) -> list[str]:
    """The keys that type the solution into every empty cell: a snake through the board,
    left to right, then right to left, a row down each time."""
    keys = []
    for row in range(9):
        cols = range(9) if row % 2 == 0 else range(8, -1, -1)
        for step, col in enumerate(cols):
            cell = row * 9 + col
            if line[cell] == ".":
                keys.append(str(solution[cell]))
            if step < 8:
                keys.append(RIGHT if row % 2 == 0 else LEFT)
        keys.append(DOWN)
    return keys


async def named_player(server: ServerProcess, key: Path, name: str) -> Screen:
    """A new key's first game: the name dialog, answered."""
    conn = await connect(server.port, key, named=False)
    screen = await Screen(conn).start()
    await screen.wait_for(texts.CHOOSE_NAME_TITLE)
    await screen.press(name, "\r")
    await screen.wait_for(texts.named(name))
    return screen


async def daily_in_play(screen: Screen) -> None:
    await screen.press("d")
    await screen.wait_for(texts.made_range("9x9"))


async def solve_by_typing(screen: Screen, line: str, solution: Sequence[int], hints: int = 0) -> None:
    await daily_in_play(screen)
    for hint in range(hints):  # a hint counts once it names its step; the third press applies it
        await screen.press("?", "?", "?" if hint < hints - 1 else "")
    await screen.press(*solution_keys(line, solution), pause=0.02)
    await screen.wait_for(texts.CARD_TITLE)


def leaderboard_json(*where: str) -> dict[str, object]:
    shown = subprocess.run(
        [sys.executable, "-m", "sudoku_tui", "leaderboard", "--json", *where],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found: dict[str, object] = json.loads(shown.stdout)
    return found


def ranked(board: dict[str, object]) -> list[tuple[str, int]]:
    solves = board["solves"]
    assert isinstance(solves, list)
    times = [solve["time_seconds"] for solve in solves]
    assert times == sorted(times)  # by time
    return [(solve["name"], solve["hints"]) for solve in solves]


async def test_three_keys_name_themselves_and_the_leaderboard_lists_the_typed_solves(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    day = today()
    line, made = daily_puzzle(day, "medium", "9")
    server: ServerProcess = servers()
    ann, ben, cai = (make_key(tmp_path, name) for name in ("ann", "ben", "cai"))
    screens = [await named_player(server, key, name) for key, name in ((ann, "Ann"), (ben, "Ben"), (cai, "Cai"))]
    ann_screen, ben_screen, cai_screen = screens

    async def fill_with_solve() -> None:
        await daily_in_play(cai_screen)
        await cai_screen.press("s")
        await until(  # the clock's tick: the board is full and right
            lambda: SOLVED_CLOCK.search(cai_screen.text()) is not None, cai_screen.text, timeout=60
        )

    await asyncio.gather(
        solve_by_typing(ann_screen, line, made.solution),
        solve_by_typing(ben_screen, line, made.solution, hints=2),
        fill_with_solve(),
    )
    assert texts.CARD_TITLE not in cai_screen.text()  # no card for a board Solve filled
    await ann_screen.press("y")
    await ann_screen.wait_for("Copied")
    [sequence] = OSC_52.findall(bytes(ann_screen.output))
    card = base64.b64decode(sequence).decode("utf-8").splitlines()
    assert card[0] == f"Sudoku daily {day.isoformat()}" and card[1].startswith("Medium 9x9 in ")
    assert card[1].endswith("no hints") and all(len(text) <= 40 for text in card)

    if today() != day:
        pytest.skip("midnight UTC passed during the test: the leaderboard is another day's")
    listed = ranked(leaderboard_json("--data", str(tmp_path / "server")))
    assert sorted(listed) == [("Ann", 0), ("Ben", 2)]
    await cai_screen.press("b")
    await cai_screen.wait_for(texts.LEADERBOARD)
    await cai_screen.wait_for("Ben")
    rows = [row for row in cai_screen.screen.display if re.search(r"\b(Ann|Ben|Cai)\b", row)]
    assert [re.search(r"\b(Ann|Ben)\b", row).group(1) for row in rows] == [name for name, _ in listed]  # type: ignore[union-attr]
    assert not any("Cai" in row for row in rows)
    for screen in screens:
        await screen.press("\x11")  # ctrl+q, from whatever dialog is open
        assert await screen.exit_status() == 0
        screen.conn.close()


async def test_two_hosts_on_one_postgresql_rank_together(servers, tmp_path: Path, postgresql_url: str) -> None:  # type: ignore[no-untyped-def]
    day = today()
    line, made = daily_puzzle(day, "medium", "9")
    first: ServerProcess = servers("--store", postgresql_url)
    second = ServerProcess(tmp_path / "second", "--store", postgresql_url)
    try:
        ann, ben = make_key(tmp_path, "ann"), make_key(tmp_path, "ben")
        ann_screen = await named_player(first, ann, "Ann")
        ben_screen = await named_player(second, ben, "Ben")
        await asyncio.gather(
            solve_by_typing(ann_screen, line, made.solution), solve_by_typing(ben_screen, line, made.solution)
        )
        if today() != day:
            pytest.skip("midnight UTC passed during the test: the leaderboard is another day's")
        assert sorted(ranked(leaderboard_json("--store", postgresql_url))) == [("Ann", 0), ("Ben", 0)]
        await ben_screen.press("\r", "b")  # the card closes; on the second host, the first host's player is listed
        await ben_screen.wait_for(texts.LEADERBOARD)
        await ben_screen.wait_for("Ann")
        for screen in (ann_screen, ben_screen):
            await screen.press("\x11")
            assert await screen.exit_status() == 0
            screen.conn.close()
    finally:
        second.stop()
