/* SPDX-License-Identifier: MIT */
/* Shortest paths on the mesh against a brute force that knows nothing of the mesh: the
 * visibility graph of the walkable area's outline and holes (their corners as nodes, a
 * pair joined when the segment between them stays in the area, Dijkstra over it). On
 * random outlines with random holes, for start and goal points anywhere, on corners, on
 * edges, in one polygon and on separate islands, the path found is as long as the
 * shortest (1e-4 relative), stays in the area, and its corridor is the polygons it
 * crosses. */
#include "test.h"
#include "navmesh_levels.h"

#include "steer/navmesh.h"
#include "steer/random.h"

#define MAX_POINTS 160
#define MAX_RINGS  24

/* The walkable area as rings (ring 0 the outline, then the holes); an area made of two
 * islands has two outlines, each followed by its own holes. */
typedef struct area {
    double u[MAX_POINTS], v[MAX_POINTS];
    int ring_start[MAX_RINGS + 1], ring_count;
    bool is_outline[MAX_RINGS];
} area;

typedef struct pt {
    double u, v;
} pt;

static pt area_point(const area *a, int i)
{
    pt p = {a->u[i], a->v[i]};
    return p;
}

static double orient(pt a, pt b, pt c)
{
    return (b.u - a.u) * (c.v - a.v) - (b.v - a.v) * (c.u - a.u);
}

static double dist(pt a, pt b)
{
    return hypot(b.u - a.u, b.v - a.v);
}

static double seg_dist(pt p, pt a, pt b)
{
    double du = b.u - a.u, dv = b.v - a.v, len2 = du * du + dv * dv;
    double t = len2 > 0.0 ? ((p.u - a.u) * du + (p.v - a.v) * dv) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    pt q = {a.u + t * du, a.v + t * dv};
    return dist(p, q);
}

/* Ring r's edge i: from point i to the next of the ring. */
static void ring_edge(const area *a, int r, int i, pt *p, pt *q)
{
    int n = a->ring_start[r + 1] - a->ring_start[r];
    *p = area_point(a, a->ring_start[r] + i);
    *q = area_point(a, a->ring_start[r] + (i + 1) % n);
}

static bool in_ring(const area *a, int r, pt p)
{
    bool in = false;
    int n = a->ring_start[r + 1] - a->ring_start[r];
    for (int i = 0; i < n; i++) {
        pt e0, e1;
        ring_edge(a, r, i, &e0, &e1);
        if ((e0.v > p.v) != (e1.v > p.v) &&
            p.u < e0.u + (p.v - e0.v) / (e1.v - e0.v) * (e1.u - e0.u))
            in = !in;
    }
    return in;
}

/* Within 1e-5 of a ring edge (float rounding): on the boundary, which is walkable. */
static bool on_boundary(const area *a, pt p)
{
    for (int r = 0; r < a->ring_count; r++) {
        int n = a->ring_start[r + 1] - a->ring_start[r];
        for (int i = 0; i < n; i++) {
            pt e0, e1;
            ring_edge(a, r, i, &e0, &e1);
            if (seg_dist(p, e0, e1) < 1e-5) return true;
        }
    }
    return false;
}

