#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python package end to end, as a user gets it (CTest runs this as python_package):
#   1. a venv that sees Debian's python3-cffi, numpy and pytest;
#   2. pip install --no-build-isolation from the checkout, and pytest against it;
#   3. pip wheel, the wheel installed into a second venv, and pytest against that;
#   4. the examples in python/examples/ run (pictures into the build folder).
# Usage: run.sh <build folder for venvs, objects and wheels> [<the steer tool>]
# With the tool, the scenario tests also compare its `steer run --csv` byte for byte.
# Exit 77 (CTest: skipped, and said so) only when the Debian packages cannot be installed.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
PKG=$(dirname "$HERE")
ROOT=$(dirname "$PKG")
OUT=${1:?usage: run.sh <build folder> [<steer tool>]}
if [ -n "${2:-}" ]; then export STEER_TOOL="$2"; fi
PY=/usr/bin/python3
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

if ! sh "$ROOT/scripts/install-deps.sh" python; then
    echo "python_package: SKIPPED: the Debian packages of the python part are missing" >&2
    exit 77
fi

export STEER_PY_BUILD_DIR="$OUT/setuptools" PIP_DISABLE_PIP_VERSION_CHECK=1
# setuptools rebuilds an object when a source or header changes, not when the flags do:
# a changed build script starts from clean objects.
if ! cat "$PKG/setup.py" "$PKG/steer_build.py" | cmp -s - "$OUT/setuptools/build-scripts"; then
    rm -rf "$OUT/setuptools"
    mkdir -p "$OUT/setuptools"
    cat "$PKG/setup.py" "$PKG/steer_build.py" > "$OUT/setuptools/build-scripts"
fi
# Only what is on this machine: no index (PyPI), no build isolation (it would download
# setuptools); cffi, numpy and pytest come from Debian through --system-site-packages.
PIP_FLAGS="--no-build-isolation --no-index --quiet"

run_tests() { # <venv> <what>
    echo "python_package: pytest against $2"
    (cd "$OUT" && "$1/bin/python" -m pytest -p no:cacheprovider -q "$HERE")
}

[ -x "$OUT/venv/bin/python" ] || $PY -m venv --system-site-packages "$OUT/venv"
"$OUT/venv/bin/pip" install $PIP_FLAGS --force-reinstall --no-deps "$PKG"
"$OUT/venv/bin/pip" check # its dependencies (cffi, numpy) are there
run_tests "$OUT/venv" "pip install ./python"

rm -rf "$OUT/dist"
"$OUT/venv/bin/pip" wheel $PIP_FLAGS --no-deps -w "$OUT/dist" "$PKG"
[ -x "$OUT/venv-wheel/bin/python" ] || $PY -m venv --system-site-packages "$OUT/venv-wheel"
"$OUT/venv-wheel/bin/pip" install $PIP_FLAGS --force-reinstall --no-deps "$OUT"/dist/steer-*.whl
"$OUT/venv-wheel/bin/pip" check
run_tests "$OUT/venv-wheel" "the wheel $(basename "$OUT"/dist/steer-*.whl)"

if [ -d "$PKG/examples" ]; then
    for ex in "$PKG"/examples/[!_]*.py; do
        echo "python_package: example $(basename "$ex")"
        (cd "$OUT" && MPLBACKEND=Agg "$OUT/venv/bin/python" "$ex" --out "$OUT/images" --quick)
    done
fi
