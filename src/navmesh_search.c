/* SPDX-License-Identifier: MIT */
/* The exact shortest path over the mesh, after Polyanya (Cui, Harabor and Grastien,
 * "Compromise-free pathfinding on a navigation mesh", IJCAI 2017). A node is a stretch
 * of a polygon edge every point of which a straight line from its root (the start or a
 * corner vertex) reaches. Expanding it projects the stretch through the polygon behind:
 * what lies between the two lines from the root through the stretch's ends keeps the
 * root; what lies beyond an end that is a mesh corner is seen from that corner, the new
 * root. The estimate is the exact length from the root through the stretch to the goal,
 * so the first goal node off the open list ends a shortest path. */
#include "navmesh_internal.h"

/* A ground point in double: the projections are computed in double. */
typedef struct steer__navd {
    double u, v;
} steer__navd;

typedef struct steer__navs {
    const steer_navmesh *m;
    steer_navmesh_query *q;
    steer__navq_node *nodes;
    const steer__navq_ask *ask;
    int vertex_cap;   /* vertices with a pruning entry */
    double tol;       /* distance under which rounding may put a point on either side */
    double start_tol; /* the same for the start, moved onto the mesh in float */
    bool out_of_nodes;
} steer__navs;

static steer__navd steer__navs_d(steer__nav2 p)
{
    steer__navd d = {p.u, p.v};
    return d;
}

static steer__navd steer__navs_vertex(const steer__navs *s, int32_t v)
{
    return steer__navs_d(steer__nav_vertex(s->m, v));
}

static steer__navd steer__navs_root(const steer__navs *s, int32_t root)
{
    return root < 0 ? steer__navs_d(s->ask->start) : steer__navs_vertex(s, root);
}

static double steer__navs_orient(steer__navd a, steer__navd b, steer__navd c)
{
    return (b.u - a.u) * (c.v - a.v) - (b.v - a.v) * (c.u - a.u);
}

static double steer__navs_dist(steer__navd a, steer__navd b)
{
    double du = b.u - a.u, dv = b.v - a.v;
    return sqrt(du * du + dv * dv);
}

static steer__navd steer__navs_lerp(steer__navd a, steer__navd b, double t)
{
    steer__navd p = {a.u + (b.u - a.u) * t, a.v + (b.v - a.v) * t};
    return p;
}

/* ---- the open list: a binary heap on f, ties by node index ----------------------- */

static bool steer__navs_before(const steer__navq_node *n, int32_t a, int32_t b)
{
    if (n[a].f != n[b].f) return n[a].f < n[b].f;
    return a < b;
}

static void steer__navs_push(steer__navs *s, int32_t id)
{
    int32_t *heap = s->q->heap;
    int pos = s->q->heap_size++;
    while (pos > 0 && steer__navs_before(s->nodes, id, heap[(pos - 1) / 2])) {
        heap[pos] = heap[(pos - 1) / 2];
        pos = (pos - 1) / 2;
    }
    heap[pos] = id;
}

static int32_t steer__navs_pop(steer__navs *s)
{
    int32_t *heap = s->q->heap;
    int32_t top = heap[0], last = heap[--s->q->heap_size];
    int pos = 0, size = s->q->heap_size;
    for (;;) {
        int child = 2 * pos + 1;
        if (child >= size) break;
        if (child + 1 < size && steer__navs_before(s->nodes, heap[child + 1], heap[child])) child++;
        if (!steer__navs_before(s->nodes, heap[child], last)) break;
        heap[pos] = heap[child];
        pos = child;
    }
    if (size > 0) heap[pos] = last;
    return top;
}

/* ---- the nodes by edge and root: a hash table, linear probing ---------------------- */

static uint32_t steer__navs_hash(const steer__navs *s, int32_t slot, int32_t root)
{
    uint32_t h = (uint32_t)slot * 0x9E3779B1u ^ (uint32_t)(root + 1) * 0x85EBCA77u;
    h ^= h >> 15;
    return h % (2u * (uint32_t)s->q->node_capacity);
}

/* The entry after i in the table of `size` entries (linear probing, wrapping round). */
static uint32_t steer__navs_probe(uint32_t i, uint32_t size)
{
    return i + 1 == size ? 0 : i + 1;
}

/* Is n no better than a node already made: on the same edge from the same root, a
 * stretch holding n's at no greater cost? Then everything n leads to, that one does.
 * `at` is n's hash: the probe starts there. */
