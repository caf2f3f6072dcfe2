/* SPDX-License-Identifier: MIT */
/* The step's vector path (private): four agents finished at once, lane by lane, or eight
 * and sixteen when the including file is compiled for AVX2 or AVX-512 (world_eval.h).
 * world_lanes.c, world_lanes_avx2.c and world_lanes_avx512.c each include this once and
 * define their build's entry points under their own names; src/CMakeLists.txt gives the
 * two wider files their instruction set and STEER_LANES_AVX2 / STEER_LANES_AVX512.
 *
 * It covers the common case of big worlds: one-group blends of wander (both methods), the
 * flocking sums and the target behaviours (seek, flee, arrive, pursue, evade:
 * world_lanes_targets.h), the kinematic or Reynolds model, facing the velocity, any
 * bounds.
 * Each lane runs the scalar path's operations in the scalar path's order (the blend in
 * steer/combine.h, the behaviours of flock.c and wander.c, the integration of
 * integrate.c, the bounds of world_bounds.c), so it gives the same bits.
 * Branches on the data become selects; the rare cases the scalar code takes another road
 * for (a non-finite state, a zero wander point, a truncation that underflows, ...) mark
 * their lane `odd`, and a block with an odd lane is finished by the scalar path instead. */
#ifndef STEER_WORLD_LANES_H
#define STEER_WORLD_LANES_H

#include "world_behaviours.h"
#include "lanes.h"

/* The build this inclusion makes: eight and sixteen lanes for AVX2 and AVX-512 machines.
 * The operations are the same IEEE ones (no fused multiply-add: the build turns
 * contraction off), so all give the same bits. */
#if defined(STEER_LANES_AVX512)
#define STEER_LANES_BUILD STEER_WORLD_LANES_AVX512
#elif defined(STEER_LANES_AVX2)
#define STEER_LANES_BUILD STEER_WORLD_LANES_AVX2
#else
#define STEER_LANES_BUILD STEER_WORLD_LANES_BASE
#endif

#if STEER_LANES

_Static_assert(STEER_LANES_WIDTH == STEER_WORLD_LANES_WIDTH(STEER_LANES_BUILD),
               "the step hands this build as many agents as it has lanes");

#include "lanes_random.h"

#include <float.h>
#include <stddef.h>
#include <string.h>

/* The four limits lead a traits record, in the order steer_lanes_load reads them. */
_Static_assert(
    offsetof(steer_world_traits, max_accel) == offsetof(steer_world_traits, max_speed) + 4 &&
        offsetof(steer_world_traits, max_force) == offsetof(steer_world_traits, max_speed) + 8 &&
        offsetof(steer_world_traits, mass) == offsetof(steer_world_traits, max_speed) + 12,
    "a traits record's limits are four consecutive floats");

/* The state the path works on, one agent per lane. */
typedef struct steer_lanes_agent {
    steer_vl pos, vel;
    steer_fl orientation, rotation;
    steer_fl max_speed, max_accel, max_force, mass;
    steer_vl forward; /* unit forward at the start of the step (steer_agent_forward) */
    steer_il flags;   /* the pose's flags (STEER_WORLD_*) */
} steer_lanes_agent;

_Static_assert(sizeof(steer_vec3) == 3 * sizeof(float), "vec3 arrays are xyz triples");
_Static_assert(offsetof(steer_agent, velocity) == 3 * sizeof(float) &&
                   offsetof(steer_agent, orientation) == 6 * sizeof(float) &&
                   offsetof(steer_agent, rotation) == 7 * sizeof(float) &&
                   offsetof(steer_agent, max_speed) == 8 * sizeof(float) &&
                   offsetof(steer_agent, max_accel) == 9 * sizeof(float) &&
                   offsetof(steer_agent, max_force) == 10 * sizeof(float) &&
                   offsetof(steer_agent, mass) == 11 * sizeof(float),
               "an agent's motion and limits are its first twelve floats");
_Static_assert(sizeof(steer_steering) == 4 * sizeof(float), "a steering is xyz and angular");

/* Lanes from STEER_LANES_WIDTH consecutive entries of an array of the world's, and back. */
static steer_vl steer_lanes_xyz(const steer_vec3 *v)
{
    return steer_vl_load_xyz((const float *)(const void *)v);
}

static void steer_lanes_put_xyz(steer_vec3 *v, steer_vl lanes)
{
    steer_vl_store_xyz((float *)(void *)v, lanes);
}

/* A pose is three 4-byte words: orientation, rotation, and the flags byte with its
 * padding, the byte lowest on a little-endian machine. There the poses of a block move
 * like xyz triples, the padding read and masked off and written as zeros; elsewhere
 * field by field. */
_Static_assert(sizeof(steer_world_pose) == 3 * sizeof(float), "a pose is three words");
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define STEER_LANES_POSE_WORDS 1
#else
#define STEER_LANES_POSE_WORDS 0
#endif

