/* SPDX-License-Identifier: MIT */
/* Building a navigation mesh from convex polygons: checks, vertex welding, winding,
 * adjacency by sorted edges, T-junctions, then the bounding-box tree. */
#include "navmesh_internal.h"

const char *steer_navmesh_status_name(steer_navmesh_status status)
{
    static const char *const names[] = {"ok",         "bad argument", "buffer too small",
                                        "not finite", "bad polygon",  "zero area",
                                        "not convex", "T-junction",   "edge shared by three",
                                        "overlap",    "bad outline"};
    if ((int)status < 0 || (int)status >= (int)(sizeof names / sizeof names[0])) return "unknown";
    return names[status];
}

steer__nav_layout steer__nav_layout_of(int vertex_count, int polygon_count, int index_count)
{
    steer__nav_layout l = {0, 0, 0, 0, 0, 0, 0, 0};
    if (vertex_count < 1 || polygon_count < 1 || index_count < 3 ||
        vertex_count > STEER_NAVMESH_MAX_COUNT || polygon_count > STEER_NAVMESH_MAX_COUNT ||
        index_count > STEER_NAVMESH_MAX_COUNT * STEER_NAVMESH_POLY_MAX)
        return l;
    size_t v = (size_t)vertex_count, p = (size_t)polygon_count, i = (size_t)index_count;
    size_t keys = i > v ? i : v;
    l.vertices = 0;
    l.first = steer__nav_align(v * sizeof(steer_vec3));
    l.indices = l.first + steer__nav_align((p + 1) * 4u);
    l.neighbours = l.indices + steer__nav_align(i * 4u);
    l.tree = l.neighbours + steer__nav_align(i * 4u);
    l.keys = l.tree + steer__nav_align((2u * p - 1u) * sizeof(steer__nav_node));
    l.remap = l.keys + steer__nav_align(keys * sizeof(steer__nav_key));
    l.total = l.remap + steer__nav_align(v * 4u);
    return l;
}

size_t steer_navmesh_bytes(int vertex_count, int polygon_count, int index_count)
{
    return steer__nav_layout_of(vertex_count, polygon_count, index_count).total;
}

void steer__nav_clear(steer_navmesh *m)
{
    steer_navmesh empty = {STEER_SPACE_XY, 0, 0, 0, NULL, NULL, NULL, NULL, NULL, {0, 0, 0, 0}};
    *m = empty;
}

static steer_navmesh_status steer__nav_fail(steer_navmesh *m, steer_navmesh_report *r,
                                            steer_navmesh_status s, int polygon, int vertex)
{
    if (m != NULL) steer__nav_clear(m);
    if (r != NULL) {
        r->status = s;
        r->polygon = polygon;
        r->vertex = vertex;
    }
    return s;
}

/* The caller's polygon list is well formed: counts, ranges, finite vertices. */
static steer_navmesh_status steer__nav_check_lists(const steer_vec3 *vertices, int vertex_count,
                                                   const int32_t *first, const int32_t *indices,
                                                   int polygon_count, int *bad_poly, int *bad_vert)
{
    for (int p = 0; p < polygon_count; p++) {
        *bad_poly = p;
        int n = first[p + 1] - first[p];
        if (first[p] < 0 || n < 3 || n > STEER_NAVMESH_POLY_MAX) return STEER_NAVMESH_BAD_POLYGON;
        for (int k = 0; k < n; k++) {
            int32_t v = indices[first[p] + k];
            *bad_vert = v;
            if (v < 0 || v >= vertex_count) return STEER_NAVMESH_BAD_POLYGON;
            if (!steer_v3_is_finite(vertices[v])) return STEER_NAVMESH_NOT_FINITE;
        }
    }
    *bad_poly = *bad_vert = -1;
    return STEER_NAVMESH_OK;
}

