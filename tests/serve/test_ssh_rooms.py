"""Rooms end to end (docs/serving.md, "Rooms"): real SSH clients on the loopback, each its own key and
terminal (pyte), meet through ``w`` in the game: a co-op room of three where each entry shows
on the other two screens (and how long that takes), a race of two hidden until the host's
``S``, and a watcher whose keys change nothing."""

from __future__ import annotations

import asyncio
import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game import texts
from tests.serve.ssh_helpers import Screen, ServerProcess, connect, make_key, servers, until

__all__ = ["servers"]  # the fixture, used by name

START_LINE = "Press o to open a puzzle file."
BUNDLED = Path(__file__).parents[2] / "sudoku_tui" / "puzzles" / "4x4-easy.txt"
UP, DOWN, RIGHT, LEFT, TAB = "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\t"
QUIT = "\x11"  # ctrl+q: Escape then q reads as alt+q on a loaded machine
CODE = re.compile(r"(?:Race|Co-op) ([A-Z0-9]{6})\b")
WAIT = 60.0  # seconds: a safety net, never a measure


def bundled_puzzle() -> Puzzle:
    """The first puzzle of the bundled 4x4 file, the one the Open dialog puts in play."""
    return read_puzzle_file(BUNDLED).puzzle(0)


def board_values(screen: Screen, size: int = 4) -> list[int]:
    """The values the board shows, row by row (0 for an empty cell), read off the terminal:
    the text between the board's outer frame, a cell the digits of its lines."""
    rows = [row for row in screen.screen.display if row.strip().startswith("┃")]
    inner = [row[row.index("┃") + 1 : row.rindex("┃")] for row in rows]
    if not inner or len(inner) % size:
        return []  # no board on the screen
    height = len(inner) // size
    values = []
    for r in range(size):
        lines = inner[r * height : (r + 1) * height]
        cells = [re.split(r"[┃│]", line) for line in lines]
        for c in range(size):
            # Digits alone: a value may be drawn between marks (‹1›, the cursor's value elsewhere).
            digits = re.sub(r"\D", "", "".join(part[c] for part in cells if len(part) == size))
            values.append(int(digits) if digits else 0)
    return values


def panel_row(screen: Screen, name: str) -> str:
    """The room panel's line of a player (the text right of the board)."""
    for row in screen.screen.display:
        if name in row:
            return row[row.index(name) :]
    return ""


async def playing(server: ServerProcess, key: Path) -> Screen:
    screen = await Screen(await connect(server.port, key)).start()
    await screen.wait_for(START_LINE)
    return screen


async def create_room(screen: Screen, kind: str) -> str:
    """``w``, a race (its button has the focus) or a co-op room; the code the panel shows."""
    await screen.press("w")
    await screen.wait_for(texts.CREATE_RACE)
    await screen.press(*([TAB] if kind == "coop" else []), "\r")
    title = texts.room_title(kind, "")
    await until(lambda: title in screen.text() and CODE.search(screen.text()) is not None, screen.text, WAIT)
    found = CODE.search(screen.text())
    assert found is not None
    return found.group(1)


async def enter_room(screen: Screen, code: str, *, watch: bool = False) -> None:
    """``w``, the code typed, then Join (Enter in the code's field) or Watch."""
    await screen.press("w")
    await screen.wait_for(texts.ROOM_CODE_PROMPT)
    await screen.press(TAB, TAB)  # past the two buttons to create, to the code's field
    await screen.press(code)
    await screen.press(*([TAB, TAB, "\r"] if watch else ["\r"]))
    await screen.wait_for(code)


async def open_bundled(screen: Screen, name: str = "4x4-easy.txt") -> None:
    """The host opens a bundled puzzle through the Open dialog's folder tree, as a player would."""
    await screen.press("o")
    await screen.wait_for(f"📄 {name}")
    rows = screen.screen.display
    top = next(i for i, row in enumerate(rows) if "📂 puzzles" in row)
    wanted = next(i for i, row in enumerate(rows) if f"📄 {name}" in row)
    await screen.press(*[DOWN] * (wanted - top))
    await screen.press("\r")
    await screen.wait_for(texts.made_range("4x4"))  # the room's puzzle, back from the room


