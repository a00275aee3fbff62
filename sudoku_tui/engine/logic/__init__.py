"""Human-style logic: steps that explain, and a difficulty grade.

Read in this order:

- ``step``: ``TechniqueName`` (every technique's display name) and ``Step``,
  one deduction (technique, cells, placements, eliminations, a one-sentence
  explanation), written ``r3c5=7, r1c1<>5``.
- ``grid.CandidateGrid``: values and candidate bit sets of every cell, the
  stop check long searches poll, and ``shared_steps`` for a search that finds
  several techniques at once.
- One module per technique family (``singles``, ``intersections``,
  ``subsets``, ``sue_de_coq``, ``fish``, ``single_digit``, ``wings``, ``coloring``,
  ``uniqueness``, ``chains`` with ``links``, ``als``, ``forcing`` with
  ``propagation``); each finder takes a grid and yields steps without
  changing it.
- ``techniques.TECHNIQUES``: the one table of order, level, score and finder.
- ``runner``: ``next_step``, ``solve_logically`` and the grade (HoDoKu's scheme).
- ``justify``: what justified a player's move (a value placed, a candidate
  removed): the easiest step that does it, ``guess`` or ``mistake``.

Never imports Textual.
"""
