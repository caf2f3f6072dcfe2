# SPDX-License-Identifier: MIT
"""Obstacles, paths, splines, the approach walker, tile grids and A*.

Point lists are (n, 3) or (n, 2) array-likes; results that are point lists come back
as (n, 3) float32 numpy arrays. The C arrays these objects hand to the library are kept
alive by the objects."""
from typing import List, Optional, Tuple

import numpy as np

from ._core import (Agent, Rng, Space, Steering, Vec3, VecLike, _points, _steering, _tuple,
                    params, v3)
from ._errors import Invalid, invalid
from ._steer_cffi import ffi, lib


def _vec_array(arr):
    return ffi.cast("steer_vec3 *", ffi.from_buffer("float[]", arr))


# ---- obstacles --------------------------------------------------------------------------

class Obstacles:
    """What the obstacle behaviours avoid (steer_obstacles): circles ((centre, radius)
    pairs), wall segments ((a, b) pairs) and polygons (point lists)."""

    def __init__(self, circles=(), walls=(), polygons=()):
        self._circles = ffi.new("steer_circle[]", max(1, len(circles)))
        for i, (centre, radius) in enumerate(circles):
            self._circles[i] = {"center": v3(centre), "radius": float(radius)}
        self._walls = ffi.new("steer_segment[]", max(1, len(walls)))
        for i, (a, b) in enumerate(walls):
            self._walls[i] = {"a": v3(a), "b": v3(b)}
        self._poly_points = [_points(p, "Obstacles polygon") for p in polygons]
        self._polys = ffi.new("steer_polygon[]", max(1, len(polygons)))
        for i, pts in enumerate(self._poly_points):
            self._polys[i] = {"points": _vec_array(pts), "count": len(pts)}
        self._c = ffi.new("steer_obstacles *", {
            "circles": self._circles, "circle_count": len(circles),
            "walls": self._walls, "wall_count": len(walls),
            "polygons": self._polys, "polygon_count": len(polygons)})
        self.counts = (len(circles), len(walls), len(polygons))

    def distance(self, point: VecLike, space: Space = Space.XY) -> float:
        """Distance from point to the nearest obstacle surface (steer_obstacle_distance)."""
        return lib.steer_obstacle_distance(self._c, v3(point), space)

    def __repr__(self):
        return "Obstacles(circles=%d, walls=%d, polygons=%d)" % self.counts


def avoid_obstacles(agent: Agent, obstacles: Obstacles, **p) -> Steering:
    """Obstacle avoidance (steer_avoid_obstacles); keywords are steer_avoid_params'."""
    return _steering(lib.steer_avoid_obstacles(
        agent._c, obstacles._c, params("steer_avoid_params", lib.steer_avoid_default, p)))


def follow_wall(agent: Agent, obstacles: Obstacles, **p) -> Steering:
    """Wall following (steer_follow_wall); keywords are steer_wall_follow_params'."""
    return _steering(lib.steer_follow_wall(
        agent._c, obstacles._c, params("steer_wall_follow_params", lib.steer_wall_follow_default, p)))


def hide(agent: Agent, obstacles: Obstacles, hunter_position: VecLike, hunter_velocity: VecLike,
         **p) -> Tuple[Steering, Vec3]:
    """Hide behind the circles from a hunter (steer_hide). Returns (steering, hiding spot)."""
    spot = ffi.new("steer_vec3 *")
    s = lib.steer_hide(agent._c, obstacles._c, v3(hunter_position), v3(hunter_velocity),
                       params("steer_hide_params", lib.steer_hide_default, p), spot)
    return _steering(s), _tuple(spot)


# ---- paths and splines ----------------------------------------------------------------

class Path:
    """A polyline path (steer_path) with a corridor radius; closed paths loop."""

    def __init__(self, points, closed: bool = False, radius: float = 1.0):
        pts = _points(points, "Path")
        self._points = pts
        self._nodes = ffi.new("steer_path_node[]", max(1, len(pts)))
        self._c = ffi.new("steer_path *")
        lib.steer_path_init(self._c, self._nodes, max(1, len(pts)), _vec_array(pts), len(pts),
                            bool(closed), radius)

    def __len__(self):
        return self._c.count

    @property
    def length(self) -> float:
        """Total arc length (closing segment included)."""
        return lib.steer_path_length(self._c)

    @property
    def closed(self) -> bool:
        return bool(self._c.closed)

    def point_at(self, s: float) -> Vec3:
        """The point at arc length s (clamped on open paths, wrapped on closed ones)."""
        return _tuple(lib.steer_path_point_at(self._c, s))

    def parameter(self, point: VecLike) -> float:
        """Arc length of the path point closest to point."""
        return lib.steer_path_parameter(self._c, v3(point))

    def waypoints(self) -> np.ndarray:
        """The waypoints kept (bad ones dropped), (n, 3) float32."""
        return np.array([_tuple(self._c.nodes[i].point) for i in range(self._c.count)],
                        dtype=np.float32).reshape(-1, 3)

    def __repr__(self):
        return "Path(%d waypoints, length=%g, closed=%s)" % (len(self), self.length, self.closed)


