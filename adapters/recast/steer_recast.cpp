// SPDX-License-Identifier: MIT
// The Recast/Detour adapter: every tile's ground polygons, as steer_navmesh_build takes
// them.
#include "steer_recast.h"

#include <DetourNavMesh.h>

#include <cstdlib>

namespace
{

bool ground(const dtPoly &p)
{
    return p.getType() == DT_POLYTYPE_GROUND;
}

// Calls fn(tile) for every tile that holds data.
template <typename Fn> void each_tile(const dtNavMesh *nav, Fn fn)
{
    for (int i = 0; i < nav->getMaxTiles(); ++i) {
        const dtMeshTile *tile = nav->getTile(i);
        if (tile != nullptr && tile->header != nullptr) fn(*tile);
    }
}

} // namespace

bool steer_recast_sizes(const void *detour_navmesh, int *vertex_count, int *polygon_count,
                        int *index_count)
{
    int v = 0, p = 0, n = 0;
    const dtNavMesh *nav = static_cast<const dtNavMesh *>(detour_navmesh);
    if (nav != nullptr)
        each_tile(nav, [&](const dtMeshTile &t) {
            v += t.header->vertCount;
            for (int k = 0; k < t.header->polyCount; ++k) {
                if (!ground(t.polys[k])) continue;
                p += 1;
                n += t.polys[k].vertCount;
            }
        });
    if (vertex_count != nullptr) *vertex_count = v;
    if (polygon_count != nullptr) *polygon_count = p;
    if (index_count != nullptr) *index_count = n;
    return p > 0;
}

bool steer_recast_copy(const void *detour_navmesh, steer_vec3 *vertices, int32_t *first,
                       int32_t *indices)
{
    const dtNavMesh *nav = static_cast<const dtNavMesh *>(detour_navmesh);
    if (nav == nullptr || vertices == nullptr || first == nullptr || indices == nullptr)
        return false;
    int base = 0, poly = 0, at = 0;
    first[0] = 0;
    each_tile(nav, [&](const dtMeshTile &t) {
        for (int k = 0; k < t.header->vertCount; ++k)
            vertices[base + k] = steer_v3(t.verts[3 * k], t.verts[3 * k + 1], t.verts[3 * k + 2]);
        for (int k = 0; k < t.header->polyCount; ++k) {
            const dtPoly &p = t.polys[k];
            if (!ground(p)) continue;
            for (int c = 0; c < p.vertCount; ++c) indices[at++] = base + p.verts[c];
            first[++poly] = at;
        }
        base += t.header->vertCount;
    });
    return true;
}

steer_navmesh_status steer_recast_build(const void *detour_navmesh, steer_navmesh *mesh,
                                        void **memory, steer_navmesh_report *report)
{
    int v = 0, p = 0, n = 0;
    if (memory != nullptr) *memory = nullptr;
    if (mesh == nullptr || memory == nullptr || !steer_recast_sizes(detour_navmesh, &v, &p, &n)) {
        if (report != nullptr) *report = {STEER_NAVMESH_BAD_ARGUMENT, -1, -1};
        return STEER_NAVMESH_BAD_ARGUMENT;
    }
    steer_vec3 *verts = static_cast<steer_vec3 *>(std::malloc(sizeof(steer_vec3) * v));
    int32_t *first = static_cast<int32_t *>(std::malloc(sizeof(int32_t) * (p + 1)));
    int32_t *idx = static_cast<int32_t *>(std::malloc(sizeof(int32_t) * n));
    size_t bytes = steer_navmesh_bytes(v, p, n);
    *memory = bytes > 0 ? std::malloc(bytes) : nullptr;
    steer_navmesh_status s = STEER_NAVMESH_TOO_SMALL;
    if (verts != nullptr && first != nullptr && idx != nullptr && *memory != nullptr) {
        steer_recast_copy(detour_navmesh, verts, first, idx);
        s = steer_navmesh_build(mesh, *memory, bytes, verts, v, first, idx, p, STEER_SPACE_XZ,
                                report);
    } else if (report != nullptr) {
        *report = {STEER_NAVMESH_TOO_SMALL, -1, -1};
    }
    std::free(verts);
    std::free(first);
    std::free(idx);
    return s;
}
