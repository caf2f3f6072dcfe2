/* SPDX-License-Identifier: MIT */
/* The per-neighbour steps of the group behaviours, shared by the pure functions
 * (flock.c) and the world's neighbour loop (world_step.c) so both run one set of
 * equations. Not part of the public API. */
#ifndef STEER_FLOCK_INTERNAL_H
#define STEER_FLOCK_INTERNAL_H

#include "steer/flock.h"

/* Squared distance under which a neighbour counts as on top of the agent. */
#define STEER_FLOCK_TIE_SQ 1e-12f

/* A neighbourhood in the form the inner loop wants: squared radius, and the cone cosine
 * with its square, so the test needs no square root. */
typedef struct steer_flock_test {
    float radius_sq;
    float cos_view;
    float cos_sq;
} steer_flock_test;

static inline steer_flock_test steer__flock_test(const steer_neighbourhood *nb)
{
    steer_flock_test t;
    float r = nb->radius > 0.0f && steer_is_finite(nb->radius) ? nb->radius : 0.0f;
    float c = nb->cos_view == nb->cos_view ? steer_clampf(nb->cos_view, -1.0f, 1.0f) : -1.0f;
    t.radius_sq = r * r;
    t.cos_view = c;
    t.cos_sq = c * c;
    return t;
}

/* dot(forward, o) > cos_view * |o| with k = dot(forward, o) and d2 = |o|^2, squared so
 * no root is taken: for a cone narrower than a half space both sides are positive; for a
 * wider one the test fails only behind the agent, where |k| exceeds cos_view * |o|. */
static inline bool steer__flock_in_cone(const steer_flock_test *t, float k, float d2)
{
    if (d2 <= STEER_FLOCK_TIE_SQ || t->cos_view <= -1.0f) return true;
    if (t->cos_view >= 0.0f) return k > 0.0f && k * k > t->cos_sq * d2;
    return k >= 0.0f || k * k < t->cos_sq * d2;
}

static inline bool steer__flock_accepts(const steer_flock_test *t, float k, float d2)
{
    return d2 < t->radius_sq && steer__flock_in_cone(t, k, d2);
}

/* Separation's term for a neighbour at `away` = position - p_j, |away|^2 = d2: away/d2,
 * or `tie` (a unit vector the caller picks, zero to skip) when the two coincide. */
static inline steer_vec3 steer__separation_term(steer_vec3 away, float d2, steer_vec3 tie)
{
    if (d2 <= STEER_FLOCK_TIE_SQ) return tie;
    return steer_scale(away, 1.0f / d2);
}

/* The unit direction of `sum` in the agent's plane as a steering output. */
steer_steering steer__flock_direction(const steer_agent *agent, steer_vec3 sum);

/* Alignment's finish: the heading sum of n neighbours against the agent's forward. */
steer_steering steer__alignment_finish(const steer_agent *agent, steer_vec3 forward_sum, int n,
                                       steer_vec3 forward);

/* Queueing's finish: brake when blocked. */
steer_steering steer__queue_finish(const steer_agent *agent, bool blocked,
                                   const steer_queue_params *params);

#endif /* STEER_FLOCK_INTERNAL_H */