class PathCursor:
    """Where a follower is on its path (steer_path_cursor); starts at the first waypoint."""

    def __init__(self):
        self._c = ffi.new("steer_path_cursor *")

    @property
    def s(self) -> float:
        return self._c.s

    @property
    def lap(self) -> int:
        return self._c.lap

    @property
    def arrived(self) -> bool:
        return bool(self._c.arrived)

    def __repr__(self):
        return "PathCursor(s=%g, lap=%d, arrived=%s)" % (self.s, self.lap, self.arrived)


def follow_path(agent: Agent, path: Path, cursor: PathCursor, **p) -> Tuple[Steering, bool]:
    """Follow a path (steer_follow_path), advancing the cursor. Returns (steering, arrived).
    Keywords: predict_time 0.1, lead 1, window 4, arrive={...}."""
    arrived = ffi.new("bool *")
    s = lib.steer_follow_path(agent._c, path._c,
                              params("steer_path_follow_params", lib.steer_path_follow_default, p),
                              cursor._c, arrived)
    return _steering(s), bool(arrived[0])


def spline_length(points) -> float:
    """Arc length of the centripetal Catmull-Rom spline through the points."""
    pts = _points(points, "spline_length")
    return lib.steer_spline_length(_vec_array(pts), len(pts))


def spline_sample(points, spacing: float, capacity: Optional[int] = None) -> np.ndarray:
    """Samples of the spline through the points every ``spacing`` units of arc length,
    (m, 3) float32 (at most ``capacity``; by default enough for the whole spline)."""
    pts = _points(points, "spline_sample")
    if capacity is None:
        length = lib.steer_spline_length(_vec_array(pts), len(pts))
        capacity = int(length / spacing) + 2 + len(pts) if spacing > 0 and np.isfinite(length) else len(pts) + 2
    if capacity > 10_000_000:
        raise invalid("spline_sample: %d samples; give a larger spacing or a capacity" % capacity)
    out = np.empty((max(1, capacity), 3), np.float32)
    n = lib.steer_spline_sample(_vec_array(pts), len(pts), spacing, _vec_array(out), capacity)
    return out[:n].copy()


# ---- the approach walker ----------------------------------------------------------------

class ApproachWalker:
    """The random-approach walker (steer_approach_walker): a wobbly route to a target,
    one leg at a time, drawing from the caller's Rng. Keywords of the constructor are
    steer_approach_walk_params' (ahead=..., approach={...})."""

    def __init__(self, agent: Agent, target: VecLike, rng: Rng, **p):
        self._p = ffi.new("steer_approach_walk_params *")
        self._p[0] = lib.steer_approach_walk_default()
        if p:
            from ._core import assign
            assign(self._p[0], p, "steer_approach_walk_params")
        self._c = ffi.new("steer_approach_walker *")
        lib.steer_approach_walker_start(self._c, agent._c.space, agent._c.position, v3(target),
                                        self._p, rng._c)

    def steer(self, agent: Agent, target: VecLike, rng: Rng) -> Tuple[Steering, bool]:
        """This step's steering towards the current waypoint; (steering, arrived)."""
        arrived = ffi.new("bool *")
        s = lib.steer_approach_walk(agent._c, self._c, v3(target), self._p, rng._c, arrived)
        return _steering(s), bool(arrived[0])

    @property
    def waypoint(self) -> Optional[Vec3]:
        """The waypoint being walked to."""
        return _tuple(self._c.plan[1]) if self._c.count > 1 else None


def approach_plan(space: Space, start: VecLike, target: VecLike, rng: Rng, capacity: int = 256,
                  **p) -> Tuple[np.ndarray, bool]:
    """Precompute a walk's waypoints (steer_approach_plan): ((m, 3) float32, reached)."""
    out = np.empty((max(1, capacity), 3), np.float32)
    reached = ffi.new("bool *")
    n = lib.steer_approach_plan(space, v3(start), v3(target),
                                params("steer_approach_params", lib.steer_approach_default, p),
                                rng._c, _vec_array(out), capacity, reached)
    return out[:n].copy(), bool(reached[0])


