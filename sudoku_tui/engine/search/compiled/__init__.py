"""The compiled search (the ``fast`` extra): every module that imports numpy or Numba, and no other.

``kernel`` is the bit-set search, ``kernel9`` the classic 9x9 board's own
counter, ``kernel_search`` puts them behind the search protocol of
``search/solver.py``; ``kernel_tables`` turns a Shape into the arrays they
read, ``kernel_cages`` handles killer cages, ``kernel_fill`` makes complete
grids, ``jit`` is Numba's decorator (a no-op without Numba).
"""
