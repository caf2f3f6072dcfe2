/* SPDX-License-Identifier: MIT */
/* The 2D linear program behind ORCA (steer/crowd.h, docs/crowd.md): the velocity closest
 * to the preferred one inside a disc and a set of half-planes, built up one half-plane
 * at a time (Seidel's incremental method, as van den Berg et al. use it), and the
 * fallback that relaxes the agent half-planes together when they have no common point.
 * Private code in a header, static: the filter's steps (crowd_filter.h) include it, so
 * every build of the filter (crowd_filter.c, world_crowd.c, crowd_avx2.c) has its own. */
#ifndef STEER_CROWD_LP_H
#define STEER_CROWD_LP_H

#include "crowd_internal.h"

/* Parallel lines: below this |det| of the directions. */
#define STEER_ORCA_LP_EPS 1e-5f

/* The interval [lo, hi] of the parameter t along line k (point + t * dir) that lies in
 * the disc and in half-planes 0..k-1; false when it is empty. */
static bool steer_lp_interval(const steer_orca_line *lines, int k, float radius, float *lo,
                              float *hi)
{
    const steer_orca_line *l = &lines[k];
    float along = steer__v2_dot(l->point, l->dir);
    float disc = along * along + radius * radius - steer__v2_len_sq(l->point);
    if (disc < 0.0f) return false; /* the line misses the disc */
    float root = sqrtf(disc);
    *lo = -along - root;
    *hi = -along + root;
    for (int i = 0; i < k; i++) {
        float denom = steer__v2_det(l->dir, lines[i].dir);
        float numer = steer__v2_det(lines[i].dir, steer__v2_sub(l->point, lines[i].point));
        if (fabsf(denom) <= STEER_ORCA_LP_EPS) {
            if (numer < 0.0f) return false; /* parallel and wholly outside line i */
            continue;
        }
        float t = numer / denom;
        if (denom >= 0.0f)
            *hi = t < *hi ? t : *hi;
        else
            *lo = t > *lo ? t : *lo;
        if (*lo > *hi) return false;
    }
    return true;
}

/* The best point on line k given the earlier ones: closest to `opt`, or furthest along
 * the direction `opt` when `direction` is set. false when line k has no feasible point. */
static bool steer_lp1(const steer_orca_line *lines, int k, float radius, steer_v2 opt,
                      bool direction, steer_v2 *result)
{
    float lo = 0.0f, hi = 0.0f;
    if (!steer_lp_interval(lines, k, radius, &lo, &hi)) return false;
    const steer_orca_line *l = &lines[k];
    float t;
    if (direction) {
        t = steer__v2_dot(opt, l->dir) > 0.0f ? hi : lo;
    } else {
        t = steer__v2_dot(l->dir, steer__v2_sub(opt, l->point));
        t = t < lo ? lo : (t > hi ? hi : t);
    }
    *result = steer__v2_add(l->point, steer__v2_scale(l->dir, t));
    return true;
}

/* True when v lies strictly on the forbidden (right) side of line l. */
static inline bool steer_lp_violates(const steer_orca_line *l, steer_v2 v)
{
    return steer__v2_det(l->dir, steer__v2_sub(l->point, v)) > 0.0f;
}

/* Incremental 2D LP over lines[0, n): returns n when *result satisfies all of them,
 * else the index of the first line that could not be satisfied (*result then holds the
 * optimum of the lines before it). */
static int steer_lp2(const steer_orca_line *lines, int n, float radius, steer_v2 opt,
                     bool direction, steer_v2 *result)
{
    if (direction) {
        *result = steer__v2_scale(opt, radius); /* opt is a unit vector here */
    } else if (steer__v2_len_sq(opt) > radius * radius) {
        *result = steer__v2_scale(steer__v2_normalize(opt), radius);
    } else {
        *result = opt;
    }
    for (int i = 0; i < n; i++) {
        if (!steer_lp_violates(&lines[i], *result)) continue;
        steer_v2 keep = *result;
        if (!steer_lp1(lines, i, radius, opt, direction, result)) {
            *result = keep;
            return i;
        }
    }
    return n;
}

