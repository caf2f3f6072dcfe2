/* SPDX-License-Identifier: MIT */
/* Hertel-Mehlhorn: merge a triangulation into convex polygons by removing diagonals
 * whose two ends stay convex. Longest diagonals go first: long shared edges make wide
 * portals, which is what a path wants to cross. */
#include "navmesh_outline.h"

typedef struct steer__nav_merge_state {
    int32_t *corners; /* STEER_NAVMESH_POLY_MAX per triangle: the polygon it leads */
    int32_t *count;   /* corners of that polygon */
    int32_t *parent;  /* union-find: the triangle leading this one's polygon */
} steer__nav_merge_state;

size_t steer__nav_merge_bytes(int triangles)
{
    return steer__nav_align((size_t)triangles * (STEER_NAVMESH_POLY_MAX + 2u) * 4u);
}

static int32_t steer__nav_find(int32_t *parent, int32_t t)
{
    while (parent[t] != t) {
        parent[t] = parent[parent[t]];
        t = parent[t];
    }
    return t;
}

static steer__nav2 steer__nav_pt(const steer_vec3 *points, steer_space plane, int32_t i)
{
    return steer__nav_ground(plane, points[i]);
}

static bool steer__nav_convex_at(const steer_vec3 *pts, steer_space plane, int32_t a, int32_t b,
                                 int32_t c)
{
    steer__nav2 pa = steer__nav_pt(pts, plane, a), pb = steer__nav_pt(pts, plane, b);
    steer__nav2 pc = steer__nav_pt(pts, plane, c);
    double ab = hypot((double)pb.u - pa.u, (double)pb.v - pa.v);
    double bc = hypot((double)pc.u - pb.u, (double)pc.v - pb.v);
    return steer__nav_orient(pa, pb, pc) >= -1e-9 * ab * bc;
}

static int steer__nav_find_edge(const int32_t *c, int n, int32_t from, int32_t to)
{
    for (int i = 0; i < n; i++)
        if (c[i] == from && c[(i + 1) % n] == to) return i;
    return -1;
}

/* Merge polygon rb into ra across edge x -> y of ra when the result is convex. */
static void steer__nav_try_merge(steer__nav_merge_state *s, const steer_vec3 *pts,
                                 steer_space plane, int32_t ra, int32_t rb, int32_t x, int32_t y)
{
    int32_t *p1 = s->corners + (size_t)ra * STEER_NAVMESH_POLY_MAX;
    int32_t *p2 = s->corners + (size_t)rb * STEER_NAVMESH_POLY_MAX;
    int n1 = s->count[ra], n2 = s->count[rb];
    int i = steer__nav_find_edge(p1, n1, x, y);
    if (i < 0) { /* the edge runs the other way in ra */
        int32_t t = x;
        x = y, y = t;
        i = steer__nav_find_edge(p1, n1, x, y);
    }
    int j = steer__nav_find_edge(p2, n2, y, x);
    if (i < 0 || j < 0 || n1 + n2 - 2 > STEER_NAVMESH_POLY_MAX) return;
    if (!steer__nav_convex_at(pts, plane, p1[(i + n1 - 1) % n1], x, p2[(j + 2) % n2]) ||
        !steer__nav_convex_at(pts, plane, p2[(j + n2 - 1) % n2], y, p1[(i + 2) % n1]))
        return;
    int32_t merged[STEER_NAVMESH_POLY_MAX];
    int m = 0;
    for (int k = 1; k <= n1; k++) merged[m++] = p1[(i + k) % n1]; /* y .. x */
    for (int k = 2; k < n2; k++) merged[m++] = p2[(j + k) % n2];  /* after x .. before y */
    for (int k = 0; k < m; k++) p1[k] = merged[k];
    s->count[ra] = m;
    s->parent[rb] = ra;
}

int steer__nav_merge(const steer_vec3 *points, steer_space plane, const int32_t *tris,
                     int triangles, void *scratch, steer__nav_key *keys, int32_t *first,
                     int32_t *indices)
{
    steer__nav_merge_state s;
    s.corners = (int32_t *)scratch;
    s.count = s.corners + (size_t)triangles * STEER_NAVMESH_POLY_MAX;
    s.parent = s.count + triangles;
    int edges = 0;
    for (int t = 0; t < triangles; t++) {
        s.count[t] = 3;
        s.parent[t] = t;
        for (int k = 0; k < 3; k++) {
            uint32_t a = (uint32_t)tris[3 * t + k], b = (uint32_t)tris[3 * t + (k + 1) % 3];
            s.corners[(size_t)t * STEER_NAVMESH_POLY_MAX + k] = (int32_t)a;
            keys[edges].key = a < b ? ((uint64_t)a << 32 | b) : ((uint64_t)b << 32 | a);
            keys[edges].value = 3 * t + k;
            keys[edges++].extra = t;
        }
    }
    steer__nav_sort(keys, edges);
    int pairs = 0; /* the shared edges, written over the front of keys, longest first */
    for (int i = 0; i + 1 < edges; i++) {
        if (keys[i].key != keys[i + 1].key) continue;
        int32_t a = (int32_t)(keys[i].key >> 32), b = (int32_t)(keys[i].key & 0xffffffffu);
        float len = steer_distance(points[a], points[b]);
        steer__nav_key pair = {(uint64_t)~steer__nav_float_key(len), keys[i].value,
                               keys[i + 1].extra};
        keys[pairs++] = pair;
        i++;
    }
    steer__nav_sort(keys, pairs);
    for (int i = 0; i < pairs; i++) {
        int slot = keys[i].value, t = slot / 3;
        int32_t ra = steer__nav_find(s.parent, t);
        int32_t rb = steer__nav_find(s.parent, keys[i].extra);
        if (ra != rb)
            steer__nav_try_merge(&s, points, plane, ra, rb, tris[slot],
                                 tris[3 * t + (slot % 3 + 1) % 3]);
    }
    int polys = 0, at = 0;
    first[0] = 0;
    for (int t = 0; t < triangles; t++) {
        if (s.parent[t] != t) continue;
        for (int k = 0; k < s.count[t]; k++)
            indices[at++] = s.corners[(size_t)t * STEER_NAVMESH_POLY_MAX + k];
        first[++polys] = at;
    }
    return polys;
}
