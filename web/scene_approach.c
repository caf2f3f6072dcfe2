/* SPDX-License-Identifier: MIT */
/* web/scene_approach.c - the random-approach walker, its planned waypoints and
 * the spline through them. */
#include <string.h>

#include "web_scene.h"

enum { AP_AHEAD, AP_SMOOTH, AP_STEP_FACTOR, AP_MAX_STEP, AP_AGGRO, AP_SPEED };

static const web_param_def web_approach_params[] = {
    WEB_SLIDER("waypoints planned ahead", 1, STEER_APPROACH_AHEAD_MAX, 1, 4),
    WEB_TOGGLE("spline", 1),
    WEB_SLIDER("step factor", 0.1f, 1, 0.05f, 0.5f),
    WEB_SLIDER("max step", 1, 20, 0.5f, 10),
    WEB_SLIDER("aggro distance", 1, 60, 1, 30),
    WEB_SLIDER("max speed", 1, 15, 0.5f, 6),
};

static struct {
    steer_approach_walker walker;
    web_trail trail;
    int rest_frames;
} web_ap;

static steer_approach_walk_params web_approach_walk_params(void)
{
    /* shown on the page { */
    steer_approach_walk_params p = steer_approach_walk_default();
    p.ahead = (int)web_param(AP_AHEAD);
    p.smooth = web_param(AP_SMOOTH) > 0.5f;
    p.approach.step_factor = web_param(AP_STEP_FACTOR);
    p.approach.max_step = web_param(AP_MAX_STEP);
    p.approach.aggro_distance = web_param(AP_AGGRO);
    return p;
    /* } shown on the page */
}

static void web_approach_retarget(void)
{
    steer_approach_walk_params p = web_approach_walk_params();
    web_s.agents[0].max_speed = web_param(AP_SPEED);
    steer_approach_walker_start(&web_ap.walker, STEER_SPACE_XY, web_s.agents[0].position,
                                web_s.target, &p, &web_s.rng);
    web_ap.rest_frames = 0;
}

static void web_approach_start(void)
{
    memset(&web_ap, 0, sizeof web_ap);
    web_s.world_w = 60.0f;
    web_s.world_h = 37.5f;
    web_s.has_target = true;
    steer_agent a = steer_agent_default();
    a.position = steer_v3(8.0f, 30.0f, 0.0f);
    a.max_accel = 20.0f;
    web_add_agent(a, 0);
    web_s.target = steer_v3(50.0f, 8.0f, 0.0f);
    web_trail_reset(&web_ap.trail);
    web_approach_retarget();
}

static void web_approach_step(void)
{
    steer_approach_walk_params p = web_approach_walk_params();
    bool arrived = false;
    /* shown on the page { */
    steer_steering s = steer_approach_walk(&web_s.agents[0], &web_ap.walker, web_s.target, &p,
                                           &web_s.rng, &arrived);
    web_apply(0, s);
    /* } shown on the page */
    web_trail_push(&web_ap.trail, web_s.agents[0].position);
    /* Rest a moment at the target, then walk to a new random one. */
    if (arrived && ++web_ap.rest_frames > 45) {
        web_s.target = web_random_point(5.0f);
        web_approach_retarget();
    }
}

/* The walker's spline: each segment shaped by its neighbours, the first by the waypoint
 * before plan[0]; a missing neighbour is mirrored by the library. */
static void web_approach_draw_spline(const steer_approach_walker *w)
{
    for (int i = 0; i + 1 < w->count; i++) {
        steer_vec3 p0 = i > 0 ? w->plan[i - 1] : (w->has_previous ? w->previous : w->plan[0]);
        steer_vec3 p3 = i + 2 < w->count ? w->plan[i + 2] : w->plan[i + 1];
        steer_vec3 prev = w->plan[i];
        for (int k = 1; k <= 12; k++) {
            steer_vec3 q = steer_spline_point(p0, w->plan[i], w->plan[i + 1], p3, k / 12.0f);
            web_line(WEB_STYLE_SPLINE, prev, q);
            prev = q;
        }
    }
}

static void web_approach_draw(void)
{
    const steer_approach_walker *w = &web_ap.walker;
    web_trail_draw(&web_ap.trail, WEB_STYLE_TRAIL);
    for (int i = 0; i + 1 < w->count; i++) web_line(WEB_STYLE_LEG, w->plan[i], w->plan[i + 1]);
    if (web_param(AP_SMOOTH) > 0.5f) web_approach_draw_spline(w);
    for (int i = 0; i < w->count; i++) web_dot(WEB_STYLE_WAYPOINT, w->plan[i], 0.35f);
    web_target_mark(web_s.target);
    web_add_stat("legs walked", (float)w->legs);
    web_add_stat("distance to target", steer_distance(web_s.agents[0].position, web_s.target));
}

static void web_approach_click(steer_vec3 p)
{
    web_s.target = p;
    web_approach_retarget();
}

/* Every parameter shapes the plan: walk the rest of the way under the new ones. */
static web_param_effect web_approach_param_changed(int i)
{
    (void)i;
    web_approach_retarget();
    return WEB_PARAM_REDRAW;
}

const web_scene_def web_scene_approach = {
    .name = "Approach walker",
    .origin = "The random-approach walker comes from an informal C#/XNA game-programming tutorial "
              "the library grew from; its spline is a centripetal Catmull-Rom curve (Yuksel, "
              "Schaefer and Keyser, 2011).",
    .docs = "paths.md",
    .source = "scene_approach.c",
    .about = "A walker reaches its target by a wobbly route. Each leg walks "
             "about half the remaining distance, turned by a random angle that "
             "narrows near the target; with the spline on, it follows a curve "
             "through the planned waypoints. Click to move the target.",
    WEB_PARAMS_FIELDS(web_approach_params),
    .start = web_approach_start,
    .step = web_approach_step,
    .draw = web_approach_draw,
    .click = web_approach_click,
    .param_changed = web_approach_param_changed,
};
