/* SPDX-License-Identifier: MIT */
/* web/scene_crowd.c - a crowd that does not collide: 20 to 2,000 agents in the batch world
 * (steer/world.h) crossing to the far side, each arriving at its goal through the ORCA
 * velocity filter (recipe.crowd, steer/crowd.h, docs/crowd.md), which a slider turns off
 * so the viewer sees the difference. Two layouts: rings of agents each heading for the
 * antipode through the centre, or two groups swapping sides head-on. An agent that
 * arrives turns round for its start, so the crossing goes on.
 *
 * A click drops a pillar: a static agent with no recipe, which the filter counts as
 * responsibility 0 (it does not give way), so the crowd goes round it. Overlaps (pairs
 * closer than 99% of their radius sum) are counted after every step, over every pair:
 * the number now and the total over the steps so far.
 *
 * Like the flock, the world takes its memory from malloc, and a recipe is fixed once
 * registered: a change of time horizon or of the filter toggle moves every agent, state
 * and goal unchanged, into a new world with the new recipe; a speed change sets the
 * walkers' limit in place; a count or layout change starts the scene again.
 */
#include <stdlib.h>
#include <string.h>

#include "web_scene.h"

#define WEB_CROWD_RADIUS  0.5f /* every walker's body radius */
#define WEB_CROWD_PILLAR  2.0f /* a clicked pillar's radius */
#define WEB_CROWD_PILLARS 24   /* most pillars at once (the oldest goes first) */
/* Start spacing along a ring or a row, and between rings: a gap of at least 0.6 units
 * between bodies before the random jitter (at most WEB_CROWD_JITTER each way). */
#define WEB_CROWD_SPACING 1.6f
#define WEB_CROWD_RING    2.0f
#define WEB_CROWD_INNER   12.0f
#define WEB_CROWD_JITTER  0.2f
#define WEB_CROWD_MARGIN  6.0f

enum { CR_COUNT, CR_HORIZON, CR_SPEED, CR_ORCA, CR_LAYOUT };

static const web_param_def web_crowd_params[] = {
    WEB_COUNT_SLIDER("agents", 20, 2000, 10, 200),
    WEB_SLIDER("time horizon (s)", 0.5f, 20, 0.5f, 3),
    WEB_SLIDER("max speed", 0.5f, 8, 0.5f, 3),
    WEB_TOGGLE("ORCA filter", 1),
    WEB_CHOICE("layout", 2, 0, "circle|two groups"),
};

/* What the scene keeps per world slot (handle.index). */
typedef struct web_crowd_slot {
    steer_vec3 start, goal; /* a walker swaps them when it reaches the goal */
    bool pillar;
} web_crowd_slot;

static struct {
    steer_world *world;
    int recipe;
    bool recipe_stale, speed_stale;
    int capacity;
    web_crowd_slot *slots;
    float *records;     /* WEB_AGENT_FLOATS per walker, for the page */
    steer_handle *near; /* room for every agent: the overlap count of a pile-up is exact */
    steer_handle pillars[WEB_CROWD_PILLARS];
    int pillar_count, pillar_next;
    int overlaps_now;
    float overlaps_total; /* pair-steps; a float stat, exact up to 2^24 */
    float arrivals;
    float outer; /* circle layout: outer ring radius */
} web_cr;

/* ---- the world --------------------------------------------------------------------------- */

static steer_recipe web_crowd_recipe(void)
{
    /* shown on the page { */
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    r.crowd = web_param(CR_ORCA) >= 0.5f;
    r.orca.time_horizon = web_param(CR_HORIZON);
    r.orca.neighbour_dist = 10.0f;
    /* The default 10 neighbours let a few pairs overlap in the circle's central jam at
     * 2,000 walkers (103 pair-steps in 20 s, at most 7 pairs at once); 16 gave none. */
    r.orca.max_neighbours = 16;
    /* } shown on the page */
    return r;
}

static steer_world *web_crowd_world(int capacity)
{
    steer_world_def def = steer_world_default();
    def.capacity = capacity;
    def.max_recipes = 1;
    def.seed = web_s.seed;
    steer_world *w = steer_world_create(&def);
    if (w == NULL) return NULL;
    steer_recipe r = web_crowd_recipe();
    web_cr.recipe = steer_world_add_recipe(w, &r);
    return w;
}

