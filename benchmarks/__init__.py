"""Speed and memory figures, measured, never asserted (see benchmarks/README.md).

Run from the project root: ``python -m benchmarks`` runs them all,
``python -m benchmarks.bench_solver`` one of them.
"""
