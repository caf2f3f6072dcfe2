/* SPDX-License-Identifier: MIT */
/* web/scene_pursue.c - pursue and evade, with plain seek for comparison. */
#include "web_scene.h"

enum { PU_SPEED, PU_PREDICT, PU_QUARRY_SPEED, PU_PANIC };

static const web_param_def web_pursue_params[] = {
    WEB_SLIDER("chasers' max speed", 1, 15, 0.5f, 6),
    WEB_SLIDER("max prediction (s)", 0, 3, 0.1f, 1),
    WEB_SLIDER("quarry's max speed", 1, 15, 0.5f, 5.5f),
    WEB_SLIDER("quarry panic radius", 0, 30, 1, 12),
};

/* Agent 0 is the quarry, 1 the pursuer, 2 the seeker. */
static struct {
    steer_wander_state wander;
    int catches[2];
} web_pu;

static void web_pursue_start(void)
{
    web_s.world_w = 60.0f;
    web_s.world_h = 37.5f;
    web_s.has_target = true;
    web_s.velocity_scale = 0.4f;
    web_s.force_scale = 0.12f;
    static const steer_vec3 starts[3] = {{30, 18, 0}, {6, 6, 0}, {6, 31, 0}};
    for (int i = 0; i < 3; i++) {
        steer_agent a = steer_agent_default();
        a.position = starts[i];
        a.max_accel = i == 0 ? 14.0f : 10.0f;
        web_add_agent(a, i == 0 ? 2 : (i == 1 ? 4 : 5));
    }
    web_pu.wander = steer_wander_state_make(&web_s.rng);
    web_pu.catches[0] = web_pu.catches[1] = 0;
    web_s.target = starts[0];
}

static steer_steering web_quarry_steering(void)
{
    steer_agent *q = &web_s.agents[0];
    float m = 6.0f;
    if (q->position.x < m || q->position.y < m || q->position.x > web_s.world_w - m ||
        q->position.y > web_s.world_h - m)
        return steer_seek(q, steer_v3(web_s.world_w * 0.5f, web_s.world_h * 0.5f, 0.0f));
    int near = steer_distance(q->position, web_s.agents[1].position) <
                       steer_distance(q->position, web_s.agents[2].position)
                   ? 1
                   : 2;
    const steer_agent *c = &web_s.agents[near];
    steer_pursue_params pp = steer_pursue_default();
    /* shown on the page { */
    if (steer_distance(q->position, c->position) < web_param(PU_PANIC))
        return steer_evade(q, c->position, c->velocity, &pp);
    return steer_wander(q, NULL, &web_pu.wander, &web_s.rng);
    /* } shown on the page */
}

static void web_pursue_respawn(void)
{
    steer_agent *q = &web_s.agents[0];
    q->position = web_random_point(8.0f);
    q->velocity = steer_v3_zero();
}

static void web_pursue_step(void)
{
    steer_agent *q = &web_s.agents[0];
    q->max_speed = web_param(PU_QUARRY_SPEED);
    web_s.agents[1].max_speed = web_s.agents[2].max_speed = web_param(PU_SPEED);
    steer_pursue_params pp = steer_pursue_default();
    /* shown on the page { */
    pp.max_prediction = web_param(PU_PREDICT);
    web_apply(0, web_quarry_steering());
    web_apply(1, steer_pursue(&web_s.agents[1], q->position, q->velocity, &pp));
    web_apply(2, steer_seek(&web_s.agents[2], q->position));
    /* } shown on the page */
    for (int i = 0; i < 3; i++) web_keep_inside(&web_s.agents[i], 0.5f);
    for (int i = 1; i <= 2; i++) {
        if (steer_distance(web_s.agents[i].position, q->position) < 1.0f) {
            web_pu.catches[i - 1]++;
            web_pursue_respawn();
        }
    }
    web_s.target = q->position;
}

static void web_pursue_draw(void)
{
    const steer_agent *q = &web_s.agents[0], *p = &web_s.agents[1];
    float speed = steer_length(p->velocity), d = steer_distance(p->position, q->position);
    float t = web_param(PU_PREDICT);
    if (speed > d / t) t = d / speed;
    steer_vec3 predicted = steer_add_scaled(q->position, q->velocity, t);
    web_line(WEB_STYLE_PREDICTION, p->position, predicted);
    web_dot(WEB_STYLE_PREDICTION, predicted, 0.35f);
    web_circle(WEB_STYLE_ORANGE_ZONE, q->position, web_param(PU_PANIC));
    web_add_stat("pursue catches", (float)web_pu.catches[0]);
    web_add_stat("seek catches", (float)web_pu.catches[1]);
}

/* A click puts the quarry there, at rest. */
static void web_pursue_click(steer_vec3 p)
{
    web_s.agents[0].position = p;
    web_s.agents[0].velocity = steer_v3_zero();
    web_s.target = p;
}

const web_scene_def web_scene_pursue = {
    .name = "Pursue and evade",
    .origin = "Seek, pursue, evade and wander are Craig Reynolds' \"Steering Behaviors For "
              "Autonomous Characters\" (Game Developers Conference, 1999).",
    .docs = "behaviours.md",
    .source = "scene_pursue.c",
    .about = "Red pursues the green quarry, aiming where it will be; grey only "
             "seeks where it is. The quarry wanders and evades whichever chaser "
             "comes inside its panic radius. Click to move the quarry.",
    WEB_PARAMS_FIELDS(web_pursue_params),
    .start = web_pursue_start,
    .step = web_pursue_step,
    .draw = web_pursue_draw,
    .click = web_pursue_click,
};
