// SPDX-License-Identifier: MIT
/* A triangle soup baked into a single-tile Detour navmesh with Recast's usual steps
 * (rasterise, filter, erode by the agent's radius, regions, contours, polygons of up to
 * six corners, detail mesh), for the programs that set steer beside Detour: the
 * adapter's level test and the DetourCrowd benchmark. Not part of the adapter library;
 * the caller links Recast and Detour. Agents 2 high, of radius 0.5, climbing 0.9; cells
 * 0.25 wide and 0.2 high. */
#ifndef STEER_RECAST_BAKE_H
#define STEER_RECAST_BAKE_H

#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <Recast.h>

#include <cmath>
#include <cstring>
#include <vector>

/* verts: x, y, z a vertex (y up); tris: three vertex indices a triangle, counter-clockwise
 * seen from above. Returns the mesh (free with dtFreeNavMesh) and its polygon count, or
 * nullptr. */
static inline dtNavMesh *steer_recast_bake(const std::vector<float> &verts,
                                           const std::vector<int> &tris, int *polygons)
{
    const float cs = 0.25f, ch = 0.2f, agent_height = 2.0f, agent_radius = 0.5f, climb = 0.9f;
    int nv = (int)verts.size() / 3, nt = (int)tris.size() / 3;
    rcConfig c;
    std::memset(&c, 0, sizeof c);
    c.cs = cs;
    c.ch = ch;
    c.walkableSlopeAngle = 45.0f;
    c.walkableHeight = (int)std::ceil(agent_height / ch);
    c.walkableClimb = (int)std::floor(climb / ch);
    c.walkableRadius = (int)std::ceil(agent_radius / cs);
    c.maxEdgeLen = (int)(12.0f / cs);
    c.maxSimplificationError = 1.3f;
    c.minRegionArea = 8 * 8;
    c.mergeRegionArea = 20 * 20;
    c.maxVertsPerPoly = 6;
    c.detailSampleDist = 6.0f * cs;
    c.detailSampleMaxError = ch;
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
    rcFilterLowHangingWalkableObstacles(&ctx, c.walkableClimb, *hf);
    rcFilterLedgeSpans(&ctx, c.walkableHeight, c.walkableClimb, *hf);
    rcFilterWalkableLowHeightSpans(&ctx, c.walkableHeight, *hf);
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
        if (polygons != nullptr) *polygons = pm->npolys;
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
        p.walkableHeight = agent_height;
        p.walkableRadius = agent_radius;
        p.walkableClimb = climb;
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

#endif /* STEER_RECAST_BAKE_H */