/* The poses of STEER_LANES_WIDTH consecutive entries from `pose` into a's lanes. */
static void steer_lanes_poses(steer_lanes_agent *a, const steer_world_pose *pose)
{
#if STEER_LANES_POSE_WORDS
    steer_vl v = steer_vl_load_xyz((const float *)(const void *)pose);
    a->orientation = v.x;
    a->rotation = v.y;
    a->flags = (steer_il)v.z & 0xFF;
#else
    for (int k = 0; k < STEER_LANES_WIDTH; k++) {
        a->orientation[k] = pose[k].orientation;
        a->rotation[k] = pose[k].rotation;
        a->flags[k] = pose[k].flags;
    }
#endif
}

/* a's lanes as STEER_LANES_WIDTH consecutive poses from `pose`, their flags those of
 * a->flags with `path` (STEER_WORLD_LANED or STEER_WORLD_MOVED), the mark for the stats
 * of which part of the step the vector path did. */
static void steer_lanes_put_poses(steer_world_pose *pose, const steer_lanes_agent *a, unsigned path)
{
    steer_il flags =
        (a->flags & (int)(0xFFu & ~(unsigned)(STEER_WORLD_LANED | STEER_WORLD_MOVED))) | (int)path;
#if STEER_LANES_POSE_WORDS
    steer_vl v = {a->orientation, a->rotation, (steer_fl)flags};
    steer_vl_store_xyz((float *)(void *)pose, v);
#else
    for (int k = 0; k < STEER_LANES_WIDTH; k++) {
        pose[k].orientation = a->orientation[k];
        pose[k].rotation = a->rotation[k];
        pose[k].flags = (uint8_t)flags[k];
    }
#endif
}

/* The lanes' agents' state, from the snapshot's arrays: the block's agents are
 * consecutive, from e[0].i. */
static steer_lanes_agent steer_lanes_load(const steer_world *w, const steer_world_eval e[])
{
    steer_lanes_agent a;
    const int i = e[0].i;
    const steer_world_traits *t = steer__world_traits(w, i);
    steer_fl limits[4];
    steer_fl_load_quads(&t->max_speed, sizeof *t, limits);
    a.max_speed = limits[0];
    a.max_accel = limits[1];
    a.max_force = limits[2];
    a.mass = limits[3];
    steer_lanes_poses(&a, &w->pose[w->cur][i]);
    a.pos = steer_lanes_xyz(&w->pos[w->cur][i]);
    a.vel = steer_lanes_xyz(&w->vel[w->cur][i]);
    return a;
}

/* The same from the scalar path's agents, as its steering half left them (the crowd
 * filter sets the velocity). */
static steer_lanes_agent steer_lanes_load_agents(const steer_world_eval e[])
{
    /* An agent's first twelve words, as three quads: position and velocity's x; the rest
     * of the velocity, orientation and rotation; the four limits. */
    steer_fl q[3][4];
    for (int m = 0; m < 3; m++)
        steer_fl_load_quads(&e[0].agent.position.x + 4 * m, sizeof e[0], q[m]);
    steer_lanes_agent a;
    a.pos = (steer_vl){q[0][0], q[0][1], q[0][2]};
    a.vel = (steer_vl){q[0][3], q[1][0], q[1][1]};
    a.orientation = q[1][2];
    a.rotation = q[1][3];
    a.max_speed = q[2][0];
    a.max_accel = q[2][1];
    a.max_force = q[2][2];
    a.mass = q[2][3];
    for (int k = 0; k < STEER_LANES_WIDTH; k++) a.flags[k] = e[k].pose.flags;
    return a;
}

/* steer_agent_state_is_finite per lane. */
static steer_il steer_lanes_state_finite(const steer_lanes_agent *a)
{
    steer_fl sum = (a->pos.x - a->pos.x) + (a->pos.y - a->pos.y) + (a->pos.z - a->pos.z) +
                   (a->vel.x - a->vel.x) + (a->vel.y - a->vel.y) + (a->vel.z - a->vel.z) +
                   (a->orientation - a->orientation) + (a->rotation - a->rotation);
    return sum == steer_fl_splat(0.0f);
}

/* steer_space_project, the space being the same in every lane. */
static steer_vl steer_lanes_project(steer_space space, steer_vl v)
{
    if (space == STEER_SPACE_XY) v.z = steer_fl_splat(0.0f);
    if (space == STEER_SPACE_XZ) v.y = steer_fl_splat(0.0f);
    return v;
}

/* x where it is finite and > 0, else 0 (the reading of a limit). */
static steer_fl steer_lanes_positive(steer_fl x)
{
    return steer_fl_select((x > 0.0f) & steer_fl_finite(x), x, steer_fl_splat(0.0f));
}

/* steer_truncate per lane. A squared length that is not finite (the scalar path then
 * rescales by the largest component) or a ratio that underflows marks the lane odd. */
