# SPDX-License-Identifier: MIT
"""Shared helpers of the steer Python tests."""
import re
from pathlib import Path

import numpy as np
import pytest

import steer

ROOT = Path(__file__).resolve().parents[2]


def bits(values):
    """The float32 bit patterns of a flat sequence of floats (exact comparison)."""
    return np.asarray(values, dtype=np.float32).view(np.uint32).tolist()


def row(s):
    """A Steering as the 4 floats (linear x, y, z, angular) the C reference writes."""
    return [*s.linear, s.angular]


def golden(name):
    """A golden hash of tests/test_determinism.c, read from that file (the one place they live)."""
    text = (ROOT / "tests" / "test_determinism.c").read_text()
    m = re.search(r"#define DET_GOLDEN_%s UINT64_C\((0x[0-9a-fA-F]+)\)" % name, text)
    assert m, "DET_GOLDEN_%s not found in tests/test_determinism.c" % name
    return int(m.group(1), 16)


def f32(x):
    return np.float32(x)


def boids_in_ball(rng, radius):
    """shared/boids.c's steer_boids_in_ball, in float32 arithmetic step for step."""
    while True:
        x, y, z = f32(rng.range(-1, 1)), f32(rng.range(-1, 1)), f32(rng.range(-1, 1))
        if x * x + y * y + z * z <= f32(1.0):
            r = f32(radius)
            return (x * r, y * r, z * r)


def boids_on_sphere(rng):
    while True:
        x, y, z = boids_in_ball(rng, 1.0)
        ls = x * x + y * y + z * z
        if ls > f32(1e-4):
            k = f32(1.0) / np.sqrt(ls)
            return (x * k, y * k, z * k)


def boids_world(n, radius, threads=1):
    """shared/boids.c's steer_boids_world built through the Python API."""
    w = steer.World(capacity=n, seed=1, bounds=steer.Bounds.wrap_sphere(radius), threads=threads)
    r = steer.Recipe()
    r.add(steer.Behaviour.SEPARATION, 12.0, radius=5.0, cos_view=-0.707)
    r.add(steer.Behaviour.ALIGNMENT, 8.0, radius=7.5, cos_view=0.7)
    r.add(steer.Behaviour.COHESION, 8.0, radius=9.0, cos_view=-0.15)
    r.add(steer.Behaviour.WANDER, 1.0)
    recipe = w.add_recipe(r)
    rng = steer.Rng(42, 7)
    proto = steer.Agent(space=steer.Space.D3, model=steer.Model.KINEMATIC, max_speed=9.0,
                        max_accel=27.0, max_force=27.0)
    for _ in range(n):
        p = boids_in_ball(rng, radius)
        d = boids_on_sphere(rng)
        s = f32(2.7)
        w.add(proto, recipe=recipe, position=p, velocity=(d[0] * s, d[1] * s, d[2] * s))
    return w


def crowd_world(side=20, threads=1):
    """tests/test_determinism.c's crowd_make: a lattice crossing to its mirror points."""
    n = side * side
    w = steer.World(capacity=n, seed=1, threads=threads)
    recipe = w.add_recipe(steer.Recipe(crowd=True).add(steer.Behaviour.ARRIVE, 1.0))
    half = f32(0.5) * f32(side - 1)
    for i in range(n):
        p = (f32(4.0) * (f32(i % side) - half), f32(4.0) * (f32(i // side) - half), 0.0)
        w.add(recipe=recipe, position=p, radius=1.5, max_speed=2.0, max_accel=8.0,
              target=(-p[0], -p[1], 0.0))
    return w


@pytest.fixture
def wander_world():
    """A small wandering world in a wrap box, closed after the test."""
    with steer.World(capacity=64, seed=5, bounds=steer.Bounds.wrap_box((20, 20, 0))) as w:
        rid = w.add_recipe(steer.Recipe().add(steer.Behaviour.WANDER))
        rng = steer.Rng(3, 1)
        for _ in range(40):
            w.add(recipe=rid, position=(rng.range(-20, 20), rng.range(-20, 20)),
                  velocity=(rng.range(-1, 1), rng.range(-1, 1)))
        yield w
