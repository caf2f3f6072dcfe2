/* SPDX-License-Identifier: MIT */
/* The ORCA filter's work for one neighbour (crowd_internal.h's steer__orca_add): its step
 * half-plane and its ORCA half-plane, filed in the filter's nearest-first lists. Private,
 * and inline so that a caller reading neighbours from its own storage (the world's
 * snapshot, world_crowd.c) files each one as it reads it, without writing records for
 * steer__orca_add_many to read back: the fields then stay in registers. crowd_orca.c
 * holds the rest of the filter. */
#ifndef STEER_CROWD_NEAR_H
#define STEER_CROWD_NEAR_H

#include "crowd_internal.h"

#include <string.h>

/* How far equal partners' shares are pulled apart by id order (0.5 +- 0.1). */
#define STEER_ORCA_SKEW 0.2f

/* The half-plane for one neighbour: velocities that keep the pair apart for tau, moved
 * by this agent's share of the smallest change u that reaches one. */
static inline steer_orca_line steer_orca_agent_line(const steer_orca_self *s, steer_v2 rel_p,
                                                    steer_v2 rel_v, float R, float share, float tie)
{
    float d2 = steer__v2_len_sq(rel_p), R2 = R * R;
    steer_v2 dir, u;
    /* Nearer than sqrt(STEER_ORCA_TINY_SQ) counts as contact (points, radius 0): 1 / d2
     * would overflow. Only radii below about 1e-19 see a difference. */
    if (d2 > (R2 > STEER_ORCA_TINY_SQ ? R2 : STEER_ORCA_TINY_SQ)) {
        steer_v2 w = steer__v2_sub(rel_v, steer__v2_scale(rel_p, s->inv_tau));
        float wl2 = steer__v2_len_sq(w), along = steer__v2_dot(w, rel_p);
        /* A w so short that its square underflows has no direction: a leg instead. */
        if (along < 0.0f && along * along > R2 * wl2 && wl2 > STEER_ORCA_TINY_SQ) {
            /* Nearest boundary point is on the cut-off circle at rel_p / tau. */
            float wl = sqrtf(wl2);
            steer_v2 unit = steer__v2_scale(w, 1.0f / wl);
            dir = steer__v2(unit.y, -unit.x);
            u = steer__v2_scale(unit, R * s->inv_tau - wl);
        } else {
            /* Nearest boundary point is on a leg of the cone: the side w lies on. */
            float leg = sqrtf(d2 - R2), inv = 1.0f / d2;
            if (steer__v2_det(rel_p, w) > 0.0f) {
                dir = steer__v2((rel_p.x * leg - rel_p.y * R) * inv,
                                (rel_p.x * R + rel_p.y * leg) * inv);
            } else {
                dir = steer__v2(-(rel_p.x * leg + rel_p.y * R) * inv,
                                -(-rel_p.x * R + rel_p.y * leg) * inv);
            }
            u = steer__v2_sub(steer__v2_scale(dir, steer__v2_dot(rel_v, dir)), rel_v);
        }
    } else {
        /* Already overlapping: get apart within this one step. */
        steer_v2 w = steer__v2_sub(rel_v, steer__v2_scale(rel_p, s->inv_dt));
        float wl = sqrtf(steer__v2_len_sq(w));
        steer_v2 unit;
        if (wl > 1e-6f)
            unit = steer__v2_scale(w, 1.0f / wl);
        else if (d2 > STEER_EPSILON_SQ)
            unit = steer__v2_normalize(steer__v2_scale(rel_p, -1.0f));
        else
            unit = steer__v2(tie, 0.0f); /* on top of each other: split by id order */
        dir = steer__v2(unit.y, -unit.x);
        u = steer__v2_scale(unit, R * s->inv_dt - wl);
    }
    steer_orca_line line;
    line.point = steer__v2_add(s->v, steer__v2_scale(u, share));
    line.dir = dir;
    return line;
}

/* +1 when this agent's id is below the neighbour's, else -1. Computed, not branched on:
 * in a crowd the order of two ids is anyone's guess, and a branch on it was mispredicted
 * about half the time (a simulated 6 mispredictions per agent-step of the crossing). */
static inline float steer_orca_tie(const steer_orca_self *s, uint32_t id)
{
    /* 1.0f with the sign bit set when id <= s->id. Compilers see through this to the
     * select of two constants and branch again; an empty asm hides the value. */
    uint32_t bits = 0x3f800000u | (uint32_t)(id <= s->id) << 31;
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(bits));
#endif
    float tie;
    memcpy(&tie, &bits, sizeof tie);
    return tie;
}

