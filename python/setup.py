# SPDX-License-Identifier: MIT
"""Build of the steer Python package.

The C library's sources (../src/*.c) are compiled by setuptools' build_clib into static
libraries with the C build's determinism flags (-std=c11 -ffp-contract=off
-fno-fast-math; the AVX2/AVX-512 variants of the world's vector path with their own
-mavx2 / -mavx512f, exactly as src/CMakeLists.txt does), then cffi (steer_build.py)
compiles the extension steer._steer_cffi against them. No CMake is needed: a C compiler,
setuptools and cffi are enough.
"""
import os
import re
import sys

from setuptools import setup
from setuptools.command.build_clib import build_clib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import steer_build


def _version():
    text = open(steer_build.ROOT / "include" / "steer" / "base.h", encoding="utf-8").read()
    return re.search(r'#define STEER_VERSION_STRING "([^"]+)"', text).group(1)


class BuildClib(build_clib):
    """build_clib whose object paths may climb out of the temporary folder: the sources
    are ../src/*.c, so objects go to build/temp.*/../src/*.o, which needs build/temp.*
    to exist before the compiler writes through it."""

    def run(self):
        os.makedirs(self.build_temp, exist_ok=True)
        super().run()


# STEER_PY_BUILD_DIR puts setuptools' build and egg-info folders there instead of in
# python/ (the tests build from a read-only view of the checkout this way).
_build_dir = os.environ.get("STEER_PY_BUILD_DIR")
_options = {"build": {"build_base": os.path.join(_build_dir, "build")},
            "egg_info": {"egg_base": _build_dir}} if _build_dir else {}

setup(
    options=_options,
    cmdclass={"build_clib": BuildClib},
    version=_version(),
    packages=["steer"],
    package_data={"steer": ["py.typed", "*.pyi"]},
    libraries=steer_build.c_libraries(),
    cffi_modules=["steer_build.py:ffibuilder"],
    zip_safe=False,
)