/* Add a walker (or a pillar) with its start and goal; returns its handle. */
static steer_handle web_crowd_add(steer_world *w, steer_agent a, const web_crowd_slot *s)
{
    /* shown on the page { */
    steer_world_agent_def d = steer_world_agent_default();
    d.agent = a;
    d.recipe = s->pillar ? -1 : web_cr.recipe;
    d.target = s->goal;
    steer_handle h;
    if (steer_world_add(w, &d, &h) == STEER_WORLD_OK) web_cr.slots[h.index] = *s;
    /* } shown on the page */
    return h;
}

static steer_agent web_crowd_walker(steer_vec3 at)
{
    steer_agent a = steer_agent_default();
    a.position = at;
    a.radius = WEB_CROWD_RADIUS;
    a.max_speed = web_param(CR_SPEED);
    a.max_accel = 30.0f;
    return a;
}

/* The random generator's small displacement of a start point. */
static steer_vec3 web_crowd_jitter(steer_vec3 p)
{
    /* One draw per statement: argument evaluation order differs between compilers. */
    float jx = steer_rng_range(&web_s.rng, -WEB_CROWD_JITTER, WEB_CROWD_JITTER);
    float jy = steer_rng_range(&web_s.rng, -WEB_CROWD_JITTER, WEB_CROWD_JITTER);
    return steer_add(p, steer_v3(jx, jy, 0.0f));
}

static void web_crowd_put(steer_vec3 start, steer_vec3 goal)
{
    web_crowd_slot s = {start, goal, false};
    web_crowd_add(web_cr.world, web_crowd_walker(start), &s);
}

/* Walkers on the circumference spacing apart. */
static int web_crowd_ring_holds(float r)
{
    return (int)(2.0f * STEER_PI * r / WEB_CROWD_SPACING);
}

/* Rings from WEB_CROWD_INNER outwards, inner ones full, the last spread evenly; each
 * walker heads for the point opposite through the centre. */
static void web_crowd_place_circle(int n)
{
    float r = WEB_CROWD_INNER;
    for (int left = n; left > 0; left -= web_crowd_ring_holds(r), r += WEB_CROWD_RING)
        web_cr.outer = r;
    web_s.world_h = 2.0f * (web_cr.outer + WEB_CROWD_MARGIN);
    web_s.world_w = 1.6f * web_s.world_h;
    steer_vec3 c = steer_v3(web_s.world_w * 0.5f, web_s.world_h * 0.5f, 0.0f);
    int placed = 0;
    for (int ring = 0; placed < n; ring++) {
        r = WEB_CROWD_INNER + (float)ring * WEB_CROWD_RING;
        int m = web_crowd_ring_holds(r);
        m = m < n - placed ? m : n - placed;
        /* Alternate rings start half a place round, so neighbours across rings stagger. */
        float turn = 0.5f * (float)(ring % 2);
        for (int k = 0; k < m; k++, placed++) {
            float ang = 2.0f * STEER_PI * ((float)k + turn) / (float)m;
            steer_vec3 p = web_crowd_jitter(
                steer_add(c, steer_v3(r * steer_cos(ang), r * steer_sin(ang), 0.0f)));
            web_crowd_put(p, steer_sub(steer_scale(c, 2.0f), p));
        }
    }
}

/* Two blocks, left and right, each walker heading for its mirror image across the middle. */
static void web_crowd_place_groups(int n)
{
    int half = (n + 1) / 2;
    int rows = (int)steer_sqrt(2.0f * (float)half) + 1;
    int cols = (half + rows - 1) / rows;
    float block_w = (float)cols * WEB_CROWD_SPACING;
    web_s.world_h = (float)rows * WEB_CROWD_SPACING + 2.0f * WEB_CROWD_MARGIN;
    web_s.world_w = 1.6f * web_s.world_h;
    float min_w = 2.0f * block_w + 2.0f * WEB_CROWD_MARGIN + 20.0f;
    web_s.world_w = web_s.world_w > min_w ? web_s.world_w : min_w;
    for (int i = 0; i < n; i++) {
        int g = i % 2, k = i / 2; /* alternate so an odd count differs by one */
        float x = WEB_CROWD_MARGIN + ((float)(k / rows) + 0.5f) * WEB_CROWD_SPACING;
        float y = WEB_CROWD_MARGIN + ((float)(k % rows) + 0.5f) * WEB_CROWD_SPACING;
        steer_vec3 p = web_crowd_jitter(steer_v3(g ? web_s.world_w - x : x, y, 0.0f));
        web_crowd_put(p, steer_v3(web_s.world_w - p.x, p.y, 0.0f));
    }
}

