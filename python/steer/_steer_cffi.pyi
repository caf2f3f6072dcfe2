# SPDX-License-Identifier: MIT
# The compiled module (cffi API mode): ffi and lib expose the C API of include/steer/
# and python/steer/_binding.h as declared there. The package wraps them; see steer/__init__.py.
from typing import Any

ffi: Any
lib: Any
