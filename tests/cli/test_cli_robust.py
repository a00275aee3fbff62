"""The command line against special files, Ctrl-C, impossible puzzles, huge numbers
and a full disk, run as a user runs it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import NoReturn

import pytest

from sudoku_tui import cli
from sudoku_tui.engine.batch.workers import usable_cores, worker_count
from sudoku_tui.engine.search import MAX_LIMIT
from sudoku_tui.engine.warm import interrupt_inside_numba, warm_up
from sudoku_tui.game.texts import PREPARING
from tests.search_paths import compiled_search_available

NO_SOLUTION = "The puzzle has no solution."


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_tui", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


# ---- item 2: only regular files ------------------------------------------------------


def test_check_of_a_fifo_says_so_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    result = run("check", str(fifo), timeout=60)
    assert (result.returncode, result.stderr, result.stdout) == (1, f"{fifo} is a pipe, not a puzzle file.\n", "")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_device_is_one_sentence(command: str, device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"{device} is absent")
    result = run(command, device, timeout=60)
    assert (result.returncode, result.stderr) == (1, f"{device} is a device, not a puzzle file.\n")


# ---- item 4: Ctrl-C stops the compiled counter ---------------------------------------


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children (the workers of --jobs)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:  # it ended meanwhile
        return 0.0
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(cpu_seconds(int(child)) for child in children)


def interrupt_when_busy(args: list[str], busy_seconds: float) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run the command, press Ctrl-C once it has worked ``busy_seconds`` of
    CPU, and return what it did and how long it took to stop."""
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku_tui", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A shell's background job ignores SIGINT; the user's terminal does not.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while cpu_seconds(process.pid) < busy_seconds:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the command never got busy"
        time.sleep(0.05)
    pressed = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise AssertionError("Ctrl-C did not stop the command within 30 s") from None
    stopped = time.monotonic() - pressed
    return subprocess.CompletedProcess(args, process.returncode, out, err), stopped


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the CPU time from /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_long_count(tmp_path: Path, jobs: str) -> None:
    warm_up()  # compiled and cached here, so the command's CPU time is all counting
    # One empty 9x9 (1+ minute to count to 10^8), or for --jobs, enough of them for two chunks.
    puzzles = 1 if jobs == "1" else 4097
    path = write(tmp_path / "empty.txt", "3\n" + ("." * 81 + "\n") * puzzles)
    result, _stopped = interrupt_when_busy(
        ["solve", "--count", "--limit", "100000000", "--jobs", jobs, str(path)], busy_seconds=2.0
    )
    assert (result.returncode, result.stderr, result.stdout) == (130, "Interrupted.\n", "")


class StoppedNow(Exception):
    """What the test's stop does in place of ending the process."""


@pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")
def test_ctrl_c_during_a_compile_ends_the_command_there() -> None:
    # Raised inside Numba's compiler, Ctrl-C was lost in an LLVM callback (the
    # count went on) or broke the compile (a RuntimeError traceback, exit 1).
    from numba import njit
    from numba.core import event

    class CtrlCWhileCompiling(event.Listener):
        def on_start(self, _event: event.Event) -> None:
            signal.raise_signal(signal.SIGINT)  # a real Ctrl-C, the compiler at work

        def on_end(self, _event: event.Event) -> None:
            pass

    triple = njit(lambda x: x * 3)  # new to this process: a real compile
    compiled_when_stopped: list[bool] = []

    def stop_now() -> None:
        compiled_when_stopped.append(bool(triple.signatures))
        raise StoppedNow

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
    stop = interrupt_inside_numba(stop_now)
    press = CtrlCWhileCompiling()
    event.register("numba:compile", press)  # type: ignore[no-untyped-call]
    try:
        with pytest.raises(StoppedNow):
            triple(2)
    finally:
        event.unregister("numba:compile", press)  # type: ignore[no-untyped-call]
        stop()
        handler_after = signal.getsignal(signal.SIGINT)
        signal.signal(signal.SIGINT, previous)
    assert compiled_when_stopped == [False]  # at once, not when the compile was done
    assert handler_after is signal.default_int_handler
    assert triple(2) == 6  # the next compile is whole


def test_the_stop_during_a_compile_keeps_the_output_and_says_interrupted(tmp_path: Path) -> None:
    script = tmp_path / "stop.py"
    script.write_text(
        "import sys\n"
        "from sudoku_tui.cli.first_compile import interrupted_while_compiling\n"
        "sys.stdout.write('a line already made\\n')\n"
        "interrupted_while_compiling()\n"
        "print('never')\n"
    )
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout, result.stderr) == (130, "a line already made\n", "Interrupted.\n")


# ---- item 5: explain and grade on a puzzle without a solution -------------------------


