# SPDX-License-Identifier: MIT
"""cffi build script of steer._steer_cffi (API mode).

The cdef is the public headers themselves: include/steer/steer.h run through the C
preprocessor with the system headers replaced by empty ones and the static inline
helpers dropped, so every public type and STEER_API function is declared exactly as C
declares it, and the C compiler checks the extension against the real headers. Integer
#define constants of the headers are added as cffi constants.

Everything is compiled with the C build's determinism flags (see DETERMINISM_FLAGS), so
results are the same bits as the CMake build's.
"""
import os
import platform
import re
import shlex
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
INCLUDE = ROOT / "include"
SRC = ROOT / "src"
SHARED = ROOT / "shared"
TOOL = ROOT / "tools" / "steer"
# The steer tool's scenario loader and runner (no drawing: no cairo), compiled in when
# cJSON is found by pkg-config (Debian: libcjson-dev).
TOOL_SOURCES = ["cli_error.c", "cli_scenario.c", "cli_jsonpos.c", "cli_behaviour.c",
                "cli_load.c", "cli_load_scene.c", "cli_load_flock.c", "cli_load_crowd.c",
                "cli_load_navmesh.c",
                "cli_load_groups.c",
                "cli_sim.c", "cli_sim_grid.c", "cli_sim_flock.c", "cli_flock_stats.c",
                "cli_sim_crowd.c",
                "cli_outfile.c", "cli_csv.c", "cli_trace.c"]

if not (INCLUDE / "steer" / "steer.h").is_file():
    sys.exit("steer: build the Python package from the steer checkout (pip install ./python); "
             f"{INCLUDE / 'steer' / 'steer.h'} is missing")

# src/CMakeLists.txt's steer_options: no contraction into FMAs, no fast-math. The
# results do not depend on the optimisation level (the golden hashes hold at -O0 and -O2);
# -O3 is the benchmark's Release build, after Python's own -O2 so it wins.
DETERMINISM_FLAGS = ["-std=c11", "-ffp-contract=off", "-fno-fast-math"]
LIBRARY_FLAGS = DETERMINISM_FLAGS + ["-O3"]
VECTOR_SOURCES = {"world_lanes_avx2.c": ["-mavx2", "-DSTEER_LANES_AVX2"],
                  "crowd_avx2.c": ["-mavx2"],
                  "world_lanes_avx512.c": ["-mavx512f", "-DSTEER_LANES_AVX512"],
                  "world_sums_avx512.c": ["-mavx512f"],
                  "crowd_avx512.c": ["-mavx512f"]}


def _rel(path):
    """A source path as setuptools wants it: relative to this directory (setup.py's)."""
    return os.path.relpath(path, HERE)


def _headers():
    return sorted(_rel(p) for p in list((INCLUDE / "steer").glob("*.h")) + list(SRC.glob("*.h"))
                  + list(SHARED.glob("*.h")) + list((HERE / "steer").glob("*.h")))


def _compiler():
    return shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")


def _x86_vector_paths():
    """Whether to build the AVX2/AVX-512 variants, as src/CMakeLists.txt does on x86-64
    with GCC or Clang (STEER_SCALAR=1 in the environment builds the portable paths)."""
    if os.environ.get("STEER_SCALAR") or platform.machine() not in ("x86_64", "AMD64", "amd64"):
        return False
    probe = subprocess.run(_compiler() + ["-dM", "-E", "-x", "c", os.devnull],
                           capture_output=True, text=True)
    return probe.returncode == 0 and "__GNUC__" in probe.stdout


def _cjson():
    """cJSON's (cflags, libs) from pkg-config, or None when it is not installed."""
    try:
        flags = [subprocess.run(["pkg-config", opt, "libcjson"], capture_output=True, text=True,
                                check=True).stdout.split() for opt in ("--cflags", "--libs")]
    except (OSError, subprocess.CalledProcessError):
        return None
    return flags[0], flags[1]


CJSON = None if os.environ.get("STEER_PY_NO_SCENARIOS") else _cjson()
if CJSON is None:
    print("steer: libcjson not found by pkg-config: building without scenario files",
          file=sys.stderr)


