/* SPDX-License-Identifier: MIT */
/* The ORCA half-plane of a static wall segment (steer/crowd.h, docs/crowd.md). The agent
 * takes all of the avoidance, so the line lies on the velocity obstacle's boundary
 * itself: the segment grown by the agent's radius, seen over the time horizon (scaled by
 * 1/tau into velocity space), with the legs from the agent tangent to its end circles.
 * Each wall stands alone (both sides solid, both ends rounded), so a polygon's edges are
 * avoided with slightly more room at its corners than a polygon-aware test would give. */
#include "crowd_internal.h"

/* Velocity obstacle of one wall in velocity space: cut-off segment lc-rc and the legs
 * (unit directions) from its ends. */
typedef struct steer_wall_vo {
    steer_v2 lc, rc;      /* cut-off ends: the wall ends / tau */
    steer_v2 left, right; /* leg directions */
    steer_v2 back;        /* unit direction from the right end to the left end */
    bool same;            /* both legs start at one end (the wall is seen end-on) */
} steer_wall_vo;

/* The leg directions from a point c (relative) at squared distance d2 > r^2. */
static steer_v2 steer_wall_leg_left(steer_v2 c, float d2, float r)
{
    float leg = sqrtf(d2 - r * r), inv = 1.0f / d2;
    return steer__v2((c.x * leg - c.y * r) * inv, (c.x * r + c.y * leg) * inv);
}

static steer_v2 steer_wall_leg_right(steer_v2 c, float d2, float r)
{
    float leg = sqrtf(d2 - r * r), inv = 1.0f / d2;
    return steer__v2((c.x * leg + c.y * r) * inv, (-c.x * r + c.y * leg) * inv);
}

/* True when both cut-off ends lie at least r/tau inside the forbidden side of one of
 * the lines already chosen: the wall hides behind a nearer one. */
static bool steer_wall_covered(steer_v2 a, steer_v2 b, float r, float inv_tau,
                               const steer_orca_line *lines, int count)
{
    for (int j = 0; j < count; j++) {
        const steer_orca_line *l = &lines[j];
        float da = steer__v2_det(steer__v2_sub(steer__v2_scale(a, inv_tau), l->point), l->dir);
        float db = steer__v2_det(steer__v2_sub(steer__v2_scale(b, inv_tau), l->point), l->dir);
        if (da - inv_tau * r >= -1e-5f && db - inv_tau * r >= -1e-5f) return true;
    }
    return false;
}

/* A line through the origin that only forbids moving towards `toward`. */
static steer_orca_line steer_wall_push_out(steer_v2 dir)
{
    steer_orca_line l;
    l.point = steer__v2(0.0f, 0.0f);
    l.dir = dir;
    return l;
}

/* Project v onto the boundary of the cut-off circle around centre c (radius r/tau). */
static steer_orca_line steer_wall_circle(steer_v2 v, steer_v2 c, float r, float inv_tau)
{
    steer_v2 unit = steer__v2_normalize(steer__v2_sub(v, c));
    steer_orca_line l;
    l.dir = steer__v2(unit.y, -unit.x);
    l.point = steer__v2_add(c, steer__v2_scale(unit, r * inv_tau));
    return l;
}

/* A line along `dir` through `base`, moved r/tau towards the allowed (left) side. */
static steer_orca_line steer_wall_edge(steer_v2 base, steer_v2 dir, float r, float inv_tau)
{
    steer_orca_line l;
    l.dir = dir;
    l.point = steer__v2_add(base, steer__v2_scale(steer__v2_left(dir), r * inv_tau));
    return l;
}