static bool steer__navs_dominated(const steer__navs *s, const steer__navq_node *n, uint32_t at)
{
    const int32_t *seen = s->q->seen;
    uint32_t size = 2u * (uint32_t)s->q->node_capacity;
    for (uint32_t i = at; seen[i] >= 0; i = steer__navs_probe(i, size)) {
        const steer__navq_node *o = &s->nodes[seen[i]];
        if (o->slot == n->slot && o->root == n->root && o->lo <= n->lo + 1e-9 &&
            o->hi >= n->hi - 1e-9 && (double)o->g <= (double)n->g * (1.0 + 1e-6))
            return true;
    }
    return false;
}

static void steer__navs_add(steer__navs *s, steer__navq_node n)
{
    steer_navmesh_query *q = s->q;
    uint32_t at = n.slot >= 0 ? steer__navs_hash(s, n.slot, n.root) : 0u;
    if (n.slot >= 0 && steer__navs_dominated(s, &n, at)) return;
    if (q->node_count >= q->node_capacity) {
        s->out_of_nodes = true;
        return;
    }
    int32_t id = q->node_count++;
    s->nodes[id] = n;
    if (n.slot >= 0) {
        uint32_t size = 2u * (uint32_t)q->node_capacity, i = at;
        while (q->seen[i] >= 0) i = steer__navs_probe(i, size);
        q->seen[i] = id;
    }
    steer__navs_push(s, id);
}

/* Empty the table for the next search: newest first, so each probe still finds its
 * node where it was put. */
static void steer__navs_forget(steer__navs *s)
{
    steer_navmesh_query *q = s->q;
    uint32_t size = 2u * (uint32_t)q->node_capacity;
    for (int32_t id = q->node_count - 1; id >= 0; id--) {
        if (s->nodes[id].slot < 0) continue;
        uint32_t i = steer__navs_hash(s, s->nodes[id].slot, s->nodes[id].root);
        while (q->seen[i] != id) i = steer__navs_probe(i, size);
        q->seen[i] = -1;
    }
}

/* ---- mesh facts --------------------------------------------------------------------- */

/* Is vertex v (a corner of polygon `poly`) on the mesh's boundary? Walk round it through
 * the polygons sharing it: back at `poly` it is inside; a wall on the way makes it a
 * corner a shortest path may turn at. */
static bool steer__navs_corner(const steer_navmesh *m, int32_t poly, int32_t v)
{
    int32_t p = poly;
    for (int step = 0; step < 64; step++) {
        int32_t f = m->first[p], n = m->first[p + 1] - f, k = 0;
        while (k < n && m->indices[f + k] != v) k++;
        if (k == n) return true; /* not a shared corner after all: treat as a wall */
        int32_t in = f + (k + n - 1) % n;
        if (m->neighbours[f + k] < 0 || m->neighbours[in] < 0) return true;
        p = m->neighbours[in];
        if (p == poly) return false;
    }
    return true;
}

/* A polygon with one way in and out leads nowhere (unless the goal is in it). */
static bool steer__navs_dead_end(const steer_navmesh *m, int32_t poly)
{
    int ways = 0;
    for (int32_t s = m->first[poly]; s < m->first[poly + 1]; s++) ways += m->neighbours[s] >= 0;
    return ways < 2;
}

/* The slot of polygon p holding the edge from vertex a to b, walked the other way; -1 if
 * none. */
static int32_t steer__navs_twin(const steer_navmesh *m, int32_t p, int32_t a, int32_t b)
{
    int32_t f = m->first[p], n = m->first[p + 1] - f;
    for (int32_t k = 0; k < n; k++)
        if (m->indices[f + k] == b && m->indices[f + (k + 1) % n] == a) return f + k;
    return -1;
}

/* Do nodes a and b turn at vertex v alike: looking into one polygon, along one line
 * (their roots in a line with v, on the same side of it)? */
static bool steer__navs_same_turn(const steer__navs *s, int32_t a, int32_t b, int32_t v)
{
    if (a < 0 || b < 0 || s->nodes[a].poly != s->nodes[b].poly) return false;
    steer__navd ra = steer__navs_root(s, s->nodes[a].root);
    steer__navd rb = steer__navs_root(s, s->nodes[b].root), p = steer__navs_vertex(s, v);
    double along = (p.u - ra.u) * (p.u - rb.u) + (p.v - ra.v) * (p.v - rb.v);
    return along > 0.0 && fabs(steer__navs_orient(ra, rb, p)) <= s->tol * steer__navs_dist(ra, p);
}

