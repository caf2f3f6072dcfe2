// SPDX-License-Identifier: MIT
/* The Recast adapter against Detour itself: a level baked with Recast (two rooms joined
 * by a door, a pillar in one), converted to a steer_navmesh; then the same points located
 * by both, and the same paths asked of both. */
#include "recast_bake.h"
#include "steer_recast.h"

#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourNavMeshQuery.h>
#include <Recast.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);          \
            failures++;                                                                            \
            return;                                                                                \
        }                                                                                          \
    } while (0)

/* ---- the level ----------------------------------------------------------------------- */

/* Floor cells of 1 x 1 over x 0..30, z 0..20 at height 0, except the wall between the
 * rooms (x 14..16, but for the door at z 8..12) and a 3 x 3 pillar at x 5..8, z 5..8:
 * Recast finds no ground there. */
static bool is_floor(int x, int z)
{
    bool wall = x >= 14 && x < 16 && !(z >= 8 && z < 12);
    bool pillar = x >= 5 && x < 8 && z >= 5 && z < 8;
    return !wall && !pillar;
}

struct level {
    std::vector<float> verts;
    std::vector<int> tris;
};

static level make_level()
{
    level l;
    for (int z = 0; z <= 20; z++)
        for (int x = 0; x <= 30; x++) {
            l.verts.push_back((float)x);
            l.verts.push_back(0.0f);
            l.verts.push_back((float)z);
        }
    for (int z = 0; z < 20; z++)
        for (int x = 0; x < 30; x++) {
            if (!is_floor(x, z)) continue;
            int a = z * 31 + x, b = a + 1, c = a + 31, d = c + 1;
            int tri[6] = {a, c, b, b, c, d}; /* counter-clockwise seen from +y */
            l.tris.insert(l.tris.end(), tri, tri + 6);
        }
    return l;
}

/* The level baked as a single-tile Detour mesh (recast_bake.h). */
static dtNavMesh *bake(const level &l)
{
    return steer_recast_bake(l.verts, l.tris, nullptr);
}

/* ---- the converted mesh -------------------------------------------------------------- */

struct fixture {
    dtNavMesh *nav = nullptr;
    dtNavMeshQuery *query = nullptr;
    dtQueryFilter filter;
    steer_navmesh mesh{};
    void *memory = nullptr;
    std::vector<dtPolyRef> refs; /* steer polygon -> Detour polygon: one tile, in order */
    int ground = 0;              /* Detour's ground polygons */
};

static bool fixture_make(fixture &f)
{
    f.nav = bake(make_level());
    if (f.nav == nullptr) return false;
    f.query = dtAllocNavMeshQuery();
    if (f.query == nullptr || dtStatusFailed(f.query->init(f.nav, 4096))) return false;
    const dtMeshTile *tile = static_cast<const dtNavMesh *>(f.nav)->getTile(0);
    for (int p = 0; tile != nullptr && p < tile->header->polyCount; p++) {
        if (tile->polys[p].getType() != DT_POLYTYPE_GROUND) continue;
        f.ground++;
        f.refs.push_back(f.nav->getPolyRefBase(tile) | (dtPolyRef)p);
    }
    steer_navmesh_report report;
    return steer_recast_build(f.nav, &f.mesh, &f.memory, &report) == STEER_NAVMESH_OK;
}

static void fixture_free(fixture &f)
{
    dtFreeNavMeshQuery(f.query);
    dtFreeNavMesh(f.nav);
    std::free(f.memory);
}

/* A reproducible point of the level's box (a small LCG: the test owns its numbers). */
static float next_unit(unsigned &state)
{
    state = state * 1664525u + 1013904223u;
    return (float)(state >> 8) / 16777216.0f;
}

static steer_vec3 random_point(unsigned &state)
{
    float x = 30.0f * next_unit(state);
    float z = 20.0f * next_unit(state);
    return steer_v3(x, 0.0f, z);
}

/* Detour's polygon under p (its ground point inside the polygon), or 0. */
static dtPolyRef detour_under(const fixture &f, steer_vec3 p, float *nearest)
{
    const float centre[3] = {p.x, p.y, p.z}, extents[3] = {0.01f, 2.0f, 0.01f};
    dtPolyRef ref = 0;
    bool over = false;
    f.query->findNearestPoly(centre, extents, &f.filter, &ref, nearest, &over);
    return over ? ref : 0;
}

static float ground_length(const steer_vec3 *p, int n)
{
    float len = 0.0f;
    for (int i = 1; i < n; i++) len += std::hypot(p[i].x - p[i - 1].x, p[i].z - p[i - 1].z);
    return len;
}

/* Every ground polygon is carried over, once, with its Detour reference. */
static void every_polygon_is_converted(const fixture &f)
{
    CHECK(f.ground > 10);
    CHECK(steer_navmesh_polygon_count(&f.mesh) == f.ground);
    for (int i = 0; i < f.ground; i++)
        for (int j = i + 1; j < f.ground; j++) CHECK(f.refs[(size_t)i] != f.refs[(size_t)j]);
}

