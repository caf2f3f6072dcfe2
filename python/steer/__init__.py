# SPDX-License-Identifier: MIT
"""steer: steering behaviours for game characters, from Python.

The C library (libc and libm only) compiled into one cffi extension with the C build's
determinism flags, so every result is the same bits as the C library's:

* single-character behaviours as pure functions returning Steering(linear, angular):
  seek, flee, arrive, leave, align, face, look_where_going, pursue, evade,
  match_velocity, interpose, offset_pursuit, wander, wander_3d, wander_target;
* Agent, the integrators and the seeded Rng;
* World: recipes, handles, layers, bounds, the ORCA crowd, snapshots as bytes, the state
  hash, threads, and whole-world numpy reads and writes in one C call;
* blend and priority, and the flocking behaviours over numpy neighbour arrays;
* obstacles, paths and path following, splines, the approach walker, grids and A*;
* scenario files loaded, validated and run by the steer tool's own code (Scenario).

Vectors are tuples or numpy arrays of 2 or 3 numbers. Failures raise SteerError
subclasses (Full, StaleHandle, Busy, Invalid, SnapshotError) carrying the C status.
"""
from ._core import (Agent, Facing, Model, Rng, Space, Steering, WanderState,
                    WanderTargetState, align, arrive, evade, face, flee, integrate_kinematic,
                    integrate_reynolds, interpose, leave, look_where_going, match_velocity,
                    offset_pursuit, pursue, seek, v3, wander, wander_3d, wander_target)
from ._extras import (ApproachWalker, Grid, GridError, Obstacles, Path, PathCursor,
                      approach_plan, avoid_obstacles, follow_path, follow_wall, hide,
                      spline_length, spline_sample)
from ._group import alignment, blend, cohesion, follow_leader, limit, priority, separation
from ._errors import Busy, Full, Invalid, SnapshotError, StaleHandle, SteerError
from ._scenarios_file import HAS_SCENARIOS, Scenario, ScenarioError, Trajectory, validate
from ._steer_cffi import ffi as _ffi
from ._steer_cffi import lib as _lib
from . import scenarios
from ._world import (ALL_LAYERS, Behaviour, Bounds, Handle, Recipe, Stats, World,
                     WorldArrays)

__version__ = _ffi.string(_lib.steer_version_string()).decode()

__all__ = [
    "Agent", "Facing", "Model", "Rng", "Space", "Steering", "WanderState",
    "WanderTargetState", "align", "arrive", "evade", "face", "flee", "integrate_kinematic",
    "integrate_reynolds", "interpose", "leave", "look_where_going", "match_velocity",
    "offset_pursuit", "pursue", "seek", "v3", "wander", "wander_3d", "wander_target",
    "Busy", "Full", "Invalid", "SnapshotError", "StaleHandle", "SteerError",
    "ApproachWalker", "Grid", "GridError", "Obstacles", "Path", "PathCursor",
    "approach_plan", "avoid_obstacles", "follow_path", "follow_wall", "hide",
    "spline_length", "spline_sample",
    "alignment", "blend", "cohesion", "follow_leader", "limit", "priority", "separation",
    "HAS_SCENARIOS", "Scenario", "ScenarioError", "Trajectory", "validate",
    "ALL_LAYERS", "Behaviour", "Bounds", "Handle", "Recipe", "Stats", "World", "WorldArrays",
    "scenarios",
]