/* Vertices at exactly the same place become one: remap[v] is the lowest index there. */
static void steer__nav_weld(const steer_navmesh *m, steer__nav_key *keys, int32_t *remap)
{
    int n = m->vertex_count;
    for (int v = 0; v < n; v++) {
        steer__nav2 g = steer__nav_vertex(m, v);
        keys[v].key = ((uint64_t)steer__nav_float_key(g.u) << 32) | steer__nav_float_key(g.v);
        keys[v].value = v;
        remap[v] = v;
    }
    steer__nav_sort(keys, n);
    for (int i = 0; i < n; i++) {
        for (int j = i - 1; j >= 0 && keys[j].key == keys[i].key; j--) {
            int32_t a = keys[j].value, b = keys[i].value;
            if (steer__nav_height(m->plane, m->vertices[a]) ==
                steer__nav_height(m->plane, m->vertices[b]))
                remap[b] = remap[a];
        }
    }
}

/* Copy polygon p counter-clockwise into the mesh and check its shape. */
static steer_navmesh_status steer__nav_put_polygon(steer_navmesh *m, const int32_t *src, int n,
                                                   const int32_t *remap, int at, int *bad_vert)
{
    steer__nav2 g[STEER_NAVMESH_POLY_MAX];
    int32_t idx[STEER_NAVMESH_POLY_MAX];
    double area = 0.0, longest = 0.0;
    for (int k = 0; k < n; k++) {
        idx[k] = remap[src[k]];
        g[k] = steer__nav_vertex(m, idx[k]);
        for (int j = 0; j < k; j++) {
            *bad_vert = src[k];
            if (idx[j] == idx[k]) return STEER_NAVMESH_BAD_POLYGON;
        }
    }
    for (int k = 0; k < n; k++) {
        steer__nav2 a = g[k], b = g[(k + 1) % n];
        area += steer__nav_orient(g[0], a, b);
        double du = (double)b.u - a.u, dv = (double)b.v - a.v;
        if (du * du + dv * dv > longest) longest = du * du + dv * dv;
    }
    *bad_vert = -1;
    if (!(fabs(area) > 1e-6 * longest)) return STEER_NAVMESH_ZERO_AREA;
    bool flip = area < 0.0;
    for (int k = 0; k < n; k++) m->indices[at + k] = flip ? idx[n - 1 - k] : idx[k];
    for (int k = 0; k < n; k++) {
        steer__nav2 a = steer__nav_vertex(m, m->indices[at + (k + n - 1) % n]);
        steer__nav2 b = steer__nav_vertex(m, m->indices[at + k]);
        steer__nav2 c = steer__nav_vertex(m, m->indices[at + (k + 1) % n]);
        double ab = hypot((double)b.u - a.u, (double)b.v - a.v);
        double bc = hypot((double)c.u - b.u, (double)c.v - b.v);
        *bad_vert = m->indices[at + k];
        if (steer__nav_orient(a, b, c) < -1e-6 * ab * bc) return STEER_NAVMESH_NOT_CONVEX;
    }
    *bad_vert = -1;
    return STEER_NAVMESH_OK;
}

/* Neighbours across every edge, from the edges sorted by their two vertices. */
static steer_navmesh_status steer__nav_link(steer_navmesh *m, steer__nav_key *keys, int *bad_poly)
{
    int count = 0;
    for (int p = 0; p < m->polygon_count; p++) {
        int n = m->first[p + 1] - m->first[p];
        for (int k = 0; k < n; k++) {
            int s = m->first[p] + k;
            uint32_t a = (uint32_t)m->indices[s],
                     b = (uint32_t)m->indices[m->first[p] + (k + 1) % n];
            keys[count].key = a < b ? ((uint64_t)a << 32 | b) : ((uint64_t)b << 32 | a);
            keys[count].value = s;
            keys[count].extra = p;
            m->neighbours[s] = -1;
            count++;
        }
    }
    steer__nav_sort(keys, count);
    for (int i = 0; i < count;) {
        int j = i + 1;
        while (j < count && keys[j].key == keys[i].key) j++;
        if (j - i >= 3) {
            *bad_poly = keys[i + 2].extra;
            return STEER_NAVMESH_EDGE_SHARED_3;
        }
        if (j - i == 2) {
            int sa = keys[i].value, sb = keys[i + 1].value;
            if (m->indices[sa] == m->indices[sb]) {
                *bad_poly = keys[i + 1].extra;
                return STEER_NAVMESH_OVERLAP;
            }
            m->neighbours[sa] = keys[i + 1].extra;
            m->neighbours[sb] = keys[i].extra;
        }
        i = j;
    }
    return STEER_NAVMESH_OK;
}

