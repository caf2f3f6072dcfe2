# SPDX-License-Identifier: MIT
"""Blend, priority and the flocking behaviours over neighbour arrays: equal to the raw C
calls bit for bit, and pointing the way each promises."""
import numpy as np
import pytest
from conftest import bits, row

import steer
from steer import _ffi, _lib

NEIGHBOURS = np.array([[1.0, 0.5, 0.0], [-0.5, 1.5, 0.0], [2.0, -1.0, 0.0], [30.0, 0.0, 0.0]],
                      np.float32)
VELOCITIES = np.array([[1.0, 1.0, 0.0], [0.5, 1.5, 0.0], [1.0, 0.2, 0.0], [-5.0, 0.0, 0.0]],
                      np.float32)


def c_row(s):
    return [s.linear.x, s.linear.y, s.linear.z, s.angular]


def test_flocking_matches_c_and_points_the_right_way():
    a = steer.Agent(velocity=(1, 0.3))
    p = _ffi.new("steer_vec3[]", [tuple(map(float, r)) for r in NEIGHBOURS])
    v = _ffi.new("steer_vec3[]", [tuple(map(float, r)) for r in VELOCITIES])
    nb = _ffi.new("steer_neighbourhood *", {"radius": 6.0, "cos_view": -1.0})
    sep = steer.separation(a, NEIGHBOURS, radius=6.0, cos_view=-1.0)
    ali = steer.alignment(a, NEIGHBOURS, VELOCITIES, radius=6.0, cos_view=-1.0)
    coh = steer.cohesion(a, NEIGHBOURS[:, :2], radius=6.0, cos_view=-1.0)
    assert bits(row(sep)) == bits(c_row(_lib.steer_separation(a._c, p, 4, nb)))
    assert bits(row(ali)) == bits(c_row(_lib.steer_alignment(a._c, p, v, 4, nb)))
    assert bits(row(coh)) == bits(c_row(_lib.steer_cohesion(a._c, p, 4, nb)))
    centre = NEIGHBOURS[:3].mean(axis=0)  # the one at x = 30 is outside the radius
    assert np.dot(sep.linear, centre) < 0 < np.dot(coh.linear, centre)
    assert steer.separation(a, np.zeros((0, 3))) == steer.Steering.zero()
    with pytest.raises(ValueError):
        steer.alignment(a, NEIGHBOURS, VELOCITIES[:2])


def test_blend_priority_limit():
    a = steer.Agent()  # max_accel 10
    s1, s2 = steer.Steering((3, 0, 0), 0.0), steer.Steering((0, 4, 0), 0.5)
    b = steer.blend(a, [(s1, 2.0), (s2, 1.0)])
    assert b.linear == (6.0, 4.0, 0.0) and b.angular == 0.5
    big = steer.blend(a, [(s1, 100.0)])
    assert big.linear == pytest.approx((10.0, 0.0, 0.0), rel=1e-6)  # one float ulp either way
    chosen, index = steer.priority([steer.Steering.zero(), s2, s1])
    assert chosen == s2 and index == 1
    _, index = steer.priority([steer.Steering((1e-5, 0, 0), 0.0)], epsilon=1e-3)
    assert index == 0
    assert steer.limit(a, steer.Steering((0, 50, 0), 0.0)).linear == (0.0, 10.0, 0.0)
    # any non-finite number gives zero steering (src/combine.c; the header says "parts")
    assert steer.limit(a, steer.Steering((float("nan"), 50, 0), 0.5)) == steer.Steering.zero()
    follow = steer.follow_leader(a, (5, 0), (1, 0), (1, 0), behind=2)
    assert follow.linear[0] > 0  # towards the point behind the leader, at x = 3