STEER_LANES_INLINE steer_vl steer_lanes_truncate(steer_vl v, steer_fl max, steer_il *odd)
{
    const steer_fl zero = steer_fl_splat(0.0f);
    steer_fl len_sq = steer_vl_dot(v, v);
    /* Else the result is zero; a limit below FLT_MIN too, as in steer_truncate. */
    steer_il live = (max >= FLT_MIN) & ~(len_sq < FLT_MIN);
    steer_il finite = steer_fl_finite(len_sq);
    steer_il keep = len_sq <= max * max;
    /* Nothing to shorten, often (a wander force): done. A squared length that overflowed
     * passes `keep` against a limit whose square did too, and must still be marked odd. */
    if (steer_il_bits(live & ~(keep & finite)) == 0u)
        return steer_vl_select(live, v, (steer_vl){zero, zero, zero});
    steer_fl len = steer_fl_sqrt(steer_fl_select(finite & ~keep, len_sq, steer_fl_splat(1.0f)));
    steer_fl k = max / len;
    *odd |= live & (~finite | (~keep & (k < FLT_MIN)));
    steer_vl shortened = steer_vl_select(keep, v, steer_vl_scale(v, k));
    return steer_vl_select(live, shortened, (steer_vl){zero, zero, zero});
}

/* steer_sincos per lane; |x| above 1e7 or non-finite (the scalar path returns 0 and 1)
 * marks the lane odd. */
STEER_LANES_INLINE void steer_lanes_sincos(steer_fl x, steer_fl *s, steer_fl *c, steer_il *odd)
{
    steer_il ok = steer_fl_finite(x) & (x <= 1e7f) & (x >= -1e7f);
    *odd |= ~ok;
    x = steer_fl_select(ok, x, steer_fl_splat(0.0f));
    steer_fl k = steer_fl_floor_small(x * 0.63661977236758134f + 0.5f);
    steer_fl r =
        ((x - k * 1.5703125f) - k * 4.837512969970703125e-4f) - k * 7.54978995489188216e-8f;
    steer_fl z = r * r;
    steer_fl sr = ((-1.9515295891e-4f * z + 8.3321608736e-3f) * z - 1.6666654611e-1f) * z * r + r;
    steer_fl cr =
        ((2.443315711809948e-5f * z - 1.388731625493765e-3f) * z + 4.166664568298827e-2f) * z * z -
        0.5f * z + 1.0f;
    steer_il q = __builtin_convertvector(k - 4.0f * steer_fl_floor_small(k * 0.25f), steer_il);
    steer_il q1 = q == 1, q2 = q == 2, q3 = q == 3;
    *s = steer_fl_select(q1, cr, steer_fl_select(q2, -sr, steer_fl_select(q3, -cr, sr)));
    *c = steer_fl_select(q1, -sr, steer_fl_select(q2, -cr, steer_fl_select(q3, sr, cr)));
}

/* steer_agent_forward per lane (the index's fx, fy, fz hold the same, but a step
 * that skips the rebuild leaves it stale): the unit velocity in the agent's space, or
 * where that is too short to normalise, the heading of its orientation
 * (steer_space_heading). */
static steer_vl steer_lanes_forward(steer_space space, const steer_lanes_agent *a, steer_il *odd)
{
    steer_vl f = steer_vl_normalize(steer_lanes_project(space, a->vel));
    steer_il still = steer_vl_dot(f, f) == 0.0f;
    if (steer_il_bits(still) == 0u) return f; /* moving agents: the common case */
    steer_fl s, c;
    steer_il odd_here = (steer_il){0};
    steer_lanes_sincos(a->orientation, &s, &c, &odd_here);
    *odd |= still & odd_here;
    const steer_fl zero = steer_fl_splat(0.0f);
    steer_vl h = space == STEER_SPACE_XY ? (steer_vl){c, s, zero} : (steer_vl){s, zero, c};
    return steer_vl_select(still, h, f);
}

/* steer_atan2(y, x) per lane for finite y and non-zero x (other lanes are marked odd). */
STEER_LANES_INLINE steer_fl steer_lanes_atan2(steer_fl y, steer_fl x, steer_il *odd)
{
    const steer_fl zero = steer_fl_splat(0.0f);
    steer_fl ay = steer_fl_select(y < 0.0f, -y, y), ax = steer_fl_select(x < 0.0f, -x, x);
    steer_il ok = (x != 0.0f) & steer_fl_finite(x) & steer_fl_finite(y);
    steer_fl t = ay / steer_fl_select(ok, ax, steer_fl_splat(1.0f));
    ok &= steer_fl_finite(t);
    *odd |= ~ok;
    t = steer_fl_select(ok, t, zero);
    steer_il high = t > 2.414213562373095f, mid = ~high & (t > 0.4142135623730950f);
    steer_fl base = steer_fl_select(high, steer_fl_splat(0.5f * STEER_PI),
                                    steer_fl_select(mid, steer_fl_splat(0.25f * STEER_PI), zero));
    steer_fl u = steer_fl_select(high, -1.0f / steer_fl_select(high, t, steer_fl_splat(1.0f)),
                                 steer_fl_select(mid, (t - 1.0f) / (t + 1.0f), t));
    steer_fl z = u * u;
    steer_fl p = (((8.05374449538e-2f * z - 1.38776856032e-1f) * z + 1.99777106478e-1f) * z -
                  3.33329491539e-1f) *
                     z * u +
                 u;
    steer_fl a = base + p;
    a = steer_fl_select(x < 0.0f, STEER_PI - a, a);
    return steer_fl_select((y < 0.0f) & (a < STEER_PI), -a, a); /* never -pi, as steer_atan2 */
}