/* May vertex v become a root at cost g, turned at by node `parent`? Not when a cheaper
 * way to it is known (root-level pruning): every path on from v is cheaper from there.
 * An equal way (up to rounding) that turns alike, as round corners in a line, is the
 * same turn: taking both would repeat the search beyond v, again at each corner after. */
static bool steer__navs_root_ok(steer__navs *s, int32_t v, float g, int32_t parent)
{
    if (v >= s->vertex_cap) return true;
    steer_navmesh_query *q = s->q;
    if (q->root_stamp[v] == q->generation && q->root_from[v] != parent) {
        if ((double)g > (double)q->root_g[v] * (1.0 + 1e-6)) return false;
        if ((double)g >= (double)q->root_g[v] * (1.0 - 1e-6) &&
            steer__navs_same_turn(s, q->root_from[v], parent, v))
            return false;
        if (g >= q->root_g[v]) return true; /* another turn as cheap: keep the first's */
    }
    q->root_stamp[v] = q->generation;
    q->root_g[v] = g;
    q->root_from[v] = parent;
    return true;
}

/* ---- the estimate -------------------------------------------------------------------- */

/* The length from root r through the stretch [a, b] of the edge e0 -> e1 (the polygon
 * ahead on its left) to the goal: straight through when the line to the goal, or to its
 * mirror image when it lies back on the root's side, passes the stretch; else round the
 * nearer end. */
static double steer__navs_estimate(const steer__navs *s, steer__navd r, steer__navd e0,
                                   steer__navd e1, steer__navd a, steer__navd b)
{
    steer__navd goal = steer__navs_d(s->ask->goal), g = goal;
    double side = steer__navs_orient(e0, e1, g);
    if (side < 0.0) {
        double du = e1.u - e0.u, dv = e1.v - e0.v, len2 = du * du + dv * dv;
        if (len2 > 0.0) g.u += 2.0 * side / len2 * dv, g.v -= 2.0 * side / len2 * du;
    }
    if (steer__navs_orient(r, a, g) <= 0.0 && steer__navs_orient(r, b, g) >= 0.0)
        return steer__navs_dist(r, g);
    double via_a = steer__navs_dist(r, a) + steer__navs_dist(a, goal);
    double via_b = steer__navs_dist(r, b) + steer__navs_dist(b, goal);
    return via_a < via_b ? via_a : via_b;
}

/* ---- successors ---------------------------------------------------------------------- */

/* Keep the fractions u of [*lo, *hi] where fa + (fb - fa) u >= 0. */
static void steer__navs_clip(double *lo, double *hi, double fa, double fb)
{
    if (fa >= 0.0 && fb >= 0.0) return;
    if (fa < 0.0 && fb < 0.0) {
        *lo = 1.0, *hi = 0.0;
        return;
    }
    double u = fa / (fa - fb);
    if (fa < 0.0) {
        if (u > *lo) *lo = u;
    } else if (u < *hi) {
        *hi = u;
    }
}

/* The node for the stretch [lo, hi] of edge `slot` of polygon `poly` (being expanded),
 * seen from `root`, into the polygon across it. */
static void steer__navs_successor(steer__navs *s, int32_t parent, int32_t poly, int32_t slot,
                                  int32_t root, double lo, double hi, double g)
{
    const steer_navmesh *m = s->m;
    int32_t p = m->neighbours[slot];
    if (p < 0 || p == s->ask->from) return; /* a wall; a shortest path never comes back */
    int32_t i0 = m->indices[slot], i1 = m->indices[steer__nav_slot_next(m, poly, slot)];
    steer__navd c0 = steer__navs_vertex(s, i0), c1 = steer__navs_vertex(s, i1);
    double len = steer__navs_dist(c0, c1);
    if (!((hi - lo) * len > s->tol)) return; /* a point: the neighbouring stretch has it */
    if (lo * len <= s->tol) lo = 0.0;
    if ((1.0 - hi) * len <= s->tol) hi = 1.0;
    if (p != s->ask->to && steer__navs_dead_end(m, p)) return;
    int32_t twin = steer__navs_twin(m, p, i0, i1);
    if (twin < 0) return;
    steer__navd r = steer__navs_root(s, root);
    double tol = root < 0 ? s->start_tol : s->tol;
    if (fabs(steer__navs_orient(c0, c1, r)) <= tol * len) {
        /* The root is on the edge's line. Beyond an end, only that end is in view (along
         * the line): a path through the edge turns there first, if it is a corner. */
        double t = ((r.u - c0.u) * (c1.u - c0.u) + (r.v - c0.v) * (c1.v - c0.v)) / (len * len);
        if (t * len < -tol || (t - 1.0) * len > tol) {
            bool near0 = t < 0.0;
            int32_t w = near0 ? i0 : i1;
            if ((near0 ? lo > 0.0 : hi < 1.0) || w == root || !steer__navs_corner(m, poly, w))
                return;
            g += steer__navs_dist(r, near0 ? c0 : c1);
            if (!steer__navs_root_ok(s, w, (float)g, parent)) return;
            g = (double)(float)g;
            root = w, lo = 0.0, hi = 1.0;
            r = near0 ? c0 : c1;
        }
    }
    /* Across the edge it runs the other way: fractions turn round. */
    steer__navq_node n = {p,        twin, root, parent, (float)(1.0 - hi), (float)(1.0 - lo),
                          (float)g, 0.0f};
    double h = steer__navs_estimate(s, r, c1, c0, steer__navs_lerp(c1, c0, n.lo),
                                    steer__navs_lerp(c1, c0, n.hi));
    n.f = (float)(g + h);
    steer__navs_add(s, n);
}

