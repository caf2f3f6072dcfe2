# SPDX-License-Identifier: MIT
"""A flock of 300 boids in a wrapping box, plotted with matplotlib: every boid's trail
over the last seconds, and its heading at the end.

    python flock.py [--out DIR] [--quick]      (picture: DIR/python-flock.png)
"""
import matplotlib.pyplot as plt
import numpy as np
from _example import arguments, save

import steer


def main():
    args = arguments(__doc__)

    n, half = 300, 60.0
    world = steer.World(capacity=n, seed=3, bounds=steer.Bounds.wrap_box((half, half, 0)))
    recipe = steer.Recipe()
    recipe.add(steer.Behaviour.SEPARATION, 4.0, radius=2.5)
    recipe.add(steer.Behaviour.ALIGNMENT, 4.0, radius=10.0, cos_view=-0.5)
    recipe.add(steer.Behaviour.COHESION, 1.5, radius=12.0, cos_view=-0.5)
    recipe.add(steer.Behaviour.WANDER, 0.3)
    flocking = world.add_recipe(recipe)
    rng = np.random.default_rng(7)
    world.add_many(rng.uniform(-half, half, (n, 2)), rng.uniform(-3, 3, (n, 2)),
                   recipe=flocking, max_speed=8.0, max_accel=12.0)

    steps, keep = (120, 60) if args.quick else (1800, 90)
    world.step(1 / 30, n=steps - keep)
    trail = np.empty((keep, n, 3), np.float32)
    order = None
    for k in range(keep):
        world.step(1 / 30)
        # The internal order changes every step: sort rows by handle slot to follow boids.
        h = world.handles()
        order = np.argsort(h[:, 0])
        trail[k] = world.positions()[order]
    vel = world.velocities()[order]
    world.close()

    fig, ax = plt.subplots(figsize=(7, 7), dpi=100)
    for i in range(n):
        xy = trail[:, i, :2]
        jumps = np.where(np.abs(np.diff(xy, axis=0)).max(axis=1) > half)[0] + 1
        for seg in np.split(xy, jumps):  # no line across the wrap
            ax.plot(seg[:, 0], seg[:, 1], lw=0.6, color="tab:blue", alpha=0.5)
    end = trail[-1]
    ax.quiver(end[:, 0], end[:, 1], vel[:, 0], vel[:, 1], color="tab:red", scale=250, width=0.003)
    ax.set_xlim(-half, half)
    ax.set_ylim(-half, half)
    ax.set_aspect("equal")
    ax.set_title("steer from Python: %d boids, %d steps (separation, alignment, cohesion, wander)"
                 % (n, steps), fontsize=9)
    save(fig, args.out, "python-flock.png")


if __name__ == "__main__":
    main()