/* Which island holds p (-1: none): inside an outline and no hole of it. */
static int island_of(const area *a, pt p)
{
    if (on_boundary(a, p)) {
        /* A boundary point belongs to the island whose rings it lies on. */
        int island = -1;
        for (int r = 0; r < a->ring_count; r++) {
            if (a->is_outline[r]) island++;
            int n = a->ring_start[r + 1] - a->ring_start[r];
            for (int i = 0; i < n; i++) {
                pt e0, e1;
                ring_edge(a, r, i, &e0, &e1);
                if (seg_dist(p, e0, e1) < 1e-5) return island;
            }
        }
    }
    int island = -1, found = -1;
    bool inside = false;
    for (int r = 0; r < a->ring_count; r++) {
        if (a->is_outline[r]) {
            island++;
            inside = in_ring(a, r, p);
            if (inside) found = island;
        } else if (inside && in_ring(a, r, p)) {
            found = -1;
        }
    }
    return found;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* Does the segment p -> q stay in the area (boundary included)? Cut it wherever it
 * meets a ring edge; every piece's middle must be in the area. */
static bool segment_inside(const area *a, pt p, pt q)
{
    double cuts[4 * MAX_POINTS + 2];
    int n = 0;
    cuts[n++] = 0.0, cuts[n++] = 1.0;
    double du = q.u - p.u, dv = q.v - p.v, len2 = du * du + dv * dv;
    for (int r = 0; r < a->ring_count; r++) {
        int m = a->ring_start[r + 1] - a->ring_start[r];
        for (int i = 0; i < m; i++) {
            pt e0, e1;
            ring_edge(a, r, i, &e0, &e1);
            /* The ends of the edge near the segment cut it where they project. */
            pt ends[2] = {e0, e1};
            for (int k = 0; k < 2; k++)
                if (len2 > 0.0 && seg_dist(ends[k], p, q) < 1e-9) {
                    cuts[n++] = ((ends[k].u - p.u) * du + (ends[k].v - p.v) * dv) / len2;
                }
            double d = du * (e1.v - e0.v) - dv * (e1.u - e0.u);
            if (d == 0.0) continue;
            double t = ((e0.u - p.u) * (e1.v - e0.v) - (e0.v - p.v) * (e1.u - e0.u)) / d;
            double s = ((e0.u - p.u) * dv - (e0.v - p.v) * du) / d;
            if (t > 0.0 && t < 1.0 && s >= 0.0 && s <= 1.0) cuts[n++] = t;
        }
    }
    qsort(cuts, (size_t)n, sizeof *cuts, cmp_double);
    for (int i = 0; i + 1 < n; i++) {
        if (cuts[i + 1] - cuts[i] < 1e-12) continue;
        double t = 0.5 * (cuts[i] + cuts[i + 1]);
        pt m = {p.u + t * du, p.v + t * dv};
        if (island_of(a, m) < 0) return false;
    }
    return true;
}

/* The visibility graph's corners: every ring point. */
typedef struct graph {
    int count;
    pt node[MAX_POINTS + 2];
    bool sees[MAX_POINTS + 2][MAX_POINTS + 2];
} graph;

static void graph_make(graph *g, const area *a)
{
    g->count = a->ring_start[a->ring_count];
    for (int i = 0; i < g->count; i++) g->node[i] = area_point(a, i);
    for (int i = 0; i < g->count; i++) {
        g->sees[i][i] = true;
        for (int j = i + 1; j < g->count; j++)
            g->sees[i][j] = g->sees[j][i] = segment_inside(a, g->node[i], g->node[j]);
    }
}

/* Dijkstra from s to t over the corners plus s and t; INFINITY when cut off. */
static double shortest(graph *g, const area *a, pt s, pt t)
{
    int n = g->count, S = n, T = n + 1;
    g->node[S] = s, g->node[T] = t;
    for (int i = 0; i < n + 2; i++) {
        bool a_s = i == S || segment_inside(a, s, g->node[i]);
        bool a_t = i == T || segment_inside(a, t, g->node[i]);
        g->sees[S][i] = g->sees[i][S] = a_s;
        g->sees[T][i] = g->sees[i][T] = a_t;
    }
    g->sees[S][T] = g->sees[T][S] = segment_inside(a, s, t);
    double best[MAX_POINTS + 2];
    bool done[MAX_POINTS + 2];
    for (int i = 0; i < n + 2; i++) best[i] = INFINITY, done[i] = false;
    best[S] = 0.0;
    for (;;) {
        int u = -1;
        for (int i = 0; i < n + 2; i++)
            if (!done[i] && best[i] < INFINITY && (u < 0 || best[i] < best[u])) u = i;
        if (u < 0 || u == T) break;
        done[u] = true;
        for (int i = 0; i < n + 2; i++)
            if (!done[i] && g->sees[u][i] && best[u] + dist(g->node[u], g->node[i]) < best[i])
                best[i] = best[u] + dist(g->node[u], g->node[i]);
    }
    return best[T];
}

/* ---- random areas ------------------------------------------------------------------- */

/* A star-shaped ring of n points round (cu, cv), radii between r0 and r1. */
static void add_star(area *a, steer_rng *rng, double cu, double cv, double r0, double r1, int n,
                     bool outline)
{
    int start = a->ring_start[a->ring_count];
    for (int i = 0; i < n; i++) {
        double jitter = steer_rng_range(rng, -0.3f, 0.3f);
        double ang = 2.0 * TEST_PI * ((double)i + jitter) / n;
        double rad = steer_rng_range(rng, (float)r0, (float)r1);
        /* float points: the mesh is built from floats, the brute force uses the same. */
        a->u[start + i] = (float)(cu + rad * cos(ang));
        a->v[start + i] = (float)(cv + rad * sin(ang));
    }
    a->is_outline[a->ring_count] = outline;
    a->ring_start[++a->ring_count] = start + n;
}

/* One island: an outline round (cu, cv) of radius up to 10 and up to `holes` holes. */
static void add_island(area *a, steer_rng *rng, double cu, double cv, int holes)
{
    int outline = a->ring_count;
    add_star(a, rng, cu, cv, 6.0, 10.0, 6 + (int)steer_rng_below(rng, 14), true);
    double hole_u[MAX_RINGS], hole_v[MAX_RINGS], hole_r[MAX_RINGS];
    int placed = 0;
    for (int tries = 0; tries < 60 && placed < holes && a->ring_count < MAX_RINGS; tries++) {
        double hu = cu + steer_rng_range(rng, -6.0f, 6.0f);
        double hv = cv + steer_rng_range(rng, -6.0f, 6.0f);
        double hr = steer_rng_range(rng, 0.6f, 2.0f);
        pt c = {hu, hv};
        if (!in_ring(a, outline, c)) continue;
        bool ok = true;
        int n = a->ring_start[outline + 1] - a->ring_start[outline];
        for (int i = 0; i < n && ok; i++) {
            pt e0, e1;
            ring_edge(a, outline, i, &e0, &e1);
            ok = seg_dist(c, e0, e1) > hr + 0.3;
        }
        for (int k = 0; k < placed && ok; k++)
            ok = hypot(hu - hole_u[k], hv - hole_v[k]) > hr + hole_r[k] + 0.3;
        if (!ok) continue;
        hole_u[placed] = hu, hole_v[placed] = hv, hole_r[placed] = hr;
        placed++;
        add_star(a, rng, hu, hv, 0.4 * hr, hr, 3 + (int)steer_rng_below(rng, 5), false);
    }
}

typedef struct built {
    steer_navmesh mesh;
    void *memory;
    steer_navmesh_query query;
    void *query_memory;
} built;

/* Build each island with steer_navmesh_build_outline, then one mesh of all their
 * polygons. False when an outline does not triangulate (random rings may). */
static bool build(built *b, const area *a)
{
    steer_vec3 verts[8 * MAX_POINTS];
    int32_t first[8 * MAX_POINTS + 1], idx[8 * 3 * MAX_POINTS];
    int vcount = 0, pcount = 0, icount = 0;
    first[0] = 0;
    for (int r = 0; r < a->ring_count;) {
        int end = r + 1;
        while (end < a->ring_count && !a->is_outline[end]) end++;
        steer_vec3 pts[MAX_POINTS];
        int32_t sizes[MAX_RINGS];
        int n = 0;
        for (int k = r; k < end; k++) {
            sizes[k - r] = a->ring_start[k + 1] - a->ring_start[k];
            for (int i = a->ring_start[k]; i < a->ring_start[k + 1]; i++)
                pts[n++] = steer_v3((float)a->u[i], (float)a->v[i], 0);
        }
        size_t bytes = steer_navmesh_outline_bytes(n, end - r);
        void *mem = malloc(bytes);
        steer_navmesh island;
        if (steer_navmesh_build_outline(&island, mem, bytes, pts, sizes, end - r, STEER_SPACE_XY,
                                        NULL) != STEER_NAVMESH_OK) {
            free(mem);
            return false;
        }
        for (int p = 0; p < steer_navmesh_polygon_count(&island); p++) {
            steer_vec3 c[STEER_NAVMESH_POLY_MAX];
            int k = steer_navmesh_polygon_vertices(&island, p, c, STEER_NAVMESH_POLY_MAX);
            for (int i = 0; i < k; i++) verts[vcount] = c[i], idx[icount++] = vcount++;
            first[++pcount] = icount;
        }
        free(mem);
        r = end;
    }
    size_t bytes = steer_navmesh_bytes(vcount, pcount, icount);
    b->memory = malloc(bytes);
    if (steer_navmesh_build(&b->mesh, b->memory, bytes, verts, vcount, first, idx, pcount,
                            STEER_SPACE_XY, NULL) != STEER_NAVMESH_OK) {
        free(b->memory);
        return false;
    }
    int edges = steer_navmesh_edge_count(&b->mesh);
    size_t qb = steer_navmesh_query_bytes(edges);
    b->query_memory = malloc(qb);
    steer_navmesh_query_init(&b->query, b->query_memory, qb, edges);
    return true;
}

/* A random point of the mesh: anywhere in a polygon, on one of its edges, or a corner. */
static steer_vec3 random_point(const built *b, steer_rng *rng, int kind)
{
    int p = (int)steer_rng_below(rng, (uint32_t)steer_navmesh_polygon_count(&b->mesh));
    steer_vec3 c[STEER_NAVMESH_POLY_MAX];
    int n = steer_navmesh_polygon_vertices(&b->mesh, p, c, STEER_NAVMESH_POLY_MAX);
    int k = (int)steer_rng_below(rng, (uint32_t)n);
    if (kind == 0) return c[k];
    float t = steer_rng_range(rng, 0.0f, 1.0f);
    steer_vec3 on_edge = steer_lerp(c[k], c[(k + 1) % n], t);
    if (kind == 1) return on_edge;
    float w = steer_rng_range(rng, 0.0f, 1.0f);
    return steer_lerp(steer_lerp(c[0], on_edge, w), c[(k + 2) % n], 0.5f * w);
}

static pt ground(steer_vec3 p)
{
    pt g = {p.x, p.y};
    return g;
}

/* The island point nearest p (p outside it): on one of its rings. */
static pt nearest_on_island(const area *a, int island, pt p)
{
    pt best = p;
    double best_d = INFINITY;
    int at = -1;
    for (int r = 0; r < a->ring_count; r++) {
        if (a->is_outline[r]) at++;
        if (at != island) continue;
        int n = a->ring_start[r + 1] - a->ring_start[r];
        for (int i = 0; i < n; i++) {
            pt e0, e1;
            ring_edge(a, r, i, &e0, &e1);
            double du = e1.u - e0.u, dv = e1.v - e0.v, len2 = du * du + dv * dv;
            double t = ((p.u - e0.u) * du + (p.v - e0.v) * dv) / len2;
            t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
            pt q = {e0.u + t * du, e0.v + t * dv};
            if (dist(p, q) < best_d) best_d = dist(p, q), best = q;
        }
    }
    return best;
}

/* Is ground point p in polygon `poly` (edges included, 1e-4 slack)? */
static bool in_polygon(const steer_navmesh *m, int poly, pt p)
{
    steer_vec3 c[STEER_NAVMESH_POLY_MAX];
    int n = steer_navmesh_polygon_vertices(m, poly, c, STEER_NAVMESH_POLY_MAX);
    for (int k = 0; k < n; k++) {
        pt a = ground(c[k]), b = ground(c[(k + 1) % n]);
        if (orient(a, b, p) < -1e-4 * dist(a, b)) return false;
    }
    return true;
}

/* The edge polygons a and b share (false when they share none). */
static bool portal(const steer_navmesh *m, int a, int b, pt *e0, pt *e1)
{
    steer_vec3 ca[STEER_NAVMESH_POLY_MAX], cb[STEER_NAVMESH_POLY_MAX];
    int na = steer_navmesh_polygon_vertices(m, a, ca, STEER_NAVMESH_POLY_MAX);
    int nb = steer_navmesh_polygon_vertices(m, b, cb, STEER_NAVMESH_POLY_MAX);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            steer_vec3 p = ca[i], q = ca[(i + 1) % na], u = cb[j], v = cb[(j + 1) % nb];
            if (p.x == v.x && p.y == v.y && q.x == u.x && q.y == u.y) {
                *e0 = ground(p), *e1 = ground(q);
                return true;
            }
        }
    return false;
}

