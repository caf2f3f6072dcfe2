# SPDX-License-Identifier: MIT
"""Ready-made worlds, built through the public API: the same scenarios as the C
benchmark and determinism test, so their state hashes match the C ones bit for bit.

The placement arithmetic is done in float32 step for step as C does it (numpy float32
scalars round every operation, and the C build never contracts into FMAs)."""
from typing import Optional

import numpy as np

from ._core import Agent, Model, Rng, Space
from ._world import Behaviour, Bounds, Recipe, World

f32 = np.float32


def _in_ball(rng: Rng, radius) -> tuple:
    """shared/boids.c's steer_boids_in_ball: a uniform point in the ball (rejection)."""
    while True:
        x, y, z = f32(rng.range(-1, 1)), f32(rng.range(-1, 1)), f32(rng.range(-1, 1))
        if x * x + y * y + z * z <= f32(1.0):
            r = f32(radius)
            return (x * r, y * r, z * r)


def _on_sphere(rng: Rng) -> tuple:
    """shared/boids.c's steer_boids_on_sphere: a uniform unit vector."""
    while True:
        x, y, z = _in_ball(rng, 1.0)
        ls = x * x + y * y + z * z
        if ls > f32(1e-4):
            k = f32(1.0) / np.sqrt(ls)
            return (x * k, y * k, z * k)


def boids_radius(n: int) -> float:
    """The ball's radius bench_world uses for n boids: 50 * cbrt(n / 1000) in float
    (tests/test_determinism.c fixes 62.996052 for 2000)."""
    if n == 2000:
        return float(f32(62.996052))
    return float(f32(50.0) * f32(np.cbrt(n / 1000.0)))


def boids(n: int, radius: Optional[float] = None, *, flocking: bool = True,
          threads: int = 1) -> World:
    """OpenSteer's boids (shared/boids.c's steer_boids_world): n 3D kinematic agents
    (max speed 9, max acceleration and force 27) uniform in a wrap sphere, speed 2.7 in a
    random direction, placed from Rng(42, 7); recipe separation (radius 5, cos -0.707,
    weight 12), alignment (7.5, 0.7, 8), cohesion (9, -0.15, 8) and wander (1); with
    flocking False, wander alone. Seed 1."""
    radius = boids_radius(n) if radius is None else radius
    w = World(capacity=n, seed=1, bounds=Bounds.wrap_sphere(radius), threads=threads)
    r = Recipe()
    if flocking:
        r.add(Behaviour.SEPARATION, 12.0, radius=5.0, cos_view=-0.707)
        r.add(Behaviour.ALIGNMENT, 8.0, radius=7.5, cos_view=0.7)
        r.add(Behaviour.COHESION, 8.0, radius=9.0, cos_view=-0.15)
    r.add(Behaviour.WANDER, 1.0)
    recipe = w.add_recipe(r)
    rng = Rng(42, 7)
    pos = np.empty((n, 3), np.float32)
    vel = np.empty((n, 3), np.float32)
    speed = f32(2.7)
    for i in range(n):
        pos[i] = _in_ball(rng, radius)
        d = _on_sphere(rng)
        vel[i] = (d[0] * speed, d[1] * speed, d[2] * speed)
    proto = Agent(space=Space.D3, model=Model.KINEMATIC, max_speed=9.0, max_accel=27.0,
                  max_force=27.0)
    w.add_many(pos, vel, proto, recipe=recipe)
    return w


def crossing(side: int = 20, *, spacing: float = 4.0, threads: int = 1) -> World:
    """tests/test_determinism.c's crowd: side x side walkers (radius 1.5, max speed 2, max
    acceleration 8) on a lattice, each arriving at its mirror point through the centre
    with the ORCA crowd filter on. Seed 1."""
    n = side * side
    w = World(capacity=n, seed=1, threads=threads)
    recipe = w.add_recipe(Recipe(crowd=True).add(Behaviour.ARRIVE, 1.0))
    half = f32(0.5) * f32(side - 1)
    s = f32(spacing)
    for i in range(n):
        p = (s * (f32(i % side) - half), s * (f32(i // side) - half), 0.0)
        w.add(recipe=recipe, position=p, radius=1.5, max_speed=2.0, max_accel=8.0,
              target=(-p[0], -p[1], 0.0))
    return w
