"""The 9x9 counter's machine code, kept on disk and loaded without Numba.

Importing Numba and setting up its compiler costs some 0.45 CPU seconds
even when every function comes from its cache: a quarter of a
``solve --count`` of two seconds' work. So the run that first counts with
the compiled counter (kernel9.py) also writes the counter's machine code to
a file, and later runs load that file with llvmlite alone (Numba's code
generator, some 0.09 s) and call it through ctypes.

A file is this machine's only: its name is a digest of the counter's
sources, the Numba and llvmlite releases and the processor, so a change to
any of them makes a new one. It is written only when the code calls nothing
outside itself (no Python, no Numba runtime), and loaded only when the code
in it matches the digest written beside it.
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib.util
import json
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..backend import NO_JIT

if TYPE_CHECKING:
    import numpy as np

_HERE = Path(__file__).parent
# What the machine code is made from: a change to any of them makes a new file.
_SOURCES = ("kernel9.py", "bits.py", "jit.py", "machine_code.py")
_MAGIC = b"sudoku-tui 9x9 counter\n"
_POINTER, _INT, _STATUS = ctypes.c_void_p, ctypes.c_int64, ctypes.c_int32
# Numba's calling convention: a status, the result through a pointer, then the exception's slot.
_ENTRY = ctypes.CFUNCTYPE(
    _STATUS, ctypes.POINTER(_INT), _POINTER, _POINTER, _INT, _INT, _INT, _INT, _POINTER, _POINTER, _POINTER
)


class MachineCounter:
    """``kernel9.count_batch`` as loaded machine code, with the same arguments."""

    def __init__(self, entry: Any, depths: int, width: int, tally: int, engine: Any) -> None:
        self._entry = entry
        self._engine = engine  # holds the code's memory for as long as the counter lives
        self.depths, self.width, self.tally = depths, width, tally

    def scratch(self) -> tuple[np.ndarray, np.ndarray]:
        """A stack and a tally of the shapes the code was made for."""
        import numpy as np  # the base install, which imports this module, has no numpy

        return np.zeros((self.depths, self.width), dtype=np.int64), np.zeros(self.tally, dtype=np.int64)

    def count_batch(
        self,
        givens: np.ndarray,
        first: int,
        budget: int,
        limit: int,
        counts: np.ndarray,
        stack: np.ndarray,
        tally: np.ndarray,
    ) -> int:
        """As kernel9.count_batch: the row to go on from."""
        rows = givens.shape[0]
        # The code trusts its arrays' shapes and types: these are the ones it was made for.
        _expect(givens, "uint8", (rows, 81))
        _expect(counts, "int64", (rows,))
        _expect(stack, "int64", (self.depths, self.width))
        _expect(tally, "int64", (self.tally,))
        result = _INT(0)
        status = self._entry(
            ctypes.byref(result), None, givens.ctypes.data, rows, first, budget, limit,
            counts.ctypes.data, stack.ctypes.data, tally.ctypes.data,
        )  # fmt: skip
        if status != 0:
            raise RuntimeError(f"the 9x9 counter's machine code stopped with status {status}")
        return result.value


def _expect(array: np.ndarray, dtype: str, shape: tuple[int, ...]) -> None:
    if array.dtype != dtype or array.shape != shape or not array.flags.c_contiguous:
        raise ValueError(f"the 9x9 counter takes a contiguous {dtype} array of shape {shape}")


@cache
def loaded() -> MachineCounter | None:
    """This machine's counter from its file (once a process); None where
    there is none yet, the compiled search is not wanted, or it cannot load."""
    if os.environ.get(NO_JIT):
        return None
    try:
        llvm = _llvm()
        for path in _places(_digest(llvm)):
            if path.exists():
                return _load(llvm, path.read_bytes())
    except Exception:  # no llvmlite, a damaged file: Numba's way still counts
        return None
    return None


def save() -> Path | None:
    """Compile the counter with Numba for a C caller and write its machine
    code where :func:`loaded` finds it; the file's path, or None where the
    code calls outside itself or no place can be written."""
    llvm = _llvm()
    name, module, shapes = _compiled_module(llvm)
    if any(f.is_declaration and not f.name.startswith("llvm.") for f in module.functions):
        return None  # it needs a runtime that the loading process would not have
    code = _target_machine(llvm).emit_object(module)
    header = json.dumps({"entry": name, "sha256": hashlib.sha256(code).hexdigest(), **shapes}).encode()
    for path in _places(_digest(llvm)):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(f"{path.name}.{os.getpid()}")
            partial.write_bytes(_MAGIC + header + b"\n" + code)
            os.replace(partial, path)  # whole or not at all, as Numba writes its cache
        except OSError:
            continue
        return path
    return None


def _llvm() -> Any:
    import llvmlite.binding as llvm  # the fast extra's: asked for only where it may be there

    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    return llvm


def _target_machine(llvm: Any) -> Any:
    """This processor's, set up as Numba's own for code it runs in process."""
    target = llvm.Target.from_default_triple()
    return target.create_target_machine(
        cpu=llvm.get_host_cpu_name(),
        features=llvm.get_host_cpu_features().flatten(),
        opt=3,
        reloc="default",
        codemodel="jitdefault",
        jit=True,
    )


def _load(llvm: Any, data: bytes) -> MachineCounter | None:
    if not data.startswith(_MAGIC):
        return None
    header, _, code = data[len(_MAGIC) :].partition(b"\n")
    about = json.loads(header)
    if hashlib.sha256(code).hexdigest() != about["sha256"]:
        return None  # cut short or changed: LLVM must never see it
    engine = llvm.create_mcjit_compiler(llvm.parse_assembly(""), _target_machine(llvm))
    engine.add_object_file(llvm.ObjectFileRef.from_data(code))
    engine.finalize_object()
    address = engine.get_function_address(about["entry"])
    if not address:
        return None  # no such function in it: a call would jump to nowhere
    return MachineCounter(_ENTRY(address), about["depths"], about["width"], about["tally"], engine)


def _digest(llvm: Any) -> str:
    """What the machine code depends on, as the file's name."""
    import llvmlite  # loaded already, by _llvm()

    parts = [_numba_release(), llvmlite.__version__.encode(), llvm.get_process_triple().encode()]
    parts += [llvm.get_host_cpu_name().encode(), llvm.get_host_cpu_features().flatten().encode()]
    parts += [(_HERE / name).read_bytes() for name in _SOURCES]
    digest = hashlib.sha256()
    for part in parts:
        digest.update(len(part).to_bytes(8, "little") + part)
    return digest.hexdigest()[:32]