/* Distance between segments p0 p1 and q0 q1. */
static double segments_dist(pt p0, pt p1, pt q0, pt q1)
{
    double o1 = orient(p0, p1, q0), o2 = orient(p0, p1, q1);
    double o3 = orient(q0, q1, p0), o4 = orient(q0, q1, p1);
    if (((o1 < 0) != (o2 < 0)) && ((o3 < 0) != (o4 < 0))) return 0.0;
    double d = seg_dist(p0, q0, q1), e = seg_dist(p1, q0, q1);
    double f = seg_dist(q0, p0, p1), h = seg_dist(q1, p0, p1);
    d = e < d ? e : d;
    d = f < d ? f : d;
    return h < d ? h : d;
}

typedef struct tally {
    int pairs, partial, same_polygon, worst_trial;
    double worst;
} tally;

/* One start and goal: the path against the brute force. Returns false on a mismatch
 * (the caller's CHECK stops the case). */
static bool check_pair(built *b, const area *a, graph *g, steer_vec3 s, steer_vec3 t, tally *y)
{
    steer_vec3 pts[128];
    int32_t corridor[512];
    steer_navmesh_path r =
        steer_navmesh_find_path(&b->mesh, &b->query, s, t, 0.0f, corridor, 512, pts, 128);
    int is = island_of(a, ground(s)), it = island_of(a, ground(t));
    if (is < 0 || it < 0) return true; /* a float point a hair outside: not a question */
    pt goal = ground(t);
    if (is != it) { /* the nearest point of the start's island, then the way there */
        if (r.status != STEER_NAVMESH_PATH_PARTIAL) {
            printf("status %d, want partial\n", r.status);
            return false;
        }
        goal = nearest_on_island(a, is, goal);
        y->partial++;
        if (dist(ground(pts[r.count - 1]), goal) > 1e-4 * (1.0 + dist(ground(t), goal))) {
            printf("partial ends at (%g, %g), nearest (%g, %g)\n", pts[r.count - 1].x,
                   pts[r.count - 1].y, goal.u, goal.v);
            return false;
        }
    } else if (r.status != STEER_NAVMESH_PATH_FOUND) {
        printf("status %d, want found\n", r.status);
        return false;
    }
    y->same_polygon += r.corridor == 1;
    double want = shortest(g, a, ground(s), goal);
    double ratio = r.length / (want > 1e-9 ? want : 1e-9);
    if (fabs(r.length - want) > 1e-4 * want + 1e-5) {
        printf("length %.7f, shortest %.7f (%.6f times)\n", r.length, want, ratio);
        return false;
    }
    if (want > 1e-6 && fabs(ratio - 1.0) > y->worst)
        y->worst = fabs(ratio - 1.0), y->worst_trial = y->pairs;
    /* In the area and in the corridor's polygons; through every portal of the corridor
     * (at a corner, a path may touch a polygon at that one point). */
    for (int i = 0; i + 1 < r.count; i++) {
        if (!segment_inside(a, ground(pts[i]), ground(pts[i + 1]))) {
            printf("segment %d leaves the area: (%.9g, %.9g) -> (%.9g, %.9g)\n", i, pts[i].x,
                   pts[i].y, pts[i + 1].x, pts[i + 1].y);
            return false;
        }
        for (int k = 0; k <= 32; k++) {
            pt p = ground(steer_lerp(pts[i], pts[i + 1], (float)k / 32.0f));
            int c = 0;
            while (c < r.corridor && !in_polygon(&b->mesh, corridor[c], p)) c++;
            if (c == r.corridor) {
                printf("point (%g, %g) of segment %d is off the corridor\n", p.u, p.v, i);
                return false;
            }
        }
    }
    for (int c = 0; c + 1 < r.corridor; c++) {
        pt e0, e1;
        if (!portal(&b->mesh, corridor[c], corridor[c + 1], &e0, &e1)) {
            printf("corridor polygons %d and %d are not neighbours\n", c, c + 1);
            return false;
        }
        double d = INFINITY;
        for (int i = 0; i + 1 < r.count; i++) {
            double di = segments_dist(ground(pts[i]), ground(pts[i + 1]), e0, e1);
            d = di < d ? di : d;
        }
        if (r.count == 1) d = seg_dist(ground(pts[0]), e0, e1);
        if (d > 1e-4) {
            printf("the path misses portal %d by %g\n", c, d);
            return false;
        }
    }
    steer_vec3 again[128];
    bool truncated = false;
    int n = steer_navmesh_string_pull(&b->mesh, corridor, r.corridor, pts[0], pts[r.count - 1],
                                      again, 128, &truncated);
    if (n != r.count || truncated) return false;
    for (int i = 0; i < n; i++)
        if (again[i].x != pts[i].x || again[i].y != pts[i].y) return false;
    y->pairs++;
    return true;
}

