"""``--dask ADDRESS``: the batch commands on a local Dask cluster started here
give the same output, in the same order, as on one process."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_tui.cli import main

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """One worker thread in this process: light on a shared machine, and still
    a real scheduler the command connects to by its address."""
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    "args",
    [
        ("canon", "9x9-medium.txt"),
        ("canon", "9x9-medium.txt", "--json"),
        ("dedupe", "9x9-easy.txt"),
        ("minimal", "sudoku-4x4.txt", "--json"),
        ("grade", "9x9-easy.txt"),
        ("solve", "9x9-unfair.txt"),
        ("solve", "16x16-easy.txt", "--count"),
        ("solve", "no-solution.txt", "--method", "classic"),
    ],
)
def test_same_output_in_file_order(scheduler: str, args: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    command, name, *rest = args
    local = run(capsys, command, str(PUZZLES / name), *rest)
    assert local[0] == 0
    assert local[1]
    # stderr may differ by the one-time note that the solver is being compiled.
    assert run(capsys, command, str(PUZZLES / name), *rest, "--dask", scheduler)[:2] == local[:2]


def test_generate_on_the_cluster_makes_the_same_puzzles(scheduler: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ("generate", "--count", "3", "--seed", "11", "--difficulty", "medium")
    local = run(capsys, *args)
    assert local[0] == 0
    assert run(capsys, *args, "--dask", scheduler)[:2] == local[:2]


def test_a_variant_on_the_cluster_is_the_same_variant(scheduler: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ("generate", "--variant", "windoku", "--count", "2", "--seed", "4")
    local = run(capsys, *args)
    assert local[0] == 0 and local[1].startswith("windoku\n")
    assert run(capsys, *args, "--dask", scheduler)[:2] == local[:2]


def test_a_bad_address_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "canon", str(PUZZLES / "sudoku-4x4.txt"), "--dask", "nowhere://there")
    assert (status, out) == (1, "")
    assert err.startswith("Cannot reach the Dask scheduler at nowhere://there")
    assert "Traceback" not in err


def booklet_content(path: Path) -> bytes:
    """The PDF without its creation time and file identifier, which differ between any two runs."""
    text = path.read_bytes()
    return re.sub(rb"/CreationDate \(D:\d+Z\)|/ID \[<[0-9A-F]+><[0-9A-F]+>\]", b"", text)


def test_a_booklet_is_the_same_on_the_cluster_and_over_processes(
    scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The booklet grades and solves every puzzle and writes out its steps: the batch part of export.
    booklets = []
    for how in ((), ("--jobs", "2"), ("--dask", scheduler)):
        out = tmp_path / f"booklet{len(booklets)}.pdf"
        args = ("export", str(PUZZLES / "4x4-easy.txt"), "--pdf", str(out), "--solutions", "--steps", *how)
        status, _, err = run(capsys, *args)
        assert (status, err.splitlines()[-1]) == (0, f"20 puzzles written to {out}")
        booklets.append(booklet_content(out))
    assert booklets[0].startswith(b"%PDF")
    assert booklets[1] == booklets[0] and booklets[2] == booklets[0]
