# SPDX-License-Identifier: MIT
"""Obstacles, paths, splines, the approach walker, grids and A* through the wrapper:
each result equals the raw C call's bit for bit, and does what the behaviour promises."""
import math

import numpy as np
import pytest
from conftest import bits, row

import steer
from steer import _ffi, _lib


def raw_agent(a):
    return a._c


def test_obstacle_behaviours_match_c():
    a = steer.Agent(position=(0, 0), velocity=(3, 0.2))
    obs = steer.Obstacles(circles=[((4, 0.3), 1.0)], walls=[((6, -3), (6, 3))],
                          polygons=[[(-5, -1), (-3, -1), (-3, 1)]])
    s = steer.avoid_obstacles(a, obs)
    assert s.linear[1] < 0  # away from the circle, which is above the line of travel
    c = _lib.steer_avoid_obstacles(a._c, obs._c, _ffi.NULL)
    assert bits(row(s)) == bits([c.linear.x, c.linear.y, c.linear.z, c.angular])
    w = steer.follow_wall(a, obs)
    cw = _lib.steer_follow_wall(a._c, obs._c, _ffi.NULL)
    assert bits(row(w)) == bits([cw.linear.x, cw.linear.y, cw.linear.z, cw.angular])
    h, spot = steer.hide(a, obs, (10, 0), (0, 0))
    assert spot[0] < 4  # the far side of the circle from a hunter at x = 10
    assert obs.distance((4, 3)) == pytest.approx(2.0 - 0.3, abs=1e-5)
    assert repr(obs) == "Obstacles(circles=1, walls=1, polygons=1)"


def test_path_and_following():
    path = steer.Path([(0, 0), (10, 0), (10, 10)], radius=1.0)
    assert path.length == 20.0 and len(path) == 3
    assert path.point_at(15) == (10.0, 5.0, 0.0)
    assert path.parameter((12, 3)) == 13.0
    a = steer.Agent(position=(0, 0.5))
    cur = steer.PathCursor()
    arrived = False
    for _ in range(2000):
        s, arrived = steer.follow_path(a, path, cur)
        steer.integrate_kinematic(a, s, 1 / 60)
        if arrived:
            break
    assert arrived and math.dist(a.position, (10, 10, 0)) < 0.5
    assert np.array_equal(path.waypoints()[:, :2], [[0, 0], [10, 0], [10, 10]])
    with pytest.raises(steer.Invalid):
        steer.Path([1, 2, 3])


def test_spline_matches_c():
    pts = [(0, 0), (4, 3), (8, -1), (12, 2)]
    samples = steer.spline_sample(pts, 0.5)
    raw = _ffi.new("steer_vec3[]", [(float(x), float(y), 0.0) for x, y in pts])
    out = _ffi.new("steer_vec3[]", 200)
    n = _lib.steer_spline_sample(raw, 4, 0.5, out, 200)
    assert len(samples) == n > 20
    assert bits(samples.ravel()) == bits([v for i in range(n) for v in (out[i].x, out[i].y, out[i].z)])
    assert steer.spline_length(pts) == _lib.steer_spline_length(raw, 4)
    assert tuple(samples[0]) == (0.0, 0.0, 0.0)


def test_approach_walker_reaches_target():
    rng = steer.Rng(11, 2)
    a = steer.Agent(position=(0, 0))
    walker = steer.ApproachWalker(a, (30, 10), rng)
    for _ in range(3000):
        s, arrived = walker.steer(a, (30, 10), rng)
        steer.integrate_kinematic(a, s, 1 / 60)
        if arrived:
            break
    assert arrived and math.dist(a.position, (30, 10, 0)) < 1.0
    plan, reached = steer.approach_plan(steer.Space.XY, (0, 0), (30, 10), steer.Rng(1, 1))
    assert reached and tuple(plan[-1]) == (30.0, 10.0, 0.0)


MAP = """\
; a hook of wall: from (0, 3) to (2, 3) the only way is round the top
.....
.###.
.#...
.#.#.
"""


def test_grid_astar():
    g = steer.Grid.from_text(MAP)
    assert (g.width, g.height) == (5, 4) and not g.is_free(1, 1) and g.is_free(0, 0)
    assert g.cells[1, 1] != 0 and g.cells[0, 0] == 0
    path = g.astar((0, 3), (2, 3))
    assert path[0] == (0, 3) and path[-1] == (2, 3)
    assert all(g.is_free(x, y) for x, y in path)
    # up the left column, along the top, down the right and back in: no corner cutting
    assert len(path) == 13 and (4, 1) in path
    smooth = g.astar((0, 3), (2, 3), smooth=True)
    assert smooth[0] == (0, 3) and smooth[-1] == (2, 3) and len(smooth) < len(path)
    g.set_wall(3, 2)
    g.set_wall(3, 0)
    assert g.astar((0, 3), (2, 3)) is None
    with pytest.raises(steer.Invalid):
        g.astar((0, 3), (9, 9))
    with pytest.raises(steer.GridError) as e:
        steer.Grid.from_text("...\n.x.\n")
    assert (e.value.line, e.value.column) == (2, 2) and "<map>:2:2" in str(e.value)
    with pytest.raises(steer.Invalid):
        steer.Grid(0, 4)
