/* ORCA (steer/crowd.h, docs/crowd.md): a half-plane of permitted velocities for each
 * nearby agent and wall, then the linear program of crowd_lp.c. After van den Berg, Guy,
 * Lin and Manocha, "Reciprocal n-body collision avoidance" (2011). */
#include "crowd_internal.h"

#include <string.h>

/* How far equal partners' shares are pulled apart by id order (0.5 +- 0.1). */
#define STEER_ORCA_SKEW 0.2f

/* An agent that wants less than this fraction of its max_speed is idle: it makes way
 * (steer_orca_agent_share). */
#define STEER_ORCA_IDLE 0.25f

steer_orca_params steer_orca_default(void)
{
    steer_orca_params p;
    p.radius = -1.0f;
    p.neighbour_dist = 15.0f;
    p.max_neighbours = 10;
    p.time_horizon = 10.0f;
    p.time_horizon_obstacles = 10.0f;
    p.responsibility = 1.0f;
    p.clearance = 0.05f;
    p.sidestep = 0.5f;
    return p;
}

static float steer_orca_positive_or(float x, float fallback)
{
    return x > 0.0f && steer_is_finite(x) ? x : fallback;
}

/* The half-plane for one neighbour: velocities that keep the pair apart for tau, moved
 * by this agent's share of the smallest change u that reaches one. */