static void web_crowd_stop(void)
{
    steer_world_destroy(web_cr.world);
    free(web_cr.slots);
    free(web_cr.records);
    free(web_cr.near);
    memset(&web_cr, 0, sizeof web_cr);
}

static void web_crowd_start(void)
{
    web_crowd_stop();
    int n = (int)web_param(CR_COUNT);
    web_cr.capacity = n + WEB_CROWD_PILLARS;
    web_cr.world = web_crowd_world(web_cr.capacity);
    web_cr.slots = calloc((size_t)web_cr.capacity, sizeof *web_cr.slots);
    web_cr.records = malloc((size_t)web_cr.capacity * WEB_AGENT_FLOATS * sizeof(float));
    web_cr.near = malloc((size_t)web_cr.capacity * sizeof *web_cr.near);
    if (web_cr.world == NULL || web_cr.slots == NULL || web_cr.records == NULL ||
        web_cr.near == NULL) {
        web_crowd_stop(); /* out of memory: an empty scene */
        return;
    }
    web_s.has_target = true; /* clicks reach web_crowd_click */
    if (web_param(CR_LAYOUT) >= 0.5f)
        web_crowd_place_groups(n);
    else
        web_crowd_place_circle(n);
    web_s.target = steer_v3(web_s.world_w * 0.5f, web_s.world_h * 0.5f, 0.0f);
}

/* Move every agent, state, goal and pillars unchanged, into a new world with the new
 * recipe. Slots are renumbered, so the slot table is rebuilt beside it. */
static void web_crowd_rebuild(void)
{
    steer_world *old = web_cr.world;
    web_crowd_slot *old_slots = web_cr.slots;
    web_cr.slots = calloc((size_t)web_cr.capacity, sizeof *web_cr.slots);
    web_cr.world = web_cr.slots != NULL ? web_crowd_world(web_cr.capacity) : NULL;
    if (web_cr.world == NULL) { /* keep running the old recipe */
        steer_world_destroy(web_cr.world);
        free(web_cr.slots);
        web_cr.world = old;
        web_cr.slots = old_slots;
        return;
    }
    steer_handle moved[WEB_CROWD_PILLARS]; /* old pillar handles stay comparable */
    memcpy(moved, web_cr.pillars, sizeof moved);
    for (int i = 0; i < steer_world_count(old); i++) {
        steer_handle h = steer_world_handle_at(old, i);
        steer_agent a;
        steer_world_get_agent(old, h, &a);
        steer_handle nh = web_crowd_add(web_cr.world, a, &old_slots[h.index]);
        for (int k = 0; k < web_cr.pillar_count; k++)
            if (moved[k].index == h.index) web_cr.pillars[k] = nh;
    }
    steer_world_destroy(old);
    free(old_slots);
}

static void web_crowd_set_speeds(void)
{
    for (int i = 0; i < steer_world_count(web_cr.world); i++) {
        steer_handle h = steer_world_handle_at(web_cr.world, i);
        steer_agent a;
        steer_world_get_agent(web_cr.world, h, &a);
        if (web_cr.slots[h.index].pillar) continue;
        a.max_speed = web_param(CR_SPEED);
        steer_world_set_agent(web_cr.world, h, &a);
    }
}

/* ---- after a step: arrivals and overlaps ----------------------------------------------- */

/* A walker at its goal turns round for its start. */
static void web_crowd_turn(steer_handle h, const steer_agent *a)
{
    web_crowd_slot *s = &web_cr.slots[h.index];
    if (s->pillar || steer_distance(a->position, s->goal) > WEB_CROWD_RADIUS) return;
    steer_vec3 t = s->start;
    s->start = s->goal;
    s->goal = t;
    steer_world_set_target(web_cr.world, h, t);
    web_cr.arrivals += 1.0f;
}