/* Is vertex w strictly inside the edge a-b (on the ground and in height)? */
static bool steer__nav_on_edge(const steer_navmesh *m, int32_t a, int32_t b, int32_t w, float tol)
{
    steer_vec3 pa = m->vertices[a], pb = m->vertices[b], pw = m->vertices[w];
    steer_vec3 ab = steer_sub(pb, pa);
    float len2 = steer_length_sq(ab);
    float t = len2 > 0.0f ? steer_dot(steer_sub(pw, pa), ab) / len2 : 0.0f;
    if (!(t > 0.0f && t < 1.0f)) return false;
    return steer_distance(steer_add_scaled(pa, ab, t), pw) <= tol;
}

/* A used vertex inside a boundary edge means the neighbours do not share that edge. */
static steer_navmesh_status steer__nav_t_junctions(const steer_navmesh *m, steer__nav_key *keys,
                                                   int32_t *used, float tol, int *bad_poly,
                                                   int *bad_vert)
{
    int count = 0;
    for (int v = 0; v < m->vertex_count; v++) used[v] = 0;
    for (int s = 0; s < m->first[m->polygon_count]; s++) used[m->indices[s]] = 1;
    for (int v = 0; v < m->vertex_count; v++) {
        if (!used[v]) continue;
        keys[count].key = steer__nav_float_key(steer__nav_vertex(m, v).u);
        keys[count++].value = v;
    }
    steer__nav_sort(keys, count);
    for (int p = 0; p < m->polygon_count; p++) {
        int n = m->first[p + 1] - m->first[p];
        for (int k = 0; k < n; k++) {
            int s = m->first[p] + k;
            if (m->neighbours[s] >= 0) continue;
            int32_t a = m->indices[s], b = m->indices[m->first[p] + (k + 1) % n];
            float ua = steer__nav_vertex(m, a).u, ub = steer__nav_vertex(m, b).u;
            uint32_t lo = steer__nav_float_key((ua < ub ? ua : ub) - tol);
            uint32_t hi = steer__nav_float_key((ua < ub ? ub : ua) + tol);
            int i = 0, j = count;
            while (i < j) { /* first key >= lo */
                int mid = i + (j - i) / 2;
                if (keys[mid].key < lo)
                    i = mid + 1;
                else
                    j = mid;
            }
            for (; i < count && keys[i].key <= hi; i++) {
                int32_t w = keys[i].value;
                if (w == a || w == b || !steer__nav_on_edge(m, a, b, w, tol)) continue;
                *bad_poly = p;
                *bad_vert = w;
                return STEER_NAVMESH_T_JUNCTION;
            }
        }
    }
    return STEER_NAVMESH_OK;
}

static float steer__nav_tolerance(const steer_navmesh *m)
{
    float scale = 1.0f;
    for (int v = 0; v < m->vertex_count; v++) {
        steer_vec3 p = m->vertices[v];
        float a = fabsf(p.x) > fabsf(p.y) ? fabsf(p.x) : fabsf(p.y);
        if (fabsf(p.z) > a) a = fabsf(p.z);
        if (a > scale) scale = a;
    }
    return 1e-5f * scale;
}

static void steer__nav_attach(steer_navmesh *m, unsigned char *base, const steer__nav_layout *l,
                              int vertex_count, int polygon_count, steer_space plane)
{
    m->plane = plane == STEER_SPACE_XY ? STEER_SPACE_XY : STEER_SPACE_XZ;
    m->vertex_count = vertex_count;
    m->polygon_count = polygon_count;
    m->node_count = 2 * polygon_count - 1;
    m->vertices = (steer_vec3 *)(void *)(base + l->vertices);
    m->first = (int32_t *)(void *)(base + l->first);
    m->indices = (int32_t *)(void *)(base + l->indices);
    m->neighbours = (int32_t *)(void *)(base + l->neighbours);
    m->tree = base + l->tree;
}

