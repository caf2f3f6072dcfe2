/* SPDX-License-Identifier: MIT */
/* steer/approach.h - the "random approach" walker (docs/origins.md).
 *
 * Function index
 *   steer_approach_default, steer_approach_next, steer_approach_next_drawn,
 *   steer_approach_max_legs, steer_approach_plan,
 *   steer_approach_walk_default, steer_approach_walker_start, steer_approach_walk
 *
 * A walker reaches its target by a wobbly, natural-looking route: each time it reaches
 * its current waypoint it asks for the next one (docs/paths.md has the equations):
 *   dir      = target - from, d = |dir|
 *   step     = clamp(d * step_factor, min_step, max_step)
 *   step > d: the next waypoint is the target itself
 *   otherwise:
 *     max_dev  = lerp(0, max_fov, clamp(d, 0, aggro_distance) / aggro_distance) * fov_scale
 *     dev      = deviation_draw * max_dev, turned left (side_draw < 0.5) or right
 *     waypoint = from + rotate_about_up(normalize(dir) * step, +-dev)
 * "Left" is a positive rotation about the space's up axis: the direction the agent's
 * orientation grows (steer/agent.h). In STEER_SPACE_XY and STEER_SPACE_XZ distances and
 * directions are measured in the plane and an intermediate waypoint keeps the walker's
 * coordinate along the up axis (the final waypoint is the target itself); in
 * STEER_SPACE_3D the leg is rotated about +Y and keeps its vertical component.
 *
 * Randomness comes from the caller's steer_rng (exactly two draws per leg, always, so a
 * replay stays in step), or the two uniform draws are passed explicitly
 * (steer_approach_next_drawn) to replay a given walk. The target may move: every leg is
 * computed from the target position passed for that leg.
 */
#ifndef STEER_APPROACH_H
#define STEER_APPROACH_H

#include "steer/agent.h"
#include "steer/behaviours.h"
#include "steer/random.h"

STEER_EXTERN_C_BEGIN

/* The walker's constants; the defaults are the original walker's values. */
typedef struct steer_approach_params {
    float min_step;       /* shortest leg, world units (1); negative or NaN is 0 */
    float max_step;       /* longest leg, world units (10); below min_step means min_step */
    float step_factor;    /* share of the distance one leg walks (0.5); negative or NaN is 0 */
    float aggro_distance; /* distance at and beyond which the full field of view is used,
                             world units (30); <= 0 or NaN means "always the full field" */
    float max_fov;        /* field of view at aggro_distance, radians (pi/2) */
    float fov_scale;      /* share of the field used as the deviation limit (0.5); the
                             product max_fov * fov_scale is clamped into [0, pi] */
} steer_approach_params;

/* The original walker's values: min_step 1, max_step 10, step_factor 0.5, aggro_distance 30,
 * max_fov pi/2, fov_scale 0.5 (so at most 45 degrees either side at 30+ units). */
STEER_API steer_approach_params steer_approach_default(void);

/* One leg of the walk, as computed by steer_approach_next / _next_drawn. */
typedef struct steer_approach_leg {
    steer_vec3 waypoint; /* where the leg ends */
    float distance;      /* d: distance from `from` to the target before the leg */
    float step;          /* length of the leg: clamp(d * step_factor, min, max), or d on
                            the final leg */
    float max_deviation; /* the deviation limit at distance d, radians (0 on the final leg) */
    float deviation;     /* signed deviation used, radians; positive turns left */
    bool reaches_target; /* true when the waypoint is the target (the final leg) */
} steer_approach_leg;

/* The next waypoint from `from` towards `target`, drawing the deviation fraction and
 * then the side from `rng` (two steer_rng_float draws, always, also on the final leg).
 * Bad input: a NULL rng asserts (debug) and uses draws of 0; see _next_drawn. */
STEER_API steer_approach_leg steer_approach_next(steer_space space, steer_vec3 from,
                                                 steer_vec3 target,
                                                 const steer_approach_params *params,
                                                 steer_rng *rng);

/* The next waypoint with the two uniform draws given: deviation = deviation_draw *
 * max_deviation, turned left when side_draw < 0.5, right otherwise. Draws are clamped
 * into [0, 1]; NaN counts as 0. A NULL params pointer means the defaults.
 * Degenerate input: the walker on the target (d below 1e-6) gives the target as a
 * final leg of length d; a non-finite target gives `from` as the waypoint with
 * reaches_target false and step 0 (stay put); a non-finite `from` with a finite target
 * gives the target as a final leg. Far apart (an in-plane distance beyond about 1.8e19,
 * whose square overflows float) the direction is taken in double and `distance` is
 * saturated at FLT_MAX; a waypoint that would leave the float range (a long leg from
 * near +-FLT_MAX) is held at +-FLT_MAX. The result never holds NaN or infinity. */
STEER_API steer_approach_leg steer_approach_next_drawn(steer_space space, steer_vec3 from,
                                                       steer_vec3 target,
                                                       const steer_approach_params *params,
                                                       float deviation_draw, float side_draw);

