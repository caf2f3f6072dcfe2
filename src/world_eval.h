/* One agent's evaluation in a world step (private). world_step.c gathers it (the agent,
 * its body and its neighbour sums) and finishes it one agent at a time; world_lanes.c
 * finishes four at once when they fit its vector path, with the same results. */
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
    int i;                        /* dense index */
    steer_agent agent;            /* its state at the start of the step */
    steer_world_body body;        /* its body; wander and rng advance here */
    const steer_world_slot *slot; /* NULL unless the recipe or a callback needs it */
    const steer_world_recipe *recipe;
    steer_world_sum sum[STEER_RECIPE_MAX];
    uint32_t seen; /* neighbours that passed any test */
} steer_world_eval;

/* Agents per call of the vector path. */
#define STEER_WORLD_LANES 4

/* Whether dense agents i .. i+3 of the snapshot can take the vector path: the same
 * recipe, one the path covers (steer_world_recipe.lanes), no callback, and the same
 * space, model and facing, of the kinds it covers; and bounds it covers. */
bool steer__world_lanes_fit(const steer_world *w, int i);

/* Finish four gathered agents that fit (steer__world_lanes_fit) and write their new
 * state to the other buffer, with the same bits as finishing each on its own. Returns
 * false, having written nothing, when any of them meets a case the vector path leaves
 * to the scalar one (non-finite state, a degenerate wander draw, ...). */
bool steer__world_lanes_finish(steer_world *w, const steer_world_eval e[STEER_WORLD_LANES]);

#endif /* STEER_WORLD_EVAL_H */
