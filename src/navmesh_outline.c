/* SPDX-License-Identifier: MIT */
/* Building a mesh from an outline with holes: clean the rings, join each hole to the
 * outline by a bridge to a vertex it can see, clip ears off the one ring that results
 * (navmesh_ears.c), then merge the triangles into convex polygons (navmesh_merge.c) and
 * build. */
#include "navmesh_internal.h"
#include "navmesh_outline.h"

static double steer__nav_ring_area(const steer__nav_rings *r, int head)
{
    double area = 0.0;
    steer__nav2 o = steer__nav_at(r, head);
    int n = head;
    do {
        area += steer__nav_orient(o, steer__nav_at(r, n), steer__nav_at(r, r->next[n]));
        n = r->next[n];
    } while (n != head);
    return area;
}

static bool steer__nav_flat_corner(const steer__nav_rings *r, int node)
{
    steer__nav2 a = steer__nav_at(r, r->prev[node]), b = steer__nav_at(r, node);
    steer__nav2 c = steer__nav_at(r, r->next[node]);
    if (steer__nav_same(a, b) || steer__nav_same(b, c)) return true;
    double ab = hypot((double)b.u - a.u, (double)b.v - a.v);
    double bc = hypot((double)c.u - b.u, (double)c.v - b.v);
    return fabs(steer__nav_orient(a, b, c)) <= 1e-9 * ab * bc;
}

/* Drop repeated and collinear points; returns the ring's node count left. */
static int steer__nav_ring_clean(steer__nav_rings *r, int ring, int count)
{
    int node = r->head[ring];
    for (int steps = 0; count > 2 && steps < 2 * count + 2; steps++) {
        if (steer__nav_flat_corner(r, node)) {
            int keep = r->prev[node];
            steer__nav_unlink(r, node);
            if (r->head[ring] == node) r->head[ring] = keep;
            node = keep;
            count--;
            steps = 0;
        } else {
            node = r->next[node];
        }
    }
    return count;
}

static void steer__nav_ring_reverse(steer__nav_rings *r, int head)
{
    int n = head;
    do {
        int t = r->next[n];
        r->next[n] = r->prev[n];
        r->prev[n] = t;
        n = t;
    } while (n != head);
}

/* Link ring `ring` from points[start .. start + size - 1], clean it and orient it:
 * the outline counter-clockwise, holes clockwise (the walkable side on the left). */
static steer_navmesh_status steer__nav_ring_make(steer__nav_rings *r, int ring, int start, int size,
                                                 int *bad_vertex)
{
    for (int i = 0; i < size; i++) {
        *bad_vertex = start + i;
        if (!steer_v3_is_finite(r->points[start + i])) return STEER_NAVMESH_NOT_FINITE;
        int node = r->node_count + i;
        r->vert[node] = start + i;
        r->next[node] = r->node_count + (i + 1) % size;
        r->prev[node] = r->node_count + (i + size - 1) % size;
    }
    *bad_vertex = -1;
    r->head[ring] = r->node_count;
    r->node_count += size;
    if (steer__nav_ring_clean(r, ring, size) < 3) return STEER_NAVMESH_ZERO_AREA;
    double area = steer__nav_ring_area(r, r->head[ring]);
    if (!(area != 0.0)) return STEER_NAVMESH_ZERO_AREA;
    if ((ring == 0) != (area > 0.0)) steer__nav_ring_reverse(r, r->head[ring]);
    return STEER_NAVMESH_OK;
}

/* Is point x inside the walkable cone at `node` (between its edges, on the left)? */
static bool steer__nav_in_cone(const steer__nav_rings *r, int node, steer__nav2 x)
{
    steer__nav2 a = steer__nav_at(r, r->prev[node]), b = steer__nav_at(r, node);
    steer__nav2 c = steer__nav_at(r, r->next[node]);
    bool left_ab = steer__nav_orient(a, b, x) > 0.0, left_bc = steer__nav_orient(b, c, x) > 0.0;
    return steer__nav_orient(a, b, c) > 0.0 ? (left_ab && left_bc) : (left_ab || left_bc);
}

