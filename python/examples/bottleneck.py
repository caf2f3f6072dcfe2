# SPDX-License-Identifier: MIT
"""A bottleneck, notebook style: a crowd walks through a door in a wall and we measure
its flow (people per second through the door) - the number pedestrian studies use.

    python bottleneck.py [--quick] [--door 2.4] [--agents 80]

Each cell below is a step you could run on its own in a notebook.
"""
import argparse

import numpy as np

import steer

ap = argparse.ArgumentParser()
ap.add_argument("--door", type=float, default=2.4, help="door width, world units")
ap.add_argument("--agents", type=int, default=80)
ap.add_argument("--quick", action="store_true", help="a small run (the test)")
ap.add_argument("--out", help="ignored (the examples share a command line)")
args = ap.parse_args()
n = 20 if args.quick else args.agents

# %% The room: a wall along x = 0 with a door of width `door` centred on y = 0.
half_door = args.door / 2
walls = [[(0, -40), (0, -half_door)], [(0, half_door), (0, 40)]]

# %% The crowd: walkers of radius 0.3 (a person's shoulders, in metres), at most 1.3 m/s,
# placed on the left. Each heads for the door first and, once through, for its own goal
# on the right. The ORCA filter (recipe crowd=True) keeps them apart and out of the walls;
# it avoids, it does not plan routes: hence the door as the first target. Its keep-right
# rule (orca sidestep, which unlocks head-on jams) would slide a queue pressed against
# the wall away from the door, so it is off here.
world = steer.World(capacity=n, seed=1)
walk = world.add_recipe(steer.Recipe(crowd=True, orca={"sidestep": 0.0})
                       .add(steer.Behaviour.ARRIVE, 1.0, target_radius=0.3))
world.set_walls(walls)
rng = np.random.default_rng(2)
cols = int(np.ceil(np.sqrt(n)))
door, goals = (3.0, 0.0), {}
for i in range(n):
    start = (-3 - 0.9 * (i // cols) + rng.uniform(-0.1, 0.1), 0.9 * (i % cols - cols / 2))
    h = world.add(recipe=walk, position=start, target=door, radius=0.3, max_speed=1.3,
                  max_accel=3.0)
    goals[h.index] = (h, (8 + 0.9 * (i // cols), 0.9 * (i % cols - cols / 2)))

# %% Run, one step of 1/20 s at a time; note when each walker crosses the door line and
# send it on to its goal.
dt, crossed_at = 0.05, {}
for step in range(1, 4001 if not args.quick else 1201):
    world.step(dt)
    pos, handles = world.positions(), world.handles()
    for slot in handles[pos[:, 0] > 0, 0]:
        if int(slot) not in crossed_at:
            crossed_at[int(slot)] = step * dt
            world.set_target(*goals[int(slot)])
    if len(crossed_at) == n:
        break

# %% The flow: after the first few, people pass at a steady rate.
times = np.sort(np.array(list(crossed_at.values())))
print("walkers: %d, door: %.1f m, through: %d" % (n, args.door, len(times)))
if len(times) >= 4:
    steady = times[len(times) // 5:]  # skip the first fifth (the approach)
    flow = (len(steady) - 1) / (steady[-1] - steady[0])
    print("first through at %.1f s, last at %.1f s" % (times[0], times[-1]))
    print("flow: %.2f people/s, specific flow %.2f people/(m s)" % (flow, flow / args.door))
gaps = np.diff(times)
print("time between passages: median %.2f s, longest %.2f s" % (np.median(gaps), gaps.max()))
world.close()
