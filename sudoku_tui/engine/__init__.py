"""The puzzle engine: rules, files, solving, logic, making. Never imports Textual.

Read the folders in this order; each imports only the folders before it
(``tests/test_imports.py`` holds them to it), and ``progress`` is below
them all:

- ``progress``: ``Cancelled``, ``ProgressCallback`` and ``StopCheck``, how
  long work reports and is stopped, whoever listens.
- ``board/``: what a board is. ``geometry.Shape`` (cells, houses, peers),
  the variants, ``puzzle.Puzzle`` and its line, the rules' conflicts and
  candidates, the difficulty levels.
- ``files/``: puzzle files in and out: safe reading of a file's bytes, the
  layouts and their errors, variant lines, other programs' formats.
- ``search/``: solving and counting. ``solver`` is the portfolio the rest
  calls; ``backend`` picks the pure search (``pure``) or the compiled one
  (``compiled/``, the only folder that imports numpy or Numba); ``sat`` for
  big boards; ``reference``, the row-by-row solver whose answers the others
  give.
- ``logic/``: human-style steps and the grade (its own ``__init__`` gives
  its reading order).
- ``making/``: complete grids, variant boards, the generator at a level,
  practice puzzles for one technique.
- ``authors/``: canonical forms and minimality, for puzzle authors.
- ``batch/``: many puzzles at once, the same lines however the work is
  spread (one process, a pool, a Dask cluster).
- ``warm``: compiling the search before anybody waits for it.

Code outside the engine imports from the module that defines a name
(``from sudoku_tui.engine.search.solver import solve``); nothing is
re-exported here, so importing one module loads only what it needs.
:data:`PUBLIC` lists, module by module, the names the rest of the package
imports: the engine's face to the game, the screen and the command line
(``tests/test_imports.py`` keeps it exact).
"""

PUBLIC: dict[str, tuple[str, ...]] = {
    "progress": ("Cancelled", "ProgressCallback", "StopCheck"),
    "board.geometry": ("House", "Shape", "square"),
    "board.shapes": ("shape_for_size",),
    "board.variants": ("VARIANTS", "line_fields_of", "outline_of", "variant_names"),
    "board.puzzle": ("LineError", "Puzzle", "format_line", "parse_line"),
    "board.conflicts": ("conflicting_cells",),
    "board.levels": ("LEVEL_KEYS", "Level", "Symmetry"),
    "files.model": ("PuzzleFile", "PuzzleFileError"),
    "files.formats": ("read_puzzle_file",),
    "files.variant_lines": ("LineFailure", "check_fields"),
    "files.exchange": ("puzzle_text",),
    "search": ("MAX_LIMIT",),
    "search.backend": ("NO_JIT",),
    "search.solver": ("candidates", "count_solutions", "is_solved", "solve"),
    "logic.step": ("Step", "TechniqueName"),
    "logic.grid": ("CandidateGrid",),
    "logic.runner": ("Solution", "is_unique", "next_step", "solve_logically"),
    "logic.justify": ("Justification", "Position", "available_step", "justify"),
    "making.generator": ("Generated", "GenerationFailed", "default_grader", "generate", "reachable_levels"),
    "making.practice": ("practised", "technique_named"),
    "batch.solving": (
        "CHUNK",
        "NO_SOLUTION_LINE",
        "count_nine_file",
        "joined_chunk_job",
        "keep_nine_counter",
        "solve_lines",
    ),
    "batch.generating": ("generate_lines", "order_of"),
    "batch.author_runs": (
        "Canon",
        "Givens",
        "Grade",
        "canon_chunk",
        "generate_chunk",
        "grade_chunk",
        "minimal_chunk",
    ),
    "batch.spread": ("DaskUnavailable", "chunks", "spread"),
    "warm": ("announce_compiles", "interrupt_inside_numba", "warm_up", "warm_up_in_background"),
}