/* steer_space_orientation of the velocity, keeping `fallback` where it is too short. */
STEER_LANES_INLINE steer_fl steer_lanes_orientation(steer_space space, steer_vl dir,
                                                    steer_fl fallback, steer_il *odd)
{
    steer_fl a = space == STEER_SPACE_XY ? dir.x : dir.z;
    steer_fl b = space == STEER_SPACE_XY ? dir.y : dir.x;
    steer_il use = steer_fl_finite(a) & steer_fl_finite(b) & (a * a + b * b > STEER_EPSILON_SQ);
    steer_il odd_here = (steer_il){0};
    steer_fl angle = steer_lanes_atan2(b, a, &odd_here);
    *odd |= use & odd_here;
    return steer_fl_select(use, angle, fallback);
}

/* The wander state of the lanes' agents: steer_wander_state and the random stream. */
typedef struct steer_lanes_wander {
    steer_vl point; /* steer_wander_3d's point on the sphere */
    steer_fl angle; /* steer_wander's angle in the plane */
    steer_lanes_rng rng;
} steer_lanes_wander;

/* The wander state of the block's agents, from entry i on of the own arrays, and back. */
static steer_lanes_wander steer_lanes_own(const steer_world_owns *o, int i)
{
    steer_lanes_wander wd;
    wd.point = steer_lanes_xyz(&o->point[i]);
    memcpy(&wd.angle, &o->angle[i], sizeof wd.angle);
    memcpy(&wd.rng.state, &o->rng_state[i], sizeof wd.rng.state);
    memcpy(&wd.rng.inc, &o->rng_inc[i], sizeof wd.rng.inc);
    return wd;
}

static void steer_lanes_put_own(steer_world_owns *o, int i, const steer_lanes_wander *wd)
{
    steer_lanes_put_xyz(&o->point[i], wd->point);
    memcpy(&o->angle[i], &wd->angle, sizeof wd->angle);
    memcpy(&o->rng_state[i], &wd->rng.state, sizeof wd->rng.state);
    /* A stream's increment never changes: left alone, its lines stay clean. */
}

/* The wander state of the block e (one recipe) when its recipe reads it
 * (steer__world_reads_own), else zeros that nothing reads. */
static steer_lanes_wander steer_lanes_own_of(const steer_world *w, const steer_world_eval e[])
{
    if (steer__world_reads_own(e[0].recipe)) return steer_lanes_own(&w->own[w->kept], e[0].i);
    steer_lanes_wander none;
    memset(&none, 0, sizeof none);
    return none;
}

/* x if finite and >= 0, else 0 (steer__nonneg, for a parameter the lanes share). */
static float steer_lanes_nonneg(float x)
{
    return x >= 0.0f && steer_is_finite(x) ? x : 0.0f;
}

/* The force both wander methods end with (wander.c, steer_wander_force): towards the
 * point `d` of the circle or sphere ahead, within the linear limit. */
STEER_LANES_INLINE steer_vl steer_lanes_wander_force(const steer_lanes_agent *a,
                                                     const steer_wander_params *p,
                                                     steer_space space, steer_vl d,
                                                     steer_fl max_linear, steer_il *odd)
{
    steer_vl centre =
        steer_vl_scale(a->forward, steer_fl_splat(steer_lanes_nonneg(p->circle_distance)));
    steer_vl force =
        steer_vl_add_scaled(centre, d, steer_fl_splat(steer_lanes_nonneg(p->circle_radius)));
    return steer_lanes_truncate(steer_lanes_project(space, force), max_linear, odd);
}

/* steer_wander_3d per lane (wander.c): the force from the current sphere point, which
 * then drifts by a random angle about a random axis. Its three draws per lane come in
 * the scalar path's order: the drift angle's number, then the random unit vector's z and
 * angle. */
static steer_vl steer_lanes_wander_3d(const steer_lanes_agent *a, const steer_wander_params *p,
                                      steer_lanes_wander *wd, steer_fl max_linear, steer_il *odd)
{
    const steer_fl zero = steer_fl_splat(0.0f);
    steer_vl d = steer_vl_normalize(wd->point);
    *odd |= steer_vl_dot(d, d) == 0.0f; /* the scalar path draws a new point */
    float change = steer_lanes_nonneg(p->angle_change);
    steer_fl f, z, theta;
    f = steer_lanes_rng_float(&wd->rng);
    z = steer_lanes_rng_range(&wd->rng, -1.0f, 1.0f);
    theta = steer_lanes_rng_range(&wd->rng, 0.0f, STEER_TAU);
    steer_fl angle = f * change - change * 0.5f;
    steer_fl us, uc, rest = 1.0f - z * z;
    steer_lanes_sincos(theta, &us, &uc, odd);
    steer_fl radius = steer_fl_select(rest > 0.0f, steer_fl_sqrt(rest), zero);
    steer_vl unit = {radius * uc, radius * us, z};
    steer_vl axis = steer_vl_normalize(steer_vl_cross(d, unit));
    *odd |= steer_vl_dot(axis, axis) == 0.0f; /* the scalar path skips the drift */
    steer_fl s, c;
    steer_lanes_sincos(angle, &s, &c, odd);
    wd->point = steer_vl_normalize(
        steer_vl_add(steer_vl_scale(d, c), steer_vl_scale(steer_vl_cross(axis, d), s)));
    return steer_lanes_wander_force(a, p, STEER_SPACE_3D, d, max_linear, odd);
}