def go_to(cell: int, size: int = 4) -> list[str]:
    """The keys that take the cursor to ``cell`` from wherever it is (moves stop at the edges)."""
    return [UP] * size + [LEFT] * size + [DOWN] * (cell // size) + [RIGHT] * (cell % size)


async def shows(screen: Screen, seen: Callable[[list[int]], bool]) -> float:
    """Waits until the board on ``screen`` is ``seen``; the moment it was (monotonic)."""
    deadline = time.monotonic() + WAIT
    while True:
        screen.arrived.clear()  # before looking, so output arriving meanwhile wakes the wait
        if seen(board_values(screen)):
            return time.monotonic()
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"the board never got there:\n{screen.text()}")
        try:
            await asyncio.wait_for(screen.arrived.wait(), left)
        except TimeoutError:
            continue


class BoardsSeen:
    """Every board each screen shows, as it changes, while the test plays on."""

    def __init__(self, *screens: Screen) -> None:
        self.screens = screens
        self.seen: list[list[list[int]]] = [[] for _ in screens]
        self.task = asyncio.ensure_future(self._look())

    async def _look(self) -> None:
        while True:  # until stop(): a test's length at most
            for screen, seen in zip(self.screens, self.seen, strict=True):
                values = board_values(screen)
                if values and (not seen or seen[-1] != values):
                    seen.append(values)
            await asyncio.sleep(0.01)

    def stop(self) -> None:
        self.task.cancel()


async def quit_all(*screens: Screen) -> None:
    for screen in screens:
        await screen.press(QUIT)
        assert await screen.exit_status() == 0
        screen.conn.close()


