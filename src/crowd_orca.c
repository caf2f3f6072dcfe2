/* ORCA (steer/crowd.h, docs/crowd.md): a half-plane of permitted velocities for each
 * nearby agent and wall, then the linear program of crowd_lp.c. After van den Berg, Guy,
 * Lin and Manocha, "Reciprocal n-body collision avoidance" (2011). */
#include "crowd_internal.h"

/* The agent as the half-plane builders see it, in its plane. */
typedef struct steer_orca_self {
    steer_v2 p, v;
    float radius;
    float inv_tau, inv_tau_obst, inv_dt;
    float responsibility;
    float grow; /* 1 + clearance */
    uint32_t id;
    bool idle;        /* wants (nearly) to stand still: makes way (steer_orca_agent_share) */
    float step_reach; /* max_speed * dt: the furthest it can move in the step */
} steer_orca_self;

/* How far equal partners' shares are pulled apart by id order (0.5 +- 0.1). */
#define STEER_ORCA_SKEW 0.2f

/* An agent that wants less than this fraction of its max_speed is idle: it makes way
 * (steer_orca_agent_share). */
#define STEER_ORCA_IDLE 0.25f

/* One chosen neighbour: its index and squared distance (for the nearest-first order). */
typedef struct steer_orca_pick {
    float d2;
    int index;
} steer_orca_pick;

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

static float steer_orca_weight(float w)
{
    return w >= 0.0f && steer_is_finite(w) ? w : 1.0f;
}

/* Insert (d2, index) into the sorted list picks[0, *n) of at most cap entries, keeping
 * the nearest; equal distances keep the earlier index first. */
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

/* The half-plane for one neighbour: velocities that keep the pair apart for tau, moved
 * by this agent's share of the smallest change u that reaches one. */