/* steer_wrap_angle per lane; an angle that is not finite, or that steer_wrap_angle
 * reduces with fmodf (from STEER_WRAP_EXACT_FROM), marks the lane odd. */
static steer_fl steer_lanes_wrap_angle(steer_fl x, steer_il *odd)
{
    *odd |= ~steer_fl_finite(x); /* the scalar path gives 0 */
    steer_il out = (x > STEER_PI) | (x <= -STEER_PI);
    if (steer_il_bits(out) == 0u) return x;
    steer_fl turns = (x + STEER_PI) / STEER_TAU;
    steer_il ok = steer_fl_abs(x) < STEER_WRAP_EXACT_FROM;
    *odd |= out & ~ok;
    steer_fl w = x - STEER_TAU * steer_fl_floor_small(steer_fl_select(ok, turns, x - x));
    w = steer_fl_select(w <= -STEER_PI, w + STEER_TAU, w);
    w = steer_fl_select(w > STEER_PI, w - STEER_TAU, w);
    return steer_fl_select(out, w, x);
}

/* steer_wander per lane (wander.c, Reynolds' wander circle): the force towards the
 * point at the current angle of the circle ahead, then the angle moves by one draw. */
static steer_vl steer_lanes_wander_plane(const steer_lanes_agent *a, const steer_wander_params *p,
                                         steer_space space, steer_lanes_wander *wd,
                                         steer_fl max_linear, steer_il *odd)
{
    const steer_fl zero = steer_fl_splat(0.0f);
    *odd |= ~steer_fl_finite(wd->angle); /* the scalar path restarts it at 0 */
    steer_fl s, c;
    steer_lanes_sincos(wd->angle, &s, &c, odd);
    steer_vl d = space == STEER_SPACE_XY ? (steer_vl){c, s, zero} : (steer_vl){c, zero, s};
    float change = steer_lanes_nonneg(p->angle_change);
    steer_fl f = steer_lanes_rng_float(&wd->rng);
    wd->angle = steer_lanes_wrap_angle(wd->angle + f * change - change * 0.5f, odd);
    return steer_lanes_wander_force(a, p, space, d, max_linear, odd);
}

/* The alignment item's steering (steer__alignment_finish): toward the neighbours'
 * normalised mean heading, zero without neighbours or when their headings cancel. */
static steer_vl steer_lanes_alignment(steer_space space, steer_vl sum, steer_il n, steer_vl forward)
{
    steer_vl heading = steer_vl_normalize(sum);
    steer_il none = (n <= 0) | (steer_vl_dot(heading, heading) == 0.0f);
    steer_vl s = steer_lanes_project(space, steer_vl_sub(heading, forward));
    const steer_fl zero = steer_fl_splat(0.0f);
    return steer_vl_select(none, (steer_vl){zero, zero, zero}, s);
}

/* steer__mass per lane: the mass where it is finite and > 0, else 1. */
static steer_fl steer_lanes_mass(const steer_lanes_agent *a)
{
    return steer_fl_select((a->mass > 0.0f) & steer_fl_finite(a->mass), a->mass,
                           steer_fl_splat(1.0f));
}

/* Seek, flee, arrive, pursue and evade. */
#include "world_lanes_targets.h"

/* A sum is four 4-byte words, its vector and its count, loaded as four floats. */
_Static_assert(sizeof(steer_world_sum) == 4 * sizeof(float) && sizeof(int) == sizeof(float) &&
                   offsetof(steer_world_sum, n) == 3 * sizeof(float),
               "a neighbour sum is x, y, z and a count");

/* The flocking sums of one recipe item, one agent per lane. */
static steer_vl steer_lanes_sum(const steer_world_eval e[], int item, steer_il *n)
{
    steer_fl words[4];
    steer_fl_load_quads(&e[0].sum[item].v.x, sizeof e[0], words);
    *n = (steer_il)words[3];
    return (steer_vl){words[0], words[1], words[2]};
}

/* One recipe item's linear steering: the lane evaluation its row of the behaviour table
 * names, copied into the recipe when it was added (steer_recipe_lanes lets only items
 * with one through). */
