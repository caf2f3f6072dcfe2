/* SPDX-License-Identifier: MIT */
/* Ear clipping for the outline build (navmesh_outline.h): the ring the bridges made is
 * cut into triangles, an ear at a time. An ear is a strictly convex corner whose
 * triangle holds no reflex corner of the ring; the ring's nodes near a triangle are found
 * through a grid over them. */
#include "navmesh_outline.h"

#include <string.h>

/* The ring's nodes by place, for the ear test: a uniform grid over their bounding box,
 * each cell a list of the nodes in it, over scratch memory of the build. Nodes clipped
 * off stay listed, marked dead. The test then reads the nodes near the ear's triangle
 * rather than the whole ring: in a hall of 1,600 pillars, 46 million node tests became
 * a few hundred thousand. */
typedef struct steer__nav_near {
    double min_u, min_v, inv; /* cells per unit */
    int du, dv;               /* cells along u and v */
    int32_t *head, *next;     /* a cell's first node, a node's next in its cell; -1 ends */
    unsigned char *alive;     /* per node: still in the ring */
} steer__nav_near;

static int steer__nav_near_cell(double x, double min, double inv, int cells)
{
    double f = (x - min) * inv;
    return f <= 0.0 ? 0 : (f >= (double)(cells - 1) ? cells - 1 : (int)f);
}

/* The grid: at most a cell a node, a link per node and a flag per node. */
size_t steer__nav_clip_bytes(int nodes)
{
    return steer__nav_align(4u * (size_t)nodes) * 2u + steer__nav_align((size_t)nodes);
}

/* List the ring's `count` nodes from `head` over memory of steer__nav_clip_bytes(
 * node_count) bytes; false (no grid: the test reads the whole ring) when their box is
 * not a finite area. About two nodes a cell. */
static bool steer__nav_near_make(steer__nav_near *g, const steer__nav_rings *r, int head, int count,
                                 void *memory)
{
    double lo_u = INFINITY, lo_v = INFINITY, hi_u = -INFINITY, hi_v = -INFINITY;
    int n = head;
    do {
        steer__nav2 p = steer__nav_at(r, n);
        lo_u = fmin(lo_u, p.u), hi_u = fmax(hi_u, p.u);
        lo_v = fmin(lo_v, p.v), hi_v = fmax(hi_v, p.v);
        n = r->next[n];
    } while (n != head);
    double w = hi_u - lo_u, h = hi_v - lo_v;
    if (!(w > 0.0 && h > 0.0 && w * h < INFINITY)) return false;
    double side = sqrt(w * h / (0.5 * (double)count));
    double du = ceil(w / side), dv = ceil(h / side);
    g->du = du < 1.0 ? 1 : (du > 4096.0 ? 4096 : (int)du);
    g->dv = dv < 1.0 ? 1 : (dv > 4096.0 ? 4096 : (int)dv);
    while ((long)g->du * g->dv > (long)r->node_count) g->du > g->dv ? g->du-- : g->dv--;
    g->min_u = lo_u, g->min_v = lo_v;
    g->inv = fmin((double)g->du / w, (double)g->dv / h);
    unsigned char *base = memory;
    g->head = (int32_t *)(void *)base;
    g->next = (int32_t *)(void *)(base + steer__nav_align(4u * (size_t)r->node_count));
    g->alive = base + 2u * steer__nav_align(4u * (size_t)r->node_count);
    for (int c = 0; c < g->du * g->dv; c++) g->head[c] = -1;
    memset(g->alive, 0, (size_t)r->node_count);
    n = head;
    do {
        steer__nav2 p = steer__nav_at(r, n);
        int c = steer__nav_near_cell(p.v, g->min_v, g->inv, g->dv) * g->du +
                steer__nav_near_cell(p.u, g->min_u, g->inv, g->du);
        g->next[n] = g->head[c];
        g->head[c] = n;
        g->alive[n] = 1;
        n = r->next[n];
    } while (n != head);
    return true;
}

/* Does ring node n keep the triangle pa pb pc from being an ear: a reflex corner inside
 * or on it, not a copy of one of its points? */
static bool steer__nav_in_ear(const steer__nav_rings *r, int n, steer__nav2 pa, steer__nav2 pb,
                              steer__nav2 pc)
{
    steer__nav2 p = steer__nav_at(r, n);
    if (steer__nav_same(p, pa) || steer__nav_same(p, pb) || steer__nav_same(p, pc)) return false;
    if (steer__nav_orient(steer__nav_at(r, r->prev[n]), p, steer__nav_at(r, r->next[n])) > 0.0)
        return false; /* a convex corner inside implies a reflex one inside */
    return steer__nav_orient(pa, pb, p) >= 0.0 && steer__nav_orient(pb, pc, p) >= 0.0 &&
           steer__nav_orient(pc, pa, p) >= 0.0;
}