static void steer__navs_goal(steer__navs *s, int32_t parent, int32_t root, double g_root,
                             steer__navd r)
{
    double f = g_root + steer__navs_dist(r, steer__navs_d(s->ask->goal));
    steer__navq_node n = {s->ask->to, -1, root, parent, 0.0, 0.0, (float)g_root, (float)f};
    steer__navs_add(s, n);
}

/* What one node sees of its polygon. */
typedef struct steer__navs_view {
    int32_t id, first, count, k; /* node, polygon's first slot, corners, entry corner */
    steer__navq_node n;
    steer__navd c[STEER_NAVMESH_POLY_MAX];
    steer__navd r, a, b; /* root, the stretch's ends (a at lo: the left seen from r) */
} steer__navs_view;

/* The root lies on the entry edge: the whole convex polygon is in view. */
static void steer__navs_expand_all(steer__navs *s, const steer__navs_view *w)
{
    if (w->n.poly == s->ask->to) {
        steer__navs_goal(s, w->id, w->n.root, w->n.g, w->r);
        return;
    }
    for (int step = 1; step < w->count; step++)
        steer__navs_successor(s, w->id, w->n.poly, w->first + (w->k + step) % w->count, w->n.root,
                              0.0, 1.0, w->n.g);
}

/* Turn at corner v (the stretch's end on side `sign`: +1 left, -1 right): the part of
 * the far edges beyond the line from the root through v, seen from v. */
static void steer__navs_turn(steer__navs *s, const steer__navs_view *w, const double *o, double tol,
                             int32_t v, steer__navd vp, double sign)
{
    if (v == w->n.root || !steer__navs_corner(s->m, w->n.poly, v)) return;
    bool goal = w->n.poly == s->ask->to;
    if (goal && sign * steer__navs_orient(w->r, vp, steer__navs_d(s->ask->goal)) + tol < 0.0)
        return; /* the goal is in view on this side: no need to turn */
    double g = (double)w->n.g + steer__navs_dist(w->r, vp);
    if (!steer__navs_root_ok(s, v, (float)g, w->id)) return;
    g = (double)(float)g; /* the cost every node of this root carries */
    if (goal) {
        steer__navs_goal(s, w->id, v, g, vp);
        return;
    }
    for (int step = 1; step < w->count; step++) {
        int j = (w->k + step) % w->count, j1 = (j + 1) % w->count;
        double lo = 0.0, hi = 1.0;
        steer__navs_clip(&lo, &hi, sign * o[j] + tol, sign * o[j1] + tol);
        if (lo < hi) steer__navs_successor(s, w->id, w->n.poly, w->first + j, v, lo, hi, g);
    }
}