static steer_vl steer_lanes_item(const steer_world_eval e[], int item, const steer_lanes_agent *a,
                                 steer_lanes_wander *wd, steer_fl max_linear, steer_il *odd)
{
    const steer_recipe_item *it = &e[0].recipe->recipe.items[item];
    steer_space space = (steer_space)e[0].traits->space;
    steer_world_lane lane = (steer_world_lane)e[0].recipe->lane[item];
    if (lane == STEER_WORLD_LANE_WANDER) {
        if (space == STEER_SPACE_3D)
            return steer_lanes_wander_3d(a, &it->wander, wd, max_linear, odd);
        return steer_lanes_wander_plane(a, &it->wander, space, wd, max_linear, odd);
    }
    steer_model model = (steer_model)e[0].traits->model;
    if (lane == STEER_WORLD_LANE_PURSUE || lane == STEER_WORLD_LANE_EVADE)
        return steer_lanes_pursue(a, e, &it->pursue, lane == STEER_WORLD_LANE_EVADE, max_linear,
                                  odd);
    if (lane == STEER_WORLD_LANE_SEEK || lane == STEER_WORLD_LANE_FLEE ||
        lane == STEER_WORLD_LANE_ARRIVE) {
        steer_vl goal = steer_lanes_goal(e[0].w, e[0].i);
        *odd |= ~steer_vl_finite(goal); /* the scalar behaviours give zero */
        if (lane == STEER_WORLD_LANE_ARRIVE)
            return steer_lanes_arrive(a, space, model, goal, &it->arrive, max_linear, odd);
        return steer_lanes_seek(a, space, model, goal, lane == STEER_WORLD_LANE_FLEE, 0.1f,
                                max_linear, odd);
    }
    steer_il n;
    steer_vl sum = steer_lanes_sum(e, item, &n);
    if (lane == STEER_WORLD_LANE_ALIGNMENT) return steer_lanes_alignment(space, sum, n, a->forward);
    return steer_vl_normalize(steer_lanes_project(space, sum)); /* STEER_WORLD_LANE_DIRECTION */
}

/* The blend of the recipe's items (steer_blend, one group) with the limit applied. */
static steer_vl steer_lanes_blend(const steer_world_eval e[], const steer_lanes_agent *a,
                                  steer_lanes_wander *wd, steer_fl max_linear, steer_il *odd)
{
    const steer_recipe *r = &e[0].recipe->recipe;
    const steer_fl zero = steer_fl_splat(0.0f);
    steer_vl sum = {zero, zero, zero};
    for (int k = 0; k < r->count; k++) {
        steer_vl lin = steer_lanes_item(e, k, a, wd, max_linear, odd);
        sum = steer_vl_add_scaled(sum, lin, steer_fl_splat(r->items[k].weight));
    }
    *odd |= ~steer_vl_finite(sum); /* the scalar limit zeroes it */
    return steer_lanes_truncate(steer_lanes_project((steer_space)e[0].traits->space, sum),
                                max_linear, odd);
}

/* steer_agent_step's linear part for a steering whose angular part is zero. */
STEER_LANES_INLINE void steer_lanes_integrate(steer_lanes_agent *a, steer_space space,
                                              steer_model model, steer_vl linear, float dt,
                                              steer_il *odd)
{
    steer_vl accel;
    float h = dt;
    if (model == STEER_MODEL_REYNOLDS) {
        accel = steer_vl_scale(steer_lanes_truncate(linear, a->max_force, odd),
                               1.0f / steer_lanes_mass(a));
        h = 1.0f;
    } else {
        accel = steer_lanes_truncate(linear, a->max_accel, odd);
    }
    accel = steer_lanes_project(space, accel);
    const steer_fl hv = steer_fl_splat(h);
    steer_vl v = steer_vl_add_scaled(a->vel, accel, hv);
    a->vel = steer_lanes_project(space, steer_lanes_truncate(v, a->max_speed, odd));
    a->pos = steer_vl_add_scaled(a->pos, a->vel, hv);
}

/* The wrap-around sphere of world_bounds.c: a point outside goes to the opposite point of
 * the surface. The state is finite here (checked after the step). */
STEER_LANES_INLINE void steer_lanes_sphere(const steer_bounds *b, steer_lanes_agent *a)
{
    float r = b->radius;
    if (!(r > 0.0f) || !steer_is_finite(r)) return;
    steer_vl c = {steer_fl_splat(b->centre.x), steer_fl_splat(b->centre.y),
                  steer_fl_splat(b->centre.z)};
    steer_vl off = steer_vl_sub(a->pos, c);
    steer_fl d2 = steer_vl_dot(off, off);
    steer_il out = (d2 > r * r) & steer_fl_finite(d2);
    if (steer_il_bits(out) == 0u) return;
    steer_fl root = steer_fl_sqrt(steer_fl_select(out, d2, steer_fl_splat(1.0f)));
    a->pos = steer_vl_select(out, steer_vl_add_scaled(c, off, -r / root), a->pos);
}

/* One axis of a wrap-around box (world_bounds.c, steer_wrap_axis): into [c - h, c + h).
 * A point farther than 2^23 box sizes marks the lane odd. */
static steer_fl steer_lanes_wrap_axis(steer_fl x, float c, float h, steer_il *odd)
{
    float lo = c - h, hi = c + h, size = 2.0f * h;
    steer_il inside = (x >= lo) & (x < hi);
    steer_fl turns = (x - lo) / size;
    steer_il ok = steer_fl_abs(turns) < 8388608.0f;
    *odd |= ~inside & ~ok;
    steer_fl w = x - size * steer_fl_floor_small(steer_fl_select(ok, turns, x - x));
    w = steer_fl_select((w >= lo) & (w < hi), w, steer_fl_splat(lo));
    return steer_fl_select(inside, x, w);
}

/* One axis of a clamping box (steer_clamp_axis): onto the face, the velocity's outward
 * component zeroed. */