/* Does edge q1-q2 block the segment p1-p2 (cross it, or touch its inside)? */
static bool steer__nav_blocks(steer__nav2 p1, steer__nav2 p2, steer__nav2 q1, steer__nav2 q2)
{
    if (steer__nav_same(q1, p1) || steer__nav_same(q1, p2) || steer__nav_same(q2, p1) ||
        steer__nav_same(q2, p2))
        return false;
    double o1 = steer__nav_orient(p1, p2, q1), o2 = steer__nav_orient(p1, p2, q2);
    double o3 = steer__nav_orient(q1, q2, p1), o4 = steer__nav_orient(q1, q2, p2);
    if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
        return true;
    for (int k = 0; k < 2; k++) { /* an end of q lying on p's inside */
        steer__nav2 q = k == 0 ? q1 : q2;
        if ((k == 0 ? o1 : o2) != 0.0) continue;
        double t = ((double)q.u - p1.u) * ((double)p2.u - p1.u) +
                   ((double)q.v - p1.v) * ((double)p2.v - p1.v);
        double len2 = ((double)p2.u - p1.u) * ((double)p2.u - p1.u) +
                      ((double)p2.v - p1.v) * ((double)p2.v - p1.v);
        if (t > 0.0 && t < len2) return true;
    }
    return false;
}

/* Does an edge of the ring from `head` block the segment a-b (steer__nav_blocks)? An
 * edge whose box is apart from the segment's cannot: it is passed over on four compares. */
static bool steer__nav_ring_blocks(const steer__nav_rings *r, int head, steer__nav2 a,
                                   steer__nav2 b)
{
    float lo_u = fminf(a.u, b.u), hi_u = fmaxf(a.u, b.u);
    float lo_v = fminf(a.v, b.v), hi_v = fmaxf(a.v, b.v);
    int n = head;
    steer__nav2 q1 = steer__nav_at(r, n);
    do {
        steer__nav2 q2 = steer__nav_at(r, r->next[n]);
        bool apart = (q1.u < lo_u && q2.u < lo_u) || (q1.u > hi_u && q2.u > hi_u) ||
                     (q1.v < lo_v && q2.v < lo_v) || (q1.v > hi_v && q2.v > hi_v);
        if (!apart && steer__nav_blocks(a, b, q1, q2)) return true;
        q1 = q2;
        n = r->next[n];
    } while (n != head);
    return false;
}

/* Can hole node m see outline node v, with nothing of any ring in between? */
static bool steer__nav_visible(const steer__nav_rings *r, int m, int v)
{
    steer__nav2 pm = steer__nav_at(r, m), pv = steer__nav_at(r, v);
    if (steer__nav_same(pm, pv)) return false;
    if (!steer__nav_in_cone(r, v, pm) || !steer__nav_in_cone(r, m, pv)) return false;
    for (int ring = 0; ring < r->ring_count; ring++)
        if (r->head[ring] >= 0 && steer__nav_ring_blocks(r, r->head[ring], pm, pv)) return false;
    return true;
}

/* The hole's node furthest along u (its rightmost point), where the bridge starts. */
static int steer__nav_hole_start(const steer__nav_rings *r, int head)
{
    int best = head, n = r->next[head];
    while (n != head) {
        steer__nav2 a = steer__nav_at(r, n), b = steer__nav_at(r, best);
        if (a.u > b.u || (a.u == b.u && a.v < b.v)) best = n;
        n = r->next[n];
    }
    return best;
}

/* Squared distance between two ground points, in double. */
static double steer__nav_dist2(steer__nav2 a, steer__nav2 b)
{
    double du = (double)a.u - b.u, dv = (double)a.v - b.v;
    return du * du + dv * dv;
}

/* The outline vertex the bridge from hole node m goes to: the nearest that m can see,
 * of equally near ones the first along the outline from its head; -1 when it sees none.
 * Candidates are tried nearest first, each pass over the outline finding the next one
 * (by distance, then place along the outline) whose corner faces m and m's faces it; the
 * full sight test, which reads every edge, runs once per candidate tried. Testing sight
 * for every vertex nearer than the best so far, in outline order, cost a pass over all
 * edges for hundreds of vertices per hole: a hall of 900 pillars took 4 s to build. */
static int steer__nav_bridge_target(const steer__nav_rings *r, int m)
{
    steer__nav2 pm = steer__nav_at(r, m);
    double after_d = -1.0;
    int after_k = -1;
    for (;;) {
        int best = -1, best_k = -1, k = 0, v = r->head[0];
        double best_d = INFINITY;
        do {
            steer__nav2 pv = steer__nav_at(r, v);
            double d = steer__nav_dist2(pv, pm);
            bool later = d > after_d || (d == after_d && k > after_k);
            if (later && d < best_d && steer__nav_in_cone(r, v, pm) && steer__nav_in_cone(r, m, pv))
                best_d = d, best = v, best_k = k;
            v = r->next[v];
            k++;
        } while (v != r->head[0]);
        if (best < 0 || steer__nav_visible(r, m, best)) return best;
        after_d = best_d;
        after_k = best_k;
    }
}

