/* SPDX-License-Identifier: MIT */
// A complete C++ game loop: the world owned by a std::unique_ptr, a flock of 200
// boids wandering inside a box, stepped at a fixed 60 Hz and read back in bulk.
#include <cstdio>
#include <memory>
#include <vector>
#include <steer/steer.h>

struct WorldDeleter {
    void operator()(steer_world *w) const { steer_world_destroy(w); }
};
using World = std::unique_ptr<steer_world, WorldDeleter>;

// The shared library a game loads may not be the one it was built against: check the
// version once at start-up (same major, and while it is 0 the same minor).
static bool steer_version_matches()
{
    int linked = steer_version();
    if (linked / 10000 != STEER_VERSION_MAJOR) return false;
    return STEER_VERSION_MAJOR != 0 || (linked / 100) % 100 == STEER_VERSION_MINOR;
}

int main()
{
    if (!steer_version_matches()) {
        std::fprintf(stderr, "built against steer %s, loaded %s\n", STEER_VERSION_STRING,
                     steer_version_string());
        return 1;
    }

    const int boids = 200;
    steer_world_def def = steer_world_default();
    def.capacity = boids;
    def.bounds.kind = STEER_BOUNDS_WRAP_BOX; // leave one side, come back on the other
    def.bounds.half_extents = steer_v3(30, 30, 0);
    World world(steer_world_create(&def));
    if (!world) return 1;

    // Wander, and flock: separation, alignment, cohesion.
    steer_recipe recipe = steer_recipe_default();
    const steer_behaviour_kind kinds[] = {STEER_BEHAVIOUR_WANDER, STEER_BEHAVIOUR_SEPARATION,
                                          STEER_BEHAVIOUR_ALIGNMENT, STEER_BEHAVIOUR_COHESION};
    const float weights[] = {0.5f, 2.0f, 1.0f, 1.0f};
    for (int i = 0; i < 4; i++) recipe.items[i] = steer_recipe_item_make(kinds[i], weights[i]);
    recipe.count = 4;
    int flock = steer_world_add_recipe(world.get(), &recipe);

    steer_rng rng = steer_rng_make(7, 0); // positions from a generator the game owns
    for (int i = 0; i < boids; i++) {
        steer_world_agent_def agent = steer_world_agent_default();
        // One draw per statement: the order of a call's arguments is unspecified and
        // compilers differ, which would break "the same seed gives the same run".
        float x = steer_rng_range(&rng, -30, 30);
        float y = steer_rng_range(&rng, -30, 30);
        float vx = steer_rng_range(&rng, -1, 1);
        float vy = steer_rng_range(&rng, -1, 1);
        agent.agent.position = steer_v3(x, y, 0);
        agent.agent.velocity = steer_v3(vx, vy, 0);
        agent.recipe = flock;
        if (steer_world_add(world.get(), &agent, nullptr) != STEER_WORLD_OK) return 1;
    }

    std::vector<steer_agent> drawn(boids);
    for (int frame = 1; frame <= 60 * 10; frame++) {
        steer_world_step(world.get(), 1.0f / 60.0f);
        int n = steer_world_read(world.get(), 0, boids, drawn.data(), nullptr, nullptr);
        // Mean heading alignment: 1 when every boid flies the same way.
        steer_vec3 sum = steer_v3_zero();
        for (int i = 0; i < n; i++) sum = steer_add(sum, steer_normalize(drawn[i].velocity));
        if (frame % 120 == 0)
            std::printf("t = %2d s  alignment %.2f\n", frame / 60, double(steer_length(sum) / n));
    }
    std::printf("steer %s: %d boids stepped\n", steer_version_string(),
                steer_world_count(world.get()));
    return 0;
} // the World's destructor frees everything the world allocated
