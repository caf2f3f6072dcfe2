// SPDX-License-Identifier: MIT
// Yuka (npm) on bench_world's flock scenes, for make bench-peers:
//
//   node bench/peers/yuka_flock.mjs --scenario boids|wander --n N [--warmup W]
//        [--steps S] [--reps R]
//
// The scene as shared/boids.c builds it: N vehicles (mass 1, max force 27, max speed 9)
// uniform in a ball of radius 50 (N / 1000)^(1/3), starting at speed 2.7 in a random
// direction, moved to the opposite point of the sphere when they leave it, dt 1/60.
// `boids`: Yuka's separation (weight 12), alignment (8) and cohesion (8) over every
// neighbour within 9 units (Yuka has one neighbourhood radius and no view cone: the
// largest of OpenSteer's three radii, cohesion's), then wander (1); `wander`: wander only.
// Wander is Yuka's (its defaults: radius 1, distance 5, jitter 5, in the vehicle's XZ
// plane); the neighbours come from Yuka's CellSpacePartitioning with 18-unit cells.
// Each repetition builds the scene afresh, steps it W times untimed (default 100) and
// times the next S (default 100), as bench_world does. Prints one key=value line;
// avg_within_radius is the mean length of Yuka's neighbour lists at the last step
// (bench_world's avg_within_radius, the same definition; 0 for wander, which asks Yuka
// for no neighbours).
import {
    AlignmentBehavior,
    CellSpacePartitioning,
    CohesionBehavior,
    EntityManager,
    SeparationBehavior,
    Vehicle,
    WanderBehavior,
} from 'yuka';

const DT = 1 / 60;
const NEIGHBOUR_RADIUS = 9;
// Yuka's query tests the sphere against every cell, so cells of twice the radius were
// the fastest of 9, 18, 27 and 40 at N = 1000 (about 13 us against 70 us for 9-unit
// cells). Yuka keeps an entity's cell index with `|| -1`, so an entity in cell 0 is added
// again at every step; that corner cell lies outside the ball for these sizes.
const CELL = 2 * NEIGHBOUR_RADIUS;

// A vehicle that wraps around the sphere after each move, before Yuka re-indexes it.
class WrappingVehicle extends Vehicle {
    constructor(radius) {
        super();
        this.wrapRadius = radius;
    }

    update(delta) {
        super.update(delta);
        const p = this.position;
        const d2 = p.x * p.x + p.y * p.y + p.z * p.z;
        if (d2 > this.wrapRadius * this.wrapRadius) {
            p.multiplyScalar(-this.wrapRadius / Math.sqrt(d2));
        }
        return this;
    }
}

function inBall(radius) {
    for (;;) {
        const x = 2 * Math.random() - 1, y = 2 * Math.random() - 1, z = 2 * Math.random() - 1;
        const d2 = x * x + y * y + z * z;
        if (d2 <= 1 && d2 > 1e-4) return [x * radius, y * radius, z * radius, Math.sqrt(d2)];
    }
}

function makeScene(n, flocking) {
    const radius = 50 * Math.cbrt(n / 1000);
    const manager = new EntityManager();
    const cells = Math.max(1, Math.floor((2 * radius + 2) / CELL));
    const size = 2 * radius + 2;
    manager.spatialIndex = new CellSpacePartitioning(size, size, size, cells, cells, cells);
    for (let i = 0; i < n; i++) {
        const v = new WrappingVehicle(radius);
        const [x, y, z] = inBall(radius);
        const [dx, dy, dz, len] = inBall(1);
        v.position.set(x, y, z);
        v.velocity.set(dx, dy, dz).multiplyScalar(2.7 / len);
        v.mass = 1;
        v.maxForce = 27;
        v.maxSpeed = 9;
        if (flocking) {
            v.updateNeighborhood = true;
            v.neighborhoodRadius = NEIGHBOUR_RADIUS;
            const sep = new SeparationBehavior(), ali = new AlignmentBehavior();
            const coh = new CohesionBehavior();
            sep.weight = 12;
            ali.weight = 8;
            coh.weight = 8;
            v.steering.add(sep);
            v.steering.add(ali);
            v.steering.add(coh);
        }
        v.steering.add(new WanderBehavior());
        manager.add(v);
    }
    return manager;
}

function median(v) {
    const s = [...v].sort((a, b) => a - b), m = s.length;
    return m % 2 ? s[(m - 1) / 2] : 0.5 * (s[m / 2 - 1] + s[m / 2]);
}

function parse(argv) {
    const o = { scenario: null, n: 0, warmup: 100, steps: 100, reps: 5 };
    for (let i = 0; i + 1 < argv.length; i += 2) {
        const key = argv[i].replace(/^--/, ''), value = argv[i + 1];
        if (key === 'scenario') o.scenario = value;
        else if (key in o && /^[0-9]+$/.test(value)) o[key] = Number(value);
        else return null;
    }
    const known = o.scenario === 'boids' || o.scenario === 'wander';
    return known && o.n > 0 && o.steps > 0 && o.reps > 0 && argv.length % 2 === 0 ? o : null;
}

const o = parse(process.argv.slice(2));
if (o === null) {
    process.stderr.write('usage: yuka_flock.mjs --scenario boids|wander --n N [--warmup W] ' +
        '[--steps S] [--reps R]\n');
    process.exit(2);
}
const ns = [], within = [];
for (let r = 0; r < o.reps; r++) {
    const manager = makeScene(o.n, o.scenario === 'boids');
    for (let s = 0; s < o.warmup; s++) manager.update(DT);
    const t0 = process.hrtime.bigint();
    for (let s = 0; s < o.steps; s++) manager.update(DT);
    const t = Number(process.hrtime.bigint() - t0);
    ns.push(t / (o.steps * o.n));
    within.push(manager.entities.reduce((sum, e) => sum + e.neighbors.length, 0) / o.n);
}
console.log(`peer=yuka scenario=${o.scenario} n=${o.n} threads=1 warmup=${o.warmup} ` +
    `steps=${o.steps} ns_per_agent_step=${median(ns).toFixed(2)} ` +
    `avg_within_radius=${median(within).toFixed(2)} node=${process.version}`);