static void free_built(built *b)
{
    free(b->query_memory);
    free(b->memory);
}

/* Random areas, some of two islands; pairs of every kind of point. */
static void paths_are_as_short_as_the_visibility_graph(void)
{
    steer_rng rng = steer_rng_make(2017, 3);
    tally y = {0, 0, 0, -1, 0.0};
    int meshes = 0;
    for (int trial = 0; trial < 60; trial++) {
        area a;
        a.ring_count = 0;
        a.ring_start[0] = 0;
        int holes = (int)steer_rng_below(&rng, 7);
        add_island(&a, &rng, 0.0, 0.0, holes);
        if (trial % 4 == 3) add_island(&a, &rng, 25.0, 3.0, 2);
        built b;
        if (!build(&b, &a)) continue;
        meshes++;
        graph *g = malloc(sizeof *g);
        graph_make(g, &a);
        for (int pair = 0; pair < 12; pair++) {
            int ks = (int)steer_rng_below(&rng, 3), kt = (int)steer_rng_below(&rng, 3);
            steer_vec3 s = random_point(&b, &rng, ks), t = random_point(&b, &rng, kt);
            if (pair == 0) t = random_point(&b, &rng, 2), s = t; /* start on the goal */
            if (pair == 1) {                                     /* one polygon */
                s = steer_navmesh_polygon_point(&b.mesh, 0, s);
                t = steer_navmesh_polygon_point(&b.mesh, 0, t);
            }
            bool ok = check_pair(&b, &a, g, s, t, &y);
            CHECK_MSG(ok, "area %d pair %d: (%.9g, %.9g) -> (%.9g, %.9g)", trial, pair, s.x, s.y,
                      t.x, t.y);
        }
        free(g);
        free_built(&b);
    }
    printf("%d meshes, %d pairs (%d partial, %d in one polygon); worst length error %.2g\n", meshes,
           y.pairs, y.partial, y.same_polygon, y.worst);
    CHECK(meshes >= 40 && y.pairs >= 400 && y.partial >= 20 && y.same_polygon >= 40);
}