/* steer__nav_in_ear for the live nodes of the grid's cells over the triangle's box (one
 * cell more on every side, so rounding at a cell's edge loses none), but a, b and c. */
static bool steer__nav_near_blocks(const steer__nav_near *g, const steer__nav_rings *r, int a,
                                   int b, int c, steer__nav2 pa, steer__nav2 pb, steer__nav2 pc)
{
    double lo_u = fmin(pa.u, fmin(pb.u, pc.u)), hi_u = fmax(pa.u, fmax(pb.u, pc.u));
    double lo_v = fmin(pa.v, fmin(pb.v, pc.v)), hi_v = fmax(pa.v, fmax(pb.v, pc.v));
    int u0 = steer__nav_near_cell(lo_u, g->min_u, g->inv, g->du) - 1;
    int u1 = steer__nav_near_cell(hi_u, g->min_u, g->inv, g->du) + 1;
    int v0 = steer__nav_near_cell(lo_v, g->min_v, g->inv, g->dv) - 1;
    int v1 = steer__nav_near_cell(hi_v, g->min_v, g->inv, g->dv) + 1;
    u0 = u0 < 0 ? 0 : u0, v0 = v0 < 0 ? 0 : v0;
    u1 = u1 >= g->du ? g->du - 1 : u1, v1 = v1 >= g->dv ? g->dv - 1 : v1;
    for (int v = v0; v <= v1; v++)
        for (int u = u0; u <= u1; u++)
            for (int n = g->head[v * g->du + u]; n >= 0; n = g->next[n])
                if (g->alive[n] && n != a && n != b && n != c &&
                    steer__nav_in_ear(r, n, pa, pb, pc))
                    return true;
    return false;
}

/* Is the corner at `b` an ear: strictly convex, and no reflex corner of the ring
 * (other than copies of its own three points) inside or on its triangle? The ring's
 * other nodes are read through the grid when there is one. */
static bool steer__nav_is_ear(const steer__nav_rings *r, const steer__nav_near *g, int b)
{
    int a = r->prev[b], c = r->next[b];
    steer__nav2 pa = steer__nav_at(r, a), pb = steer__nav_at(r, b), pc = steer__nav_at(r, c);
    double ab = hypot((double)pb.u - pa.u, (double)pb.v - pa.v);
    double bc = hypot((double)pc.u - pb.u, (double)pc.v - pb.v);
    if (!(steer__nav_orient(pa, pb, pc) > 1e-9 * ab * bc)) return false;
    if (g != NULL) return !steer__nav_near_blocks(g, r, a, b, c, pa, pb, pc);
    for (int n = r->next[c]; n != a; n = r->next[n])
        if (steer__nav_in_ear(r, n, pa, pb, pc)) return false;
    return true;
}

/* Write the triangle at corner `node` (its point and its two neighbours' on the ring,
 * counter-clockwise) as triangle `made` of tris. */
static void steer__nav_emit(const steer__nav_rings *r, int node, int32_t *tris, int made)
{
    tris[3 * made] = r->vert[r->prev[node]];
    tris[3 * made + 1] = r->vert[node];
    tris[3 * made + 2] = r->vert[r->next[node]];
}

int steer__nav_clip(steer__nav_rings *r, int32_t *tris, int capacity, void *scratch)
{
    int node = r->head[0], count = 1, made = 0;
    for (int n = r->next[node]; n != node; n = r->next[n]) count++;
    steer__nav_near grid;
    const steer__nav_near *g = steer__nav_near_make(&grid, r, node, count, scratch) ? &grid : NULL;
    while (count > 3) {
        int tries = 0;
        while (!steer__nav_is_ear(r, g, node) && tries++ < count) node = r->next[node];
        if (tries > count || made >= capacity) return -1;
        steer__nav_emit(r, node, tris, made++);
        int keep = r->prev[node];
        steer__nav_unlink(r, node);
        if (g != NULL) grid.alive[node] = 0;
        node = keep;
        count--;
    }
    steer__nav2 a = steer__nav_at(r, r->prev[node]), b = steer__nav_at(r, node);
    if (steer__nav_orient(a, b, steer__nav_at(r, r->next[node])) > 0.0 && made < capacity)
        steer__nav_emit(r, node, tris, made++);
    return made;
}