async def test_a_coop_room_of_three_shares_every_entry(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    server: ServerProcess = servers()
    puzzle = bundled_puzzle()
    givens = list(puzzle.givens)
    keys = [make_key(tmp_path, name) for name in ("ann", "bob", "cai")]
    screens = [await playing(server, key) for key in keys]
    ann = screens[0]
    code = await create_room(ann, "coop")
    await open_bundled(ann)
    for screen in screens[1:]:
        await enter_room(screen, code)
    for screen in screens:
        await shows(screen, lambda values: values == givens)
        for key in keys:
            await screen.wait_for(key.name)  # every player listed by name on every screen
    empty = [cell for cell, value in enumerate(givens) if not value]
    cells = empty[:3]  # each player's own cell
    for screen, cell in zip(screens, cells, strict=True):
        await screen.press(*go_to(cell))
    expected = list(givens)
    latencies: list[float] = []
    for round_ in range(4):
        for turn, (screen, cell) in enumerate(zip(screens, cells, strict=True)):
            value = (round_ + turn) % 4 + 1
            expected[cell] = value
            others = [other for other in screens if other is not screen]
            want = list(expected)
            assert screen.process is not None
            sent = time.monotonic()
            screen.process.stdin.write(str(value).encode())
            arrivals = await asyncio.gather(*(shows(other, lambda values, w=want: values == w) for other in others))
            latencies += [arrival - sent for arrival in arrivals]
            await shows(screen, lambda values, w=want: values == w)
    print(
        f"\nco-op, a key to another player's screen ({len(latencies)} arrivals): "
        f"median {statistics.median(latencies) * 1000:.0f} ms, largest {max(latencies) * 1000:.0f} ms"
    )
    await quit_all(*screens)


async def test_a_race_of_two_hidden_until_the_start_and_one_finish_seen_by_the_other(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    server: ServerProcess = servers()
    puzzle = bundled_puzzle()
    givens = list(puzzle.givens)
    solution = solve(puzzle)
    assert solution is not None
    ann_key, bob_key = make_key(tmp_path, "ann"), make_key(tmp_path, "bob")
    ann, bob = await playing(server, ann_key), await playing(server, bob_key)
    code = await create_room(ann, "race")
    await open_bundled(ann)
    await enter_room(bob, code)
    await ann.wait_for("S starts the race")
    await bob.wait_for("Waiting for the host")
    for screen in (ann, bob):  # the frame, no value: not even the givens
        await shows(screen, lambda values: values == [0] * 16)
    empty = [cell for cell, value in enumerate(givens) if not value]
    mine = empty[0]  # Ann's one entry: a wrong value, which Bob's board never has there
    wrong = solution[mine] % 4 + 1
    boards = BoardsSeen(ann, bob)
    try:
        await ann.press("S")
        for screen in (ann, bob):
            await shows(screen, lambda values: values == givens)
        await ann.press(*go_to(mine), str(wrong))
        await shows(ann, lambda values: values[mine] == wrong)
        await bob.wait_for("ann")
        await until(lambda: f"{sum(1 for v in givens if v) + 1}/16" in panel_row(bob, "ann"), bob.text, WAIT)
        for typed, cell in enumerate(empty, start=1):
            await bob.press(*go_to(cell), str(solution[cell]), pause=0.05)
            if typed == 3:  # Bob's count on Ann's screen, live
                filled = sum(1 for v in givens if v) + 3
                await until(lambda n=filled: f"{n}/16" in panel_row(ann, "bob"), ann.text, WAIT)
        await shows(bob, lambda values: values == list(solution))
        finish = re.compile(r"#1 \d+:\d\d$")  # the finish, with its whole time
        await until(lambda: finish.search(panel_row(ann, "bob").rstrip()) is not None, ann.text, WAIT)
        await until(lambda: finish.search(panel_row(bob, "bob").rstrip()) is not None, bob.text, WAIT)
        assert "#" not in panel_row(ann, "ann")  # Ann has not finished
    finally:
        boards.stop()
    own_of_ann = [given or (wrong if cell == mine else 0) for cell, given in enumerate(givens)]
    for values in boards.seen[0]:  # only her own entries, ever
        assert all(value in (0, own_of_ann[cell]) for cell, value in enumerate(values)), values
    for values in boards.seen[1]:
        assert values[mine] != wrong, values
    assert board_values(ann) == own_of_ann
    print(f"\nrace: Ann's screen at the end:\n{ann.text()}")
    await quit_all(ann, bob)


async def test_a_watcher_changes_nothing(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    server: ServerProcess = servers()
    givens = list(bundled_puzzle().givens)
    keys = [make_key(tmp_path, name) for name in ("ann", "bob", "cai")]
    ann, bob, cai = [await playing(server, key) for key in keys]
    code = await create_room(ann, "coop")
    await open_bundled(ann)
    await enter_room(bob, code)
    await enter_room(cai, code, watch=True)
    for screen in (ann, bob, cai):
        await shows(screen, lambda values: values == givens)
        await until(lambda s=screen: "watch" in panel_row(s, "cai"), screen.text, WAIT)  # Cai listed as a watcher
    boards = BoardsSeen(ann, bob, cai)
    empty = [cell for cell, value in enumerate(givens) if not value]
    try:
        for cell in empty[:4]:  # values, clears, an undo, a hint, Solve: nothing of them reaches the board
            await cai.press(*go_to(cell), "3", "\x7f", "2", "u", "?", "s", pause=0.1)
        # Bob's move after them: once every screen has it, the watcher's keys were long read.
        after = list(givens)
        after[empty[-1]] = 4
        await bob.press(*go_to(empty[-1]), "4")
        for screen in (ann, bob, cai):
            await shows(screen, lambda values: values == after)
    finally:
        boards.stop()
    for seen in boards.seen:  # every board any screen drew: the givens, then Bob's move
        assert seen == [givens, after], seen
    await quit_all(ann, bob, cai)


async def test_a_dropped_player_comes_back_with_the_same_key_to_the_same_seat(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Bob's connection drops; Ann enters a value meanwhile; ``ssh -t HOST join CODE`` with Bob's
    key gives him back his seat, the board as the room has it now."""
    server: ServerProcess = servers()
    givens = list(bundled_puzzle().givens)
    ann_key, bob_key = make_key(tmp_path, "ann"), make_key(tmp_path, "bob")
    ann, bob = await playing(server, ann_key), await playing(server, bob_key)
    code = await create_room(ann, "coop")
    await open_bundled(ann)
    await enter_room(bob, code)
    await shows(bob, lambda values: values == givens)
    await bob.wait_for("> bob")  # his own seat, the second
    bob.conn.close()  # dropped, as a network cut does: no quit, no leave
    await until(lambda: "away" in panel_row(ann, "bob"), ann.text, WAIT)
    cell = next(cell for cell, value in enumerate(givens) if not value)
    after = list(givens)
    after[cell] = 3
    await ann.press(*go_to(cell), "3")
    await shows(ann, lambda values: values == after)
    back = await Screen(await connect(server.port, bob_key)).start(f"join {code}")
    await shows(back, lambda values: values == after)  # what Ann entered while he was away
    await back.wait_for("> bob")  # the same name, marked his own
    rows = back.screen.display
    host_row = next(i for i, row in enumerate(rows) if " *ann" in row)
    assert rows[host_row + 1].find("> bob") >= 0, back.text()  # the same seat: the one after the host's
    assert "away" not in panel_row(back, "bob")
    await until(lambda: "away" not in panel_row(ann, "bob"), ann.text, WAIT)
    await quit_all(ann, back)
