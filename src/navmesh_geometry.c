/* SPDX-License-Identifier: MIT */
/* Geometry on one convex mesh polygon: containment, the closest point, the height. */
#include "navmesh_internal.h"

int steer__nav_corners(const steer_navmesh *m, int poly, steer__nav2 *out)
{
    int n = m->first[poly + 1] - m->first[poly];
    for (int k = 0; k < n; k++) out[k] = steer__nav_vertex(m, m->indices[m->first[poly] + k]);
    return n;
}

bool steer__nav_contains(const steer__nav2 *c, int n, steer__nav2 g)
{
    for (int k = 0; k < n; k++) {
        steer__nav2 a = c[k], b = c[(k + 1) % n];
        double side = steer__nav_orient(a, b, g);
        if (side >= 0.0) continue; /* inside this edge: no tolerance to work out */
        double len = hypot((double)b.u - a.u, (double)b.v - a.v);
        /* A point this close outside an edge is on it: neighbours' shared edges then
         * both hold points that rounding put on the line. */
        if (side < -1e-6 * len * (len + 1.0)) return false;
    }
    return true;
}

static steer__nav2 steer__nav_segment_closest(steer__nav2 a, steer__nav2 b, steer__nav2 g)
{
    double du = (double)b.u - a.u, dv = (double)b.v - a.v;
    double len2 = du * du + dv * dv;
    double t = len2 > 0.0 ? (((double)g.u - a.u) * du + ((double)g.v - a.v) * dv) / len2 : 0.0;
    if (t <= 0.0) return a;
    if (t >= 1.0) return b;
    steer__nav2 r = {(float)(a.u + t * du), (float)(a.v + t * dv)};
    return r;
}

steer__nav2 steer__nav_closest(const steer__nav2 *c, int n, steer__nav2 g)
{
    if (steer__nav_contains(c, n, g)) return g;
    steer__nav2 best = c[0];
    double best_d = INFINITY;
    for (int k = 0; k < n; k++) {
        steer__nav2 q = steer__nav_segment_closest(c[k], c[(k + 1) % n], g);
        double du = (double)q.u - g.u, dv = (double)q.v - g.v;
        if (du * du + dv * dv < best_d) {
            best_d = du * du + dv * dv;
            best = q;
        }
    }
    return best;
}

float steer__nav_height_at(const steer_navmesh *m, int poly, steer__nav2 g)
{
    int n = m->first[poly + 1] - m->first[poly];
    const int32_t *idx = m->indices + m->first[poly];
    float h0 = steer__nav_height(m->plane, m->vertices[idx[0]]);
    steer__nav2 a = steer__nav_vertex(m, idx[0]);
    double best_min = -INFINITY, best_h = h0;
    /* The fan triangle that holds g best (its smallest barycentric weight largest). */
    for (int k = 1; k + 1 < n; k++) {
        steer__nav2 b = steer__nav_vertex(m, idx[k]), c = steer__nav_vertex(m, idx[k + 1]);
        double area = steer__nav_orient(a, b, c);
        if (!(area > 0.0)) continue;
        double wb = steer__nav_orient(c, a, g) / area, wc = steer__nav_orient(a, b, g) / area;
        double wa = 1.0 - wb - wc;
        double lo = wa < wb ? (wa < wc ? wa : wc) : (wb < wc ? wb : wc);
        if (lo <= best_min) continue;
        best_min = lo;
        best_h = wa * h0 + wb * steer__nav_height(m->plane, m->vertices[idx[k]]) +
                 wc * steer__nav_height(m->plane, m->vertices[idx[k + 1]]);
    }
    return (float)best_h;
}