def _numba_release() -> bytes:
    # Numba's version file, read without importing Numba (the point of this module).
    spec = importlib.util.find_spec("numba")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("Numba is not installed")
    return (Path(next(iter(spec.submodule_search_locations))) / "_version.py").read_bytes()


def _places(digest: str) -> Iterator[Path]:
    """Where the file goes, in order: where Numba keeps its cache (beside
    the code, or ``NUMBA_CACHE_DIR``), else the user's cache folder."""
    name = f"kernel9.{digest}.counter"
    numba_dir = os.environ.get("NUMBA_CACHE_DIR")
    yield Path(numba_dir) / "sudoku_tui" / name if numba_dir else _HERE / "__pycache__" / name
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    yield Path(base) / "sudoku-tui" / name


def _compiled_module(llvm: Any) -> tuple[str, Any, dict[str, int]]:
    """The counter compiled for a C caller: its entry's name, its module with
    nothing but the entry and what it calls, and the scratch arrays' shapes."""
    # Numba, only to write the file (a run that loads it never imports Numba).
    from numba import cfunc
    from numba.np.numpy_support import carray

    from . import kernel9  # the counter, compiled by Numba

    depths, width, tally = kernel9.DEPTHS, kernel9.WIDTH, kernel9.NODES + 1
    rows = "CPointer(int64)"
    signature = f"int64(CPointer(uint8), int64, int64, int64, int64, {rows}, {rows}, {rows})"

    def count_batch(
        givens: Any, rows: int, first: int, budget: int, limit: int, counts: Any, stack: Any, scratch: Any
    ) -> int:
        return kernel9.count_batch(
            carray(givens, (rows, 81)), first, budget, limit, carray(counts, (rows,)),
            carray(stack, (depths, width)), carray(scratch, (tally,)),
        )  # fmt: skip

    compiled = cfunc(signature, nogil=True)(count_batch)
    # Numba's own function under the C wrapper: the wrapper's error path calls into Python.
    entry = compiled.native_name.removeprefix("cfunc.")
    module = llvm.parse_assembly(compiled.inspect_llvm())
    for function in module.functions:
        if not function.is_declaration and function.name != entry:
            function.linkage = "internal"
    for variable in module.global_variables:
        if not variable.is_declaration:
            variable.linkage = "internal"
    _drop_unused(llvm, module)
    return entry, module, {"depths": depths, "width": width, "tally": tally}


def _drop_unused(llvm: Any, module: Any) -> None:
    passes = llvm.create_new_module_pass_manager()
    passes.add_global_dead_code_eliminate_pass()
    passes.add_strip_dead_prototype_pass()
    passes.run(module, llvm.create_pass_builder(_target_machine(llvm), llvm.create_pipeline_tuning_options()))