static steer_orca_line steer_orca_agent_line(const steer_orca_self *s, steer_v2 rel_p,
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

static bool steer_orca_neighbour_ok(const steer_crowd_neighbour *nb)
{
    return steer_v3_is_finite(nb->position) && steer_v3_is_finite(nb->velocity) &&
           nb->radius >= 0.0f && steer_is_finite(nb->radius);
}

/* This agent's share of the avoidance against neighbour nb: r / (r + r_o), then skewed
 * by id order (STEER_ORCA_SKEW) so that the two shares of a pair still add up to 1. */
static float steer_orca_share(const steer_orca_self *s, const steer_crowd_neighbour *nb)
{
    float other = steer_orca_weight(nb->responsibility), sum = s->responsibility + other;
    /* Equal weights (the usual case) give exactly what r / (r + r) rounds to, no divide. */
    float share = other == s->responsibility ? 0.5f : (sum > 0.0f ? s->responsibility / sum : 0.5f);
    if (!(share > 0.0f)) return 0.0f;
    float skew = share < 1.0f - share ? share : 1.0f - share;
    return share + (s->id < nb->id ? 1.0f : -1.0f) * STEER_ORCA_SKEW * skew;
}

/* This agent's share of ORCA's avoidance against nb (the step half-planes keep
 * steer_orca_share). Waiting and passing are not symmetric: an idle agent (one that
 * wants to stand, at its goal say) makes way for everyone and takes all of it. Without
 * this, agents standing at their goals that a late arrival has pushed aside wedge each
 * other on the way back (each in another's way, every one taking only its share). It
 * cannot free a walker caged with every velocity zero (docs/crowd.md). The
 * neighbour does not know that this agent is idle, so the two shares of the pair add up
 * to more than 1 here: more room than ORCA needs, never less; the step half-planes, which
 * keep the shared split, still keep every pair out of contact. */
static float steer_orca_agent_share(const steer_orca_self *s, const steer_crowd_neighbour *nb)
{
    float share = steer_orca_share(s, nb);
    return share > 0.0f && s->idle ? 1.0f : share; /* a weight of 0 never yields */
}

/* Half-planes for the nearest agents, appended at lines[n]; returns the new count. */
static int steer_orca_agent_lines(const steer_orca_self *s, const steer_orca_params *params,
                                  steer_space space, const steer_crowd_view *view,
                                  steer_orca_line *lines, int n)
{
    int cap = params->max_neighbours < STEER_ORCA_MAX_NEIGHBOURS ? params->max_neighbours
                                                                 : STEER_ORCA_MAX_NEIGHBOURS;
    float range = steer_orca_positive_or(params->neighbour_dist, 0.0f), range2 = range * range;
    if (cap <= 0 || view->agents == NULL) return n;
    steer_orca_pick picks[STEER_ORCA_MAX_NEIGHBOURS];
    int count = 0;
    for (int i = 0; i < view->agent_count; i++) {
        const steer_crowd_neighbour *nb = &view->agents[i];
        if (!steer_orca_neighbour_ok(nb)) continue;
        float d2 = steer__v2_len_sq(steer__v2_sub(steer__v2_from(space, nb->position), s->p));
        if (d2 < range2) steer_orca_keep_nearest(picks, &count, cap, d2, i);
    }
    for (int k = 0; k < count; k++) {
        const steer_crowd_neighbour *nb = &view->agents[picks[k].index];
        float share = steer_orca_agent_share(s, nb);
        if (!(share > 0.0f)) continue; /* it does all the avoiding: no constraint here */
        steer_v2 rel_p = steer__v2_sub(steer__v2_from(space, nb->position), s->p);
        steer_v2 rel_v = steer__v2_sub(s->v, steer__v2_from(space, nb->velocity));
        float tie = s->id < nb->id ? 1.0f : -1.0f;
        float R = (s->radius + nb->radius) * s->grow;
        lines[n++] = steer_orca_agent_line(s, rel_p, rel_v, R, share, tie);
    }
    return n;
}

/* The step half-plane against neighbour nb at rel_p (steer_orca_step_lines): this agent
 * closes at most `share` of the gap to contact within the step. false when the max_speed
 * disc already keeps it (the half-plane cannot bind). */
static bool steer_orca_step_line(const steer_orca_self *s, float max_speed, steer_v2 rel_p,
                                 float contact, float share, float tie, steer_orca_line *out)
{
    float d2 = steer__v2_len_sq(rel_p);
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

/* The step half-plane against one neighbour of the view; false when there is none (it
 * is unusable, this agent takes no share, or the half-plane cannot bind). */
static bool steer_orca_step_for(const steer_orca_self *s, float max_speed, steer_space space,
                                const steer_crowd_neighbour *nb, steer_orca_line *out)
{
    if (!steer_orca_neighbour_ok(nb)) return false;
    float share = steer_orca_share(s, nb);
    if (!(share > 0.0f)) return false;
    steer_v2 rel_p = steer__v2_sub(steer__v2_from(space, nb->position), s->p);
    float tie = s->id < nb->id ? 1.0f : -1.0f;
    return steer_orca_step_line(s, max_speed, rel_p, s->radius + nb->radius, share, tie, out);
}

/* The hard half-planes that make the step itself safe, appended at lines[n]. ORCA's
 * half-planes keep pairs apart only while they have a common point; in a dense crowd
 * they often do not, and the relaxed solution can walk a pair into contact. So every
 * agent in the view whose gap this agent could close within one step also gets the
 * half-plane "approach it by at most my share of the gap to contact (r_a + r_b, without
 * clearance)". The two shares of a pair add up to 1, so whatever velocities the two
 * pick within these half-planes, their distance after the step is at least the contact
 * distance (the gap shrinks by at most the sum of the two approaches). Zero velocity
 * satisfies every one of them when nobody overlaps, so together they always have a
 * common point, and the solver keeps them hard: only ORCA's half-planes are relaxed.
 * Every agent in the view counts, not only the nearest max_neighbours, so that the pair
 * does not depend on both of them choosing each other. */
static int steer_orca_step_lines(const steer_orca_self *s, float max_speed, steer_space space,
                                 const steer_crowd_view *view, steer_orca_line *lines, int n)
{
    if (view->agents == NULL) return n;
    /* The ones that can bind, nearest first: each line is built once, kept with its
     * distance, and the nearest STEER_ORCA_MAX_NEIGHBOURS copied out in order. */
    steer_orca_pick picks[STEER_ORCA_MAX_NEIGHBOURS];
    steer_orca_line found[STEER_ORCA_MAX_NEIGHBOURS];
    int count = 0;
    steer_orca_line line;
    for (int i = 0; i < view->agent_count; i++) {
        if (!steer_orca_step_for(s, max_speed, space, &view->agents[i], &line)) continue;
        steer_v2 rel_p = steer__v2_sub(steer__v2_from(space, view->agents[i].position), s->p);
        float d2 = steer__v2_len_sq(rel_p);
        if (count == STEER_ORCA_MAX_NEIGHBOURS && !(d2 < picks[count - 1].d2)) continue;
        /* picks[].index names the slot of `found` that holds the line; a full list reuses
         * the slot of the one it drops. */
        int slot = count < STEER_ORCA_MAX_NEIGHBOURS ? count : picks[count - 1].index;
        found[slot] = line;
        steer_orca_keep_nearest(picks, &count, STEER_ORCA_MAX_NEIGHBOURS, d2, slot);
    }
    for (int k = 0; k < count; k++) lines[n++] = found[picks[k].index];
    return n;
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
                                 const steer_crowd_view *view, steer_orca_line *lines)
{
    if (view->segments == NULL) return 0;
    float r = s->radius * s->grow, reach = max_speed / s->inv_tau_obst + r, reach2 = reach * reach;
    steer_orca_pick picks[STEER_ORCA_MAX_SEGMENTS];
    int count = 0;
    for (int i = 0; i < view->segment_count; i++) {
        const steer_segment *w = &view->segments[i];
        if (!steer_v3_is_finite(w->a) || !steer_v3_is_finite(w->b)) continue;
        steer_v2 a = steer__v2_sub(steer__v2_from(space, w->a), s->p);
        steer_v2 b = steer__v2_sub(steer__v2_from(space, w->b), s->p);
        float d2 = steer_orca_segment_d2(a, b);
        if (d2 < reach2) steer_orca_keep_nearest(picks, &count, STEER_ORCA_MAX_SEGMENTS, d2, i);
    }
    int n = 0;
    for (int k = 0; k < count; k++) {
        const steer_segment *w = &view->segments[picks[k].index];
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
    s.responsibility = steer_orca_weight(params->responsibility);
    float clearance = params->clearance;
    s.grow = 1.0f + (clearance > 0.0f && steer_is_finite(clearance) ? clearance : 0.0f);
    s.id = id;
    s.idle = false;
    s.step_reach = 0.0f;
    return s;
}

steer_vec3 steer__orca_velocity(const steer_agent *agent, steer_vec3 preferred,
                                const steer_vec3 *wanted, const steer_orca_params *params,
                                const steer_crowd_view *view, float dt)
{
    STEER_ASSERT(agent != NULL && params != NULL);
    if (agent == NULL || params == NULL || !steer_agent_state_is_finite(agent))
        return steer_v3_zero();
    float max_speed = agent->max_speed;
    if (!(max_speed > 0.0f) || !steer_is_finite(max_speed)) return steer_v3_zero();
    if (!steer_v3_is_finite(preferred)) preferred = steer_v3_zero();
    steer_space space = agent->space;
    /* 3D flyers keep their climb; the rest of the speed budget is for the plane. */
    float up = space == STEER_SPACE_3D ? steer_clampf(preferred.y, -max_speed, max_speed) : 0.0f;
    float planar_max = steer_sqrt(max_speed * max_speed - up * up);
    steer_orca_self s = steer_orca_self_make(agent, params, view ? view->self_id : 0u, dt);
    steer_v2 aim = steer__v2_from(space, preferred);
    steer_v2 want = wanted != NULL ? steer__v2_from(space, *wanted) : aim;
    float idle_speed = STEER_ORCA_IDLE * planar_max;
    s.idle = steer__v2_len_sq(want) <= idle_speed * idle_speed;
    s.step_reach = planar_max / s.inv_dt;
    steer_orca_line lines[STEER_ORCA_MAX_LINES];
    int walls = 0, hard = 0, n = 0;
    if (view != NULL) {
        walls = steer_orca_wall_lines(&s, planar_max, space, view, lines);
        hard = steer_orca_step_lines(&s, planar_max, space, view, lines, walls);
        n = steer_orca_agent_lines(&s, params, space, view, lines, hard);
    }
    /* Leaning is for agents that meet something, and never for one that holds its
     * course (responsibility 0). */
    float sidestep = n > hard && s.responsibility > 0.0f ? params->sidestep : 0.0f;
    /* The lean goes by what the half-planes cut off the preferred velocity in this very
     * step (a first solve without it), so an agent that is merely slower than it wants
     * (still accelerating) does not lean. */
    steer_v2 v = steer__orca_solve(lines, n, walls, hard, planar_max, aim);
    float short_by = sidestep > 0.0f ? steer_orca_short_by(v, aim) : 0.0f;
    if (short_by > 0.0f) {
        aim = steer_orca_keep_right(space, aim, want, short_by, sidestep);
        v = steer__orca_solve(lines, n, walls, hard, planar_max, aim);
    }
    return steer__v2_to(space, v, up);
}

steer_vec3 steer_orca_velocity(const steer_agent *agent, steer_vec3 preferred,
                               const steer_orca_params *params, const steer_crowd_view *view,
                               float dt)
{
    return steer__orca_velocity(agent, preferred, NULL, params, view, dt);
}
