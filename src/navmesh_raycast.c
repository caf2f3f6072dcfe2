/* SPDX-License-Identifier: MIT */
/* Raycast along the mesh: clip the ground segment against the current polygon
 * (Cyrus-Beck), cross the edge it leaves through into the neighbour, stop at a wall. */
#include "navmesh_internal.h"

/* Fraction at which the ray o + t d crosses the line of edge k of p outward; INFINITY
 * when it runs parallel to it or enters through it. *along: where on the edge, 0 .. 1. */
static double steer__nav_cross_edge(const steer_navmesh *m, int p, int k, steer__nav2 o,
                                    steer__nav2 d, double *along)
{
    int n = m->first[p + 1] - m->first[p];
    steer__nav2 a = steer__nav_vertex(m, m->indices[m->first[p] + k]);
    steer__nav2 b = steer__nav_vertex(m, m->indices[m->first[p] + (k + 1) % n]);
    double eu = (double)b.u - a.u, ev = (double)b.v - a.v;
    double nu = ev, nv = -eu; /* outward normal */
    double den = nu * d.u + nv * d.v;
    if (!(den > 0.0)) return INFINITY;
    double t = (nu * ((double)a.u - o.u) + nv * ((double)a.v - o.v)) / den;
    double pu = o.u + t * d.u - a.u, pv = o.v + t * d.v - a.v;
    double len2 = eu * eu + ev * ev;
    *along = len2 > 0.0 ? (pu * eu + pv * ev) / len2 : 0.0;
    return t;
}

/* The ray leaves convex polygon p at fraction *t through corner index *edge (-1: it
 * ends inside). Collinear edges share the exit fraction: the one holding the exit
 * point wins, and between two that hold it (a corner) one with a neighbour, so a ray
 * through the corner where a wall meets a doorway goes through. */
static void steer__nav_exit(const steer_navmesh *m, int p, steer__nav2 o, steer__nav2 d, double *t,
                            int *edge)
{
    int n = m->first[p + 1] - m->first[p];
    double te[STEER_NAVMESH_POLY_MAX], along[STEER_NAVMESH_POLY_MAX];
    double best = INFINITY;
    for (int k = 0; k < n; k++) {
        along[k] = 0.0;
        te[k] = steer__nav_cross_edge(m, p, k, o, d, &along[k]);
        if (te[k] < best) best = te[k];
    }
    *t = best;
    *edge = -1;
    if (best == INFINITY) return;
    double slack = 1e-9 * (fabs(best) + 1.0);
    int score = -1;
    for (int k = 0; k < n; k++) {
        if (!(te[k] <= best + slack)) continue;
        bool holds = along[k] >= -1e-6 && along[k] <= 1.0 + 1e-6;
        int s = (holds ? 2 : 0) + (m->neighbours[m->first[p] + k] >= 0 ? 1 : 0);
        if (s > score) score = s, *edge = k;
    }
}

static steer_navmesh_hit steer__nav_hit_at(const steer_navmesh *m, int p, steer__nav2 o,
                                           steer__nav2 d, double t)
{
    steer_navmesh_hit h;
    if (t < 0.0) t = 0.0;
    steer__nav2 g = {(float)(o.u + t * d.u), (float)(o.v + t * d.v)};
    h.hit = t < 1.0;
    h.t = t < 1.0 ? (float)t : 1.0f;
    h.polygon = p;
    h.point = steer__nav_point(m->plane, g, steer__nav_height_at(m, p, g));
    h.normal = steer_v3_zero();
    return h;
}

steer_navmesh_hit steer_navmesh_raycast(const steer_navmesh *mesh, steer_vec3 from, steer_vec3 to)
{
    STEER_ASSERT(mesh != NULL);
    steer_navmesh_hit miss = {true, 0.0f, from, {0, 0, 0}, -1};
    int p = mesh != NULL ? steer_navmesh_locate(mesh, from) : -1;
    if (p < 0) return miss;
    return steer__nav_raycast_from(mesh, p, from, to);
}

steer_navmesh_hit steer__nav_raycast_from(const steer_navmesh *mesh, int p, steer_vec3 from,
                                          steer_vec3 to)
{
    if (!steer_v3_is_finite(to)) to = from;
    steer__nav2 o = steer__nav_ground(mesh->plane, from), e = steer__nav_ground(mesh->plane, to);
    steer__nav2 d = {e.u - o.u, e.v - o.v};
    if (!steer_is_finite(d.u) || !steer_is_finite(d.v)) d.u = d.v = 0.0f;
    double t_done = 0.0;
    for (int steps = 0; steps <= mesh->polygon_count; steps++) {
        double t;
        int edge;
        steer__nav_exit(mesh, p, o, d, &t, &edge);
        if (edge < 0 || t >= 1.0) return steer__nav_hit_at(mesh, p, o, d, 1.0);
        if (t < t_done) t = t_done; /* rounding never walks the ray backwards */
        t_done = t;
        int s = mesh->first[p] + edge;
        if (mesh->neighbours[s] >= 0) {
            p = mesh->neighbours[s];
            continue;
        }
        steer_navmesh_hit h = steer__nav_hit_at(mesh, p, o, d, t);
        int n = mesh->first[p + 1] - mesh->first[p];
        steer__nav2 a = steer__nav_vertex(mesh, mesh->indices[s]);
        steer__nav2 b = steer__nav_vertex(mesh, mesh->indices[mesh->first[p] + (edge + 1) % n]);
        steer__nav2 inward = {-(b.v - a.v), b.u - a.u};
        float len = sqrtf(inward.u * inward.u + inward.v * inward.v);
        if (len > 0.0f) inward.u /= len, inward.v /= len;
        h.normal = steer__nav_point(mesh->plane, inward, 0.0f);
        return h;
    }
    return steer__nav_hit_at(mesh, p, o, d, t_done); /* a cycle: stop where it was */
}