static steer_fl steer_lanes_clamp_axis(steer_fl x, float c, float h, steer_fl *v)
{
    steer_il below = x < c - h, above = ~below & (x > c + h);
    const steer_fl zero = steer_fl_splat(0.0f);
    *v = steer_fl_select((below & (*v < 0.0f)) | (above & (*v > 0.0f)), zero, *v);
    return steer_fl_select(below, steer_fl_splat(c - h),
                           steer_fl_select(above, steer_fl_splat(c + h), x));
}

/* The box kinds of world_bounds.c (steer_bounds_box): nothing unless some bounded axis
 * is left; then wrap, clamp or respawn at the centre. The state is finite here. */
STEER_LANES_INLINE void steer_lanes_box(const steer_bounds *b, steer_space space,
                                        steer_lanes_agent *a, steer_il *odd)
{
    steer_fl *p[3] = {&a->pos.x, &a->pos.y, &a->pos.z}, *v[3] = {&a->vel.x, &a->vel.y, &a->vel.z};
    const float c[3] = {b->centre.x, b->centre.y, b->centre.z};
    const float h[3] = {b->half_extents.x, b->half_extents.y, b->half_extents.z};
    bool bounded[3];
    steer_il out = (steer_il){0};
    for (int k = 0; k < 3; k++) {
        bounded[k] = h[k] > 0.0f && steer_is_finite(h[k]);
        if (bounded[k]) out |= (*p[k] < c[k] - h[k]) | (*p[k] > c[k] + h[k]);
    }
    if (steer_il_bits(out) == 0u) return;
    if (b->kind == STEER_BOUNDS_RESPAWN) {
        /* Planar agents keep their own height along the up axis. */
        steer_vl to = {steer_fl_splat(c[0]), steer_fl_splat(c[1]), steer_fl_splat(c[2])};
        to = steer_lanes_project(space, to);
        if (space == STEER_SPACE_XY) to.z = a->pos.z;
        if (space == STEER_SPACE_XZ) to.y = a->pos.y;
        a->pos = steer_vl_select(out, to, a->pos);
        return;
    }
    for (int k = 0; k < 3; k++) {
        if (!bounded[k]) continue;
        if (b->kind == STEER_BOUNDS_WRAP_BOX)
            *p[k] = steer_fl_select(out, steer_lanes_wrap_axis(*p[k], c[k], h[k], odd), *p[k]);
        else
            *p[k] = steer_lanes_clamp_axis(*p[k], c[k], h[k], v[k]);
    }
}

/* The world's bounds for the lanes (steer_bounds_apply). */
STEER_LANES_INLINE void steer_lanes_bounds(const steer_bounds *b, steer_space space,
                                           steer_lanes_agent *a, steer_il *odd)
{
    if (b->kind == STEER_BOUNDS_WRAP_SPHERE)
        steer_lanes_sphere(b, a);
    else if (b->kind != STEER_BOUNDS_NONE)
        steer_lanes_box(b, space, a, odd);
}

/* The lanes' positions and velocities, to the written buffer's entries from e[0].i on (a
 * block's agents are consecutive). */
static inline void steer_lanes_put_motion(steer_world *w, const steer_world_eval e[],
                                          const steer_lanes_agent *a)
{
    int o = w->out;
    steer_lanes_put_xyz(&w->pos[o][e[0].i], a->pos);
    steer_lanes_put_xyz(&w->vel[o][e[0].i], a->vel);
}

/* Write the finished lanes to the written buffer, as steer_world_move does. */
static void steer_lanes_store(steer_world *w, const steer_world_eval e[],
                              const steer_lanes_agent *a, const steer_lanes_wander *wd,
                              steer_vl linear)
{
    int o = w->out, i = e[0].i;
    if (steer__world_reads_own(e[0].recipe)) steer_lanes_put_own(&w->own[w->kept], i, wd);
    steer_lanes_put_poses(&w->pose[o][i], a, STEER_WORLD_LANED);
    /* The steering applied: the linear part, no angular one. */
    steer_vl_store_xyzt((float *)(void *)&w->steering[o][i], linear, steer_fl_splat(0.0f));
    /* A recipe that reads no neighbours saw nobody; its block's other evaluations are not
     * gathered (steer_world_block). */
    uint32_t *seen = &w->neighbours[w->kept][i];
    if (e[0].recipe->nb_count == 0)
        memset(seen, 0, STEER_LANES_WIDTH * sizeof *seen);
    else
        for (int k = 0; k < STEER_LANES_WIDTH; k++) seen[k] = e[k].seen;
    steer_lanes_put_motion(w, e, a);
}

/* The motion of the lanes' agents under the linear steering `linear`: integration,
 * facing the velocity, bounds (as steer_world_move does for one). False when a lane is
 * odd, now or on the way. */
STEER_LANES_INLINE bool steer_lanes_motion(const steer_world *w, steer_space space,
                                           steer_model model, steer_lanes_agent *a, steer_vl linear,
                                           steer_il odd)
{
    steer_lanes_integrate(a, space, model, linear, w->dt, &odd);
    a->rotation = steer_fl_splat(0.0f);
    a->orientation = steer_lanes_orientation(space, a->vel, a->orientation, &odd);
    odd |= ~steer_lanes_state_finite(a); /* the scalar bounds skip such an agent */
    if (steer_il_bits(odd) != 0u) return false;
    steer_lanes_bounds(&w->def.bounds, space, a, &odd);
    return steer_il_bits(odd) == 0u;
}