/* This agent's share of the avoidance against a neighbour of weight `other` (as
 * steer__orca_weight makes it) whose steer_orca_tie is `tie`: r / (r + r_o), then skewed
 * by id order (STEER_ORCA_SKEW) so that the two shares of a pair still add up to 1. */
static inline float steer_orca_share(const steer_orca_self *s, float other, float tie)
{
    float sum = s->responsibility + other;
    /* Equal weights (the usual case) give exactly what r / (r + r) rounds to, no divide. */
    float share = other == s->responsibility ? 0.5f : (sum > 0.0f ? s->responsibility / sum : 0.5f);
    if (!(share > 0.0f)) return 0.0f;
    float skew = share < 1.0f - share ? share : 1.0f - share;
    return share + tie * STEER_ORCA_SKEW * skew;
}

/* This agent's share of ORCA's avoidance, given its steer_orca_share (the step
 * half-planes keep that one). Waiting and passing are not symmetric: an idle agent (one
 * that wants to stand, at its goal say) makes way for everyone and takes all of it.
 * Without this, agents standing at their goals that a late arrival has pushed aside
 * wedge each other on the way back (each in another's way, every one taking only its
 * share). It cannot free a walker caged with every velocity zero (docs/crowd.md). The
 * neighbour does not know that this agent is idle, so the two shares of the pair add up
 * to more than 1 here: more room than ORCA needs, never less; the step half-planes, which
 * keep the shared split, still keep every pair out of contact. */
static inline float steer_orca_agent_share(const steer_orca_self *s, float share)
{
    return share > 0.0f && s->idle ? 1.0f : share; /* a weight of 0 never yields */
}

/* The step half-plane against a neighbour at rel_p, d2 = |rel_p|^2 (steer__orca_add): this
 * agent closes at most `share` of the gap to contact within the step. false when the
 * max_speed disc already keeps it (the half-plane cannot bind).
 * Why: ORCA's half-planes keep pairs apart only while they have a common point; in a
 * dense crowd they often do not, and the relaxed solution can walk a pair into contact.
 * So every agent in the view whose gap this agent could close within one step also gets
 * the half-plane "approach it by at most my share of the gap to contact (r_a + r_b,
 * without clearance)". The two shares of a pair add up to 1, so whatever velocities the
 * two pick within these half-planes, their distance after the step is at least the
 * contact distance (the gap shrinks by at most the sum of the two approaches). Zero
 * velocity satisfies every one of them when nobody overlaps, so together they always
 * have a common point, and the solver keeps them hard: only ORCA's half-planes are
 * relaxed. Every agent in the view counts, not only the nearest max_neighbours, so that
 * the pair does not depend on both of them choosing each other. */
static inline bool steer_orca_step_line(const steer_orca_self *s, float max_speed, steer_v2 rel_p,
                                        float d2, float contact, float share, float tie,
                                        steer_orca_line *out)
{
    /* Nearer than contact + max_speed dt / share it can bind; squared and multiplied
     * through by share, no divide or root for the many that are further. */
    float reach = share * contact + s->step_reach;
    if (!(share * share * d2 < reach * reach)) return false;
    float d = sqrtf(d2);
    /* Unit vector towards the neighbour; on top of each other the lower id goes to +x. */
    steer_v2 n = d2 > STEER_EPSILON_SQ ? steer__v2_scale(rel_p, 1.0f / d) : steer__v2(-tie, 0.0f);
    float limit = share * (d - contact) * s->inv_dt; /* most speed towards it */
    if (!(limit < max_speed)) return false;
    out->point = steer__v2_scale(n, limit);
    out->dir = steer__v2_left(n); /* allowed (left) side: dot(v, n) <= limit */
    return true;
}

/* Where an entry at d2 goes into a nearest-first list picks[0, n) of at most cap entries
 * whose indices name storage slots: a new slot while the list fills, then the slot of the
 * entry it will drop; -1 when the list is full and d2 is no nearer than its last. */
static inline int steer_orca_pick_slot(const steer_orca_pick *picks, int n, int cap, float d2)
{
    if (n == cap && !(d2 < picks[cap - 1].d2)) return -1;
    return n < cap ? n : picks[cap - 1].index;
}

/* Insert (d2, index) into the sorted list picks[0, *n) of at most cap entries, keeping
 * the nearest; equal distances keep the earlier one first. Fed in order, one compare. */
