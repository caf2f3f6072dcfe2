// SPDX-License-Identifier: MIT
// The Recast adapter: a Detour tile built from two rooms' floors and a jump link becomes
// a steer mesh of two linked polygons (the link skipped), paths cross it, and bad input
// is refused.
#include "test.h"

#include "steer_recast.h"

#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>

namespace
{

const unsigned short NONE = 0xffff;

// Two 4 x 4 floors side by side on the ground (cell size 0.5: 8 cells a side), the
// right one raised 0.5 (one cell of height) at its far edge: a ramp.
const unsigned short verts[] = {0, 0, 0, 8, 0, 0, 8, 0, 8, 0, 0, 8, 16, 1, 0, 16, 1, 8};
const int nvp = 6;
const unsigned short polys[] = {0, 3, 2, 1, NONE, NONE, NONE, NONE, 1,    NONE, NONE, NONE,
                                1, 2, 5, 4, NONE, NONE, 0,    NONE, NONE, NONE, NONE, NONE};

dtNavMesh *make_detour(bool with_link)
{
    unsigned short flags[2] = {1, 1};
    unsigned char areas[2] = {0, 0};
    float link[6] = {1, 0, 1, 7, 0.5f, 3};
    float rad = 0.5f;
    unsigned short link_flags = 1;
    unsigned char link_area = 0, link_dir = 1;
    unsigned int link_id = 7;
    dtNavMeshCreateParams p;
    memset(&p, 0, sizeof p);
    p.verts = verts;
    p.vertCount = 6;
    p.polys = polys;
    p.polyFlags = flags;
    p.polyAreas = areas;
    p.polyCount = 2;
    p.nvp = nvp;
    if (with_link) {
        p.offMeshConVerts = link;
        p.offMeshConRad = &rad;
        p.offMeshConFlags = &link_flags;
        p.offMeshConAreas = &link_area;
        p.offMeshConDir = &link_dir;
        p.offMeshConUserID = &link_id;
        p.offMeshConCount = 1;
    }
    p.bmin[0] = p.bmin[1] = p.bmin[2] = 0.0f;
    p.bmax[0] = 8.0f, p.bmax[1] = 1.0f, p.bmax[2] = 4.0f;
    p.walkableHeight = 2.0f, p.walkableRadius = 0.5f, p.walkableClimb = 0.9f;
    p.cs = 0.5f, p.ch = 0.5f;
    p.buildBvTree = true;
    unsigned char *data = nullptr;
    int size = 0;
    if (!dtCreateNavMeshData(&p, &data, &size)) return nullptr;
    dtNavMesh *nav = dtAllocNavMesh();
    if (nav == nullptr || dtStatusFailed(nav->init(data, size, DT_TILE_FREE_DATA))) {
        dtFreeNavMesh(nav);
        return nullptr;
    }
    return nav;
}

void detour_floors_become_a_steer_mesh()
{
    dtNavMesh *nav = make_detour(true);
    CHECK(nav != nullptr);
    int v, p, n;
    CHECK(steer_recast_sizes(nav, &v, &p, &n));
    CHECK(p == 2 && n == 8); // the link's polygon is not a ground polygon
    steer_navmesh mesh;
    void *memory = nullptr;
    steer_navmesh_report r;
    CHECK(steer_recast_build(nav, &mesh, &memory, &r) == STEER_NAVMESH_OK);
    CHECK(mesh.plane == STEER_SPACE_XZ && mesh.polygon_count == 2);
    // The floors share the edge x = 4: each is the other's neighbour.
    int links = 0;
    for (int s = 0; s < mesh.first[2]; s++) links += mesh.neighbours[s] >= 0;
    CHECK(links == 2);
    CHECK(steer_navmesh_locate(&mesh, steer_v3(2, 0, 2)) >= 0);
    int right = steer_navmesh_locate(&mesh, steer_v3(7, 1, 2));
    CHECK(right >= 0);
    steer_vec3 on = steer_navmesh_polygon_point(&mesh, right, steer_v3(6, 9, 2));
    CHECK_NEAR(on.y, 0.25, 1e-5); // halfway up the ramp
    int edges = steer_navmesh_edge_count(&mesh);
    size_t qb = steer_navmesh_query_bytes(edges);
    void *qm = malloc(qb);
    steer_navmesh_query q;
    CHECK(steer_navmesh_query_init(&q, qm, qb, edges));
    steer_vec3 pts[8];
    steer_navmesh_path path = steer_navmesh_find_path(
        &mesh, &q, steer_v3(1, 0, 1), steer_v3(7, 0.5f, 3), 1.0f, nullptr, 0, pts, 8);
    CHECK(path.status == STEER_NAVMESH_PATH_FOUND && path.corridor == 2 && path.count == 2);
    free(qm);
    free(memory);
    dtFreeNavMesh(nav);
}

void bad_input_is_refused()
{
    steer_navmesh mesh;
    void *memory = &mesh;
    steer_navmesh_report r;
    CHECK(steer_recast_build(nullptr, &mesh, &memory, &r) == STEER_NAVMESH_BAD_ARGUMENT);
    CHECK(memory == nullptr && r.status == STEER_NAVMESH_BAD_ARGUMENT);
    int v = 1, p = 1, n = 1;
    CHECK(!steer_recast_sizes(nullptr, &v, &p, &n) && v == 0 && p == 0 && n == 0);
    dtNavMesh *nav = make_detour(false);
    CHECK(nav != nullptr);
    CHECK(!steer_recast_copy(nav, nullptr, nullptr, nullptr));
    dtFreeNavMesh(nav);
}

} // namespace

TEST_MAIN(TEST(detour_floors_become_a_steer_mesh), TEST(bad_input_is_refused))
