// SPDX-License-Identifier: MIT
// DetourCrowd (Debian's librecast-dev) on bench_world's circle scene, for make
// bench-peers. N agents of radius 1.5 on a ring of radius 0.8 N walk to the antipodal
// points across one flat square polygon, dt 0.25; each repetition builds the crowd afresh
// and times its first S steps (bench_crowd.c's protocol). Prints one key=value line:
//
//   peer=detourcrowd scenario=circle n=<N> threads=1 steps=<S> ns_per_agent_step=<x>
//        avoidance_divs=.. avoidance_rings=.. avoidance_depth=.. avoidance_horizon=..
//        [collisions=<c> arrived=<a> run_steps=<K>]
//
// --run-steps K adds a fresh run of K steps: collisions are the pairs closer than 99% of
// their radius sum, summed over its steps, arrived the share within a radius of the goal
// at its end (bench_world --run-steps counts the same).
//
// DetourCrowd's own choices where bench_crowd's have no equivalent: its obstacle
// avoidance with the parameters dtCrowd::init sets (type 0: adaptive sampling, 7
// divisions, 2 rings, depth 5, horizon 2.5 s), at most DT_CROWDAGENT_MAX_NEIGHBOURS (6)
// neighbours, its collision resolution, no separation, speed capped at the preferred 1.
#include <DetourCrowd.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourNavMeshQuery.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace
{

const float kDt = 0.25f;
const float kRadius = 1.5f;

struct Options {
    long n = 0;
    int steps = 100;
    int reps = 5;
    long run_steps = 0;
};

// One square polygon of side 2 * half (x and z, y up), as a single-tile navmesh.
dtNavMesh *square_navmesh(float half)
{
    const float cs = 1.0f, ch = 1.0f;
    unsigned short side = (unsigned short)std::ceil(2.0f * half / cs);
    // Vertices in cells from bmin; the polygon's edges have no neighbours (0xffff).
    const unsigned short verts[] = {0, 0, 0, 0, 0, side, side, 0, side, side, 0, 0};
    const int nvp = 4;
    const unsigned short polys[2 * nvp] = {0, 1, 2, 3, 0xffff, 0xffff, 0xffff, 0xffff};
    const unsigned short flags[] = {1};
    const unsigned char areas[] = {0};
    dtNavMeshCreateParams p;
    std::memset(&p, 0, sizeof p);
    p.verts = verts;
    p.vertCount = 4;
    p.polys = polys;
    p.polyFlags = flags;
    p.polyAreas = areas;
    p.polyCount = 1;
    p.nvp = nvp;
    p.bmin[0] = -half, p.bmin[1] = -1.0f, p.bmin[2] = -half;
    p.bmax[0] = -half + side * cs, p.bmax[1] = 1.0f, p.bmax[2] = -half + side * cs;
    p.walkableHeight = 2.0f;
    p.walkableRadius = kRadius;
    p.walkableClimb = 0.5f;
    p.cs = cs;
    p.ch = ch;
    p.buildBvTree = true;
    unsigned char *data = nullptr;
    int size = 0;
    if (!dtCreateNavMeshData(&p, &data, &size)) return nullptr;
    dtNavMesh *mesh = dtAllocNavMesh();
    if (mesh == nullptr || dtStatusFailed(mesh->init(data, size, DT_TILE_FREE_DATA))) {
        dtFree(data);
        dtFreeNavMesh(mesh);
        return nullptr;
    }
    return mesh;
}

struct Circle {
    dtNavMesh *mesh = nullptr;
    dtCrowd *crowd = nullptr;
    std::vector<float> goal; // x, z per agent
    ~Circle()
    {
        dtFreeCrowd(crowd);
        dtFreeNavMesh(mesh);
    }
};

bool circle_create(Circle &c, long n)
{
    double ring = 0.8 * (double)n;
    c.mesh = square_navmesh((float)ring + 10.0f);
    c.crowd = dtAllocCrowd();
    if (c.mesh == nullptr || c.crowd == nullptr || !c.crowd->init((int)n, kRadius, c.mesh))
        return false;
    dtCrowdAgentParams ap;
    std::memset(&ap, 0, sizeof ap);
    ap.radius = kRadius;
    ap.height = 2.0f;
    ap.maxAcceleration = 1e6f;      // as bench_crowd: the chosen velocity in one step
    ap.maxSpeed = 1.0f;             // bench_crowd's preferred speed
    ap.collisionQueryRange = 15.0f; // bench_crowd's ORCA neighbour distance
    ap.pathOptimizationRange = 30.0f * kRadius;
    ap.updateFlags = DT_CROWD_ANTICIPATE_TURNS | DT_CROWD_OPTIMIZE_VIS | DT_CROWD_OPTIMIZE_TOPO |
                     DT_CROWD_OBSTACLE_AVOIDANCE;
    ap.obstacleAvoidanceType = 0;
    const dtNavMeshQuery *q = c.crowd->getNavMeshQuery();
    const dtQueryFilter *filter = c.crowd->getFilter(0);
    c.goal.resize(2 * (size_t)n);
    for (long i = 0; i < n; i++) {
        double a = 2.0 * 3.14159265358979323846 * (double)i / (double)n;
        float pos[3] = {(float)(ring * std::cos(a)), 0.0f, (float)(ring * std::sin(a))};
        float goal[3] = {-pos[0], 0.0f, -pos[2]}, near[3];
        dtPolyRef ref = 0;
        int idx = c.crowd->addAgent(pos, &ap);
        if (idx < 0 ||
            dtStatusFailed(
                q->findNearestPoly(goal, c.crowd->getQueryExtents(), filter, &ref, near)) ||
            ref == 0 || !c.crowd->requestMoveTarget(idx, ref, near))
            return false;
        c.goal[2 * (size_t)idx] = goal[0];
        c.goal[2 * (size_t)idx + 1] = goal[2];
    }
    return true;
}

// Pairs closer than 99% of their radius sum now (all pairs: quality runs are small),
// and agents within a radius of their goal.
long circle_overlaps(Circle &c, long *arrived)
{
    int n = c.crowd->getAgentCount();
    long pairs = 0;
    float limit = 0.99f * 2.0f * kRadius;
    *arrived = 0;
    for (int i = 0; i < n; i++) {
        const float *p = c.crowd->getAgent(i)->npos;
        float gx = c.goal[2 * (size_t)i] - p[0], gz = c.goal[2 * (size_t)i + 1] - p[2];
        *arrived += gx * gx + gz * gz <= kRadius * kRadius ? 1 : 0;
        for (int j = i + 1; j < n; j++) {
            const float *o = c.crowd->getAgent(j)->npos;
            float dx = o[0] - p[0], dz = o[2] - p[2];
            pairs += dx * dx + dz * dz < limit * limit ? 1 : 0;
        }
    }
    return pairs;
}

double now_s()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

bool parse(int argc, char **argv, Options &o)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        long v = std::strtol(argv[i + 1], nullptr, 10);
        if (std::strcmp(argv[i], "--n") == 0 && v > 0)
            o.n = v;
        else if (std::strcmp(argv[i], "--steps") == 0 && v > 0)
            o.steps = (int)v;
        else if (std::strcmp(argv[i], "--reps") == 0 && v > 0)
            o.reps = (int)v;
        else if (std::strcmp(argv[i], "--run-steps") == 0 && v > 0)
            o.run_steps = v;
        else
            return false;
    }
    return o.n > 0 && argc % 2 == 1;
}

} // namespace

