// SPDX-License-Identifier: MIT
// DetourCrowd (Debian's librecast-dev) on bench_navigate's level, with its agents: the
// rooms, doors and pillars of bench/navigate_level.h, the same starts and goals, radius
// 0.5, speed 2, acceleration 8, dt 1/60. The floor is steer's mesh of the level, its
// convex polygons cut into triangles and baked by Recast into a single-tile Detour mesh
// (Recast's usual steps, the walkable area eroded by the agents' radius as Detour
// expects). Each repetition builds the crowd afresh; the first update (every path
// requested) is timed as plan_ms, then W untimed updates and S timed ones, as
// bench_navigate does. Prints one key=value line:
//
//   peer=detourcrowd scenario=navigate n=<N> threads=1 polygons=<P> plan_ms=<first update>
//        ns_per_agent_step=<x> [run_steps=<K> arrived=<a>]
//
// DetourCrowd's own choices: the RecastDemo's agent flags (anticipate turns, visibility
// and topology optimisation, obstacle avoidance of the highest quality preset,
// separation weight 2); its path queue plans a few agents each update.
#include "navigate_level.h"

#include <DetourCrowd.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourNavMeshQuery.h>
#include <Recast.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace
{

const float kDt = 1.0f / 60.0f;
const float kRadius = 0.5f;
const int kReps = 3;

struct Options {
    long n = 10000, run_steps = 0;
    int warmup = 100, steps = 100, rooms = 12, room = 30;
};

// Steer's polygons as Recast triangles, y up: steer (x, y) is Recast (x, z).
void level_triangles(const bench_level &l, std::vector<float> &verts, std::vector<int> &tris)
{
    for (int p = 0; p < steer_navmesh_polygon_count(&l.mesh); p++) {
        int base = (int)verts.size() / 3;
        steer_vec3 corner[STEER_NAVMESH_POLY_MAX];
        int count = steer_navmesh_polygon_vertices(&l.mesh, p, corner, STEER_NAVMESH_POLY_MAX);
        for (int k = 0; k < count; k++)
            verts.push_back(corner[k].x), verts.push_back(0.0f), verts.push_back(corner[k].y);
        // Counter-clockwise in steer's XY is clockwise seen from Recast's +y: reversed.
        for (int k = 1; k + 1 < count; k++)
            tris.push_back(base), tris.push_back(base + k + 1), tris.push_back(base + k);
    }
}

dtNavMesh *bake(const bench_level &l, int *polygons)
{
    std::vector<float> verts;
    std::vector<int> tris;
    level_triangles(l, verts, tris);
    int nv = (int)verts.size() / 3, nt = (int)tris.size() / 3;
    rcConfig c;
    std::memset(&c, 0, sizeof c);
    c.cs = 0.25f;
    c.ch = 0.2f;
    c.walkableSlopeAngle = 45.0f;
    c.walkableHeight = (int)std::ceil(2.0f / c.ch);
    c.walkableClimb = (int)std::floor(0.9f / c.ch);
    c.walkableRadius = (int)std::ceil(kRadius / c.cs);
    c.maxEdgeLen = (int)(12.0f / c.cs);
    c.maxSimplificationError = 1.3f;
    c.minRegionArea = 8 * 8;
    c.mergeRegionArea = 20 * 20;
    c.maxVertsPerPoly = 6;
    c.detailSampleDist = 6.0f * c.cs;
    c.detailSampleMaxError = c.ch;
    rcCalcBounds(verts.data(), nv, c.bmin, c.bmax);
    c.bmax[1] += 2.0f;
    rcCalcGridSize(c.bmin, c.bmax, c.cs, &c.width, &c.height);
    rcContext ctx(false);
    rcHeightfield *hf = rcAllocHeightfield();
    rcCompactHeightfield *chf = rcAllocCompactHeightfield();
    rcContourSet *cset = rcAllocContourSet();
    rcPolyMesh *pm = rcAllocPolyMesh();
    rcPolyMeshDetail *dm = rcAllocPolyMeshDetail();
    std::vector<unsigned char> areas((size_t)nt, 0);
    bool ok = rcCreateHeightfield(&ctx, *hf, c.width, c.height, c.bmin, c.bmax, c.cs, c.ch);
    rcMarkWalkableTriangles(&ctx, c.walkableSlopeAngle, verts.data(), nv, tris.data(), nt,
                            areas.data());
    ok = ok && rcRasterizeTriangles(&ctx, verts.data(), nv, tris.data(), areas.data(), nt, *hf,
                                    c.walkableClimb);
    ok = ok && rcBuildCompactHeightfield(&ctx, c.walkableHeight, c.walkableClimb, *hf, *chf);
    ok = ok && rcErodeWalkableArea(&ctx, c.walkableRadius, *chf);
    ok = ok && rcBuildDistanceField(&ctx, *chf);
    ok = ok && rcBuildRegions(&ctx, *chf, 0, c.minRegionArea, c.mergeRegionArea);
    ok = ok && rcBuildContours(&ctx, *chf, c.maxSimplificationError, c.maxEdgeLen, *cset);
    ok = ok && rcBuildPolyMesh(&ctx, *cset, c.maxVertsPerPoly, *pm);
    ok = ok &&
         rcBuildPolyMeshDetail(&ctx, *pm, *chf, c.detailSampleDist, c.detailSampleMaxError, *dm);
    dtNavMesh *nav = nullptr;
    if (ok) {
        for (int i = 0; i < pm->npolys; i++) pm->flags[i] = 1;
        *polygons = pm->npolys;
        dtNavMeshCreateParams p;
        std::memset(&p, 0, sizeof p);
        p.verts = pm->verts;
        p.vertCount = pm->nverts;
        p.polys = pm->polys;
        p.polyAreas = pm->areas;
        p.polyFlags = pm->flags;
        p.polyCount = pm->npolys;
        p.nvp = pm->nvp;
        p.detailMeshes = dm->meshes;
        p.detailVerts = dm->verts;
        p.detailVertsCount = dm->nverts;
        p.detailTris = dm->tris;
        p.detailTriCount = dm->ntris;
        p.walkableHeight = 2.0f;
        p.walkableRadius = kRadius;
        p.walkableClimb = 0.9f;
        std::memcpy(p.bmin, pm->bmin, sizeof p.bmin);
        std::memcpy(p.bmax, pm->bmax, sizeof p.bmax);
        p.cs = c.cs;
        p.ch = c.ch;
        p.buildBvTree = true;
        unsigned char *data = nullptr;
        int size = 0;
        if (dtCreateNavMeshData(&p, &data, &size)) {
            nav = dtAllocNavMesh();
            if (nav == nullptr || dtStatusFailed(nav->init(data, size, DT_TILE_FREE_DATA))) {
                dtFree(data);
                dtFreeNavMesh(nav);
                nav = nullptr;
            }
        }
    }
    rcFreeHeightField(hf);
    rcFreeCompactHeightfield(chf);
    rcFreeContourSet(cset);
    rcFreePolyMesh(pm);
    rcFreePolyMeshDetail(dm);
    return nav;
}

struct Run {
    dtNavMesh *nav = nullptr;
    dtCrowd *crowd = nullptr;
    std::vector<steer_vec3> goal;
    ~Run()
    {
        dtFreeCrowd(crowd);
        dtFreeNavMesh(nav);
    }
};

bool run_create(Run &r, const bench_level &l, long n, int *polygons)
{
    std::vector<steer_vec3> start((size_t)n);
    r.goal.resize((size_t)n);
    if (!bench_level_agents(&l, 7, (int)n, 1.5f * kRadius, start.data(), r.goal.data()))
        return false;
    r.nav = bake(l, polygons);
    r.crowd = dtAllocCrowd();
    if (r.nav == nullptr || r.crowd == nullptr || !r.crowd->init((int)n, kRadius, r.nav))
        return false;
    dtObstacleAvoidanceParams high = *r.crowd->getObstacleAvoidanceParams(0);
    high.velBias = 0.5f, high.adaptiveDivs = 7, high.adaptiveRings = 3, high.adaptiveDepth = 3;
    r.crowd->setObstacleAvoidanceParams(3, &high);
    dtCrowdAgentParams ap;
    std::memset(&ap, 0, sizeof ap);
    ap.radius = kRadius;
    ap.height = 2.0f;
    ap.maxAcceleration = 8.0f;
    ap.maxSpeed = 2.0f;
    ap.collisionQueryRange = 12.0f * kRadius;
    ap.pathOptimizationRange = 30.0f * kRadius;
    ap.separationWeight = 2.0f;
    ap.updateFlags = DT_CROWD_ANTICIPATE_TURNS | DT_CROWD_OPTIMIZE_VIS | DT_CROWD_OPTIMIZE_TOPO |
                     DT_CROWD_OBSTACLE_AVOIDANCE | DT_CROWD_SEPARATION;
    ap.obstacleAvoidanceType = 3;
    const dtNavMeshQuery *q = r.crowd->getNavMeshQuery();
    const dtQueryFilter *filter = r.crowd->getFilter(0);
    for (long i = 0; i < n; i++) {
        float pos[3] = {start[(size_t)i].x, 0.0f, start[(size_t)i].y}, near[3], on[3];
        float goal[3] = {r.goal[(size_t)i].x, 0.0f, r.goal[(size_t)i].y};
        dtPolyRef from = 0, to = 0;
        if (dtStatusFailed(
                q->findNearestPoly(pos, r.crowd->getQueryExtents(), filter, &from, on)) ||
            from == 0)
            return false;
        int idx = r.crowd->addAgent(on, &ap);
        if (idx < 0 ||
            dtStatusFailed(
                q->findNearestPoly(goal, r.crowd->getQueryExtents(), filter, &to, near)) ||
            to == 0 || !r.crowd->requestMoveTarget(idx, to, near))
            return false;
    }
    return true;
}

double now_s()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    size_t m = v.size();
    return m % 2 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
}

