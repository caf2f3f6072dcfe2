/* SPDX-License-Identifier: MIT */
/* Worked example levels the navigation mesh tests share: a room with a pillar (an
 * outline with a hole), two rooms joined by a door and two islands (polygons given
 * directly), halls of pillars, and random points on a mesh. */
#ifndef STEER_NAVMESH_LEVELS_H
#define STEER_NAVMESH_LEVELS_H

#include "steer/math.h"
#include "steer/navmesh.h"
#include "steer/random.h"

#include <stdlib.h>

/* A mesh with its own buffer (free(mesh_memory) when done). */
typedef struct test_mesh {
    steer_navmesh mesh;
    void *memory;
    steer_navmesh_report report;
} test_mesh;

/* The room 0..10 x 0..10 with the pillar 4..6 x 4..6, on the XY plane at height 0. */
static inline steer_navmesh_status test_room_with_pillar(test_mesh *t)
{
    static const steer_vec3 pts[] = {{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 10, 0},
                                     {4, 4, 0}, {6, 4, 0},  {6, 6, 0},   {4, 6, 0}};
    static const int32_t rings[] = {4, 4};
    size_t bytes = steer_navmesh_outline_bytes(8, 2);
    t->memory = malloc(bytes);
    return steer_navmesh_build_outline(&t->mesh, t->memory, bytes, pts, rings, 2, STEER_SPACE_XY,
                                       &t->report);
}

/* Room A 0..4 x 0..4, a door 4..5 x 1.5..2.5, room B 5..9 x 0..4: three polygons,
 * the rooms carrying the door's corners on their walls so no edge has a T-junction. */
static const steer_vec3 test_door_vertices[] = {{0, 0, 0}, {4, 0, 0}, {4, 1.5f, 0}, {4, 2.5f, 0},
                                                {4, 4, 0}, {0, 4, 0}, {5, 1.5f, 0}, {5, 2.5f, 0},
                                                {5, 0, 0}, {9, 0, 0}, {9, 4, 0},    {5, 4, 0}};
static const int32_t test_door_first[] = {0, 6, 10, 16};
static const int32_t test_door_indices[] = {0, 1, 2,  3,  4, 5, /* room A */
                                            2, 6, 7,  3,        /* door */
                                            8, 9, 10, 11, 7, 6};

static inline steer_navmesh_status test_two_rooms(test_mesh *t)
{
    size_t bytes = steer_navmesh_bytes(12, 3, 16);
    t->memory = malloc(bytes);
    return steer_navmesh_build(&t->mesh, t->memory, bytes, test_door_vertices, 12, test_door_first,
                               test_door_indices, 3, STEER_SPACE_XY, &t->report);
}

/* A point drawn uniformly from the box lo..hi of the XY plane (x drawn first, then y),
 * drawn again until it lies on the mesh. The mesh must meet the box. */
static inline steer_vec3 test_point_on_mesh(const steer_navmesh *m, steer_rng *rng, steer_vec3 lo,
                                            steer_vec3 hi)
{
    steer_vec3 p;
    do {
        float x = steer_rng_range(rng, lo.x, hi.x);
        float y = steer_rng_range(rng, lo.y, hi.y);
        p = steer_v3(x, y, 0);
    } while (steer_navmesh_locate(m, p) < 0);
    return p;
}

/* Two 2 x 2 squares on the XY plane, 0..2 and 5..7 along x, not joined: two islands. */
static inline steer_navmesh_status test_two_islands(test_mesh *t)
{
    static const steer_vec3 v[] = {{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0},
                                   {5, 0, 0}, {7, 0, 0}, {7, 2, 0}, {5, 2, 0}};
    static const int32_t first[] = {0, 4, 8}, idx[] = {0, 1, 2, 3, 4, 5, 6, 7};
    size_t bytes = steer_navmesh_bytes(8, 2, 8);
    t->memory = malloc(bytes);
    return steer_navmesh_build(&t->mesh, t->memory, bytes, v, 8, first, idx, 2, STEER_SPACE_XY,
                               &t->report);
}