/* The pillar hall of the other mesh tests: 100 x 100 with a g x g grid of pillars, each
 * a quadrilateral with one slanted side; pairs of random points in it. */
static void hall_paths_are_as_short_as_the_visibility_graph(void)
{
    enum { g = 4 };
    area a;
    a.ring_count = 0;
    a.ring_start[0] = 0;
    static const double box[4][2] = {{0, 0}, {100, 0}, {100, 100}, {0, 100}};
    for (int i = 0; i < 4; i++) a.u[i] = box[i][0], a.v[i] = box[i][1];
    a.is_outline[0] = true;
    a.ring_start[++a.ring_count] = 4;
    float cs = 100.0f / (float)g;
    for (int j = 0; j < g; j++)
        for (int i = 0; i < g; i++) {
            float x = (float)i * cs + cs * 0.3f, y = (float)j * cs + cs * 0.35f, w = cs * 0.4f;
            int ring = 1 + j * g + i, k = 4 * ring;
            a.u[k] = x, a.v[k] = y;
            a.u[k + 1] = x + w, a.v[k + 1] = y;
            a.u[k + 2] = x + w, a.v[k + 2] = y + w * 0.5f;
            a.u[k + 3] = x, a.v[k + 3] = y + w;
            a.is_outline[ring] = false;
            a.ring_start[ring + 1] = k + 4;
        }
    a.ring_count = 1 + g * g;
    built b;
    CHECK(build(&b, &a));
    graph *gr = malloc(sizeof *gr);
    graph_make(gr, &a);
    steer_rng rng = steer_rng_make(7, 1);
    tally y = {0, 0, 0, -1, 0.0};
    for (int pair = 0; pair < 300; pair++) {
        const steer_vec3 lo = steer_v3(0, 0, 0), hi = steer_v3(100, 100, 0);
        steer_vec3 s = test_point_on_mesh(&b.mesh, &rng, lo, hi);
        steer_vec3 t = test_point_on_mesh(&b.mesh, &rng, lo, hi);
        if (pair % 3 == 1) s = random_point(&b, &rng, (int)steer_rng_below(&rng, 2));
        bool ok = check_pair(&b, &a, gr, s, t, &y);
        CHECK_MSG(ok, "pair %d: (%.9g, %.9g) -> (%.9g, %.9g)", pair, s.x, s.y, t.x, t.y);
    }
    /* A start on a portal, in line with four pillar corners: the funnel must pass that
     * portal by (read as a funnel, its sides point apart, and the path would go round
     * the row of pillars, 1.65 times as long). */
    bool ok = check_pair(&b, &a, gr, steer_v3(27.0536747f, 43.75f, 0),
                         steer_v3(87.2638855f, 44.6165504f, 0), &y);
    CHECK(ok);
    printf("hall: %d pairs; worst length error %.2g\n", y.pairs, y.worst);
    free(gr);
    free_built(&b);
}

TEST_MAIN(TEST(paths_are_as_short_as_the_visibility_graph),
          TEST(hall_paths_are_as_short_as_the_visibility_graph))