/* An upper bound on the number of legs (the final leg included) a walk starting at
 * `distance` from a target that does not move can take, whatever the draws. It follows
 * the worst case (the full deviation on every leg), whose next distance grows with the
 * current one, so it bounds every walk; docs/paths.md has the argument and a table
 * (the defaults: 6 legs from 14.14 units, where the worked example's walk took 5; 8 from 30;
 * 9 + floor((distance - 30) / 6.003) beyond 30).
 * Distance 0 gives 1 (the zero-length final leg). Returns -1 when the parameters do not guarantee
 * progress (a deviation limit so wide that a leg may end no closer, e.g. over 60 degrees with
 * step_factor 1) or for a negative or non-finite distance. */
STEER_API int steer_approach_max_legs(float distance, const steer_approach_params *params);

/* Precompute a walk: write the waypoints from `from` towards a fixed `target` into
 * out[0..], drawing from rng, until the target is reached or `capacity` waypoints are
 * written. Returns the number written; `reached` (may be NULL) says whether the last one
 * is the target. NULL out or capacity <= 0 writes nothing and returns 0. Use it to fit a
 * spline through the next k waypoints (steer/spline.h). */
STEER_API int steer_approach_plan(steer_space space, steer_vec3 from, steer_vec3 target,
                                  const steer_approach_params *params, steer_rng *rng,
                                  steer_vec3 *out, int capacity, bool *reached);

/* ---- the walker as a steering behaviour ------------------------------------------ */

/* How many waypoints the walker may plan ahead (steer_approach_walker.plan). */
#define STEER_APPROACH_AHEAD_MAX 8

/* How the walker behaviour moves along its waypoints. */
typedef struct steer_approach_walk_params {
    steer_approach_params approach; /* the waypoint rule (steer_approach_default) */
    int ahead;                      /* waypoints planned ahead, 1..STEER_APPROACH_AHEAD_MAX
                                       (default 1: the original one leg at a time) */
    bool smooth;                    /* follow a centripetal Catmull-Rom spline through the
                                       planned waypoints instead of straight legs (false) */
    float reach_radius;             /* a waypoint counts as reached inside it, world units
                                       (0.5); <= 0 or NaN means 0.5 */
    float lead;                     /* smooth mode: the sought point runs this far ahead of
                                       the agent along the spline, world units (1) */
    steer_arrive_params arrive;     /* how the walker stops at the target (arrive defaults) */
} steer_approach_walk_params;

/* Defaults: steer_approach_default(), ahead 1, straight legs, reach_radius 0.5,
 * lead 1, steer_arrive_default(). */
STEER_API steer_approach_walk_params steer_approach_walk_default(void);

/* What the walker remembers between steps; the caller owns it. */
typedef struct steer_approach_walker {
    /* plan[0] is the waypoint the agent left last; plan[1..count-1] are the next ones. */
    steer_vec3 plan[STEER_APPROACH_AHEAD_MAX + 1];
    int count;           /* points in plan, 1..ahead+1; 0 before the walk starts */
    steer_vec3 previous; /* the waypoint before plan[0] (shapes the spline's first segment) */
    bool has_previous;   /* false until the first leg is done */
    float u;             /* smooth mode: spline parameter on plan[0] -> plan[1], in [0, 1] */
    bool ends_at_target; /* the last planned point is the target (it follows it if it moves) */
    bool arrived;        /* the agent came to rest at the target */
    int legs;            /* legs completed so far */
} steer_approach_walker;

/* Start a walk in `space` from `from` (usually the agent's position): plan
 * `params->ahead` legs towards `target` with rng (NULL params: the defaults). A
 * non-finite `from` starts at the target; a non-finite target plans nothing (count 1,
 * the walker stays at `from`). NULL walker or rng: does nothing. */
STEER_API void steer_approach_walker_start(steer_approach_walker *walker, steer_space space,
                                           steer_vec3 from, steer_vec3 target,
                                           const steer_approach_walk_params *params,
                                           steer_rng *rng);

/* One step of the walk towards `target` (its current position: it may move).
 * Straight mode seeks the next waypoint; when the agent comes within reach_radius the
 * plan moves on one leg and one more waypoint is drawn from the last planned point to
 * the current target. Smooth mode seeks a point `lead` ahead on the spline through the
 * plan instead. The last leg uses steer_arrive, and `arrived` (may be NULL) becomes true
 * when the agent rests at the target (also stored in the walker).
 * Bad input: a NULL walker or rng, an unusable agent or a non-finite target give zero
 * steering and arrived false; a walker never started (count 0), or whose state is out of
 * range (count above STEER_APPROACH_AHEAD_MAX + 1, a non-finite point, u outside
 * [0, 1]), is started here from the agent's position. */
STEER_API steer_steering steer_approach_walk(const steer_agent *agent,
                                             steer_approach_walker *walker, steer_vec3 target,
                                             const steer_approach_walk_params *params,
                                             steer_rng *rng, bool *arrived);

STEER_EXTERN_C_END

#endif /* STEER_APPROACH_H */
