"""Human-style logic: steps that explain, and a difficulty grade.

- ``grid.CandidateGrid``: values and candidate bit sets of every cell.
- ``step.Step``: one deduction (technique, cells, placements, eliminations,
  a one-sentence explanation), written ``r3c5=7, r1c1<>5``.
- One module per technique family (``singles``, ``intersections``,
  ``subsets``, ``fish``, ``single_digit``, ``wings``, ``coloring``,
  ``uniqueness``, ``chains``, ``als``, ``forcing``); each finder takes a grid
  and yields steps without changing it.
- ``techniques.TECHNIQUES``: the one table of order, level and score.
- ``runner``: ``next_step``, ``solve_logically`` and the grade (HoDoKu's scheme).

Never imports Textual.
"""
