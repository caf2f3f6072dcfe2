/* SPDX-License-Identifier: MIT */
/* web/scene_flock.c - the flock: 1,000 to 100,000 boids run by the library's batch world
 * (steer/world.h) with one recipe of separation, alignment, cohesion and wander, in a
 * wrap-around box.
 *
 * The world is the only thing in the demo that needs memory from the heap; it takes it
 * through a steer_allocator over malloc that counts the bytes (shown under the canvas).
 * The box grows with the number of agents, so the density, and the look of the flocks,
 * stay the same from 1,000 to 100,000. A recipe is fixed once registered, so a slider
 * other than the count marks the recipe stale and the next step moves every agent, state
 * unchanged, into a new world with the new recipe (a count change starts the scene
 * again). The agent records the page draws are read out of the world, with
 * steer_world_read, only when the page reads them (web_ensure_drawn); force
 * vectors are drawn for a steady sample of the agents, also by steer_world_debug_draw.
 */
#include <stdlib.h>
#include <string.h>

#include "web_scene.h"

/* World area per agent, square units: about six agents within the cohesion radius of the
 * uniform start, so flocks form within a few seconds. */
#define WEB_FLOCK_AREA   36.0f
#define WEB_FLOCK_ASPECT 1.6f
/* At most this many agents get their vectors drawn (every k-th slot). */
#define WEB_FLOCK_SHOWN 600

enum { FL_COUNT, FL_SEP_W, FL_ALI_W, FL_COH_W, FL_WAN_W, FL_SEP_R, FL_ALI_R, FL_COH_R, FL_SPEED };

static const web_param_def web_flock_params[] = {
    WEB_COUNT_SLIDER("agents", 1000, 100000, 1000, 2000),
    WEB_SLIDER("separation weight", 0, 30, 0.5f, 12),
    WEB_SLIDER("alignment weight", 0, 20, 0.5f, 8),
    WEB_SLIDER("cohesion weight", 0, 20, 0.5f, 8),
    WEB_SLIDER("wander weight", 0, 10, 0.5f, 1),
    WEB_SLIDER("separation radius", 0.5f, 15, 0.5f, 5),
    WEB_SLIDER("alignment radius", 0.5f, 15, 0.5f, 7.5f),
    WEB_SLIDER("cohesion radius", 0.5f, 15, 0.5f, 9),
    WEB_SLIDER("max speed", 1, 20, 0.5f, 9),
};

static struct {
    steer_world *world;
    int recipe;
    bool recipe_stale;
    float *records; /* WEB_AGENT_FLOATS per agent, for the page */
    int capacity;
    int read; /* records filled so far by web_flock_read */
    steer_handle shown[WEB_FLOCK_SHOWN];
    int shown_count;
    size_t bytes; /* held through web_flock_alloc */
} web_fl;

/* ---- memory ---------------------------------------------------------------------------- */

static void *web_flock_alloc(void *user, size_t size)
{
    (void)user;
    void *p = malloc(size);
    if (p != NULL) web_fl.bytes += size;
    return p;
}

static void web_flock_free(void *user, void *ptr, size_t size)
{
    (void)user;
    if (ptr == NULL) return;
    web_fl.bytes -= size;
    free(ptr);
}

/* ---- the world --------------------------------------------------------------------------- */

static steer_recipe_item web_flock_item(steer_behaviour_kind kind, int weight, int radius)
{
    /* shown on the page { */
    steer_recipe_item it = steer_recipe_item_make(kind, web_param(weight));
    if (radius >= 0) it.neighbourhood.radius = web_param(radius);
    /* } shown on the page */
    return it;
}

static steer_recipe web_flock_recipe(void)
{
    /* shown on the page { */
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = web_flock_item(STEER_BEHAVIOUR_SEPARATION, FL_SEP_W, FL_SEP_R);
    r.items[r.count++] = web_flock_item(STEER_BEHAVIOUR_ALIGNMENT, FL_ALI_W, FL_ALI_R);
    r.items[r.count++] = web_flock_item(STEER_BEHAVIOUR_COHESION, FL_COH_W, FL_COH_R);
    r.items[r.count++] = web_flock_item(STEER_BEHAVIOUR_WANDER, FL_WAN_W, -1);
    /* } shown on the page */
    return r;
}