static inline void steer_orca_keep_nearest(steer_orca_pick *picks, int *n, int cap, float d2,
                                           int index)
{
    if (*n == cap && !(d2 < picks[cap - 1].d2)) return;
    int k = *n < cap ? (*n)++ : cap - 1;
    while (k > 0 && d2 < picks[k - 1].d2) {
        picks[k] = picks[k - 1];
        k--;
    }
    picks[k].d2 = d2;
    picks[k].index = index;
}

/* Files an entry at d2 into the nearest-first list picks[0, *n) of at most cap entries
 * (steer_orca_pick_slot, steer_orca_keep_nearest); returns its storage slot, or -1 when
 * it is not among the nearest. An entry no nearer than the last, with room left, is
 * appended: what the two do then, on fewer instructions (neighbours from the world come
 * nearest first). Any other sets *shuffled: the slots are no longer in list order. */
static inline int steer_orca_take(steer_orca_pick *picks, int *n, int cap, float d2, bool *shuffled)
{
    int k = *n;
    if (k < cap && (k == 0 || !(d2 < picks[k - 1].d2))) {
        picks[k].d2 = d2;
        picks[k].index = k;
        *n = k + 1;
        return k;
    }
    int slot = steer_orca_pick_slot(picks, k, cap, d2);
    if (slot >= 0) {
        steer_orca_keep_nearest(picks, n, cap, d2, slot);
        *shuffled = true;
    }
    return slot;
}

/* What filing a neighbour reads of the filter, copied into locals for a batch of them
 * (steer__orca_adder ... steer__orca_adder_done): kept only in the filter, its fields
 * would be read back from memory for every neighbour, since the stores into the
 * filter's lists could, as far as the compiler knows, change them. */
typedef struct steer_orca_adder {
    steer_orca_self s;
    float planar_max, range2;
    int cap;
    bool unlined; /* f->unlined */
} steer_orca_adder;

static inline steer_orca_adder steer__orca_adder(const steer_orca_filter *f)
{
    steer_orca_adder a = {f->s, f->planar_max, f->range2, f->cap, f->unlined};
    return a;
}

static inline void steer__orca_adder_done(steer_orca_filter *f, const steer_orca_adder *a)
{
    f->unlined = a->unlined;
}

/* steer__orca_add's work for one neighbour, between steer__orca_adder and
 * steer__orca_adder_done. */
static inline void steer__orca_file(steer_orca_filter *f, steer_orca_adder *a,
                                    const steer_orca_near *nb)
{
    const steer_orca_self *s = &a->s;
    float d2 = steer__v2_len_sq(nb->rel_p);
    float tie = steer_orca_tie(s, nb->id);
    float share = steer_orca_share(s, nb->responsibility, tie);
    /* The step half-plane (steer_orca_step_line): the nearest STEER_ORCA_MAX_NEIGHBOURS
     * of the view that can bind, each built once. */
    steer_orca_line line;
    if (share > 0.0f && steer_orca_step_line(s, a->planar_max, nb->rel_p, d2,
                                             s->radius + nb->radius, share, tie, &line)) {
        bool moved = false; /* the step list is always read through its picks */
        int slot = steer_orca_take(f->step_pick, &f->steps, STEER_ORCA_MAX_NEIGHBOURS, d2, &moved);
        if (slot >= 0) f->step[slot] = line;
    }
    /* The nearest `cap` within neighbour_dist get an ORCA half-plane, built now (it
     * needs nothing from the others); one it takes no share of has none but still
     * counts among the nearest. */
    if (!(d2 < a->range2)) return;
    int slot = steer_orca_take(f->agent_pick, &f->agents, a->cap, d2, &f->shuffled);
    if (slot < 0) return;
    steer_orca_line *kept = &f->lines[STEER_ORCA_KEPT_AT + slot];
    float orca_share = steer_orca_agent_share(s, share);
    bool on = orca_share > 0.0f; /* else it does all the avoiding: no constraint here */
    f->on[slot] = on;
    a->unlined |= !on; /* even if it is dropped later: then the list is only gathered */
    if (on) {
        steer_v2 rel_v = steer__v2_sub(s->v, nb->vel);
        float R = (s->radius + nb->radius) * s->grow;
        *kept = steer_orca_agent_line(s, nb->rel_p, rel_v, R, orca_share, tie);
    } else {
        *kept = (steer_orca_line){{0.0f, 0.0f}, {0.0f, 0.0f}}; /* not counted */
    }
}

#endif /* STEER_CROWD_NEAR_H */