def c_libraries():
    """setuptools build_clib entries: the library's sources in static libraries, each
    with its flags (the vector variants with -mavx2 / -mavx512f and their build's macro,
    as src/CMakeLists.txt), and the tools' thread
    pool (shared/pool.c) for worlds stepped on several threads."""
    vector = _x86_vector_paths()
    macros = [("NDEBUG", None)]
    if vector:
        macros += [("STEER_WORLD_AVX2", None), ("STEER_WORLD_AVX512", None)]
    # Every object depends on every header: a changed header rebuilds the library.
    common = {"include_dirs": [str(INCLUDE), str(SRC)], "macros": macros,
              "obj_deps": {"": _headers()}}
    core = sorted(_rel(p) for p in SRC.glob("*.c") if p.name not in VECTOR_SOURCES)
    libs = [("steer_core", dict(common, sources=core, cflags=LIBRARY_FLAGS))]
    if CJSON is not None:  # before the core: it calls the library
        libs.insert(0, ("steer_cli", {
            "sources": [_rel(TOOL / f) for f in TOOL_SOURCES] + ["steer/_scenario.c"],
            "include_dirs": [str(INCLUDE), str(TOOL), str(HERE / "steer")],
            "macros": macros + [("_POSIX_C_SOURCE", "200809L")],
            "cflags": DETERMINISM_FLAGS + CJSON[0],
            "obj_deps": {"": _headers() + sorted(_rel(p) for p in TOOL.glob("*.h"))}}))
    if vector:
        for name, flags in sorted(VECTOR_SOURCES.items()):
            libs.append(("steer_" + name[:-2], dict(common, sources=[_rel(SRC / name)],
                                                    cflags=LIBRARY_FLAGS + flags)))
    libs.append(("steer_pool", {"sources": [_rel(SHARED / "pool.c")],
                                "include_dirs": [str(INCLUDE), str(SHARED)],
                                "macros": macros, "cflags": DETERMINISM_FLAGS,
                                "obj_deps": {"": _headers()}}))
    return libs


def _strip_inline_functions(text):
    """The preprocessed headers without their static inline definitions (cffi declares,
    it does not define; the Python side has its own vector arithmetic)."""
    out, i = [], 0
    while True:
        j = text.find("static inline", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        k, depth = text.index("{", j), 0
        while True:
            depth += {"{": 1, "}": -1}.get(text[k], 0)
            if depth == 0 and text[k] == "}":
                break
            k += 1
        i = k + 1


def public_cdef():
    """The cdef of the public API, generated from include/steer/steer.h."""
    with tempfile.TemporaryDirectory() as fake:
        for name in ("stdbool.h", "stdint.h", "stddef.h", "math.h", "assert.h"):
            Path(fake, name).write_text("")
        cmd = _compiler() + ["-E", "-P", "-undef", "-nostdinc", "-I", fake, "-I", str(INCLUDE),
                             str(INCLUDE / "steer" / "steer.h")]
        pre = subprocess.run(cmd, capture_output=True, text=True)
    if pre.returncode != 0:
        sys.exit("steer: preprocessing the headers failed:\n" + pre.stderr)
    consts = []
    for header in sorted((INCLUDE / "steer").glob("*.h")):
        for m in re.finditer(r"^#define\s+(STEER_[A-Z0-9_]+)\s+(0x[0-9A-Fa-f]+|[0-9]+)u?\s*$",
                             header.read_text(), re.M):
            consts.append(f"#define {m.group(1)} ...")
    return _strip_inline_functions(pre.stdout) + "\n" + "\n".join(consts) + "\n"


def header_cdef(path):
    """The declarations of one of the binding's own headers (shared/pool.h,
    python/steer/_binding.h, _scenario.h): comments and preprocessor lines removed."""
    text = re.sub(r"/\*.*?\*/", "", Path(path).read_text(), flags=re.S)
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


# The Python callback the world calls for agents given one (World.set_callback).
CALLBACK_CDEF = """
extern "Python" steer_steering steer_py_agent_callback(void *user, const steer_world *world,
                                                       steer_handle self,
                                                       const steer_agent *agent,
                                                       steer_steering recipe_output);
"""

ffibuilder = FFI()
ffibuilder.cdef(public_cdef() + header_cdef(SHARED / "pool.h")
                + header_cdef(HERE / "steer" / "_binding.h") + CALLBACK_CDEF
                + (header_cdef(HERE / "steer" / "_scenario.h") if CJSON else ""))
ffibuilder.set_source(
    "steer._steer_cffi",
    '#include "steer/steer.h"\n#include "pool.h"\n#include "_binding.h"\n'
    + ('#include "_scenario.h"\n' if CJSON else ""),
    sources=["steer/_binding.c"],
    depends=_headers(),
    include_dirs=[str(INCLUDE), str(SRC), str(SHARED), str(HERE / "steer")],
    define_macros=[("NDEBUG", None)],
    extra_compile_args=DETERMINISM_FLAGS,
    # After the static libraries on the link line, which call them.
    extra_link_args=["-pthread"] + (CJSON[1] if CJSON else []) + ["-lm"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