static inline steer_orca_line steer_orca_agent_line(const steer_orca_self *s, steer_v2 rel_p,
                                                    steer_v2 rel_v, float R, float share, float tie)
{
    float d2 = steer__v2_len_sq(rel_p), R2 = R * R;
    steer_v2 dir, u;
    if (d2 > R2) {
        steer_v2 w = steer__v2_sub(rel_v, steer__v2_scale(rel_p, s->inv_tau));
        float wl2 = steer__v2_len_sq(w), along = steer__v2_dot(w, rel_p);
        if (along < 0.0f && along * along > R2 * wl2) {
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
static float steer_orca_tie(const steer_orca_self *s, uint32_t id)
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
static float steer_orca_share(const steer_orca_self *s, float other, float tie)
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
static float steer_orca_agent_share(const steer_orca_self *s, float share)
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
static bool steer_orca_step_line(const steer_orca_self *s, float max_speed, steer_v2 rel_p,
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
static int steer_orca_pick_slot(const steer_orca_pick *picks, int n, int cap, float d2)
{
    if (n == cap && !(d2 < picks[cap - 1].d2)) return -1;
    return n < cap ? n : picks[cap - 1].index;
}

/* Insert (d2, index) into the sorted list picks[0, *n) of at most cap entries, keeping
 * the nearest; equal distances keep the earlier one first. Fed in order, one compare. */
static void steer_orca_keep_nearest(steer_orca_pick *picks, int *n, int cap, float d2, int index)
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
static inline int steer_orca_take(steer_orca_pick *picks, int *n, int cap, float d2,
                                  bool *shuffled)
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

/* steer__orca_add's work (one copy, inlined into the loop of steer__orca_add_many). `s` is
 * a copy of f->s, and planar_max, range2 and cap copies of f's: the stores into f's lists
 * could, as far as the compiler knows, change them, and it would read them again from
 * memory for every neighbour. *unlined stands for f->unlined, for the same reason. */
static inline void steer_orca_add_one(steer_orca_filter *f, const steer_orca_self *s,
                                      float planar_max, float range2, int cap, bool *unlined,
                                      const steer_orca_near *nb)
{
    float d2 = steer__v2_len_sq(nb->rel_p);
    float tie = steer_orca_tie(s, nb->id);
    float share = steer_orca_share(s, nb->responsibility, tie);
    /* The step half-plane (steer_orca_step_line): the nearest STEER_ORCA_MAX_NEIGHBOURS
     * of the view that can bind, each built once. */
    steer_orca_line line;
    if (share > 0.0f && steer_orca_step_line(s, planar_max, nb->rel_p, d2, s->radius + nb->radius,
                                             share, tie, &line)) {
        bool moved = false; /* the step list is always read through its picks */
        int slot =
            steer_orca_take(f->step_pick, &f->steps, STEER_ORCA_MAX_NEIGHBOURS, d2, &moved);
        if (slot >= 0) f->step[slot] = line;
    }
    /* The nearest `cap` within neighbour_dist get an ORCA half-plane, built now (it
     * needs nothing from the others); one it takes no share of has none but still
     * counts among the nearest. */
    if (!(d2 < range2)) return;
    int slot = steer_orca_take(f->agent_pick, &f->agents, cap, d2, &f->shuffled);
    if (slot < 0) return;
    steer_orca_line *kept = &f->lines[STEER_ORCA_KEPT_AT + slot];
    float orca_share = steer_orca_agent_share(s, share);
    bool on = orca_share > 0.0f; /* else it does all the avoiding: no constraint here */
    f->on[slot] = on;
    *unlined |= !on; /* even if it is dropped later: then the list is only gathered */
    if (on) {
        steer_v2 rel_v = steer__v2_sub(s->v, nb->vel);
        float R = (s->radius + nb->radius) * s->grow;
        *kept = steer_orca_agent_line(s, nb->rel_p, rel_v, R, orca_share, tie);
    } else {
        *kept = (steer_orca_line){{0.0f, 0.0f}, {0.0f, 0.0f}}; /* not counted */
    }
}

void steer__orca_add(steer_orca_filter *f, const steer_orca_near *nb)
{
    steer__orca_add_many(f, nb, 1);
}

void steer__orca_add_many(steer_orca_filter *f, const steer_orca_near *nb, int n)
{
    const steer_orca_self s = f->s;
    const float planar_max = f->planar_max, range2 = f->range2;
    const int cap = f->cap;
    bool unlined = f->unlined;
    for (int k = 0; k < n; k++)
        steer_orca_add_one(f, &s, planar_max, range2, cap, &unlined, &nb[k]);
    f->unlined = unlined;
}

/* Squared distance from the origin to segment a-b. */
static float steer_orca_segment_d2(steer_v2 a, steer_v2 b)
{
    steer_v2 ab = steer__v2_sub(b, a);
    float l2 = steer__v2_len_sq(ab);
    float t = l2 > 0.0f ? -steer__v2_dot(a, ab) / l2 : 0.0f;
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    return steer__v2_len_sq(steer__v2_add(a, steer__v2_scale(ab, t)));
}

/* Half-planes for the nearest walls within reach (nearest first, so nearer walls can
 * cover the ones behind them), written from lines[0]; returns the count. */
static int steer_orca_wall_lines(const steer_orca_self *s, float max_speed, steer_space space,
                                 const steer_segment *segments, int segment_count,
                                 steer_orca_line *lines)
{
    if (segments == NULL) return 0;
    float r = s->radius * s->grow, reach = max_speed / s->inv_tau_obst + r, reach2 = reach * reach;
    steer_orca_pick picks[STEER_ORCA_MAX_SEGMENTS];
    int count = 0;
    for (int i = 0; i < segment_count; i++) {
        const steer_segment *w = &segments[i];
        if (!steer_v3_is_finite(w->a) || !steer_v3_is_finite(w->b)) continue;
        steer_v2 a = steer__v2_sub(steer__v2_from(space, w->a), s->p);
        steer_v2 b = steer__v2_sub(steer__v2_from(space, w->b), s->p);
        float d2 = steer_orca_segment_d2(a, b);
        if (d2 < reach2) steer_orca_keep_nearest(picks, &count, STEER_ORCA_MAX_SEGMENTS, d2, i);
    }
    int n = 0;
    for (int k = 0; k < count; k++) {
        const steer_segment *w = &segments[picks[k].index];
        steer_v2 a = steer__v2_sub(steer__v2_from(space, w->a), s->p);
        steer_v2 b = steer__v2_sub(steer__v2_from(space, w->b), s->p);
        n += steer__orca_wall_line(a, b, r, s->inv_tau_obst, s->v, lines, n, &lines[n]);
    }
    return n;
}

/* How far `got` falls short of `aim` along it: 0 when it gets all of it, up to 1. */
static float steer_orca_short_by(steer_v2 got, steer_v2 aim)
{
    float aim2 = steer__v2_len_sq(aim);
    if (!(aim2 > STEER_EPSILON_SQ)) return 0.0f;
    float short_by = 1.0f - steer__v2_dot(got, aim) / aim2;
    return short_by < 0.0f ? 0.0f : (short_by > 1.0f ? 1.0f : short_by);
}

/* The keep-right rule (steer_orca_params.sidestep): aim plus a lean to the right of
 * `want` (clockwise seen from the up axis) of sidestep * short_by * |want|. Since every
 * agent leans the same way, a ring or a grid of agents heading for one point turns into
 * a swirl instead of a jam that mirror symmetry would hold in place. The lean only tops
 * up the sideways speed `aim` already has (either way: an agent already sliding to its
 * left, along a wall say, is not jammed and is not turned back), so an aim that carries
 * the current velocity (the world's v + a dt) does not pile it up step after step. */
static steer_v2 steer_orca_keep_right(steer_space space, steer_v2 aim, steer_v2 want,
                                      float short_by, float sidestep)
{
    float speed2 = steer__v2_len_sq(want);
    if (!(sidestep > 0.0f) || !steer_is_finite(sidestep) || !(speed2 > STEER_EPSILON_SQ))
        return aim;
    /* (y, -x) in x,y; in x,z (Y up) it is (-z, x); as long as want. */
    steer_v2 right =
        space == STEER_SPACE_XY ? steer__v2(want.y, -want.x) : steer__v2(-want.y, want.x);
    float lean = sidestep * short_by; /* as a fraction of |want| */
    float have = fabsf(steer__v2_dot(aim, right)) / speed2;
    return lean > have ? steer__v2_add(aim, steer__v2_scale(right, lean - have)) : aim;
}

static steer_orca_self steer_orca_self_make(const steer_agent *agent,
                                            const steer_orca_params *params, uint32_t id, float dt)
{
    steer_orca_self s;
    steer_space space = agent->space;
    s.p = steer__v2_from(space, agent->position);
    s.v = steer__v2_from(space, agent->velocity);
    float r = params->radius;
    if (!(r >= 0.0f) || !steer_is_finite(r)) r = agent->radius;
    s.radius = r >= 0.0f && steer_is_finite(r) ? r : 0.0f;
    s.inv_tau = 1.0f / steer_orca_positive_or(params->time_horizon, 10.0f);
    s.inv_tau_obst = 1.0f / steer_orca_positive_or(params->time_horizon_obstacles, 10.0f);
    s.inv_dt = 1.0f / steer_orca_positive_or(dt, 1.0f / 60.0f);
    s.responsibility = steer__orca_weight(params->responsibility);
    float clearance = params->clearance;
    s.grow = 1.0f + (clearance > 0.0f && steer_is_finite(clearance) ? clearance : 0.0f);
    s.id = id;
    s.idle = false;
    s.step_reach = 0.0f;
    return s;
}

bool steer__orca_begin(steer_orca_filter *f, const steer_agent *agent, steer_vec3 preferred,
                       const steer_vec3 *wanted, const steer_orca_params *params, uint32_t self_id,
                       float dt)
{
    STEER_ASSERT(agent != NULL && params != NULL);
    if (agent == NULL || params == NULL || !steer_agent_state_is_finite(agent)) return false;
    float max_speed = agent->max_speed;
    if (!(max_speed > 0.0f) || !steer_is_finite(max_speed)) return false;
    if (!steer_v3_is_finite(preferred)) preferred = steer_v3_zero();
    steer_space space = agent->space;
    f->space = space;
    /* 3D flyers keep their climb; the rest of the speed budget is for the plane. */
    f->up = space == STEER_SPACE_3D ? steer_clampf(preferred.y, -max_speed, max_speed) : 0.0f;
    f->planar_max = steer_sqrt(max_speed * max_speed - f->up * f->up);
    f->s = steer_orca_self_make(agent, params, self_id, dt);
    f->aim = steer__v2_from(space, preferred);
    f->want = wanted != NULL ? steer__v2_from(space, *wanted) : f->aim;
    float idle_speed = STEER_ORCA_IDLE * f->planar_max;
    f->s.idle = steer__v2_len_sq(f->want) <= idle_speed * idle_speed;
    f->s.step_reach = f->planar_max / f->s.inv_dt;
    f->sidestep = params->sidestep;
    f->cap = params->max_neighbours < STEER_ORCA_MAX_NEIGHBOURS ? params->max_neighbours
                                                                : STEER_ORCA_MAX_NEIGHBOURS;
    float range = steer_orca_positive_or(params->neighbour_dist, 0.0f);
    f->range2 = f->cap > 0 ? range * range : 0.0f; /* nothing is nearer than 0 */
    f->agents = 0;
    f->steps = 0;
    f->unlined = false;
    f->shuffled = false;
    return true;
}

/* The solver's list for steer__orca_end: the walls' half-planes (nw of them), the step
 * half-planes, then the kept agents' ORCA half-planes, all nearest first; returns where
 * it starts, *hard and *n its walls and step half-planes and its length. In place in
 * f->lines when the kept agents are there in order, else gathered into `spare`. */
static const steer_orca_line *steer_orca_list(steer_orca_filter *f, const steer_orca_line *wall,
                                              int nw, steer_orca_line *spare, int *hard, int *n)
{
    /* The step half-planes hold the agent's plane for the whole step: ORCA's keep it for
     * the horizon and may be relaxed, these may not. */
    bool in_place = !f->shuffled && !f->unlined;
    steer_orca_line *lines = in_place ? f->lines + STEER_ORCA_KEPT_AT - f->steps - nw : spare;
    if (nw > 0) memcpy(lines, wall, (size_t)nw * sizeof *wall);
    int m = nw;
    for (int k = 0; k < f->steps; k++) lines[m++] = f->step[f->step_pick[k].index];
    *hard = m;
    if (in_place) {
        *n = m + f->agents;
        return lines;
    }
    for (int k = 0; k < f->agents; k++) { /* every one copied, those with a line counted */
        int slot = f->agent_pick[k].index;
        lines[m] = f->lines[STEER_ORCA_KEPT_AT + slot];
        m += f->on[slot] ? 1 : 0;
    }
    *n = m;
    return lines;
}

steer_vec3 steer__orca_end(steer_orca_filter *f, const steer_segment *walls, int wall_count)
{
    steer_orca_line wall[STEER_ORCA_MAX_SEGMENTS], spare[STEER_ORCA_MAX_LINES];
    const steer_orca_self *s = &f->s;
    int nw = steer_orca_wall_lines(s, f->planar_max, f->space, walls, wall_count, wall);
    int hard, n;
    const steer_orca_line *lines = steer_orca_list(f, wall, nw, spare, &hard, &n);
    /* Leaning is for agents that meet something, and never for one that holds its
     * course (responsibility 0). */
    float sidestep = n > hard && s->responsibility > 0.0f ? f->sidestep : 0.0f;
    /* The lean goes by what the half-planes cut off the preferred velocity in this very
     * step (a first solve without it), so an agent that is merely slower than it wants
     * (still accelerating) does not lean. */
    steer_v2 aim = f->aim;
    steer_v2 v = steer__orca_solve(lines, n, nw, hard, f->planar_max, aim);
    float short_by = sidestep > 0.0f ? steer_orca_short_by(v, aim) : 0.0f;
    if (short_by > 0.0f) {
        /* When the agent already slides sideways by as much as the lean, the aim is the
         * same and so would be the second solve's answer. */
        steer_v2 leaned = steer_orca_keep_right(f->space, aim, f->want, short_by, sidestep);
        if (memcmp(&leaned, &aim, sizeof aim) != 0)
            v = steer__orca_solve(lines, n, nw, hard, f->planar_max, leaned);
    }
    return steer__v2_to(f->space, v, f->up);
}

/* A neighbour of a view as the filter reads it; false when it is skipped (a coordinate
 * or its velocity not finite, its radius negative or not finite). */
static bool steer_orca_near_of(const steer_orca_self *s, steer_space space,
                               const steer_crowd_neighbour *nb, steer_orca_near *out)
{
    if (!(steer_v3_is_finite(nb->position) && steer_v3_is_finite(nb->velocity) &&
          nb->radius >= 0.0f && steer_is_finite(nb->radius)))
        return false;
    out->rel_p = steer__v2_sub(steer__v2_from(space, nb->position), s->p);
    out->vel = steer__v2_from(space, nb->velocity);
    out->radius = nb->radius;
    out->responsibility = steer__orca_weight(nb->responsibility);
    out->id = nb->id;
    return true;
}

steer_vec3 steer_orca_velocity(const steer_agent *agent, steer_vec3 preferred,
                               const steer_orca_params *params, const steer_crowd_view *view,
                               float dt)
{
    steer_orca_filter f;
    if (!steer__orca_begin(&f, agent, preferred, NULL, params, view ? view->self_id : 0u, dt))
        return steer_v3_zero();
    if (view == NULL) return steer__orca_end(&f, NULL, 0);
    steer_orca_near nb;
    for (int i = 0; view->agents != NULL && i < view->agent_count; i++)
        if (steer_orca_near_of(&f.s, f.space, &view->agents[i], &nb)) steer__orca_add(&f, &nb);
    return steer__orca_end(&f, view->segments, view->segment_count);
}