/* A world for `capacity` agents in the wrap-around box, with the current recipe. */
static steer_world *web_flock_world(int capacity)
{
    steer_world_def def = steer_world_default();
    def.capacity = capacity;
    def.max_recipes = 1;
    def.seed = web_s.seed;
    def.bounds.kind = STEER_BOUNDS_WRAP_BOX;
    def.bounds.centre = steer_v3(web_s.world_w * 0.5f, web_s.world_h * 0.5f, 0.0f);
    def.bounds.half_extents = steer_v3(web_s.world_w * 0.5f, web_s.world_h * 0.5f, 0.0f);
    def.allocator.alloc = web_flock_alloc;
    def.allocator.free = web_flock_free;
    /* shown on the page { */
    steer_world *w = steer_world_create(&def);
    if (w == NULL) return NULL;
    steer_recipe r = web_flock_recipe();
    web_fl.recipe = steer_world_add_recipe(w, &r);
    /* } shown on the page */
    return w;
}

static void web_flock_add(steer_world *w, steer_agent a)
{
    steer_world_agent_def d = steer_world_agent_default();
    a.max_speed = web_param(FL_SPEED);
    d.agent = a;
    d.recipe = web_fl.recipe;
    steer_world_add(w, &d, NULL);
}

/* A boid: kinematic, OpenSteer's acceleration limit, a random heading at 30% speed. */
static steer_agent web_flock_boid(void)
{
    steer_agent a = steer_agent_default();
    a.max_accel = 27.0f;
    a.radius = 0.5f;
    a.position = web_random_point(0.0f);
    float heading = steer_rng_range(&web_s.rng, -STEER_PI, STEER_PI);
    a.velocity =
        steer_scale(steer_space_heading(STEER_SPACE_XY, heading), 0.3f * web_param(FL_SPEED));
    return a;
}

/* The sample whose vectors are drawn: every k-th slot, at most WEB_FLOCK_SHOWN agents.
 * Handles are stable, so the sample stays put while the world reorders its agents. */
static void web_flock_pick_sample(void)
{
    int n = steer_world_count(web_fl.world);
    int every = (n + WEB_FLOCK_SHOWN - 1) / WEB_FLOCK_SHOWN;
    web_fl.shown_count = 0;
    for (int i = 0; i < n && web_fl.shown_count < WEB_FLOCK_SHOWN; i++) {
        steer_handle h = steer_world_handle_at(web_fl.world, i);
        if (h.index % (uint32_t)every == 0u) web_fl.shown[web_fl.shown_count++] = h;
    }
}

static void web_flock_stop(void)
{
    steer_world_destroy(web_fl.world);
    web_flock_free(NULL, web_fl.records,
                   (size_t)web_fl.capacity * WEB_AGENT_FLOATS * sizeof(float));
    web_fl.world = NULL;
    web_fl.records = NULL;
    web_fl.capacity = 0;
    web_fl.shown_count = 0;
}

static void web_flock_start(void)
{
    web_flock_stop();
    int n = (int)web_param(FL_COUNT);
    web_s.world_w = steer_sqrt((float)n * WEB_FLOCK_AREA * WEB_FLOCK_ASPECT);
    web_s.world_h = web_s.world_w / WEB_FLOCK_ASPECT;
    web_fl.capacity = n;
    web_fl.world = web_flock_world(n);
    web_fl.records = web_flock_alloc(NULL, (size_t)n * WEB_AGENT_FLOATS * sizeof(float));
    if (web_fl.world == NULL || web_fl.records == NULL) {
        web_flock_stop(); /* out of memory: an empty scene, and the stats say 0 agents */
        return;
    }
    web_fl.recipe_stale = false;
    for (int i = 0; i < n; i++) web_flock_add(web_fl.world, web_flock_boid());
    web_flock_pick_sample();
}

/* Move every agent, state unchanged, into a new world with the new recipe and speed. */
static void web_flock_rebuild(void)
{
    steer_world *old = web_fl.world;
    steer_world *w = web_flock_world(web_fl.capacity);
    if (w == NULL) return; /* keep running the old recipe */
    for (int i = 0; i < steer_world_count(old); i++) {
        steer_agent a;
        steer_world_get_agent(old, steer_world_handle_at(old, i), &a);
        web_flock_add(w, a);
    }
    steer_world_destroy(old);
    web_fl.world = w;
    web_flock_pick_sample();
}

static void web_flock_step(void)
{
    if (web_fl.world == NULL) return;
    if (web_fl.recipe_stale) web_flock_rebuild();
    web_fl.recipe_stale = false;
    /* shown on the page { */
    steer_world_step(web_fl.world, WEB_DT);
    /* } shown on the page */
}

