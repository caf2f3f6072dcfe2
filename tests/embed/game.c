/* SPDX-License-Identifier: MIT */
/* A small game that consumes steer the way a user's project would: built with warnings
 * on and -Werror off, and with an unused variable, which must stay a warning (steer's
 * own -Werror must never reach a game's sources). */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    int unused_on_purpose; /* -Wunused-variable: a warning here, never an error */
    if (steer_version() != STEER_VERSION) {
        fprintf(stderr, "headers %s, library %s\n", STEER_VERSION_STRING, steer_version_string());
        return 1;
    }
    steer_world_def def = steer_world_default();
    steer_world *world = steer_world_create(&def);
    steer_recipe recipe = steer_recipe_default();
    recipe.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    recipe.count = 1;
    steer_world_agent_def agent = steer_world_agent_default();
    agent.recipe = steer_world_add_recipe(world, &recipe);
    agent.target = steer_v3(5.0f, 5.0f, 0.0f);
    steer_handle h;
    if (steer_world_add(world, &agent, &h) != STEER_WORLD_OK) return 1;
    for (int i = 0; i < 600; i++) steer_world_step(world, 1.0f / 60.0f);
    steer_agent a;
    steer_world_get_agent(world, h, &a);
    float d = steer_distance(a.position, agent.target);
    steer_world_destroy(world);
    printf("steer %s: the agent ended %.3f units from its target\n", steer_version_string(),
           (double)d);
    return d < 0.5f ? 0 : 1;
}