/* Join hole `ring` into the outline through the nearest outline vertex it can see. */
static bool steer__nav_bridge(steer__nav_rings *r, int ring)
{
    int m = steer__nav_hole_start(r, r->head[ring]);
    int best = steer__nav_bridge_target(r, m);
    if (best < 0) return false;
    int m2 = r->node_count++, v2 = r->node_count++;
    r->vert[m2] = r->vert[m];
    r->vert[v2] = r->vert[best];
    int after = r->next[best], before_m = r->prev[m];
    r->next[best] = m, r->prev[m] = best;
    r->next[before_m] = m2, r->prev[m2] = before_m;
    r->next[m2] = v2, r->prev[v2] = m2;
    r->next[v2] = after, r->prev[after] = v2;
    r->head[ring] = -1;
    return true;
}

/* Holes in order of their rightmost point, furthest first (of equally far ones, the
 * first listed first), each bridged; returns the hole that could not be, else 0.
 * `order` has room for a record per hole. Each hole's head becomes its rightmost node,
 * where the bridge starts: a hole stays as it is until it is bridged. */
static int steer__nav_bridge_all(steer__nav_rings *r, steer__nav_key *order)
{
    int holes = r->ring_count - 1;
    for (int ring = 1; ring <= holes; ring++) {
        r->head[ring] = steer__nav_hole_start(r, r->head[ring]);
        float u = steer__nav_at(r, r->head[ring]).u;
        order[ring - 1].key = 0xffffffffu - (uint64_t)steer__nav_float_key(u);
        order[ring - 1].value = ring;
        order[ring - 1].extra = 0;
    }
    steer__nav_sort(order, holes);
    for (int k = 0; k < holes; k++)
        if (!steer__nav_bridge(r, order[k].value)) return order[k].value;
    return 0;
}

/* Sizes of the outline build's parts. */
typedef struct steer__nav_outline_layout {
    size_t mesh, nodes, heads, tris, merge, out, total;
    int triangles, node_count;
} steer__nav_outline_layout;

static steer__nav_outline_layout steer__nav_outline_layout_of(int point_count, int ring_count)
{
    steer__nav_outline_layout l;
    memset(&l, 0, sizeof l);
    if (point_count < 3 || ring_count < 1 || point_count > STEER_NAVMESH_MAX_COUNT ||
        ring_count > point_count / 3)
        return l;
    int holes = ring_count - 1;
    l.triangles = point_count + 2 * holes - 2;
    l.node_count = point_count + 2 * holes;
    size_t t = (size_t)l.triangles, n = (size_t)l.node_count;
    l.mesh = steer__nav_layout_of(point_count, l.triangles, 3 * l.triangles).total;
    if (l.mesh == 0) return l;
    /* Scratch before the mesh is built, in its part: the holes' order, the ear grid. */
    size_t order = steer__nav_align((size_t)ring_count * sizeof(steer__nav_key));
    size_t near = steer__nav_clip_bytes(l.node_count);
    l.mesh = l.mesh > order ? l.mesh : order;
    l.mesh = l.mesh > near ? l.mesh : near;
    l.nodes = l.mesh;
    l.heads = l.nodes + steer__nav_align(3u * n * 4u);
    l.tris = l.heads + steer__nav_align((size_t)ring_count * 4u);
    l.merge = l.tris + steer__nav_align(3u * t * 4u);
    l.out = l.merge + steer__nav_merge_bytes(l.triangles);
    l.total = l.out + steer__nav_align((t + 1u) * 4u + 3u * t * 4u);
    return l;
}

size_t steer_navmesh_outline_bytes(int point_count, int ring_count)
{
    return steer__nav_outline_layout_of(point_count, ring_count).total;
}

static steer_navmesh_status steer__nav_outline_fail(steer_navmesh *m, steer_navmesh_report *rep,
                                                    steer_navmesh_status s, int ring, int vertex)
{
    steer__nav_clear(m);
    if (rep != NULL) rep->status = s, rep->polygon = ring, rep->vertex = vertex;
    return s;
}