bool parse(int argc, char **argv, Options &o)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        long v = std::strtol(argv[i + 1], nullptr, 10);
        if (std::strcmp(argv[i], "--n") == 0 && v > 0)
            o.n = v;
        else if (std::strcmp(argv[i], "--steps") == 0 && v > 0)
            o.steps = (int)v;
        else if (std::strcmp(argv[i], "--warmup") == 0 && v >= 0)
            o.warmup = (int)v;
        else if (std::strcmp(argv[i], "--rooms") == 0 && v > 0 && v <= 100)
            o.rooms = (int)v;
        else if (std::strcmp(argv[i], "--room") == 0 && v >= 8 && v <= 1000)
            o.room = (int)v;
        else if (std::strcmp(argv[i], "--run-steps") == 0 && v > 0)
            o.run_steps = v;
        else
            return false;
    }
    return argc % 2 == 1;
}

} // namespace

int main(int argc, char **argv)
{
    Options o;
    if (!parse(argc, argv, o)) {
        std::fprintf(stderr, "usage: bench_navigate_detour [--n N] [--rooms R] [--room S] "
                             "[--warmup W] [--steps S] [--run-steps K]\n");
        return 2;
    }
    bench_level level;
    if (!bench_level_make(&level, o.rooms, (float)o.room)) return 1;
    std::vector<double> plan, ns;
    int polygons = 0;
    for (int rep = 0; rep < kReps; rep++) {
        Run r;
        if (!run_create(r, level, o.n, &polygons)) {
            std::fprintf(stderr, "bench_navigate_detour: could not build the crowd of %ld\n", o.n);
            return 1;
        }
        double t0 = now_s();
        r.crowd->update(kDt, nullptr);
        plan.push_back(now_s() - t0);
        for (int s = 0; s < o.warmup; s++) r.crowd->update(kDt, nullptr);
        t0 = now_s();
        for (int s = 0; s < o.steps; s++) r.crowd->update(kDt, nullptr);
        ns.push_back((now_s() - t0) * 1e9 / ((double)o.steps * (double)o.n));
    }
    std::printf("peer=detourcrowd scenario=navigate n=%ld threads=1 polygons=%d plan_ms=%.1f "
                "ns_per_agent_step=%.1f",
                o.n, polygons, median(plan) * 1e3, median(ns));
    if (o.run_steps > 0) {
        Run r;
        if (!run_create(r, level, o.n, &polygons)) return 1;
        for (long s = 0; s < o.run_steps; s++) r.crowd->update(kDt, nullptr);
        long arrived = 0;
        for (int i = 0; i < r.crowd->getAgentCount(); i++) {
            const float *p = r.crowd->getAgent(i)->npos;
            float dx = p[0] - r.goal[(size_t)i].x, dz = p[2] - r.goal[(size_t)i].y;
            arrived += dx * dx + dz * dz < 1.5f * 1.5f;
        }
        std::printf(" run_steps=%ld arrived=%ld", o.run_steps, arrived);
    }
    std::printf("\n");
    std::free(level.memory);
    return 0;
}