def main_within(args: list[str], seconds: float) -> int:
    """``sudoku-tui ARGS`` in this process; a failure, not a hang, when it runs on.
    (Logic on a 16x16 whose givens conflict ran for more than 900 s.)"""
    status: list[int] = []
    worker = threading.Thread(target=lambda: status.append(cli.main(args)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert status, f"sudoku-tui {' '.join(args)} did not finish within {seconds} s"
    return status[0]


IMPOSSIBLE = {
    "9x9 conflict": "3\n11" + "." * 79 + "\n",
    # no two givens clash, yet r1c9 can hold nothing
    "9x9 no candidate": "3\n12345678." + "........9" + "." * 63 + "\n",
    "16x16 conflict": "11" + "." * 254 + "\n",
    "samurai conflict": "samurai\n11" + "." * 403 + "\n",
}


@pytest.mark.parametrize("board", sorted(IMPOSSIBLE))
@pytest.mark.parametrize("command", ["explain", "grade"])
def test_no_solution_is_said_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, board: str
) -> None:
    path = write(tmp_path / "impossible.txt", IMPOSSIBLE[board])
    assert main_within([command, str(path)], seconds=60) == 0
    assert capsys.readouterr() == (NO_SOLUTION + "\n", "")


def test_grade_says_it_for_that_puzzle_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    solvable = "1234341221434321"
    path = write(tmp_path / "mixed.txt", f"2\n{solvable}\n11{'.' * 14}\n{solvable}\n")
    assert cli.main(["grade", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == NO_SOLUTION and lines[0] == lines[2] and lines[0].startswith("Easy")


# ---- item 8: numbers past what the counter holds, --jobs, a full disk -------------------


@pytest.mark.parametrize("limit", [str(MAX_LIMIT + 1), str(1 << 64), "9" * 40])
def test_a_limit_the_counter_cannot_hold_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], limit: str
) -> None:
    path = write(tmp_path / "four.txt", "2\n" + "." * 16 + "\n")
    with pytest.raises(SystemExit) as exited:
        cli.main(["solve", "--count", "--limit", limit, str(path)])
    assert exited.value.code == 2 and f"{limit} is too large" in capsys.readouterr().err


def test_a_usage_error_names_the_command_plainly(tmp_path: Path) -> None:
    # The command's usage once began with the program's two usage lines,
    # "sudoku-tui [FILE]\n       sudoku-tui COMMAND ... solve: error: ...".
    result = run("solve", "--count", "--limit", str(1 << 64), str(tmp_path / "four.txt"))
    assert result.returncode == 2 and result.stderr.startswith("usage: sudoku-tui solve [-h]")
    assert result.stderr.splitlines()[-1] == (
        f"sudoku-tui solve: error: argument --limit: {1 << 64} is too large (at most {MAX_LIMIT})"
    )


def test_the_largest_limit_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "four.txt", "2\n" + "." * 16 + "\n")
    assert cli.main(["solve", "--count", "--limit", str(MAX_LIMIT), str(path)]) == 0
    assert capsys.readouterr().out == "288\n"


def test_jobs_are_capped_at_the_work_and_the_cores() -> None:
    cores = usable_cores()
    assert worker_count(1000, 3) == min(3, cores)
    assert worker_count(1000, 10**6) == cores
    assert worker_count(0, 5) == 1 and worker_count(4, 0) == 1


def test_a_thousand_jobs_give_the_same_answers(tmp_path: Path) -> None:
    path = write(tmp_path / "four.txt", "2\n" + "1234341221434321\n" * 5000)
    many = run("solve", "--jobs", "1000", str(path))
    assert many.returncode == 0 and many.stdout == run("solve", str(path)).stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_full_disk_is_one_sentence(command: str) -> None:
    puzzles = str(Path(__file__).resolve().parents[2] / "puzzles" / "sudoku-4x4.txt")
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "sudoku_tui", command, puzzles],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            stdin=subprocess.DEVNULL,
        )
    assert result.returncode == 1
    assert result.stderr == "sudoku-tui stopped: the output could not be written (No space left on device).\n"


# ---- item 10: the compiler is announced, once, only when it runs ----------------------


@pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")
def test_a_compile_is_announced_once(capsys: pytest.CaptureFixture[str]) -> None:
    from numba import njit

    from sudoku_tui.engine.warm import announce_compiles

    stop = announce_compiles(lambda: print(PREPARING, file=sys.stderr))
    try:
        # Two functions new to this process: each is a real compile.
        assert njit(lambda x: x + 1)(1) == 2
        assert njit(lambda x: x * 3)(2) == 6
    finally:
        stop()
    assert capsys.readouterr().err == PREPARING + "\n"


@pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")
def test_listening_for_compiles_waits_for_numba_to_load() -> None:
    # A count by the 9x9 counter's machine code never loads Numba: listening
    # starts as Numba loads, and a compile after that is still announced.
    script = (
        "import sys\n"
        "from sudoku_tui.engine.warm import announce_compiles\n"
        "stop = announce_compiles(lambda: print('compiling', file=sys.stderr))\n"
        "print('numba' in sys.modules)\n"
        "from sudoku_tui.engine.search import backend\n"
        "print(backend.jit_enabled())\n"
        "from numba import njit\n"
        "njit(lambda x: x + 1)(1)\n"
        "njit(lambda x: x * 3)(2)\n"
        "stop()\n"
        "njit(lambda x: x - 1)(1)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout, result.stderr) == (0, "False\nTrue\n", "compiling\n")


@pytest.mark.skipif(not compiled_search_available(), reason="Numba is not installed (the fast extra)")
def test_nothing_is_announced_when_the_cache_has_it(tmp_path: Path) -> None:
    warm_up()  # fills Numba's disk cache, as any earlier run would have
    path = write(tmp_path / "four.txt", "2\n" + "." * 16 + "\n")
    result = run("solve", str(path))
    assert (result.returncode, result.stderr) == (0, "")


def test_an_error_nothing_catches_is_one_sentence_and_the_crash_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # No memory left as the file is read: what no command expects.
    from sudoku_tui.engine.files import formats  # the reader the command calls, made to fail

    def no_memory(*_args: object, **_kwargs: object) -> NoReturn:
        raise MemoryError()

    monkeypatch.setattr(formats, "read_puzzle_file", no_memory)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    puzzle = write(tmp_path / "one.txt", "4\n" + "." * 16 + "\n")
    log = tmp_path / "sudoku-tui" / "crash.log"
    assert cli.main(["check", str(puzzle)]) == 1
    said = capsys.readouterr()
    assert said == ("", f"sudoku-tui check stopped on an unexpected error.\nWhat went wrong is written in {log}.\n")
    assert "Traceback" in log.read_text() and "MemoryError" in log.read_text()
