/* SPDX-License-Identifier: MIT */
/* web/scene_wander.c - Reynolds' wander circle, drawn for every character. */
#include "web_scene.h"

enum { WA_DISTANCE, WA_RADIUS, WA_ANGLE, WA_SPEED, WA_FORCE, WA_COUNT };

static const web_param_def web_wander_params[] = {
    WEB_SLIDER("circle distance", 0, 8, 0.1f, 2),
    WEB_SLIDER("circle radius", 0, 6, 0.1f, 1),
    WEB_SLIDER("angle change", 0, 3, 0.05f, 0.5f),
    WEB_SLIDER("max speed (units/frame)", 0.05f, 1, 0.01f, 0.25f),
    WEB_SLIDER("max force", 0.002f, 0.1f, 0.002f, 0.02f),
    WEB_SLIDER("agents", 1, 24, 1, 12),
};

static steer_wander_state web_wander_state[WEB_MAX_AGENTS];

static steer_wander_params web_wander_circle_params(void)
{
    /* shown on the page { */
    steer_wander_params p = steer_wander_default();
    p.circle_distance = web_param(WA_DISTANCE);
    p.circle_radius = web_param(WA_RADIUS);
    p.angle_change = web_param(WA_ANGLE);
    /* } shown on the page */
    return p;
}

static void web_wander_start(void)
{
    web_s.world_w = 64.0f;
    web_s.world_h = 40.0f;
    web_s.velocity_scale = 12.0f;
    web_s.force_scale = 150.0f;
    int n = (int)web_param(WA_COUNT);
    for (int i = 0; i < n; i++) {
        steer_agent a = steer_agent_default_reynolds();
        a.position = web_random_point(4.0f);
        float heading = steer_rng_range(&web_s.rng, -STEER_PI, STEER_PI);
        a.velocity = steer_scale(steer_space_heading(STEER_SPACE_XY, heading), 0.1f);
        web_add_agent(a, i % 4);
        web_wander_state[i] = steer_wander_state_make(&web_s.rng);
    }
}

static void web_wander_step(void)
{
    steer_wander_params p = web_wander_circle_params();
    for (int i = 0; i < web_s.count; i++) {
        steer_agent *a = &web_s.agents[i];
        a->max_speed = web_param(WA_SPEED);
        a->max_force = web_param(WA_FORCE);
        /* shown on the page { */
        web_apply(i, steer_wander(a, &p, &web_wander_state[i], &web_s.rng));
        /* } shown on the page */
        /* As in the classic wander demo: whoever leaves the screen comes back at its centre. */
        if (a->position.x < 0.0f || a->position.x > web_s.world_w || a->position.y < 0.0f ||
            a->position.y > web_s.world_h)
            a->position = steer_v3(web_s.world_w * 0.5f, web_s.world_h * 0.5f, 0.0f);
    }
}

static void web_wander_draw(void)
{
    steer_wander_params p = web_wander_circle_params();
    for (int i = 0; i < web_s.count; i++) {
        const steer_agent *a = &web_s.agents[i];
        steer_vec3 centre =
            steer_add_scaled(a->position, steer_agent_forward(a), p.circle_distance);
        float s = steer_sin(web_wander_state[i].angle), c = steer_cos(web_wander_state[i].angle);
        steer_vec3 tip = steer_add(centre, steer_v3(c * p.circle_radius, s * p.circle_radius, 0));
        web_circle(WEB_STYLE_CIRCLE, centre, p.circle_radius);
        web_line(WEB_STYLE_DISPLACEMENT, a->position, centre);
        web_line(WEB_STYLE_DISPLACEMENT, centre, tip);
        web_dot(WEB_STYLE_DISPLACEMENT, tip, 0.18f);
    }
}

static web_param_effect web_wander_param_changed(int i)
{
    return i == WA_COUNT ? WEB_PARAM_RESTART : WEB_PARAM_REDRAW;
}

const web_scene_def web_scene_wander = {
    .name = "Wander",
    .origin =
        "Craig Reynolds' wander circle, from \"Steering Behaviors For Autonomous Characters\" "
        "(Game Developers Conference, 1999), run in his per-frame vehicle model.",
    .docs = "wander.md",
    .source = "scene_wander.c",
    .about = "Reynolds' wander circle. A circle sits ahead of each character; "
             "a point on it drifts by a small random angle every frame, and the character "
             "steers toward it. Characters leaving the screen return to its centre. Click "
             "to show the force vectors.",
    WEB_PARAMS_FIELDS(web_wander_params),
    .start = web_wander_start,
    .step = web_wander_step,
    .draw = web_wander_draw,
    .param_changed = web_wander_param_changed,
};