/* steer__world_lanes_finish of this build (world_eval.h). */
static bool steer_lanes_finish(steer_world *w, const steer_world_eval e[])
{
    steer_space space = (steer_space)e[0].traits->space;
    steer_model model = (steer_model)e[0].traits->model;
    steer_lanes_agent a = steer_lanes_load(w, e);
    steer_il odd = ~steer_lanes_state_finite(&a);
    a.forward = steer_lanes_forward(space, &a, &odd);
    steer_lanes_wander wd = steer_lanes_own_of(w, e);
    steer_fl max_linear =
        steer_lanes_positive(model == STEER_MODEL_REYNOLDS ? a.max_force : a.max_accel);
    steer_vl linear = steer_lanes_blend(e, &a, &wd, max_linear, &odd);
    if (!steer_lanes_motion(w, space, model, &a, linear, odd)) return false;
    steer_lanes_store(w, e, &a, &wd, linear);
    return true;
}

/* steer__world_lanes_finish_two of this build (world_eval.h). Each stage is taken for
 * the first block, then for the second: their chains of divisions and square roots are
 * independent, and the machine works on both at once where one block alone keeps it
 * waiting on each result (wanderers at 10,000 agents: 15% less time a step). */
static unsigned steer_lanes_finish_two(steer_world *w, const steer_world_eval e0[],
                                       const steer_world_eval e1[])
{
    steer_space s0 = (steer_space)e0[0].traits->space, s1 = (steer_space)e1[0].traits->space;
    steer_model m0 = (steer_model)e0[0].traits->model, m1 = (steer_model)e1[0].traits->model;
    steer_lanes_agent a0 = steer_lanes_load(w, e0), a1 = steer_lanes_load(w, e1);
    steer_il odd0 = ~steer_lanes_state_finite(&a0), odd1 = ~steer_lanes_state_finite(&a1);
    a0.forward = steer_lanes_forward(s0, &a0, &odd0);
    a1.forward = steer_lanes_forward(s1, &a1, &odd1);
    steer_lanes_wander wd0 = steer_lanes_own_of(w, e0), wd1 = steer_lanes_own_of(w, e1);
    steer_fl max0 = steer_lanes_positive(m0 == STEER_MODEL_REYNOLDS ? a0.max_force : a0.max_accel);
    steer_fl max1 = steer_lanes_positive(m1 == STEER_MODEL_REYNOLDS ? a1.max_force : a1.max_accel);
    steer_vl linear0 = steer_lanes_blend(e0, &a0, &wd0, max0, &odd0);
    steer_vl linear1 = steer_lanes_blend(e1, &a1, &wd1, max1, &odd1);
    bool ok0 = steer_lanes_motion(w, s0, m0, &a0, linear0, odd0);
    bool ok1 = steer_lanes_motion(w, s1, m1, &a1, linear1, odd1);
    if (ok0) steer_lanes_store(w, e0, &a0, &wd0, linear0);
    if (ok1) steer_lanes_store(w, e1, &a1, &wd1, linear1);
    return (ok0 ? 1u : 0u) | (ok1 ? 2u : 0u);
}

/* Write the moved lanes to the written buffer, as steer_world_move does. */
static void steer_lanes_store_moved(steer_world *w, const steer_world_eval e[],
                                    const steer_lanes_agent *a, const steer_steering out[])
{
    int o = w->out;
    steer_lanes_put_poses(&w->pose[o][e[0].i], a, STEER_WORLD_MOVED);
    for (int k = 0; k < STEER_LANES_WIDTH; k++) {
        int i = e[k].i;
        if (steer__world_reads_own(e[k].recipe)) steer__world_set_own(w, i, &e[k].own);
        w->steering[o][i] = out[k];
        w->neighbours[w->kept][i] = e[k].seen;
    }
    steer_lanes_put_motion(w, e, a);
}

/* steer__world_lanes_move of this build (world_eval.h). */
static bool steer_lanes_move(steer_world *w, const steer_world_eval e[], const steer_steering out[])
{
    steer_space space = (steer_space)e[0].agent.space;
    steer_model model = (steer_model)e[0].agent.model;
    steer_lanes_agent a = steer_lanes_load_agents(e);
    steer_fl words[4];
    steer_fl_load_quads(&out[0].linear.x, sizeof out[0], words);
    steer_vl linear = {words[0], words[1], words[2]};
    /* The scalar path zeroes a steering that is not finite: rare, left to it. The
     * angular part does not matter to agents that face their velocity. */
    steer_il odd = ~steer_lanes_state_finite(&a) | ~steer_vl_finite(linear);
    if (!steer_lanes_motion(w, space, model, &a, linear, odd)) return false;
    steer_lanes_store_moved(w, e, &a, out);
    return true;
}

#endif /* STEER_LANES */

#endif /* STEER_WORLD_LANES_H */