/* Pairs (counted once, from the lower slot) closer than 99% of their radius sum; two
 * pillars on top of each other are scenery, not a crowd failure, and do not count. */
static int web_crowd_overlaps_at(steer_handle h, const steer_agent *a)
{
    steer_handle *near = web_cr.near;
    float reach = 0.99f * (a->radius + WEB_CROWD_PILLAR);
    int m = steer_world_query(web_cr.world, a->position, reach, ~0u, near, web_cr.capacity);
    m = m < web_cr.capacity ? m : web_cr.capacity;
    int pairs = 0;
    for (int q = 0; q < m; q++) {
        if (near[q].index <= h.index) continue;
        if (web_cr.slots[h.index].pillar && web_cr.slots[near[q].index].pillar) continue;
        steer_agent b;
        steer_world_get_agent(web_cr.world, near[q], &b);
        pairs += steer_distance(a->position, b.position) < 0.99f * (a->radius + b.radius);
    }
    return pairs;
}

static void web_crowd_after_step(void)
{
    web_cr.overlaps_now = 0;
    for (int i = 0; i < steer_world_count(web_cr.world); i++) {
        steer_handle h = steer_world_handle_at(web_cr.world, i);
        steer_agent a;
        steer_world_get_agent(web_cr.world, h, &a);
        web_cr.overlaps_now += web_crowd_overlaps_at(h, &a);
        web_crowd_turn(h, &a);
    }
    web_cr.overlaps_total += (float)web_cr.overlaps_now;
}

static void web_crowd_step(void)
{
    if (web_cr.world == NULL) return;
    if (web_cr.recipe_stale) web_crowd_rebuild();
    if (web_cr.speed_stale) web_crowd_set_speeds();
    web_cr.recipe_stale = false;
    web_cr.speed_stale = false;
    /* shown on the page { */
    steer_world_step(web_cr.world, WEB_DT);
    /* } shown on the page */
    web_crowd_after_step();
}

/* ---- input ------------------------------------------------------------------------------- */

/* A click drops a pillar (a static agent with no recipe: responsibility 0 to the filter);
 * beyond WEB_CROWD_PILLARS the oldest is removed first. The page sends a drag as a click
 * per pointer move, so a new pillar needs a pillar's width of room from the last one:
 * a drag lays a row. */
static void web_crowd_click(steer_vec3 p)
{
    if (web_cr.world == NULL) return;
    if (web_cr.pillar_count > 0 && steer_distance(p, web_s.target) < 2.0f * WEB_CROWD_PILLAR)
        return;
    web_s.target = p;
    steer_handle *slot = &web_cr.pillars[web_cr.pillar_next];
    if (web_cr.pillar_count == WEB_CROWD_PILLARS) steer_world_remove(web_cr.world, *slot);
    steer_agent a = web_crowd_walker(p);
    a.radius = WEB_CROWD_PILLAR;
    a.max_speed = 0.0f;
    web_crowd_slot s = {p, p, true};
    *slot = web_crowd_add(web_cr.world, a, &s);
    web_cr.pillar_next = (web_cr.pillar_next + 1) % WEB_CROWD_PILLARS;
    if (web_cr.pillar_count < WEB_CROWD_PILLARS) web_cr.pillar_count++;
}

/* The arrow keys do nothing here: there is no target to nudge, and dropping a pillar
 * beside the last one would land it on walkers. */
static bool web_crowd_nudge(int dx, int dy)
{
    (void)dx;
    (void)dy;
    return true;
}

static web_param_effect web_crowd_param_changed(int i)
{
    if (i == CR_COUNT || i == CR_LAYOUT) return WEB_PARAM_RESTART;
    if (i == CR_SPEED)
        web_cr.speed_stale = true;
    else
        web_cr.recipe_stale = true;
    return WEB_PARAM_REDRAW;
}

/* ---- drawing ----------------------------------------------------------------------------- */

static void web_crowd_record(const steer_agent *a, const steer_steering *s, float *p)
{
    memset(p, 0, WEB_AGENT_FLOATS * sizeof(float));
    p[0] = a->position.x;
    p[1] = a->position.y;
    p[2] = a->velocity.x;
    p[3] = a->velocity.y;
    p[4] = a->orientation;
    p[5] = s->linear.x;
    p[6] = s->linear.y;
    p[7] = a->radius;
}