/* The same polygon under 5,000 random points: steer's locate names the Detour polygon
 * that Detour finds under the point, and nothing where Detour has no ground. */
static void points_are_located_alike(const fixture &f)
{
    unsigned state = 12345u;
    int on = 0;
    for (int k = 0; k < 5000; k++) {
        steer_vec3 p = random_point(state);
        float nearest[3];
        dtPolyRef ref = detour_under(f, p, nearest);
        int poly = steer_navmesh_locate(&f.mesh, p);
        if (ref == 0) {
            CHECK(poly < 0);
            continue;
        }
        on++;
        CHECK(poly >= 0 && f.refs[(size_t)poly] == ref);
    }
    CHECK(on > 2500); /* most of the level is ground */
}

/* 300 random paths between points on the ground: steer's path is never shorter than the
 * straight line, every point along it is ground by Detour's account, and it is never
 * longer than Detour's (steer's is the shortest; Detour's corridor search is not exact,
 * so its path may be longer). */
static void paths_agree_with_detour(const fixture &f)
{
    std::vector<unsigned char> qmem(steer_navmesh_query_bytes(steer_navmesh_edge_count(&f.mesh)) +
                                    8u);
    void *aligned = qmem.data() + (8u - (uintptr_t)qmem.data() % 8u) % 8u;
    steer_navmesh_query q;
    CHECK(
        steer_navmesh_query_init(&q, aligned, qmem.size() - 8u, steer_navmesh_edge_count(&f.mesh)));
    unsigned state = 777u;
    int done = 0, shorter = 0, longer = 0;
    float worst = 1.0f;
    double saved = 0.0;
    while (done < 300) {
        steer_vec3 a = random_point(state), b = random_point(state);
        float na[3], nb[3];
        dtPolyRef ra = detour_under(f, a, na), rb = detour_under(f, b, nb);
        if (ra == 0 || rb == 0) continue;
        a = steer_v3(na[0], na[1], na[2]); /* on the ground, at its height */
        b = steer_v3(nb[0], nb[1], nb[2]);
        dtPolyRef corridor[256];
        int count = 0;
        const float pa[3] = {a.x, a.y, a.z}, pb[3] = {b.x, b.y, b.z};
        CHECK(dtStatusSucceed(f.query->findPath(ra, rb, pa, pb, &f.filter, corridor, &count, 256)));
        float straight[3 * 64];
        int points = 0;
        CHECK(dtStatusSucceed(f.query->findStraightPath(pa, pb, corridor, count, straight, nullptr,
                                                        nullptr, &points, 64)));
        std::vector<steer_vec3> dpath;
        for (int i = 0; i < points; i++)
            dpath.push_back(steer_v3(straight[3 * i], straight[3 * i + 1], straight[3 * i + 2]));
        steer_vec3 spath[64];
        steer_navmesh_path r =
            steer_navmesh_find_path(&f.mesh, &q, a, b, 0.01f, nullptr, 0, spath, 64);
        CHECK(r.status == STEER_NAVMESH_PATH_FOUND);
        float ls = ground_length(spath, r.count), ld = ground_length(dpath.data(), points);
        float direct = std::hypot(b.x - a.x, b.z - a.z);
        if (ls > ld * 1.00001f + 1e-4f) longer++; /* float rounding of both lengths */
        if (ls / ld > worst) worst = ls / ld;
        CHECK(ls >= direct - 1e-3f);
        if (ls < ld * 0.99999f - 1e-4f) shorter++, saved += ld - ls;
        for (int i = 1; i < r.count; i++)
            for (int s = 1; s < 20; s++) {
                float t = (float)s / 20.0f;
                steer_vec3 m = steer_v3(spath[i - 1].x + t * (spath[i].x - spath[i - 1].x), 0.0f,
                                        spath[i - 1].z + t * (spath[i].z - spath[i - 1].z));
                float near[3];
                const float centre[3] = {m.x, m.y, m.z}, ext[3] = {0.05f, 2.0f, 0.05f};
                dtPolyRef under = 0;
                f.query->findNearestPoly(centre, ext, &f.filter, &under, near, nullptr);
                CHECK(under != 0 && std::hypot(near[0] - m.x, near[2] - m.z) < 1e-3f);
            }
        done++;
    }
    std::printf("paths: %d of 300 shorter than Detour's (by %.3f units on average), %d longer "
                "(the worst %.3f times as long)\n",
                shorter, shorter > 0 ? saved / shorter : 0.0, longer, (double)worst);
    CHECK(longer == 0);
}

int main()
{
    fixture f;
    if (!fixture_make(f)) {
        std::fprintf(stderr, "test_recast_level: the level did not bake or convert\n");
        return 1;
    }
    every_polygon_is_converted(f);
    points_are_located_alike(f);
    paths_agree_with_detour(f);
    fixture_free(f);
    std::printf("test_recast_level: %s\n", failures == 0 ? "ok" : "FAILED");
    return failures == 0 ? 0 : 1;
}
