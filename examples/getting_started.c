/* SPDX-License-Identifier: MIT */
/* A complete C game loop: 64 characters cross a circle to the opposite side, keeping
 * apart, stepped at a fixed 60 Hz and read back in bulk each frame for drawing. */
#include <stdio.h>
#include <steer/steer.h>

#define AGENTS 64

int main(void)
{
    /* 1. A world sized once, up front: it allocates nothing while it steps. */
    steer_world_def def = steer_world_default();
    def.capacity = AGENTS;
    def.seed = 42; /* the same seed replays the same run */
    steer_world *world = steer_world_create(&def);
    if (!world) return 1;

    /* 2. A recipe shared by every agent: arrive at the target, keep apart. */
    steer_recipe recipe = steer_recipe_default();
    recipe.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    recipe.items[1] = steer_recipe_item_make(STEER_BEHAVIOUR_SEPARATION, 2.0f);
    recipe.count = 2;
    int walkers = steer_world_add_recipe(world, &recipe);

    /* 3. Agents on a circle of radius 20, each heading for the opposite point. Keep the
     *    handles: they stay valid while the agent lives, whatever the world reorders. */
    steer_handle handles[AGENTS];
    steer_vec3 goals[AGENTS];
    for (int i = 0; i < AGENTS; i++) {
        float angle = 6.2831853f * (float)i / AGENTS;
        steer_world_agent_def agent = steer_world_agent_default();
        agent.agent.position = steer_v3(20.0f * steer_cos(angle), 20.0f * steer_sin(angle), 0);
        agent.recipe = walkers;
        agent.target = goals[i] = steer_scale(agent.agent.position, -1.0f);
        if (steer_world_add(world, &agent, &handles[i]) != STEER_WORLD_OK) return 1;
    }

    /* 4. A fixed step. Each frame, read every agent back in one call, as a renderer
     *    would, here to report the fastest speed once a second. */
    static steer_agent drawn[AGENTS];
    for (int frame = 1; frame <= 60 * 20; frame++) {
        steer_world_step(world, 1.0f / 60.0f);
        int n = steer_world_read(world, 0, AGENTS, drawn, NULL, NULL);
        float fastest = 0.0f;
        for (int i = 0; i < n; i++) {
            float speed = steer_length(drawn[i].velocity);
            if (speed > fastest) fastest = speed;
        }
        if (frame % 240 == 0)
            printf("t = %2d s  fastest %.2f units/s\n", frame / 60, (double)fastest);
    }

    /* 5. Look agents up by handle: how many reached their goal? */
    int arrived = 0;
    for (int i = 0; i < AGENTS; i++) {
        steer_agent a;
        if (steer_world_get_agent(world, handles[i], &a) != STEER_WORLD_OK) return 1;
        if (steer_distance(a.position, goals[i]) < 1.0f) arrived++;
    }
    printf("%d of %d agents arrived\n", arrived, AGENTS);

    /* 6. One call frees everything the world allocated. */
    steer_world_destroy(world);
    return arrived == AGENTS ? 0 : 1;
}
