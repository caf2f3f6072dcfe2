/* SPDX-License-Identifier: MIT */
/* One agent's evaluation in a world step (private). world_step.c gathers it (the agent,
 * its body and its neighbour sums) and finishes it one agent at a time; world_lanes.c
 * finishes four, eight or sixteen at once when they fit its vector path, with the same
 * results. */
#ifndef STEER_WORLD_EVAL_H
#define STEER_WORLD_EVAL_H

#include "world_internal.h"

/* What the neighbour loop gathers for one recipe item. */
typedef struct steer_world_sum {
    steer_vec3 v;
    int n;
} steer_world_sum;

/* Everything one agent's evaluation needs. */
typedef struct steer_world_eval {
    const steer_world *w;
    int i;                            /* dense index */
    steer_agent agent;                /* its state at the start of the step (the scalar path's) */
    const steer_world_traits *traits; /* its traits */
    steer_world_pose pose;            /* the scalar path's copies of its pose and own state: */
    steer_world_own own;              /* flags, wander and rng change here (the vector path
                                         reads the arrays and leaves these unset) */
    const steer_world_slot *slot;     /* NULL unless the recipe or a callback needs it */
    const steer_world_recipe *recipe;
    steer_world_sum sum[STEER_RECIPE_MAX];
    uint32_t seen; /* neighbours that passed any test */
} steer_world_eval;

/* Coincident agents: a unit push along x, opposite for the two of the pair (by slot), so
 * they separate deterministically instead of dividing by zero. */
static inline steer_vec3 steer_world_tie(const steer_world_eval *e, int j)
{
    float sign = e->traits->slot < steer__world_traits(e->w, j)->slot ? 1.0f : -1.0f;
    return steer_v3(sign, 0.0f, 0.0f);
}

/* steer__flock_accepts without branches on the data, as 0 or 1: whether a neighbour
 * passes is close to a coin toss, and mispredicted branches dominated this loop. */
static inline float steer_world_accepts(const steer_flock_test *t, float k, float d2)
{
    bool cone;
    if (t->cos_view >= 0.0f) /* the same for the whole loop: predicted */
        cone = (k > 0.0f) & (k * k > t->cos_sq * d2);
    else
        cone = (k >= 0.0f) | (k * k < t->cos_sq * d2) | (t->cos_view <= -1.0f);
    cone |= d2 <= STEER_FLOCK_TIE_SQ;
    return (float)((d2 < t->radius_sq) & cone);
}

/* Gather the neighbour sums of e's recipe in the search itself, four candidates at a
 * time, for recipes whose neighbourhood items are all separation, alignment and cohesion
 * (steer_world_recipe.fused); world_sums.h. The AVX-512 build (world_sums_avx512.c, where
 * the build has it) gives the same bits. */
void steer__world_sums(steer_world_eval *e);
void steer__world_sums_avx512(steer_world_eval *e);

/* Agents per call of each build of the vector path (steer_world_lanes_build): four,
 * eight with AVX2, sixteen with AVX-512. world_lanes.c checks this against lanes.h's
 * STEER_LANES_WIDTH in each build. */
#define STEER_WORLD_LANES_WIDTH(build) (4 << (build))
#define STEER_WORLD_LANES_MAX          STEER_WORLD_LANES_WIDTH(STEER_WORLD_LANES_AVX512)

/* Whether dense agents i .. i+width-1 of the snapshot can take the vector path: the same
 * recipe, one the path covers (steer_world_recipe.lanes), no callback, and the same
 * space, model and facing, of the kinds it covers; and bounds it covers. */
bool steer__world_lanes_fit(const steer_world *w, int i, int width);

/* Finish four gathered agents that fit (steer__world_lanes_fit) and write their new
 * state to the other buffer, with the same bits as finishing each on its own. Of a
 * recipe that reads neither neighbours nor sums only e[0] need be gathered (which
 * agents, their recipe and traits); the others' counts are then written as zero. Returns
 * false, having written nothing, when any of them meets a case the vector path leaves
 * to the scalar one (non-finite state, a degenerate wander draw, ...). */
bool steer__world_lanes_finish(steer_world *w, const steer_world_eval e[]);

/* The same for eight agents, compiled for AVX2 (world_lanes_avx2.c), and for sixteen,
 * compiled for AVX-512 (world_lanes_avx512.c), when the build has them
 * (STEER_WORLD_AVX2, STEER_WORLD_AVX512); the step calls the one of the world's
 * steer_world.lanes through steer__world_lanes_builds. */
bool steer__world_lanes_finish_avx2(steer_world *w, const steer_world_eval e[]);
bool steer__world_lanes_finish_avx512(steer_world *w, const steer_world_eval e[]);

/* Two blocks at once, each as steer__world_lanes_finish would: e0 and e1 are the
 * gathered evaluations of two blocks of the build's width that fit. Bit 0 of the result
 * is set when the first was finished and written, bit 1 for the second; a block whose
 * bit is clear was left untouched. */
unsigned steer__world_lanes_finish_two(steer_world *w, const steer_world_eval e0[],
                                       const steer_world_eval e1[]);
unsigned steer__world_lanes_finish_two_avx2(steer_world *w, const steer_world_eval e0[],
                                            const steer_world_eval e1[]);
unsigned steer__world_lanes_finish_two_avx512(steer_world *w, const steer_world_eval e0[],
                                              const steer_world_eval e1[]);

/* Whether dense agents i .. i+width-1 can have their motion finished on the vector path
 * (steer__world_lanes_move), whatever works out their steering: the same space and
 * model, facing their velocity, and bounds it covers. */
bool steer__world_lanes_fit_moves(const steer_world *w, int i, int width);

/* The motion half of finishing gathered agents that fit (steer__world_lanes_fit_moves):
 * integrate each e[k].agent (the scalar path's, as the steering half left it) with
 * steering out[k], apply the bounds, and write the new state, e[k].pose, e[k].own,
 * out[k] and e[k].seen (the own state in place, the rest to the other buffer), with the same bits
 * as steer_agent_step and steer_bounds_apply. Returns false, having written nothing, when any of
 * them meets a case the vector path leaves to the scalar one. The _avx2 and _avx512 builds take
 * eight and sixteen agents. */
bool steer__world_lanes_move(steer_world *w, const steer_world_eval e[],
                             const steer_steering out[]);
bool steer__world_lanes_move_avx2(steer_world *w, const steer_world_eval e[],
                                  const steer_steering out[]);
bool steer__world_lanes_move_avx512(steer_world *w, const steer_world_eval e[],
                                    const steer_steering out[]);

/* A build of the vector path: its entry points (above). */
typedef struct steer_world_lanes_fns {
    bool (*finish)(steer_world *w, const steer_world_eval e[]);
    unsigned (*finish_two)(steer_world *w, const steer_world_eval e0[],
                           const steer_world_eval e1[]);
    bool (*move)(steer_world *w, const steer_world_eval e[], const steer_steering out[]);
} steer_world_lanes_fns;

#define STEER_WORLD_LANES_BUILDS (STEER_WORLD_LANES_AVX512 + 1)

/* The builds this library has, by steer_world_lanes_build (world_lanes.c); NULLs for the
 * ones it was built without. The step calls the entry of the world's steer_world.lanes,
 * which steer__world_lanes_best picked among the non-NULL ones at creation. */
extern const steer_world_lanes_fns steer__world_lanes_builds[STEER_WORLD_LANES_BUILDS];

/* The widest build of the vector path that this build has and this machine runs
 * (a steer_world_lanes_build). Read once per world, at creation. */
int steer__world_lanes_best(void);

#endif /* STEER_WORLD_EVAL_H */