/* ---- drawing ----------------------------------------------------------------------------- */

static void web_flock_line(void *user, steer_vec3 from, steer_vec3 to, uint32_t colour)
{
    (void)user;
    web_line(colour == STEER_DEBUG_FORCE ? WEB_STYLE_FORCE : WEB_STYLE_VELOCITY, from, to);
}

static void web_flock_circle(void *user, steer_vec3 centre, float radius, steer_vec3 normal,
                             uint32_t colour)
{
    (void)user;
    (void)normal;
    (void)colour;
    web_circle(WEB_STYLE_NEIGHBOURHOOD, centre, radius);
}

/* The records are read with steer_world_read: one pass over the world's arrays in its
 * own order, where fetching each agent by handle would jump through the slot table twice
 * per agent (25 ms instead of a few for 100,000, natively). */
enum { WEB_FLOCK_READ_CHUNK = 256 };

static int web_flock_read(void)
{
    static steer_agent agents[WEB_FLOCK_READ_CHUNK];
    static steer_steering steering[WEB_FLOCK_READ_CHUNK];
    int n = 0, got;
    while (n < web_fl.capacity && (got = steer_world_read(web_fl.world, n, WEB_FLOCK_READ_CHUNK,
                                                          agents, NULL, steering)) > 0) {
        for (int k = 0; k < got && n < web_fl.capacity; k++, n++) {
            float *p = web_fl.records + n * WEB_AGENT_FLOATS;
            memset(p, 0, WEB_AGENT_FLOATS * sizeof(float));
            p[0] = agents[k].position.x;
            p[1] = agents[k].position.y;
            p[2] = agents[k].velocity.x;
            p[3] = agents[k].velocity.y;
            p[4] = agents[k].orientation;
            p[5] = steering[k].linear.x;
            p[6] = steering[k].linear.y;
            p[7] = agents[k].radius;
        }
    }
    web_fl.read = n;
    return n;
}

/* The sample's velocity and force, and slot 0's neighbourhood, drawn by the world. Arrows
 * keep their length on screen whatever the size of the box. */
static void web_flock_vectors(void)
{
    steer_debug_draw d;
    memset(&d, 0, sizeof d);
    d.line = web_flock_line;
    d.circle = web_flock_circle;
    d.velocity_scale = 0.6f * web_s.world_w / 240.0f;
    d.force_scale = 0.15f * web_s.world_w / 240.0f;
    for (int i = 0; i < web_fl.shown_count; i++) {
        d.show_neighbourhood = web_fl.shown[i].index == 0u;
        steer_world_debug_draw(web_fl.world, web_fl.shown[i], &d);
    }
}

static void web_flock_draw(void)
{
    int n = web_fl.world != NULL ? web_flock_read() : 0;
    web_show_agent_records(web_fl.records, n, true);
    if (n > 0) web_flock_vectors();
    steer_world_stats st = steer_world_stats_get(web_fl.world);
    web_add_stat("agents", (float)n);
    web_add_stat("neighbours per agent", (float)st.avg_neighbours);
    web_add_stat("index cells", (float)st.cells);
    web_add_stat("world memory (MB)", (float)web_fl.bytes / (1024.0f * 1024.0f));
}

static web_param_effect web_flock_param_changed(int i)
{
    if (i == FL_COUNT) return WEB_PARAM_RESTART;
    web_fl.recipe_stale = true;
    return WEB_PARAM_REDRAW;
}

const web_scene_def web_scene_flock = {
    .name = "Flock",
    .origin = "Craig Reynolds' boids: separation, alignment and cohesion (\"Steering Behaviors For "
              "Autonomous Characters\", 1999), stepped for many agents at once by the library's "
              "batch world.",
    .docs = "world.md",
    .source = "scene_flock.c",
    .about = "Boids by the thousand, run by the library's batch world: each follows one "
             "recipe of separation, alignment, cohesion and a little wander, seeing only "
             "its neighbours (a uniform grid rebuilt every step), in a box that wraps "
             "around. Colour shows the heading. Click to show the velocity and steering of "
             "a sample, and one boid's neighbourhood.",
    WEB_PARAMS_FIELDS(web_flock_params),
    .start = web_flock_start,
    .step = web_flock_step,
    .draw = web_flock_draw,
    .stop = web_flock_stop,
    .param_changed = web_flock_param_changed,
};