/* The half-plane nearest v on the boundary of the velocity obstacle. */
static steer_orca_line steer_wall_project(const steer_wall_vo *o, steer_v2 v, float r,
                                          float inv_tau)
{
    steer_v2 cut = steer__v2_sub(o->rc, o->lc);
    float t = o->same ? 0.5f : steer__v2_dot(steer__v2_sub(v, o->lc), cut) / steer__v2_len_sq(cut);
    float tl = steer__v2_dot(steer__v2_sub(v, o->lc), o->left);
    float tr = steer__v2_dot(steer__v2_sub(v, o->rc), o->right);
    if ((t < 0.0f && tl < 0.0f) || (o->same && tl < 0.0f && tr < 0.0f))
        return steer_wall_circle(v, o->lc, r, inv_tau);
    if (t > 1.0f && tr < 0.0f) return steer_wall_circle(v, o->rc, r, inv_tau);
    float dc = HUGE_VALF, dl = HUGE_VALF, dr = HUGE_VALF;
    if (!(t < 0.0f || t > 1.0f || o->same))
        dc = steer__v2_len_sq(steer__v2_sub(v, steer__v2_add(o->lc, steer__v2_scale(cut, t))));
    if (tl >= 0.0f)
        dl = steer__v2_len_sq(steer__v2_sub(v, steer__v2_add(o->lc, steer__v2_scale(o->left, tl))));
    if (tr >= 0.0f)
        dr =
            steer__v2_len_sq(steer__v2_sub(v, steer__v2_add(o->rc, steer__v2_scale(o->right, tr))));
    if (dc <= dl && dc <= dr) return steer_wall_edge(o->lc, o->back, r, inv_tau);
    if (dl <= dr) return steer_wall_edge(o->lc, o->left, r, inv_tau);
    return steer_wall_edge(o->rc, steer__v2_scale(o->right, -1.0f), r, inv_tau);
}

bool steer__orca_wall_line(steer_v2 a, steer_v2 b, float r, float inv_tau, steer_v2 v,
                           const steer_orca_line *lines, int count, steer_orca_line *out)
{
    /* Orient the wall so the agent (the origin) is on its right: a is then the end on
     * the agent's left as it faces the wall. */
    if (steer__v2_det(steer__v2_sub(b, a), steer__v2_scale(a, -1.0f)) > 0.0f) {
        steer_v2 t = a;
        a = b;
        b = t;
    }
    steer_v2 ab = steer__v2_sub(b, a);
    float l2 = steer__v2_len_sq(ab);
    if (!(l2 > STEER_EPSILON_SQ)) return false; /* zero-length wall */
    if (steer_wall_covered(a, b, r, inv_tau, lines, count)) return false;
    /* An end or the line nearer than sqrt(STEER_ORCA_TINY_SQ) touches even a point
     * agent: the legs' 1 / d2 would overflow (only r below about 1e-19 sees this). */
    float s = -steer__v2_dot(a, ab) / l2,
          r2 = r * r > STEER_ORCA_TINY_SQ ? r * r : STEER_ORCA_TINY_SQ;
    float d1 = steer__v2_len_sq(a), d2 = steer__v2_len_sq(b);
    float dline = steer__v2_len_sq(steer__v2_add(a, steer__v2_scale(ab, s)));
    steer_v2 back = steer__v2_normalize(steer__v2_scale(ab, -1.0f));
    /* Touching: forbid only moving further in. */
    if (s < 0.0f && d1 <= r2) {
        *out = steer_wall_push_out(d1 > STEER_EPSILON_SQ ? steer__v2_normalize(steer__v2_left(a))
                                                         : back);
        return true;
    }
    if (s > 1.0f && d2 <= r2) {
        *out = steer_wall_push_out(d2 > STEER_EPSILON_SQ ? steer__v2_normalize(steer__v2_left(b))
                                                         : back);
        return true;
    }
    if (s >= 0.0f && s <= 1.0f && dline <= r2) {
        *out = steer_wall_push_out(back);
        return true;
    }
    steer_wall_vo o;
    o.back = back;
    o.same = false;
    if (s < 0.0f && dline <= r2) { /* seen end-on from beyond a */
        b = a, d2 = d1, o.same = true;
    } else if (s > 1.0f && dline <= r2) { /* end-on from beyond b */
        a = b, d1 = d2, o.same = true;
    }
    o.left = steer_wall_leg_left(a, d1, r);
    o.right = steer_wall_leg_right(b, d2, r);
    o.lc = steer__v2_scale(a, inv_tau);
    o.rc = steer__v2_scale(b, inv_tau);
    *out = steer_wall_project(&o, v, r, inv_tau);
    return true;
}