static void steer__navs_expand(steer__navs *s, int32_t id)
{
    const steer_navmesh *m = s->m;
    steer__navs_view w;
    w.id = id;
    w.n = s->nodes[id];
    w.first = m->first[w.n.poly];
    w.count = m->first[w.n.poly + 1] - w.first;
    w.k = w.n.slot - w.first;
    for (int i = 0; i < w.count; i++) w.c[i] = steer__navs_vertex(s, m->indices[w.first + i]);
    int k1 = (w.k + 1) % w.count;
    int32_t v0 = m->indices[w.n.slot], v1 = m->indices[w.first + k1];
    steer__navd e0 = w.c[w.k], e1 = w.c[k1];
    w.r = steer__navs_root(s, w.n.root);
    w.a = steer__navs_lerp(e0, e1, w.n.lo);
    w.b = steer__navs_lerp(e0, e1, w.n.hi);
    double on_edge = steer__navs_orient(e0, e1, w.r);
    if (w.n.root >= 0 ? (w.n.root == v0 || w.n.root == v1)
                      : fabs(on_edge) <= s->start_tol * steer__navs_dist(e0, e1)) {
        steer__navs_expand_all(s, &w);
        return;
    }
    if (w.n.root >= 0 && on_edge == 0.0) return; /* along the edge: sees nothing through */
    /* Left of the line root -> a is o_l > 0, right of root -> b is o_r < 0; in view is
     * between, with a little slack so rounding loses nothing on the lines. */
    double tl = s->tol * steer__navs_dist(w.r, w.a), tr = s->tol * steer__navs_dist(w.r, w.b);
    double ol[STEER_NAVMESH_POLY_MAX], orr[STEER_NAVMESH_POLY_MAX];
    for (int i = 0; i < w.count; i++) {
        ol[i] = steer__navs_orient(w.r, w.a, w.c[i]);
        orr[i] = steer__navs_orient(w.r, w.b, w.c[i]);
    }
    if (w.n.poly == s->ask->to) {
        steer__navd g = steer__navs_d(s->ask->goal);
        double gl = steer__navs_orient(w.r, w.a, g), gr = steer__navs_orient(w.r, w.b, g);
        if (gl <= tl && gr >= -tr) {
            steer__navs_goal(s, id, w.n.root, w.n.g, w.r);
            return;
        }
    } else {
        for (int step = 1; step < w.count; step++) {
            int j = (w.k + step) % w.count, j1 = (j + 1) % w.count;
            double lo = 0.0, hi = 1.0;
            steer__navs_clip(&lo, &hi, orr[j] + tr, orr[j1] + tr);
            steer__navs_clip(&lo, &hi, tl - ol[j], tl - ol[j1]);
            if (lo < hi)
                steer__navs_successor(s, id, w.n.poly, w.first + j, w.n.root, lo, hi, w.n.g);
        }
    }
    /* An end of the stretch that is an end of the edge and a corner: round it. */
    if (w.n.lo == 0.0) steer__navs_turn(s, &w, ol, tl, v0, e0, 1.0);
    if (w.n.hi == 1.0) steer__navs_turn(s, &w, orr, tr, v1, e1, -1.0);
}

/* The start sees all of its (convex) polygon: a node for each way out. */
static void steer__navs_start(steer__navs *s)
{
    const steer_navmesh *m = s->m;
    int32_t from = s->ask->from;
    for (int32_t slot = m->first[from]; slot < m->first[from + 1]; slot++)
        steer__navs_successor(s, -1, from, slot, -1, 0.0, 1.0, 0.0);
}

int32_t steer__navq_search(const steer_navmesh *m, steer_navmesh_query *q,
                           const steer__navq_ask *ask, int *expanded, bool *out_of_nodes)
{
    steer__navs s = {m, q, (steer__navq_node *)q->nodes, ask, 0, 0.0, 0.0, false};
    s.vertex_cap = m->vertex_count < q->capacity ? m->vertex_count : q->capacity;
    float span = 0.0f;
    for (int i = 0; i < 4; i++) span = fmaxf(span, fabsf(m->bounds[i]));
    s.tol = 1e-9 * (1.0 + (double)span);
    s.start_tol = 1e-6 * (1.0 + (double)span);
    q->heap_size = 0;
    q->node_count = 0;
    if (++q->generation == 0) { /* wrapped: clear the stamps once in 2^32 searches */
        for (int i = 0; i < q->capacity; i++) q->root_stamp[i] = 0, q->flood_stamp[i] = 0;
        q->generation = 1;
    }
    *expanded = 0;
    steer__navs_start(&s);
    int32_t found = -1;
    while (q->heap_size > 0 && !s.out_of_nodes) {
        int32_t id = steer__navs_pop(&s);
        const steer__navq_node *n = &s.nodes[id];
        if (n->slot < 0) {
            found = id;
            break;
        }
        if (n->root >= 0 && n->root < s.vertex_cap &&
            (double)n->g > (double)q->root_g[n->root] * (1.0 + 1e-6))
            continue; /* its root was reached more cheaply since */
        ++*expanded;
        steer__navs_expand(&s, id);
    }
    steer__navs_forget(&s);
    *out_of_nodes = s.out_of_nodes;
    return found;
}