/* Make every ring; the first problem wins. */
static steer_navmesh_status steer__nav_rings_make(steer__nav_rings *r, const int32_t *ring_sizes,
                                                  int *bad_ring, int *bad_vertex)
{
    int start = 0;
    for (int ring = 0; ring < r->ring_count; ring++) {
        *bad_ring = ring;
        if (ring_sizes[ring] < 3) return STEER_NAVMESH_BAD_POLYGON;
        steer_navmesh_status s = steer__nav_ring_make(r, ring, start, ring_sizes[ring], bad_vertex);
        if (s != STEER_NAVMESH_OK) return s;
        start += ring_sizes[ring];
    }
    return STEER_NAVMESH_OK;
}

steer_navmesh_status steer_navmesh_build_outline(steer_navmesh *mesh, void *memory, size_t bytes,
                                                 const steer_vec3 *points,
                                                 const int32_t *ring_sizes, int ring_count,
                                                 steer_space plane, steer_navmesh_report *report)
{
    STEER_ASSERT(mesh != NULL);
    if (mesh == NULL) return STEER_NAVMESH_BAD_ARGUMENT;
    int total = 0;
    for (int i = 0; ring_sizes != NULL && i < ring_count; i++) {
        if (ring_sizes[i] < 0 || ring_sizes[i] > STEER_NAVMESH_MAX_COUNT) total = -1;
        if (total < 0) break;
        total += ring_sizes[i];
    }
    if (memory == NULL || points == NULL || ring_sizes == NULL || ring_count < 1 || total < 3 ||
        (uintptr_t)memory % 8u != 0)
        return steer__nav_outline_fail(mesh, report, STEER_NAVMESH_BAD_ARGUMENT, -1, -1);
    steer__nav_outline_layout l = steer__nav_outline_layout_of(total, ring_count);
    if (l.total == 0 || bytes < l.total)
        return steer__nav_outline_fail(mesh, report, STEER_NAVMESH_TOO_SMALL, -1, -1);
    unsigned char *base = (unsigned char *)memory;
    steer__nav_rings r;
    r.points = points;
    r.plane = plane == STEER_SPACE_XY ? STEER_SPACE_XY : STEER_SPACE_XZ;
    r.vert = (int32_t *)(void *)(base + l.nodes);
    r.next = r.vert + l.node_count;
    r.prev = r.next + l.node_count;
    r.head = (int32_t *)(void *)(base + l.heads);
    r.node_count = 0;
    r.ring_count = ring_count;
    int bad_ring = -1, bad_vertex = -1;
    steer_navmesh_status s = steer__nav_rings_make(&r, ring_sizes, &bad_ring, &bad_vertex);
    if (s != STEER_NAVMESH_OK)
        return steer__nav_outline_fail(mesh, report, s, bad_ring, bad_vertex);
    /* The mesh's part of the memory is free until the mesh is built: the bridges' and
     * the ear test's scratch (steer__nav_outline_layout_of makes it large enough). */
    bad_ring = steer__nav_bridge_all(&r, (steer__nav_key *)(void *)base);
    if (bad_ring != 0)
        return steer__nav_outline_fail(mesh, report, STEER_NAVMESH_BAD_OUTLINE, bad_ring, -1);
    int32_t *tris = (int32_t *)(void *)(base + l.tris);
    int made = steer__nav_clip(&r, tris, l.triangles, base);
    if (made < 1) return steer__nav_outline_fail(mesh, report, STEER_NAVMESH_BAD_OUTLINE, 0, -1);
    int32_t *first = (int32_t *)(void *)(base + l.out);
    int32_t *indices = first + l.triangles + 1;
    steer__nav_layout ml = steer__nav_layout_of(total, l.triangles, 3 * l.triangles);
    int polys = steer__nav_merge(points, r.plane, tris, made, base + l.merge,
                                 (steer__nav_key *)(void *)(base + ml.keys), first, indices);
    steer_navmesh_report inner;
    s = steer_navmesh_build(mesh, memory, l.mesh, points, total, first, indices, polys, plane,
                            &inner);
    if (s != STEER_NAVMESH_OK)
        return steer__nav_outline_fail(mesh, report, STEER_NAVMESH_BAD_OUTLINE, -1, inner.vertex);
    if (report != NULL) report->status = s, report->polygon = report->vertex = -1;
    return s;
}