# ---- grids and A* -------------------------------------------------------------------------

class GridError(Invalid):
    """A text map that does not parse: ``line`` and ``column`` (1-based) say where."""

    def __init__(self, message, line, column):
        super().__init__(message, lib.STEER_WORLD_INVALID, "STEER_WORLD_INVALID")
        self.line, self.column = line, column


class Grid:
    """A tile grid (steer_grid): width x height cells, free or wall. Grid(w, h) is all
    free; Grid.from_text() reads the text map format of docs/grid.md ('.' free, '#' wall).
    ``cells`` is a (height, width) uint8 numpy view of the C cells (nonzero: wall)."""

    def __init__(self, width: int, height: int):
        need = lib.steer_grid_cells_needed(width, height)
        if need == 0:
            raise invalid("Grid: sides must be in 1..%d" % lib.STEER_GRID_MAX_SIDE)
        self.cells = np.zeros((height, width), np.uint8)
        self._c = ffi.new("steer_grid *")
        if not lib.steer_grid_init(self._c, width, height,
                                   ffi.from_buffer("uint8_t[]", self.cells, require_writable=True),
                                   need):
            raise invalid("Grid: cannot make a %d x %d grid" % (width, height))
        self._scratch = None

    @classmethod
    def from_text(cls, text: str, name: str = "<map>") -> "Grid":
        """Parse a text map; GridError (with line and column) when it is malformed."""
        data = text.encode()
        w, h = ffi.new("int *"), ffi.new("int *")
        err = ffi.new("steer_grid_error *")
        if not lib.steer_grid_text_size(data, len(data), w, h, err):
            cls._raise(err, name)
        g = cls(w[0], h[0])
        if not lib.steer_grid_from_text(g._c, ffi.from_buffer("uint8_t[]", g.cells), g.cells.size,
                                        data, len(data), err):
            cls._raise(err, name)
        return g

    @staticmethod
    def _raise(err, name):
        buf = ffi.new("char[]", 256)
        lib.steer_grid_error_format(err, name.encode(), buf, 256)
        raise GridError(ffi.string(buf).decode(), err.line, err.column)

    @property
    def width(self) -> int:
        return self._c.width

    @property
    def height(self) -> int:
        return self._c.height

    def is_free(self, x: int, y: int) -> bool:
        return bool(lib.steer_grid_is_free(self._c, (x, y)))

    def set_wall(self, x: int, y: int, wall: bool = True) -> None:
        lib.steer_grid_set_wall(self._c, (x, y), wall)

    def line_of_sight(self, a: Tuple[int, int], b: Tuple[int, int]) -> bool:
        return bool(lib.steer_grid_line_of_sight(self._c, tuple(a), tuple(b)))

    def astar(self, start: Tuple[int, int], goal: Tuple[int, int], moves: int = 8,
              smooth: bool = False, max_expanded: int = 0) -> Optional[List[Tuple[int, int]]]:
        """The cheapest path of cells from start to goal (both included), or None when the
        goal is unreachable. smooth=True keeps only line-of-sight waypoints. Invalid for a
        start or goal outside the grid or a start on a wall."""
        n = self.width * self.height
        if self._scratch is None:
            size = lib.steer_astar_scratch_bytes(n)
            self._scratch_mem = np.zeros((size + 3) // 4, np.uint32)
            self._scratch = ffi.new("steer_astar_scratch *")
            lib.steer_astar_scratch_init(self._scratch, ffi.from_buffer(self._scratch_mem),
                                         size, n)
        p = ffi.new("steer_astar_params *", lib.steer_astar_default())
        p.moves, p.max_expanded = moves, max_expanded
        out = ffi.new("steer_cell[]", n)
        r = lib.steer_astar(self._c, tuple(start), tuple(goal), p, self._scratch, out, n)
        if r.status == lib.STEER_PATH_UNREACHABLE or r.status == lib.STEER_PATH_LIMIT:
            return None
        if r.status != lib.STEER_PATH_FOUND:
            raise invalid("astar: start or goal outside the grid, or start on a wall")
        count = lib.steer_grid_smooth_path(self._c, out, r.length) if smooth else r.length
        return [(out[i].x, out[i].y) for i in range(count)]

    def __repr__(self):
        return "Grid(%d x %d, %d walls)" % (self.width, self.height, int(np.count_nonzero(self.cells)))