/* The force layer of a walker: the velocity Arrive asks for (the filter's preferred
 * velocity: the velocity the steering would reach this step) and the one the filter chose
 * (the walker's velocity, which it moves at exactly), both drawn as a second of travel. */
static void web_crowd_vectors(const steer_agent *a, steer_vec3 goal)
{
    steer_recipe_item arrive = steer_recipe_item_make(STEER_BEHAVIOUR_ARRIVE, 1.0f);
    steer_steering s = steer_arrive(a, goal, &arrive.arrive, NULL);
    steer_vec3 preferred =
        steer_truncate(steer_add_scaled(a->velocity, s.linear, WEB_DT), a->max_speed);
    web_line(WEB_STYLE_FORCE, a->position, steer_add(a->position, preferred));
    web_line(WEB_STYLE_VELOCITY, a->position, steer_add(a->position, a->velocity));
}

/* Walkers become records (the page draws them as a crowd, coloured by heading), pillars
 * become discs; each agent of an overlapping pair gets a red ring, and every k-th walker
 * (at most 600) its preferred and chosen velocities in the force layer. */
static int web_crowd_read(void)
{
    int n = 0, every = (steer_world_count(web_cr.world) + 599) / 600;
    for (int i = 0; i < steer_world_count(web_cr.world); i++) {
        steer_handle h = steer_world_handle_at(web_cr.world, i);
        steer_agent a;
        steer_steering s;
        steer_world_get_agent(web_cr.world, h, &a);
        steer_world_get_steering(web_cr.world, h, &s);
        if (web_cr.slots[h.index].pillar) {
            web_dot(WEB_STYLE_OBSTACLE, a.position, a.radius);
            continue;
        }
        if (n % every == 0) web_crowd_vectors(&a, web_cr.slots[h.index].goal);
        web_crowd_record(&a, &s, web_cr.records + n++ * WEB_AGENT_FLOATS);
        if (web_cr.overlaps_now > 0 && web_crowd_overlaps_at(h, &a) > 0)
            web_circle(WEB_STYLE_TARGET, a.position, a.radius * 1.6f);
    }
    return n;
}

static void web_crowd_draw(void)
{
    if (web_cr.world == NULL) {
        web_add_stat("agents", 0.0f);
        return;
    }
    steer_vec3 c = steer_v3(web_s.world_w * 0.5f, web_s.world_h * 0.5f, 0.0f);
    if (web_param(CR_LAYOUT) < 0.5f) web_circle(WEB_STYLE_CORRIDOR, c, web_cr.outer);
    int n = web_crowd_read();
    web_show_agent_records(web_cr.records, n, true);
    web_add_stat("agents", (float)n);
    web_add_stat("overlaps now", (float)web_cr.overlaps_now);
    web_add_stat("overlaps so far", web_cr.overlaps_total);
    web_add_stat("arrivals", web_cr.arrivals);
}

const web_scene_def web_scene_crowd = {
    .name = "Crowd",
    .origin = "ORCA, optimal reciprocal collision avoidance: van den Berg, Guy, Lin and Manocha, "
              "\"Reciprocal n-Body Collision Avoidance\" (2011), and their RVO2 library.",
    .docs = "crowd.md",
    .source = "scene_crowd.c",
    .about = "A crowd that does not collide: every agent arrives at the point opposite its "
             "start, and the ORCA velocity filter (the world's crowd recipe) picks, each "
             "step, the velocity nearest the one it wants that keeps it clear of its "
             "neighbours for the time horizon. Turn the filter off to see them walk "
             "through each other; overlapping agents get a red ring. Click to drop a "
             "pillar (a static agent that does not give way) for the crowd to go round, or drag to "
             "lay a row of them.",
    WEB_PARAMS_FIELDS(web_crowd_params),
    .start = web_crowd_start,
    .step = web_crowd_step,
    .draw = web_crowd_draw,
    .stop = web_crowd_stop,
    .hint = "Click to drop a pillar the crowd walks round; drag to lay a row (at most 24, "
            "the oldest goes first). F shows what each walker wants (red: the velocity "
            "Arrive asks for) and what ORCA chose (green).",
    .click = web_crowd_click,
    .nudge = web_crowd_nudge,
    .param_changed = web_crowd_param_changed,
};
