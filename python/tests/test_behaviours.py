# SPDX-License-Identifier: MIT
"""Every behaviour and integrator through the wrapper equals the C result bit for bit:
the C side (steer_py_ref_behaviours in python/steer/_binding.c) builds the same inputs
from C float literals, so the wrapper's conversions add no float error."""
import math

import pytest
from conftest import bits, row

import steer
from steer import _ffi, _lib

T = (7.1, 3.3)
TV = (-1.0, 0.5)


def ref_agent():
    return steer.Agent(position=(1.5, -2.25), velocity=(0.75, 0.5), orientation=0.3, rotation=0.2)


def python_rows():
    a = ref_agent()
    rows = [row(steer.seek(a, T)), row(steer.flee(a, T)), row(steer.arrive(a, T)[0]),
            row(steer.arrive(a, (2, -1), target_radius=0.5, slow_radius=4,
                             time_to_target=0.2)[0]),
            row(steer.leave(a, (2.5, -1))), row(steer.align(a, 1.2)), row(steer.face(a, T)),
            row(steer.look_where_going(a)), row(steer.pursue(a, T, TV)),
            row(steer.evade(a, T, TV, max_prediction=0.4)),
            row(steer.match_velocity(a, (2, -1), 0.25)),
            row(steer.interpose(a, (3, 4), (1, 0), (-2, 5), (0, -1))[0]),
            row(steer.offset_pursuit(a, (4, 1), (1, 0.5), 0.4, (-2, 1))[0])]
    rng = steer.Rng(7, 3)
    ws = steer.WanderState(rng)
    for _ in range(2):
        steer.wander(a, ws, rng)
    rows.append(row(steer.wander(a, ws, rng)))
    a3 = a.copy()
    a3.space = steer.Space.D3
    a3.velocity = (0.75, 0.5, -0.25)
    steer.wander_3d(a3, ws, rng)
    rows.append(row(steer.wander_3d(a3, ws, rng)))
    rng2, wt = steer.Rng(9, 1), steer.WanderTargetState()
    steer.wander_target(a, wt, rng2, 0.5)
    rows.append(row(steer.wander_target(a, wt, rng2, 0.5)))
    k = a.copy()
    assert steer.integrate_kinematic(k, steer.seek(k, T), 1.0 / 60.0)
    rows.append([*k.position, k.orientation])
    r = steer.Agent(model=steer.Model.REYNOLDS, position=a.position, velocity=a.velocity)
    assert steer.integrate_reynolds(r, steer.seek(r, T))
    rows.append([*r.position, r.orientation])
    st = a.copy()
    st.facing = steer.Facing.STEERED
    assert st.step(steer.align(st, 1.2), 0.05)
    rows.append([*st.velocity, st.orientation])
    xz = ref_agent()
    xz.space = steer.Space.XZ
    xz.position = (1.5, 0, -2.25)
    rows.append(row(steer.seek(xz, (7.1, 2, 3.3))))
    return rows


def c_rows():
    out = _ffi.new("float[]", 4 * 64)
    n = _lib.steer_py_ref_behaviours(out, 64)
    return [list(out[4 * i:4 * i + 4]) for i in range(n)]


def test_every_behaviour_equals_c_bit_for_bit():
    py, c = python_rows(), c_rows()
    assert len(py) == len(c) == 20
    for i, (p, q) in enumerate(zip(py, c)):
        assert bits(p) == bits(q), "row %d: python %r, C %r" % (i, p, q)
    # the rows are not trivially zero: each behaviour produced something
    assert sum(any(v != 0 for v in r) for r in c) == 20


def test_rng_sequence_matches_c():
    r = steer.Rng(42, 7)
    c = _ffi.new("steer_rng *", _lib.steer_rng_make(42, 7))
    for _ in range(100):
        assert r.u32() == _lib.steer_rng_u32(c)
    assert bits([r.float(), r.range(-3, 5)]) == bits([_lib.steer_rng_float(c),
                                                     _lib.steer_rng_range(c, -3, 5)])
    assert r.below(10) == _lib.steer_rng_below(c, 10)
    fork = r.copy()
    assert fork == r and fork.u32() == r.u32()


def test_non_finite_input_gives_zero_not_nan():
    a = ref_agent()
    for s in (steer.seek(a, (math.nan, 0)), steer.flee(a, (math.inf, 1, 2)),
              steer.arrive(a, (math.nan, math.nan))[0], steer.align(a, math.nan)):
        assert s == steer.Steering.zero()
    bad = steer.Agent(position=(math.nan, 0))
    assert not bad.state_is_finite
    assert steer.seek(bad, T) == steer.Steering.zero()
    assert not steer.integrate_kinematic(bad, steer.Steering((1, 0, 0), 0), 1 / 60)
    assert not steer.integrate_kinematic(ref_agent(), steer.Steering((1, 0, 0), 0), -1)


def test_bad_arguments_raise():
    a = ref_agent()
    with pytest.raises(steer.Invalid) as e:
        steer.seek(a, (1, 2, 3, 4))
    assert e.value.status == _lib.STEER_WORLD_INVALID
    with pytest.raises(TypeError):
        steer.seek(a, 5)
    with pytest.raises(TypeError):
        steer.arrive(a, T, no_such_parameter=1)
    with pytest.raises(TypeError):
        steer.Agent(colour=3)


def test_agent_fields_and_repr():
    a = steer.Agent(position=[1, 2], max_speed=3, space=steer.Space.XZ)
    assert a.position == (1.0, 2.0, 0.0) and a.max_speed == 3.0 and a.space is steer.Space.XZ
    assert "Agent(position=(1.0, 2.0, 0.0)" in repr(a)
    b = a.copy()
    assert a == b
    b.velocity = (1, 0, 0)
    assert a != b and a.velocity == (0.0, 0.0, 0.0)
    assert steer.Agent(model=steer.Model.REYNOLDS).max_speed == 6.0