steer_navmesh_status steer_navmesh_build(steer_navmesh *mesh, void *memory, size_t bytes,
                                         const steer_vec3 *vertices, int vertex_count,
                                         const int32_t *first, const int32_t *indices,
                                         int polygon_count, steer_space plane,
                                         steer_navmesh_report *report)
{
    STEER_ASSERT(mesh != NULL);
    if (mesh == NULL) return steer__nav_fail(NULL, report, STEER_NAVMESH_BAD_ARGUMENT, -1, -1);
    if (memory == NULL || vertices == NULL || first == NULL || indices == NULL ||
        polygon_count < 1 || vertex_count < 3 || polygon_count > STEER_NAVMESH_MAX_COUNT ||
        vertex_count > STEER_NAVMESH_MAX_COUNT || (uintptr_t)memory % 8u != 0)
        return steer__nav_fail(mesh, report, STEER_NAVMESH_BAD_ARGUMENT, -1, -1);
    int bad_poly = -1, bad_vert = -1;
    steer_navmesh_status s = steer__nav_check_lists(vertices, vertex_count, first, indices,
                                                    polygon_count, &bad_poly, &bad_vert);
    if (s != STEER_NAVMESH_OK) return steer__nav_fail(mesh, report, s, bad_poly, bad_vert);
    int index_count = 0;
    for (int p = 0; p < polygon_count; p++) index_count += first[p + 1] - first[p];
    steer__nav_layout l = steer__nav_layout_of(vertex_count, polygon_count, index_count);
    if (l.total == 0 || bytes < l.total)
        return steer__nav_fail(mesh, report, STEER_NAVMESH_TOO_SMALL, -1, -1);
    unsigned char *base = (unsigned char *)memory;
    steer__nav_attach(mesh, base, &l, vertex_count, polygon_count, plane);
    steer__nav_key *keys = (steer__nav_key *)(void *)(base + l.keys);
    int32_t *remap = (int32_t *)(void *)(base + l.remap);
    for (int v = 0; v < vertex_count; v++) mesh->vertices[v] = vertices[v];
    steer__nav_weld(mesh, keys, remap);
    mesh->first[0] = 0;
    for (int p = 0; p < polygon_count; p++) {
        int n = first[p + 1] - first[p];
        s = steer__nav_put_polygon(mesh, indices + first[p], n, remap, mesh->first[p], &bad_vert);
        if (s != STEER_NAVMESH_OK) return steer__nav_fail(mesh, report, s, p, bad_vert);
        mesh->first[p + 1] = mesh->first[p] + n;
    }
    s = steer__nav_link(mesh, keys, &bad_poly);
    if (s != STEER_NAVMESH_OK) return steer__nav_fail(mesh, report, s, bad_poly, -1);
    s = steer__nav_t_junctions(mesh, keys, remap, steer__nav_tolerance(mesh), &bad_poly, &bad_vert);
    if (s != STEER_NAVMESH_OK) return steer__nav_fail(mesh, report, s, bad_poly, bad_vert);
    steer__nav_tree_build(mesh, keys);
    if (report != NULL) {
        report->status = STEER_NAVMESH_OK;
        report->polygon = report->vertex = -1;
    }
    return STEER_NAVMESH_OK;
}

int steer_navmesh_polygon_count(const steer_navmesh *mesh)
{
    return mesh != NULL ? mesh->polygon_count : 0;
}

int steer_navmesh_polygon_vertices(const steer_navmesh *mesh, int polygon, steer_vec3 *out,
                                   int capacity)
{
    if (mesh == NULL || out == NULL || polygon < 0 || polygon >= mesh->polygon_count) return 0;
    int n = mesh->first[polygon + 1] - mesh->first[polygon];
    for (int k = 0; k < n && k < capacity; k++)
        out[k] = mesh->vertices[mesh->indices[mesh->first[polygon] + k]];
    return n < capacity ? n : (capacity > 0 ? capacity : 0);
}

steer_vec3 steer_navmesh_polygon_point(const steer_navmesh *mesh, int polygon, steer_vec3 p)
{
    if (mesh == NULL || polygon < 0 || polygon >= mesh->polygon_count || !steer_v3_is_finite(p))
        return p;
    steer__nav2 c[STEER_NAVMESH_POLY_MAX];
    int n = steer__nav_corners(mesh, polygon, c);
    steer__nav2 g = steer__nav_closest(c, n, steer__nav_ground(mesh->plane, p));
    return steer__nav_point(mesh->plane, g, steer__nav_height_at(mesh, polygon, g));
}
