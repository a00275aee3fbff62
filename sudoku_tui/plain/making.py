"""The plain mode's made puzzles: ``new``, ``practice``, ``daily`` and ``own``, and what
every new puzzle in play is announced with.

:class:`PuzzleMaking` is the part of :class:`~.game.PlainGame` that starts made
puzzles: the same choices as the New Puzzle dialog (size, level, symmetry, a
technique to practise), the daily puzzle at the player's level, a puzzle typed
as one line. Making runs as a job, which Ctrl+C stops.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.board.levels import Level, Symmetry
from ..engine.logic.step import TechniqueName
from ..engine.making.generator import GenerationFailed
from ..engine.search.solver import solve
from ..game import texts
from ..game.daily import today
from ..game.entering import NotAPuzzle, level_word, read_pasted
from ..game.entering import count as count_solutions
from ..game.file_choice import shown_name
from ..game.new_puzzle import PRACTICE_SIZE, SIZES, NewPuzzleChoice, has_daily, levels_for, make_puzzle
from ..game.session import Session
from .jobs import Jobs, Stopped
from .reading import Reading

SIZE_WORDS = {key.lower(): key for key, _label in SIZES}


class PuzzleMaking:
    """Starting puzzles that belong to no file; the game's announcing of a puzzle in play."""

    session: Session
    jobs: Jobs
    verbose: int
    confirm: Callable[[], None] | None
    say: Callable[[str], None]  # the plain game's one way of answering (PlainGame.say)

    @property
    def reading(self) -> Reading:
        return Reading(self.session.play, self.verbose, self.session.mistakes())

    # ---- what is in play ---------------------------------------------------------

    def _unless_kept(self, replace_game: Callable[[], None]) -> None:
        """Run ``replace_game``; when nothing would bring the game in play back, ask first."""
        if not self.session.at_stake:
            replace_game()
            return
        self.confirm = replace_game
        self.say(f"{texts.LEAVE_GAME} {texts.PLAIN_LEAVE_ASK}")

    def _tell_puzzle(self) -> None:
        """The puzzle now in play: where from, its size, how many cells are empty; then the cell."""
        session = self.session
        play = session.play
        self.say(texts.plain_puzzle(self._where(), play.shape.name, play.values.count(0)))
        self._find_solution()
        self._grade_unknown()
        self.say(self.reading.cell(session.cursor))

    def _where(self) -> str:
        session = self.session
        origin = session.origin
        if session.puzzles is not None and session.puzzles.path is not None:
            return texts.file_puzzle(shown_name(session.puzzles.path), session.number)
        if origin.kind == "daily" and origin.day is not None:
            return texts.daily_puzzle(origin.day.isoformat())
        if origin.kind == "own":
            return texts.OWN_PUZZLE
        if origin.kind == "practice" and origin.path:
            return texts.practice_puzzle(origin.path)
        return texts.PLAIN_MADE

    def _find_solution(self) -> None:
        """With show mistakes on, the solution is worked out once, to tell the wrong entries."""
        session = self.session
        if session.wants_solution:
            puzzle = session.puzzle
            session.solution_found(puzzle, self.jobs.run(lambda stop: solve(puzzle, should_stop=stop)))

    def _grade_unknown(self) -> None:
        """A puzzle nobody graded (a file's, the player's own) gets its level now, as the
        full-screen game grades it in the background, so the history and statistics say it."""
        session = self.session
        token = session.begin_grading()
        if token is not None:
            puzzle = session.puzzle
            session.graded(token, self.jobs.run(lambda stop: level_word(puzzle, stop)))

    # ---- made puzzles -------------------------------------------------------------

    def do_new(self, rest: str) -> None:
        choice = self._choice(rest.lower().split())
        if choice is not None:
            self._unless_kept(lambda: self._make(choice))

    def _choice(self, words: list[str]) -> NewPuzzleChoice | None:
        """The puzzle the words ask for; the rest from the player's New Puzzle settings."""
        keeper = self.session.keeper
        size, level, symmetry = (str(keeper.setting(name)) for name in ("new_size", "new_level", "new_symmetry"))
        for word in words:
            if word in SIZE_WORDS:
                size = SIZE_WORDS[word]
            elif word in (level.key for level in Level):
                level = word
            elif word in (symmetry.value for symmetry in Symmetry):
                symmetry = word
            else:
                self.say(texts.plain_not_a_word(word, texts.PLAIN_NEW_WORDS))
                return None
        reachable = levels_for(size)
        if Level.parse(level) not in reachable:
            self.say(texts.plain_not_a_word(level, ", ".join(choice.key for choice in reachable)))
            return None
        return NewPuzzleChoice(size, Level.parse(level), Symmetry.parse(symmetry))

    def _make(self, choice: NewPuzzleChoice) -> None:
        session = self.session
        token = session.begin_making(choice)
        self.say(texts.plain_making(choice.describe()))
        try:
            made = self.jobs.run(lambda stop: make_puzzle(choice, stop, lambda _attempt, _total: None))
        except Stopped:
            session.cancel_making()
            raise
        except GenerationFailed as error:
            session.making_failed(token)
            self.say(str(error))
            return
        if session.puzzle_made(token, made, choice.day, choice.technique):
            self._tell_puzzle()

    def do_practice(self, rest: str) -> None:
        from ..game.new_puzzle import practice_techniques  # only here: the list is asked for rarely

        techniques = practice_techniques()
        if not rest:
            self.say(texts.plain_techniques(", ".join(technique.value for technique in techniques)))
            return
        wanted = next((t for t in techniques if t.value.lower() == rest.lower()), None)
        if wanted is None:
            self.say(texts.plain_not_a_word(rest, texts.PLAIN_PRACTICE_WORDS))
            return
        choice = NewPuzzleChoice(PRACTICE_SIZE, technique=TechniqueName(wanted))
        self._unless_kept(lambda: self._make(choice))

    def do_daily(self, rest: str) -> None:
        word = rest.lower() or str(self.session.keeper.setting("daily_level"))
        if word not in (level.key for level in Level):
            self.say(texts.plain_not_a_word(word, ", ".join(level.key for level in Level)))
            return
        choice = NewPuzzleChoice("9x9", Level.parse(word), day=today())
        if has_daily(choice.size):
            self._unless_kept(lambda: self._make(choice))

    # ---- the player's own puzzle ------------------------------------------------------

    def do_own(self, rest: str) -> None:
        if not rest:
            self.say(texts.PLAIN_ENTER_USAGE)
            return
        try:
            puzzle = read_pasted(rest)
        except NotAPuzzle as problem:
            said = str(problem)
            self.say(said if said.endswith(".") else f"{said}.")
            return
        verdict = self.jobs.run(lambda stop: count_solutions(puzzle, stop))
        if verdict == "none":
            self.say(texts.NO_SOLUTION)
            return

        def play_it() -> None:
            session = self.session
            session.start_own(puzzle)
            if verdict == "several":
                self.say(texts.SEVERAL_SOLUTIONS_FOUND)
            self._tell_puzzle()  # which grades it

        self._unless_kept(play_it)
