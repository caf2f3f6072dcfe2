# SPDX-License-Identifier: MIT
"""A crowd crossing: 10 x 10 walkers on a lattice 6 apart each walk to the mirror point through
the centre, kept apart by the ORCA filter (steer.scenarios.crossing, the determinism
test's crowd at a smaller size). Plotted with matplotlib: every walker's path, coloured
by where it started.

    python crowd_crossing.py [--out DIR] [--quick]   (picture: DIR/python-crowd.png)
"""
import matplotlib.pyplot as plt
import numpy as np
from _example import arguments, save

from steer import scenarios


def main():
    args = arguments(__doc__)

    side = 10
    steps = 200 if args.quick else 3000
    with scenarios.crossing(side, spacing=6.0) as world:
        n = len(world)
        path = np.empty((steps + 1, n, 3), np.float32)
        for k in range(steps + 1):
            if k:
                world.step(1 / 60)
            h = world.handles()
            path[k, h[:, 0]] = world.positions()  # row = slot: follow each walker
        closest = min_gap(path[-1])

    fig, ax = plt.subplots(figsize=(7, 7), dpi=100)
    start = path[0]
    colour = np.arctan2(start[:, 1], start[:, 0])
    cmap = plt.get_cmap("hsv")
    for i in range(n):
        c = cmap((colour[i] + np.pi) / (2 * np.pi))
        ax.plot(path[:, i, 0], path[:, i, 1], lw=0.7, color=c)
        ax.add_patch(plt.Circle(path[-1, i, :2], 1.5, fill=False, color=c, lw=0.8))
    ax.set_aspect("equal")
    ax.set_title("steer from Python: %d walkers crossing with ORCA, %d steps "
                 "(closest pair at the end %.2f apart, contact at 3.0)"
                 % (n, steps, closest), fontsize=9)
    save(fig, args.out, "python-crowd.png")


def min_gap(points):
    d = np.linalg.norm(points[:, None, :2] - points[None, :, :2], axis=2)
    np.fill_diagonal(d, np.inf)
    return float(d.min())


if __name__ == "__main__":
    main()
