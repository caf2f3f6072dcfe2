/* SPDX-License-Identifier: MIT */
/* steer_recast.h - the Recast/Detour adapter: a Detour navigation mesh (dtNavMesh, as
 * Recast bakes it) turned into a steer navigation mesh (steer/navmesh.h).
 *
 * Function index
 *   steer_recast_sizes, steer_recast_copy, steer_recast_build
 *
 * A separate library (steer_recast, built only when Debian's librecast-dev or another
 * recastnavigation install is found), outside the core: the core keeps to libc and
 * libm. It reads every tile's ground polygons (off-mesh connections are skipped: steer
 * has no links), in Detour's world coordinates, y up: the steer mesh lies on
 * STEER_SPACE_XZ. Vertices that tiles share are merged by the steer build, so
 * neighbours across tile borders link up. The detail meshes are not read: heights
 * come from the polygons' corners.
 *
 * `detour_navmesh` is a `const dtNavMesh *` (passed as void so that C can call it).
 */
#ifndef STEER_RECAST_H
#define STEER_RECAST_H

#include "steer/navmesh.h"

STEER_EXTERN_C_BEGIN

/* Count what the Detour mesh holds: vertices (every tile's), ground polygons and their
 * corner indices. Returns false (counts 0) for NULL or a mesh without tiles. */
bool steer_recast_sizes(const void *detour_navmesh, int *vertex_count, int *polygon_count,
                        int *index_count);

/* Copy the vertices (vertex_count), the polygons' first offsets (polygon_count + 1) and
 * their indices (index_count) into the caller's arrays, sized by steer_recast_sizes, for
 * steer_navmesh_build. Returns false for NULL arguments. */
bool steer_recast_copy(const void *detour_navmesh, steer_vec3 *vertices, int32_t *first,
                       int32_t *indices);

/* Both and the build, in one call: the arrays and the mesh's memory come from malloc;
 * *memory (free it when done with the mesh) is the mesh's buffer. Returns the build's
 * status (steer_navmesh_build; *report, may be NULL, names the polygon in Detour's tile
 * order); STEER_NAVMESH_BAD_ARGUMENT for NULL or an empty mesh, TOO_SMALL when memory
 * runs out. */
steer_navmesh_status steer_recast_build(const void *detour_navmesh, steer_navmesh *mesh,
                                        void **memory, steer_navmesh_report *report);

STEER_EXTERN_C_END

#endif /* STEER_RECAST_H */