/* A hall from (0, 0) to `size` with 3 x 3 rectangular pillars of `pillar` (width,
 * height), the first at `first`, the next `step` apart on each axis: an outline with nine
 * holes on the XY plane. */
static inline steer_navmesh_status test_pillar_hall(test_mesh *t, steer_vec3 size, steer_vec3 first,
                                                    steer_vec3 step, steer_vec3 pillar)
{
    steer_vec3 pts[4 + 9 * 4];
    int32_t rings[10] = {4};
    pts[0] = steer_v3(0, 0, 0), pts[1] = steer_v3(size.x, 0, 0);
    pts[2] = steer_v3(size.x, size.y, 0), pts[3] = steer_v3(0, size.y, 0);
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) {
            float x = first.x + step.x * (float)i, y = first.y + step.y * (float)j;
            steer_vec3 *h = pts + 4 + 4 * (j * 3 + i);
            h[0] = steer_v3(x, y, 0), h[1] = steer_v3(x + pillar.x, y, 0);
            h[2] = steer_v3(x + pillar.x, y + pillar.y, 0), h[3] = steer_v3(x, y + pillar.y, 0);
            rings[1 + j * 3 + i] = 4;
        }
    size_t bytes = steer_navmesh_outline_bytes(40, 10);
    t->memory = malloc(bytes);
    return steer_navmesh_build_outline(&t->mesh, t->memory, bytes, pts, rings, 10, STEER_SPACE_XY,
                                       &t->report);
}

/* Writes the 4 corners of the pillar in the cell of edge cs at (x, y) into p. */
typedef void test_pillar_fn(steer_vec3 *p, float x, float y, float cs, void *user);

/* A 100 x 100 hall whose g x g cells (g > 0) each hold a pillar made by `pillar`. */
static inline steer_navmesh_status test_pillar_grid(test_mesh *t, int g, test_pillar_fn *pillar,
                                                    void *user)
{
    int holes = g * g, n = 4 + 4 * holes;
    steer_vec3 *p = malloc(sizeof *p * (size_t)n);
    int32_t *r = malloc(sizeof *r * (size_t)(holes + 1));
    p[0] = steer_v3(0, 0, 0), p[1] = steer_v3(100, 0, 0);
    p[2] = steer_v3(100, 100, 0), p[3] = steer_v3(0, 100, 0);
    r[0] = 4;
    float cs = 100.0f / (float)g;
    for (int j = 0; j < g; j++)
        for (int i = 0; i < g; i++) {
            pillar(&p[4 + 4 * (j * g + i)], (float)i * cs, (float)j * cs, cs, user);
            r[1 + j * g + i] = 4;
        }
    size_t bytes = steer_navmesh_outline_bytes(n, holes + 1);
    t->memory = malloc(bytes);
    steer_navmesh_status s = steer_navmesh_build_outline(&t->mesh, t->memory, bytes, p, r,
                                                         holes + 1, STEER_SPACE_XY, &t->report);
    free(p);
    free(r);
    return s;
}

/* A quadrilateral with one slanted side, the same in every cell. */
static inline void test_slanted_pillar(steer_vec3 *p, float x0, float y0, float cs, void *user)
{
    (void)user;
    float x = x0 + cs * 0.3f, y = y0 + cs * 0.35f, w = cs * 0.4f;
    p[0] = steer_v3(x, y, 0), p[1] = steer_v3(x + w, y, 0);
    p[2] = steer_v3(x + w, y + w * 0.5f, 0), p[3] = steer_v3(x, y + w, 0);
}

/* A grid of pillars in a 100 x 100 hall: each cell of a g x g grid holds a pillar (a
 * quadrilateral with one slanted side), g > 0. Also the path benchmark's hall. */
static inline steer_navmesh_status test_slanted_hall(test_mesh *t, int g)
{
    return test_pillar_grid(t, g, test_slanted_pillar, NULL);
}

#endif /* STEER_NAVMESH_LEVELS_H */