int main(int argc, char **argv)
{
    Options o;
    if (!parse(argc, argv, o)) {
        std::fprintf(stderr, "usage: detour_circle --n N [--steps S] [--reps R] "
                             "[--run-steps K]\n");
        return 2;
    }
    std::vector<double> ns;
    for (int r = 0; r <= o.reps; r++) { // the first, untimed: page faults, caches
        Circle c;
        if (!circle_create(c, o.n)) {
            std::fprintf(stderr, "detour_circle: could not build the crowd of %ld\n", o.n);
            return 1;
        }
        double t0 = now_s();
        for (int s = 0; s < o.steps; s++) c.crowd->update(kDt, nullptr);
        double t = now_s() - t0;
        if (r > 0) ns.push_back(t * 1e9 / ((double)o.steps * (double)o.n));
    }
    std::sort(ns.begin(), ns.end());
    size_t m = ns.size();
    double med = m % 2 ? ns[m / 2] : 0.5 * (ns[m / 2 - 1] + ns[m / 2]);
    // The avoidance settings dtCrowd::init chose, printed so the docs' figures can be checked.
    dtCrowd *probe = dtAllocCrowd();
    dtNavMesh *mesh = square_navmesh(10.0f);
    const dtObstacleAvoidanceParams *ap =
        probe != nullptr && mesh != nullptr && probe->init(1, kRadius, mesh)
            ? probe->getObstacleAvoidanceParams(0)
            : nullptr;
    std::printf("peer=detourcrowd scenario=circle n=%ld threads=1 steps=%d "
                "ns_per_agent_step=%.2f",
                o.n, o.steps, med);
    if (ap != nullptr)
        std::printf(" avoidance_divs=%d avoidance_rings=%d avoidance_depth=%d "
                    "avoidance_horizon=%.2f",
                    ap->adaptiveDivs, ap->adaptiveRings, ap->adaptiveDepth, ap->horizTime);
    dtFreeCrowd(probe);
    dtFreeNavMesh(mesh);
    if (o.run_steps > 0) {
        Circle c;
        long pairs = 0, arrived = 0;
        if (!circle_create(c, o.n)) return 1;
        for (long s = 0; s < o.run_steps; s++) {
            c.crowd->update(kDt, nullptr);
            pairs += circle_overlaps(c, &arrived);
        }
        std::printf(" collisions=%ld arrived=%.4f run_steps=%ld", pairs,
                    (double)arrived / (double)o.n, o.run_steps);
    }
    std::printf("\n");
    return 0;
}
