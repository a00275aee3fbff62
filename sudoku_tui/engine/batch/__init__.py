"""Many puzzles at once: solving, making and the authors' commands over a
file, in one process, a pool or a Dask cluster, the same lines either way."""