/* The line halfway between agent lines i and j, along which their violations are
 * equal (i's direction points the way j's violation shrinks); false when they are
 * parallel and point the same way (j never binds before i). */
static bool steer_lp_bisector(const steer_orca_line *li, const steer_orca_line *lj,
                              steer_orca_line *out)
{
    float det = steer__v2_det(li->dir, lj->dir);
    if (fabsf(det) <= STEER_ORCA_LP_EPS) {
        if (steer__v2_dot(li->dir, lj->dir) > 0.0f) return false;
        out->point = steer__v2_scale(steer__v2_add(li->point, lj->point), 0.5f);
    } else {
        float t = steer__v2_det(lj->dir, steer__v2_sub(li->point, lj->point)) / det;
        out->point = steer__v2_add(li->point, steer__v2_scale(li->dir, t));
    }
    out->dir = steer__v2_normalize(steer__v2_sub(lj->dir, li->dir));
    return true;
}

/* Infeasible: minimise the largest violation of the agent lines [hard, n) while every
 * wall line [0, hard) holds, starting at line `first` (the one lp2 failed on). */
static steer_v2 steer_lp3(const steer_orca_line *lines, int n, int hard, int first, float radius,
                          steer_v2 result)
{
    steer_orca_line proj[STEER_ORCA_MAX_LINES];
    float worst = 0.0f;
    for (int i = first; i < n; i++) {
        const steer_orca_line *li = &lines[i];
        if (steer__v2_det(li->dir, steer__v2_sub(li->point, result)) <= worst) continue;
        int m = 0;
        for (int j = 0; j < hard; j++) proj[m++] = lines[j];
        for (int j = hard; j < i; j++) m += steer_lp_bisector(li, &lines[j], &proj[m]) ? 1 : 0;
        steer_v2 keep = result;
        /* Furthest into line i's allowed side, within the bisectors. In exact arithmetic
         * this always succeeds; on a rounding failure keep the previous point. */
        if (steer_lp2(proj, m, radius, steer__v2_left(li->dir), true, &result) < m) result = keep;
        worst = steer__v2_det(li->dir, steer__v2_sub(li->point, result));
    }
    return result;
}

/* The velocity in the disc of radius max_speed and in every half-plane that is closest
 * to `preferred`. lines[0, walls) are walls, lines[walls, hard) the step half-planes
 * (contact within this step), the rest ORCA's. When they have no common point, the
 * ORCA half-planes are relaxed together (the point that violates the worst of them
 * least) while the walls and step half-planes hold; when even those have none, the
 * ORCA half-planes are dropped and the step half-planes relaxed the same way, the
 * walls still holding. *relaxed (unless NULL) says whether either happened: the answer
 * is then the least violation, which does not depend on `preferred`. Walls that
 * conflict among themselves (rounding can make them) count as not relaxed: the answer
 * then keeps what the solve reached before them, which does. n <= STEER_ORCA_MAX_LINES. */
static steer_v2 steer_orca_solve(const steer_orca_line *lines, int n, int walls, int hard,
                                 float max_speed, steer_v2 preferred, bool *relaxed)
{
    steer_v2 result = steer__v2(0.0f, 0.0f);
    int failed = steer_lp2(lines, n, max_speed, preferred, false, &result);
    if (relaxed != NULL) *relaxed = failed >= walls && failed < n;
    if (failed >= hard && failed < n) {
        result = steer_lp3(lines, n, hard, failed, max_speed, result);
    } else if (failed < hard) {
        /* Even the step half-planes conflict (agents already overlap, or one that holds
         * its course pushes in): least violation of those alone, walls hard. */
        result = steer_lp3(lines, hard, walls, failed, max_speed, result);
    }
    /* Near-tangent lines lose a few bits in the disc intersection: never exceed it. */
    float l2 = steer__v2_len_sq(result);
    if (l2 > max_speed * max_speed) result = steer__v2_scale(result, max_speed / sqrtf(l2));
    return result;
}

#endif /* STEER_CROWD_LP_H */
