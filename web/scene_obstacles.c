/* SPDX-License-Identifier: MIT */
/* web/scene_obstacles.c - obstacle avoidance, containment and hiding from a hunter. */
#include <string.h>

#include "web_scene.h"

#define WEB_CIRCLES   7
#define WEB_WALLS     2
#define WEB_WANDERERS 6
#define WEB_HIDERS    3

enum { OB_MARGIN, OB_LOOK, OB_SPEED, OB_BEHIND };

static const web_param_def web_obstacle_params[] = {
    WEB_SLIDER("avoid margin", 0, 3, 0.1f, 0.2f),
    WEB_SLIDER("look-ahead time (s)", 0, 2, 0.05f, 0.5f),
    WEB_SLIDER("max speed", 1, 15, 0.5f, 6),
    WEB_SLIDER("hide distance behind", 0, 5, 0.25f, 1),
};

/* Agents 0..WEB_WANDERERS-1 wander, the rest hide from the hunter (web_s.target). */
static struct {
    steer_circle circles[WEB_CIRCLES];
    steer_segment walls[WEB_WALLS];
    steer_wander_state wander[WEB_WANDERERS + WEB_HIDERS];
    steer_vec3 hiding_spot[WEB_HIDERS];
} web_ob;

static steer_obstacles web_obstacle_set(void)
{
    steer_obstacles o = {web_ob.circles, WEB_CIRCLES, web_ob.walls, WEB_WALLS, NULL, 0};
    return o;
}

static steer_region web_obstacle_region(void)
{
    steer_region r;
    memset(&r, 0, sizeof r);
    r.kind = STEER_REGION_BOX;
    r.min = steer_v3(1.0f, 1.0f, -1.0f);
    r.max = steer_v3(web_s.world_w - 1.0f, web_s.world_h - 1.0f, 1.0f);
    return r;
}

static void web_obstacles_place(void)
{
    static const steer_vec3 spots[WEB_CIRCLES] = {
        {14, 10, 0}, {30, 8, 0}, {46, 11, 0}, {12, 27, 0}, {26, 22, 0}, {40, 28, 0}, {50, 24, 0}};
    for (int i = 0; i < WEB_CIRCLES; i++) {
        /* One draw per statement: argument evaluation order differs between compilers. */
        float jx = steer_rng_range(&web_s.rng, -2.0f, 2.0f);
        float jy = steer_rng_range(&web_s.rng, -2.0f, 2.0f);
        web_ob.circles[i].center = steer_add(spots[i], steer_v3(jx, jy, 0.0f));
        web_ob.circles[i].radius = steer_rng_range(&web_s.rng, 1.5f, 3.2f);
    }
    web_ob.walls[0].a = steer_v3(20.0f, 31.0f, 0.0f);
    web_ob.walls[0].b = steer_v3(32.0f, 34.0f, 0.0f);
    web_ob.walls[1].a = steer_v3(36.0f, 16.0f, 0.0f);
    web_ob.walls[1].b = steer_v3(38.0f, 22.0f, 0.0f);
}

/* A start point clear of every obstacle. */
static steer_vec3 web_obstacle_free_point(void)
{
    steer_obstacles o = web_obstacle_set();
    steer_vec3 p = web_random_point(3.0f);
    for (int tries = 0; tries < 50 && steer_obstacle_distance(&o, p, STEER_SPACE_XY) < 1.5f;
         tries++)
        p = web_random_point(3.0f);
    return p;
}

static void web_obstacles_start(void)
{
    memset(&web_ob, 0, sizeof web_ob);
    web_s.world_w = 60.0f;
    web_s.world_h = 37.5f;
    web_s.has_target = true;
    web_obstacles_place();
    for (int i = 0; i < WEB_WANDERERS + WEB_HIDERS; i++) {
        steer_agent a = steer_agent_default();
        a.position = web_obstacle_free_point();
        a.max_accel = 20.0f;
        web_add_agent(a, i < WEB_WANDERERS ? 0 : 2);
        web_ob.wander[i] = steer_wander_state_make(&web_s.rng);
    }
    web_s.target = steer_v3(6.0f, 18.0f, 0.0f);
}

/* Wanderers wander; hiders hide behind the nearest rock from the hunter. */
static steer_steering web_obstacle_goal(int i, const steer_obstacles *o)
{
    steer_agent *a = &web_s.agents[i];
    if (i < WEB_WANDERERS) {
        steer_wander_params wp = steer_wander_default();
        wp.circle_distance = 4.0f;
        wp.circle_radius = 2.0f;
        return steer_wander(a, &wp, &web_ob.wander[i], &web_s.rng);
    }
    steer_hide_params hp = steer_hide_default();
    hp.distance_behind = web_param(OB_BEHIND);
    return steer_hide(a, o, web_s.target, steer_v3_zero(), &hp,
                      &web_ob.hiding_spot[i - WEB_WANDERERS]);
}

/* Containment first, then avoidance, then the agent's own goal (wander or hide). */
static steer_steering web_obstacle_steering(int i)
{
    steer_agent *a = &web_s.agents[i];
    steer_obstacles o = web_obstacle_set();
    steer_region region = web_obstacle_region();
    /* shown on the page { */
    steer_avoid_params ap = steer_avoid_default();
    ap.margin = web_param(OB_MARGIN);
    ap.look_time = web_param(OB_LOOK);
    steer_steering goal = web_obstacle_goal(i, &o);
    steer_steering groups[3] = {steer_contain(a, &region, NULL), steer_avoid_obstacles(a, &o, &ap),
                                goal};
    return steer_priority(groups, 3, 1e-3f, NULL);
    /* } shown on the page */
}

static void web_obstacles_step(void)
{
    for (int i = 0; i < web_s.count; i++) {
        web_s.agents[i].max_speed = web_param(OB_SPEED) * (i < WEB_WANDERERS ? 0.6f : 1.0f);
        web_apply(i, web_obstacle_steering(i));
    }
}

static void web_obstacles_draw(void)
{
    for (int i = 0; i < WEB_CIRCLES; i++)
        web_prim(WEB_PRIM_DOT, WEB_STYLE_OBSTACLE, web_ob.circles[i].center.x,
                 web_ob.circles[i].center.y, web_ob.circles[i].radius, 0.0f);
    for (int i = 0; i < WEB_WALLS; i++)
        web_line(WEB_STYLE_WALL, web_ob.walls[i].a, web_ob.walls[i].b);
    for (int i = 0; i < WEB_HIDERS; i++) {
        web_dot(WEB_STYLE_PREDICTION, web_ob.hiding_spot[i], 0.3f);
        web_line(WEB_STYLE_HINT, web_s.agents[WEB_WANDERERS + i].position, web_ob.hiding_spot[i]);
    }
    web_target_mark(web_s.target);
}

const web_scene_def web_scene_obstacles = {
    .name = "Obstacles",
    .origin = "Obstacle avoidance and containment are Craig Reynolds' (\"Steering Behaviors For "
              "Autonomous Characters\", 1999); the priority blend follows Millington and Funge's "
              "\"Artificial Intelligence for Games\" (2009).",
    .docs = "obstacles.md",
    .source = "scene_obstacles.c",
    .about = "Blue characters wander among rocks and walls: containment keeps them in "
             "the field, avoidance steers them round what lies ahead, and only then do "
             "they wander (priority blend). Green ones hide behind the nearest rock from "
             "the red hunter. Click to move the hunter.",
    WEB_PARAMS_FIELDS(web_obstacle_params),
    .start = web_obstacles_start,
    .step = web_obstacles_step,
    .draw = web_obstacles_draw,
};
