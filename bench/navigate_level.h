/* SPDX-License-Identifier: MIT */
/* The navigation benchmark's level, shared by bench_navigate (steer) and
 * bench_navigate_detour (DetourCrowd) so both walk the same floor with the same agents:
 * a square of rooms x rooms rooms, each `room` wide, joined by a door `door` wide in the
 * middle of every side, with a square pillar near each room's centre. The walls are the
 * outline's teeth along the border and plus-shaped holes where four rooms meet; the
 * whole floor is one steer_navmesh built from that outline (XY plane, z = 0).
 * Written in the C that C++ also accepts. */
#ifndef STEER_BENCH_NAVIGATE_LEVEL_H
#define STEER_BENCH_NAVIGATE_LEVEL_H

#include "steer/navmesh.h"
#include "steer/random.h"

#include <stdlib.h>

typedef struct bench_level {
    int rooms;
    float room, door, wall, pillar;
    steer_navmesh mesh;
    void *memory;
} bench_level;

static inline int bench_level_add(steer_vec3 *p, int k, float x, float y)
{
    p[k].x = x, p[k].y = y, p[k].z = 0.0f;
    return k + 1;
}

/* The border, counter-clockwise, with a wall tooth where each inner grid line meets it. */
static inline int bench_level_outline(const bench_level *l, steer_vec3 *p)
{
    int r = l->rooms, k = 0;
    float s = l->room, side = (float)r * s, h = 0.5f * l->wall, reach = 0.5f * (s - l->door);
    k = bench_level_add(p, k, 0.0f, 0.0f);
    for (int i = 1; i < r; i++) { /* bottom, left to right */
        float x = (float)i * s;
        k = bench_level_add(p, k, x - h, 0.0f), k = bench_level_add(p, k, x - h, reach);
        k = bench_level_add(p, k, x + h, reach), k = bench_level_add(p, k, x + h, 0.0f);
    }
    k = bench_level_add(p, k, side, 0.0f);
    for (int i = 1; i < r; i++) { /* right, upwards */
        float y = (float)i * s;
        k = bench_level_add(p, k, side, y - h), k = bench_level_add(p, k, side - reach, y - h);
        k = bench_level_add(p, k, side - reach, y + h), k = bench_level_add(p, k, side, y + h);
    }
    k = bench_level_add(p, k, side, side);
    for (int i = r - 1; i >= 1; i--) { /* top, right to left */
        float x = (float)i * s;
        k = bench_level_add(p, k, x + h, side), k = bench_level_add(p, k, x + h, side - reach);
        k = bench_level_add(p, k, x - h, side - reach), k = bench_level_add(p, k, x - h, side);
    }
    k = bench_level_add(p, k, 0.0f, side);
    for (int i = r - 1; i >= 1; i--) { /* left, downwards */
        float y = (float)i * s;
        k = bench_level_add(p, k, 0.0f, y + h), k = bench_level_add(p, k, reach, y + h);
        k = bench_level_add(p, k, reach, y - h), k = bench_level_add(p, k, 0.0f, y - h);
    }
    return k;
}

/* A plus-shaped wall where four rooms meet: arms reaching to the doors. */
static inline int bench_level_plus(const bench_level *l, steer_vec3 *p, int k, float cx, float cy)
{
    float h = 0.5f * l->wall, a = 0.5f * (l->room - l->door);
    float u[12] = {-h, h, h, a, a, h, h, -h, -h, -a, -a, -h};
    float v[12] = {-a, -a, -h, -h, h, h, a, a, h, h, -h, -h};
    for (int i = 0; i < 12; i++) k = bench_level_add(p, k, cx + u[i], cy + v[i]);
    return k;
}

/* Builds the level's mesh; false if it cannot (the memory is freed). */
static inline bool bench_level_make(bench_level *l, int rooms, float room)
{
    l->rooms = rooms, l->room = room, l->door = 0.2f * room, l->wall = 0.05f * room;
    l->pillar = 0.12f * room;
    int inner = (rooms - 1) * (rooms - 1), holes = inner + rooms * rooms;
    int outline = 4 + 16 * (rooms - 1), count = outline + 12 * inner + 4 * rooms * rooms;
    steer_vec3 *p = (steer_vec3 *)malloc(sizeof *p * (size_t)count);
    int32_t *rings = (int32_t *)malloc(sizeof *rings * (size_t)(holes + 1));
    int k = bench_level_outline(l, p), ring = 0;
    rings[ring++] = k;
    for (int j = 1; j < rooms; j++)
        for (int i = 1; i < rooms; i++) {
            k = bench_level_plus(l, p, k, (float)i * room, (float)j * room);
            rings[ring++] = 12;
        }
    for (int j = 0; j < rooms; j++)
        for (int i = 0; i < rooms; i++) { /* off-centre, so the straight way is blocked */
            float x = ((float)i + 0.45f) * room, y = ((float)j + 0.55f) * room, w = l->pillar;
            k = bench_level_add(p, k, x, y), k = bench_level_add(p, k, x + w, y);
            k = bench_level_add(p, k, x + w, y + w), k = bench_level_add(p, k, x, y + w);
            rings[ring++] = 4;
        }
    size_t bytes = steer_navmesh_outline_bytes(count, holes + 1);
    l->memory = malloc(bytes);
    steer_navmesh_report report;
    bool ok = l->memory != NULL &&
              steer_navmesh_build_outline(&l->mesh, l->memory, bytes, p, rings, holes + 1,
                                          STEER_SPACE_XY, &report) == STEER_NAVMESH_OK;
    free(p);
    free(rings);
    if (!ok) free(l->memory), l->memory = NULL;
    return ok;
}

/* n starts (distinct points of a 1.5-unit lattice, at least `clear` from any wall, in a
 * random order) and n goals (random points, as clear), the same for a given seed. */
static inline bool bench_level_agents(const bench_level *l, uint64_t seed, int n, float clear,
                                      steer_vec3 *starts, steer_vec3 *goals)
{
    float side = (float)l->rooms * l->room, step = 1.5f;
    int across = (int)(side / step), count = 0;
    steer_vec3 *spots = (steer_vec3 *)malloc(sizeof *spots * (size_t)across * (size_t)across);
    steer_segment wall;
    bool more;
    for (int j = 0; j < across; j++)
        for (int i = 0; i < across; i++) {
            steer_vec3 q = steer_v3(((float)i + 0.5f) * step, ((float)j + 0.5f) * step, 0.0f);
            if (steer_navmesh_locate(&l->mesh, q) >= 0 &&
                steer_navmesh_walls_near(&l->mesh, q, clear, &wall, 1, &more) == 0)
                spots[count++] = q;
        }
    steer_rng rng = steer_rng_make(seed, 1);
    bool ok = count >= n;
    for (int i = 0; ok && i < n; i++) { /* the first n of a Fisher-Yates shuffle */
        int j = i + (int)steer_rng_below(&rng, (uint32_t)(count - i));
        steer_vec3 t = spots[i];
        spots[i] = spots[j], spots[j] = t;
        starts[i] = spots[i];
    }
    for (int i = 0; ok && i < n; i++) {
        int j = (int)steer_rng_below(&rng, (uint32_t)count);
        goals[i] = spots[j];
    }
    free(spots);
    return ok;
}

#endif /* STEER_BENCH_NAVIGATE_LEVEL_H */
