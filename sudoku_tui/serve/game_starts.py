"""How the server starts a game: forked from a warm template, else as a new process.

The server runs one template process per language its games speak
(game_template.py; the first at start, the others when a game first asks for
them). A game is asked of its language's template over a Unix socket, with its
terminal's slave end passed along (SCM_RIGHTS); the answer is its pid. The
template forks it through a middle process that exits at once, and the server,
a child subreaper (PR_SET_CHILD_SUBREAPER), adopts it: the game is the server's
own child, so its exit status comes from waitpid (woken by a pidfd) and its
signals, hang-up and resize go to it as to a game the server had started.

A template that is not ready yet, stuck, gone or failing never loses a game:
the game starts as a new process instead (:func:`GameStarts.fork` says None),
and a template that died is started again on the next game, at most
``RESTARTS`` times in ``RESTART_WINDOW`` seconds.
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import os
import signal
import socket
import sys
import time
from collections import deque
from collections.abc import Callable, Mapping
from contextlib import suppress

from ..game.language import LANGUAGES
from .limits import DEFAULT_TERM, RateLimit
from .server_settings import ServerSettings

PR_SET_CHILD_SUBREAPER = 36
READY_WAIT = 20.0  # seconds a game waits for its template to be ready, before it starts the slow way
ANSWER_WAIT = 5.0  # seconds a template may take to fork a game, before it is taken as stuck
STOP_WAIT = 5.0  # seconds a template has to go once its socket is closed
RESTARTS = 3
RESTART_WINDOW = 600.0  # seconds
ANSWER_MOST = 4096  # bytes of one answer
READY = b"ready"
MOVED = b"moved "  # the template's word that a game's code is moved together, and how many code objects

Log = Callable[[str], None]


def become_subreaper() -> bool:
    """Make this process the adopter of its descendants' orphans (Linux 3.4 and later)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def language_of(env: Mapping[str, str]) -> str | None:
    """The template a game of this environment forks from, by its language: "" for English
    (which has no catalog: as without ``LANGUAGE``); None for none (it starts as a new process)."""
    language = env.get("LANGUAGE", "")
    if language in ("", "en"):
        return ""
    return language if language in LANGUAGES else None


