"""What a served game's own memory is made of, step by step through bench_serve's play.

    python -m benchmarks.bench_game_memory [--games G] [--solver pure|compiled] [--mappings K] [--settle S]

A server on the loopback, its warm template ready, and G games (default 3)
forked from it, each a real asyncssh client with a terminal; they play, one
step at a time and all together, what ``bench_serve`` plays: the Open
dialog, a bundled 9x9 file chosen and opened, 23 keys that each redraw, a
hint and a solve. After each step (and after the games have sat idle a few
seconds) it reads each game's ``/proc/PID/smaps`` and prints, averaged over
the games: the proportional memory (PSS: a game's private pages plus its
share of the pages it shares with the template and the other games), the
private pages (Private_Clean + Private_Dirty: what the game alone holds,
what PSS tends to as games are many) split by mapping ([heap], anonymous
memory (Python's arenas, malloc's arenas and thread stacks), [stack], shared
libraries, other files), and the private pages of [heap] and anonymous
memory split in two by the template's page table (``/proc/PID/pagemap``):
pages the template holds at the same address, which the game has written and
so copied (a reference count, a specialized instruction's counter, an entry
added to a dict made in the template; of those, the ones whose bytes are the
template's again, which kernel same-page merging could share), and new pages
the template never had (the game's own objects). Then the K mappings (default 8) whose private pages
grew most over the play. The template's own PSS and RSS are printed at the
start and the end. With ``--settle S`` the games are then left alone S
seconds and read every 20: where the host runs the kernel's same-page merging
(``/sys/kernel/mm/ksm/run`` is 1; the template offers every page to it), this
shows the merged pages a game and the CPU the merging thread (ksmd) took.

This is memory, not time: the machine's load does not change it, but the load
average is printed before as everywhere here.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import struct
import tempfile
import time
from collections import defaultdict
from contextlib import suppress
from pathlib import Path

from benchmarks import bench_serve
from benchmarks.bench_serve import MOVES, START_LINE, TEMPLATE_READY, ksmd_cpu, merging, start_server
from tests.serve.ssh_helpers import Screen, connect, game_processes, make_key, template_processes

Mapping = tuple[str, str]  # (address range, name)
IDLE = 5.0  # seconds the games sit before the last reading
SETTLE_EVERY = 20.0  # seconds between readings while the games settle (--settle)


def smaps(pid: int) -> dict[Mapping, dict[str, int]]:
    """Every mapping of a process with its counters in KiB (Pss, Rss, Private_Dirty, ...)."""
    found: dict[Mapping, dict[str, int]] = {}
    current: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        fields = line.split()
        if "-" in fields[0] and not fields[0].endswith(":"):
            current = {}
            found[(fields[0], fields[5] if len(fields) > 5 else "")] = current
        elif len(fields) >= 2 and fields[0].endswith(":") and fields[1].isdigit():
            current[fields[0][:-1]] = int(fields[1])
    return found


def kind(name: str) -> str:
    if name in ("[heap]", "[stack]"):
        return name
    if not name:
        return "anonymous"
    if ".so" in name:
        return "libraries"
    return "other"


KINDS = ("[heap]", "anonymous", "[stack]", "libraries", "other")


def private(counters: dict[str, int]) -> int:
    return counters.get("Private_Clean", 0) + counters.get("Private_Dirty", 0)


def summary(readings: list[dict[Mapping, dict[str, int]]]) -> str:
    """PSS, private and private by kind of mapping, in MiB, averaged over the games."""
    count = max(len(readings), 1)
    pss = sum(c.get("Pss", 0) for r in readings for c in r.values()) / count
    own = sum(private(c) for r in readings for c in r.values()) / count
    by_kind: dict[str, float] = defaultdict(float)
    for reading in readings:
        for (_, name), counters in reading.items():
            by_kind[kind(name)] += private(counters) / count
    parts = ", ".join(f"{k} {by_kind[k] / 1024:.1f}" for k in KINDS)
    return f"PSS {pss / 1024:5.1f} MiB, private {own / 1024:5.1f} MiB ({parts})"


PAGE = 4096
PRESENT, EXCLUSIVE = 1 << 63, 1 << 56  # pagemap bits: in memory; mapped by this process alone


def page_flags(pid: int, low: int, high: int) -> tuple[int, ...]:
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        pagemap.seek(low // PAGE * 8)
        data = pagemap.read((high - low) // PAGE * 8)
    return struct.unpack(f"{len(data) // 8}Q", data)


def same_page(game: int, template: int, address: int) -> bool:
    """Whether a page the game copied holds what the template's still does (a count
    raised and lowered again): one that kernel same-page merging could share again."""
    try:
        with open(f"/proc/{game}/mem", "rb") as ours, open(f"/proc/{template}/mem", "rb") as theirs:
            ours.seek(address)
            theirs.seek(address)
            return ours.read(PAGE) == theirs.read(PAGE)
    except OSError:  # not ours to read (another user's process)
        return False


def copied_and_new(game: int, template: int) -> tuple[int, int, int]:
    """KiB of the game's private [heap] and anonymous pages that the template holds at the
    same address (copied on the game's first write), of those the ones alike again, and
    the pages the template does not hold (new)."""
    copied = alike = new = 0
    for line in Path(f"/proc/{game}/maps").read_text().splitlines():
        fields = line.split()
        if len(fields) > 5 and fields[5] != "[heap]":
            continue
        low, high = (int(end, 16) for end in fields[0].split("-"))
        theirs = page_flags(template, low, high)
        for index, flags in enumerate(page_flags(game, low, high)):
            if flags & PRESENT and flags & EXCLUSIVE:
                if index < len(theirs) and theirs[index] & PRESENT:
                    copied += PAGE // 1024
                    alike += PAGE // 1024 if same_page(game, template, low + index * PAGE) else 0
                else:
                    new += PAGE // 1024
    return copied, alike, new


def copies(games: list[int], template: int) -> str:
    found = [copied_and_new(game, template) for game in games]
    count = max(len(found), 1)
    copied, alike, new = (sum(each[side] for each in found) / count / 1024 for side in (0, 1, 2))
    return f"; of [heap] and anonymous, {copied:.1f} copied from the template ({alike:.1f} alike again), {new:.1f} new"


def private_pages(pid: int) -> list[int]:
    """The addresses of a process's private [heap] and anonymous pages."""
    found = []
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        fields = line.split()
        if len(fields) > 5 and fields[5] != "[heap]":
            continue
        low, high = (int(end, 16) for end in fields[0].split("-"))
        found += [low + i * PAGE for i, f in enumerate(page_flags(pid, low, high)) if f & PRESENT and f & EXCLUSIVE]
    return found


def alike_in_all(games: list[int]) -> str:
    """MiB of the first game's private pages whose bytes every other game has at the same
    address: what kernel same-page merging could keep once for all of them."""
    memories = [open(f"/proc/{game}/mem", "rb") for game in games]  # noqa: SIM115  (closed below)
    try:
        alike = 0
        for address in private_pages(games[0]):
            contents = set()
            for memory in memories:
                memory.seek(address)
                with suppress(OSError):  # a page another game does not have
                    contents.add(memory.read(PAGE))
            alike += len(contents) == 1
    finally:
        for memory in memories:
            memory.close()
    return f"{alike * PAGE / 2**20:.1f} MiB of a game's private [heap] and anonymous pages alike in all {len(games)}"


def rollup(pid: int) -> str:
    text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    pss, rss = (int(text.split(f"{field}:")[1].split()[0]) for field in ("Pss", "Rss"))
    return f"PSS {pss / 1024:.1f} MiB, RSS {rss / 1024:.1f} MiB"


async def step(screens: list[Screen], keys: list[str], shown: str | None) -> None:
    """Each game gets ``keys`` and, with ``shown``, shows it; else each key gets its answer."""
    if shown is not None:
        for screen in screens:
            await screen.press(*keys)
        for screen in screens:
            await screen.wait_for(shown, timeout=120)
        return
    for key in keys:
        for screen in screens:
            screen.arrived.clear()
            await screen.press(key, pause=0)
        for screen in screens:
            await asyncio.wait_for(screen.arrived.wait(), 60)
        await asyncio.sleep(0.3)


STEPS: list[tuple[str, list[str], str | None]] = [
    ("Open dialog", ["o"], "📄 9x9-easy.txt"),
    ("file chosen", ["\t", "9x9-easy.txt"], "puzzles/9x9-easy.txt"),
    ("file opened", ["\r"], "of 0 … "),
    ("23 keys", MOVES, None),
    ("hint", ["?"], None),
    ("solve", ["s"], None),
]


async def settle(pids: list[int], template: int, seconds: float) -> None:
    """The games left alone for ``seconds``: their memory every SETTLE_EVERY seconds, the
    pages the kernel has merged, and the CPU its merging thread took meanwhile."""
    began, cpu = time.monotonic(), ksmd_cpu()
    while time.monotonic() - began < seconds:
        await asyncio.sleep(SETTLE_EVERY)
        merged = sum(
            int(Path(f"/proc/{pid}/ksm_stat").read_text().split("ksm_merging_pages")[1].split()[0])
            for pid in pids
            if Path(f"/proc/{pid}/ksm_stat").exists()
        )
        print(
            f"{time.monotonic() - began:>10.0f} s: {summary([smaps(pid) for pid in pids])}; the template "
            f"{rollup(template)}; merged {merged * PAGE / len(pids) / 2**20:.1f} MiB a game; "
            f"ksmd {ksmd_cpu() - cpu:.1f} s of CPU"
        )


async def run(games: int, mappings: int, folder: Path, settling: float) -> None:
    server = start_server(folder / "server", games)
    try:
        await server.wait_for_log(TEMPLATE_READY, timeout=300)
        [template] = template_processes(server)
        print(f"the template: {rollup(template)}")
        keys = [make_key(folder, f"key{number}") for number in range(games)]
        screens = []
        for key in keys:
            server.name_player(key)
            screen = Screen(await connect(server.port, key, named=False))
            await screen.start()
            await screen.wait_for(START_LINE, timeout=120)
            screens.append(screen)
        pids = game_processes(server)
        first = [smaps(pid) for pid in pids]
        print(f"{'first screen':>14}: {summary(first)}{copies(pids, template)}")
        for name, keys_of_step, shown in STEPS:
            await step(screens, keys_of_step, shown)
            await asyncio.sleep(1.0)
            print(f"{name:>14}: {summary([smaps(pid) for pid in pids])}{copies(pids, template)}")
        await asyncio.sleep(IDLE)
        last = [smaps(pid) for pid in pids]
        print(f"{'idle after':>14}: {summary(last)}{copies(pids, template)}")
        print(f"the template after: {rollup(template)}")
        print(alike_in_all(pids))
        if settling:
            await settle(pids, template, settling)
        grown: dict[str, float] = defaultdict(float)
        for before, after in zip(first, last, strict=True):
            for mapping, counters in after.items():
                name = mapping[1] or f"anonymous {mapping[0]}"
                grown[name] += (private(counters) - private(before.get(mapping, {}))) / len(pids)
        print(f"private KiB grown from the first screen to the end, the {mappings} largest mappings:")
        for name, kib in sorted(grown.items(), key=lambda item: -item[1])[:mappings]:
            print(f"  {kib:8.0f}  {name}")
        for screen in screens:
            screen.conn.close()
    finally:
        await asyncio.to_thread(server.terminate)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--solver", choices=("pure", "compiled"), default="pure")
    parser.add_argument("--mappings", type=int, default=8)
    parser.add_argument("--settle", type=float, default=0.0, help="seconds to watch the games idle after play")
    args = parser.parse_args(argv)
    bench_serve.SOLVER = args.solver  # the server's options are bench_serve's module settings
    print(
        f"load average {os.getloadavg()[0]:.1f} before; {args.games} games, {args.solver} search; "
        f"the kernel's same-page merging {merging()}"
    )
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(args.games, args.mappings, Path(folder), args.settle))


if __name__ == "__main__":
    main()
