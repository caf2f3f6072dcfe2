# SPDX-License-Identifier: MIT
"""The world benchmark from Python, comparable with bench/bench_world.c:

    python bench_world.py --scenario boids --n 100000 --threads 1
    make bench ARGS="--scenario boids --n 100000 --threads 1"     # the C figure

Same world (steer.scenarios.boids builds shared/boids.c's flock bit for bit), same
repetitions (each builds the flock afresh, steps it W times untimed, default 100, and
times the next S, default 100; medians of 5), same output line. The steps run as
world.step(dt, n=S): one C call, so the binding adds nothing per agent or per step; the
per-call figure (S Python calls of world.step(dt)) is printed too. Then --read N times reading N positions into a
numpy array (world.positions(out=...)). The machine may be shared: alternate C and
Python runs when comparing.
"""
import argparse
import statistics
import time

import numpy as np

import steer
from steer import scenarios
from steer._steer_cffi import ffi, lib

REPS = 5
NEIGHBOUR_RADIUS = 9.0  # bench_world.c's avg_within_radius: the cohesion radius


def timed(fn, reps):
    fn()  # warm-up
    out = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def within_radius(w):
    """Others within NEIGHBOUR_RADIUS of each agent, on average: the count the C query
    returns (itself included) without copying handles."""
    w.update_index()
    ptr = w._ptr()
    total = sum(lib.steer_world_query(ptr, (p[0], p[1], p[2]), NEIGHBOUR_RADIUS, 0xFFFFFFFF,
                                      ffi.NULL, 0) - 1 for p in w.positions())
    return total / max(1, len(w))


def bench_steps(args):
    dt = 1.0 / 60.0
    # As bench_world.c: each repetition a fresh flock, its warm-up, then the timed steps;
    # the states are the C benchmark's, step for step, so avg_neighbors and
    # avg_within_radius must print the same as the C line.
    times, neighbours, within = [], [], []
    for _ in range(REPS):
        w = scenarios.boids(args.n, flocking=args.scenario == "boids", threads=args.threads)
        w.step(dt, n=args.warmup)
        t0 = time.perf_counter()
        w.step(dt, n=args.steps)
        times.append(time.perf_counter() - t0)
        neighbours.append(w.stats().avg_neighbours)
        within.append(within_radius(w))
        w.close()
    t, avg = statistics.median(times), statistics.median(neighbours)
    steps = args.steps
    w = scenarios.boids(args.n, flocking=args.scenario == "boids", threads=args.threads)
    w.step(dt, n=args.warmup)

    def one_call_per_step():
        for _ in range(steps):
            w.step(dt)

    t_calls = timed(one_call_per_step, REPS)
    print("bench scenario=%s n=%d threads=%d warmup=%d steps=%d ns_per_agent_step=%.2f "
          "steps_per_s=%.2f avg_neighbors=%.2f avg_within_radius=%.2f python=1 "
          "ns_per_agent_step_one_call_per_step=%.2f"
          % (args.scenario, args.n, args.threads, args.warmup, steps,
             t * 1e9 / (steps * args.n), steps / t, avg, statistics.median(within),
             t_calls * 1e9 / (steps * args.n)))
    w.close()


def bench_read(n):
    with steer.World(capacity=n) as w:
        rng = np.random.default_rng(1)
        w.add_many(rng.uniform(-100, 100, (n, 3)), rng.uniform(-1, 1, (n, 3)))
        out = np.empty((n, 3), np.float32)
        t = timed(lambda: w.positions(out=out), 20)
        ta = timed(lambda: w.arrays(), 20)
    print("bench read n=%d positions_ms=%.2f all_arrays_ms=%.2f" % (n, t * 1e3, ta * 1e3))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", choices=["boids", "wander"], default="boids")
    p.add_argument("--n", type=int, default=100000)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--warmup", type=int, default=100)
    p.add_argument("--steps", type=int, default=100)
    p.add_argument("--read", type=int, default=1000000,
                   help="agents for the positions read (0: skip)")
    p.add_argument("--no-steps", action="store_true", help="only the read benchmark")
    args = p.parse_args()
    if not args.no_steps:
        bench_steps(args)
    if args.read:
        bench_read(args.read)


if __name__ == "__main__":
    main()