class ForkedGame:
    """A game the template forked and the server adopted: its pid and, once it has
    ended, its exit status, as asyncio's ``Process`` gives them (-N: killed by signal N)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._loop = asyncio.get_running_loop()
        self._ended: asyncio.Future[int] = self._loop.create_future()
        # A pidfd names this process and no later one with its number; it is readable once it has ended.
        self._pidfd = os.pidfd_open(pid)
        self._loop.add_reader(self._pidfd, self._look)

    def _look(self) -> None:
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:  # not ours after all (taken by someone else): ended, status unknown
            pid, status = self.pid, 255 << 8
        if pid == 0:
            return
        self._loop.remove_reader(self._pidfd)
        os.close(self._pidfd)
        self.returncode = os.waitstatus_to_exitcode(status)
        self._ended.set_result(self.returncode)

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)


class Template:
    """One template process, for games of one language, and the socket to it."""

    def __init__(self, language: str, env: dict[str, str], log: Log) -> None:
        self.language = language
        self.env = env
        self.log = log
        self.process: asyncio.subprocess.Process | None = None
        self.control: socket.socket | None = None
        self._loop = asyncio.get_running_loop()
        self.ready: asyncio.Future[bool] = self._loop.create_future()
        self._answers: deque[asyncio.Future[int | None]] = deque()
        self._asking = asyncio.Lock()
        self.started = time.monotonic()
        self.gone = False

    async def start(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "sudoku_tui.serve.game_template",
                str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                env=self.env,
                pass_fds=(theirs.fileno(),),
            )
        except BaseException:
            ours.close()
            self._gone("it could not start")
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self.control = ours
        self._loop.add_reader(ours.fileno(), self._heard)

    def _heard(self) -> None:
        assert self.control is not None
        while True:
            try:
                message = self.control.recv(ANSWER_MOST)
            except BlockingIOError:
                return
            except OSError as error:
                self._gone(f"its socket failed: {error}")
                return
            if not message:
                self._gone("it ended")
                return
            if message == READY:
                took = time.monotonic() - self.started
                pid = self.process.pid if self.process is not None else "?"
                self.log(f"game template {self.name} ready (pid {pid}, after {took:.1f} s): games start from it")
                if not self.ready.done():
                    self.ready.set_result(True)
                continue
            if message.startswith(MOVED):
                count = message.removeprefix(MOVED).decode(errors="replace")
                self.log(f"game template {self.name}: a game's code moved together ({count} code objects)")
                continue
            if self._answers:
                answer = json.loads(message)
                self._answers.popleft().set_result(answer.get("pid") if isinstance(answer, dict) else None)

    @property
    def name(self) -> str:
        return self.language or "en"

    async def fork(self, env: Mapping[str, str], terminal: int) -> int | None:
        """The pid of a game forked on ``terminal`` with ``env``; None if this template cannot."""
        if self.gone:
            return None
        try:
            await asyncio.wait_for(asyncio.shield(self.ready), READY_WAIT)
        except TimeoutError:
            return None  # still importing (or compiling): this game starts the slow way
        # One game asked at a time, so that a game's wait is for its own fork: with a hundred
        # asked at once on a busy machine, the last would otherwise wait for all the others.
        async with self._asking:
            if self.gone or self.control is None:
                return None
            try:
                socket.send_fds(self.control, [json.dumps(dict(env)).encode()], [terminal])
            except OSError:
                return None
            answer: asyncio.Future[int | None] = self._loop.create_future()
            self._answers.append(answer)
            try:
                return await asyncio.wait_for(asyncio.shield(answer), ANSWER_WAIT)
            except TimeoutError:
                self._gone(f"it did not fork a game within {ANSWER_WAIT:.0f} s")
                return None

    def _gone(self, why: str) -> None:
        """The template is of no more use: every game waiting on it starts the slow way."""
        if self.gone:
            return
        self.gone = True
        self.log(f"game template {self.name} stopped: {why}; games start as new processes until another is ready")
        if not self.ready.done():
            self.ready.set_result(False)
        while self._answers:
            self._answers.popleft().set_result(None)
        self._close()
        if self.process is not None and self.process.returncode is None:
            with suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGKILL)

    def _close(self) -> None:
        if self.control is not None:
            self._loop.remove_reader(self.control.fileno())
            self.control.close()
            self.control = None

    async def stop(self) -> None:
        """Close its socket (it ends at that), and wait for it; kill it past ``STOP_WAIT``."""
        self.gone = True
        self._close()
        if self.process is None:
            return
        try:
            await asyncio.wait_for(self.process.wait(), STOP_WAIT)
        except TimeoutError:
            with suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()


class GameStarts:
    """The server's templates, by language: :meth:`fork` a game from one, or learn that
    it must start as a new process."""

    def __init__(self, settings: ServerSettings, log: Log) -> None:
        self.settings = settings
        self.log = log
        self.templates: dict[str, Template] = {}
        self.restarts = RateLimit(RESTARTS, window=RESTART_WINDOW)
        self.usable = False

    async def start(self) -> None:
        """Become the games' adopter and start the English template (not waiting for it)."""
        if not self.settings.warm_games:
            return
        if not hasattr(os, "pidfd_open") or not become_subreaper():
            self.log("games start as new processes: this system cannot adopt forked games")
            return
        self.usable = True
        await self._template("")

    async def _template(self, language: str) -> Template | None:
        template = self.templates.get(language)
        if template is not None and not template.gone:
            return template
        if template is not None and not self.restarts.allow(language):
            return None  # it keeps dying: games start the slow way for a while
        extra = {"LANGUAGE": language} if language else {}
        template = Template(language, self.settings.game_environment(None, DEFAULT_TERM, extra), self.log)
        self.templates[language] = template
        try:
            await template.start()
        except OSError as error:
            self.log(f"game template {template.name} could not start: {error}")
            return None
        return template

    async def fork(self, env: Mapping[str, str], terminal: int) -> ForkedGame | None:
        """A game forked on ``terminal`` from its language's template; None when it must start as a new process."""
        if not self.usable:
            return None
        language = language_of(env)
        if language is None:
            return None
        template = await self._template(language)
        if template is None:
            return None
        pid = await template.fork(env, terminal)
        return ForkedGame(pid) if pid is not None else None

    async def stop(self) -> None:
        await asyncio.gather(*(template.stop() for template in self.templates.values()))
