# SPDX-License-Identifier: MIT
"""Scenario files (docs/scenarios.md) through the steer tool's own loader and runner,
compiled into the extension with cJSON: a file loads, validates and runs exactly as
``steer run`` does, and its trajectory comes back as numpy arrays (the same floats the
tool's CSV holds)."""
import os
import re
from typing import List, NamedTuple, Optional

import numpy as np

from ._errors import Invalid
from ._steer_cffi import ffi, lib

HAS_SCENARIOS = hasattr(lib, "steer_py_scenario_load")
_ERR = 1024


class ScenarioError(Invalid):
    """A scenario that does not load or run. ``file``, ``line`` and ``column`` (1-based;
    0 when the message is about the whole file) say where, ``message`` what."""

    def __init__(self, text):
        m = re.match(r"^(.*?):(\d+):(\d+): (.*)$", text, re.S)
        if m:
            self.file, self.line, self.column, self.message = (
                m.group(1), int(m.group(2)), int(m.group(3)), m.group(4))
        else:
            head, _, tail = text.partition(": ")
            self.file, self.line, self.column, self.message = head, 0, 0, tail or text
        super().__init__(text, lib.STEER_WORLD_INVALID, "STEER_WORLD_INVALID")


class Trajectory(NamedTuple):
    """Every frame of a run (frame 0 is the initial state): positions and velocities
    (frames, agents, 3) float32, orientations (frames, agents) float32, t (frames,)
    seconds, and the agents' names."""
    positions: np.ndarray
    velocities: np.ndarray
    orientations: np.ndarray
    t: np.ndarray
    names: List[str]


def _need():
    if not HAS_SCENARIOS:
        raise ImportError("steer was built without scenario files (libcjson-dev was missing "
                          "when it was installed)")


class Scenario:
    """A loaded scenario file. Scenario.load(path) or Scenario.from_text(json_text);
    ScenarioError (file, line, column) for anything the tool would refuse."""

    def __init__(self, _ptr):
        self._s = _ptr

    @classmethod
    def _load(cls, path, text):
        _need()
        err = ffi.new("char[]", _ERR)
        data = None if text is None else text.encode()
        ptr = lib.steer_py_scenario_load(os.fsencode(path), ffi.NULL if data is None else data,
                                         0 if data is None else len(data), err, _ERR)
        if ptr == ffi.NULL:
            raise ScenarioError(ffi.string(err).decode(errors="replace"))
        return cls(ptr)

    @classmethod
    def load(cls, path) -> "Scenario":
        """Load and validate a scenario file."""
        return cls._load(path, None)

    @classmethod
    def from_text(cls, text: str, name: str = "<text>") -> "Scenario":
        """Load and validate scenario JSON given as a string (``name`` labels errors)."""
        return cls._load(name, text)

    def close(self) -> None:
        if getattr(self, "_s", ffi.NULL) != ffi.NULL:
            lib.steer_py_scenario_free(self._s)
            self._s = ffi.NULL

    __del__ = close

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _ptr(self):
        if self._s == ffi.NULL:
            raise Invalid("the scenario is closed", lib.STEER_WORLD_INVALID, "STEER_WORLD_INVALID")
        return self._s

    @property
    def name(self) -> str:
        return ffi.string(lib.steer_py_scenario_name(self._ptr())).decode()

    @property
    def agents(self) -> List[str]:
        """The agents' names, in the trajectory's order."""
        s = self._ptr()
        return [ffi.string(lib.steer_py_scenario_agent_name(s, i)).decode()
                for i in range(lib.steer_py_scenario_agents(s))]

    @property
    def steps(self) -> int:
        return lib.steer_py_scenario_steps(self._ptr())

    @property
    def dt(self) -> float:
        return lib.steer_py_scenario_dt(self._ptr())

    @property
    def seed(self) -> int:
        return lib.steer_py_scenario_seed(self._ptr())

    def run(self, steps: Optional[int] = None, seed: Optional[int] = None,
            csv: Optional[str] = None) -> Trajectory:
        """Run it (steps and seed default to the file's) and return every frame; with
        ``csv`` the tool's CSV trajectory is written there too, as ``steer run --csv``."""
        s = self._ptr()
        steps = self.steps if steps is None or steps <= 0 else int(steps)
        n, frames = lib.steer_py_scenario_agents(s), steps + 1
        pos = np.zeros((frames, n, 3), np.float32)
        vel = np.zeros((frames, n, 3), np.float32)
        ori = np.zeros((frames, n), np.float32)
        err = ffi.new("char[]", _ERR)
        got = lib.steer_py_scenario_run(
            s, steps, 0 if seed is None else seed, seed is not None,
            ffi.from_buffer("float[]", pos, require_writable=True),
            ffi.from_buffer("float[]", vel, require_writable=True),
            ffi.from_buffer("float[]", ori, require_writable=True), frames,
            ffi.NULL if csv is None else os.fsencode(csv), err, _ERR)
        if got < 0:
            raise ScenarioError(ffi.string(err).decode(errors="replace"))
        t = np.arange(got, dtype=np.float64) * self.dt
        return Trajectory(pos[:got], vel[:got], ori[:got], t, self.agents)

    def __repr__(self):
        if self._s == ffi.NULL:
            return "<steer.Scenario closed>"
        return "<steer.Scenario %r: %d agents, %d steps of %g s>" % (
            self.name, len(self.agents), self.steps, self.dt)


def validate(path) -> None:
    """Raise ScenarioError when the file would not load (``steer validate``)."""
    Scenario.load(path).close()
