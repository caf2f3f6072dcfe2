/* SPDX-License-Identifier: MIT */
/* cli_anim.c - keeping the frames of a run for the animations. */
#include "cli_anim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool cli_anim_is_mover(const cli_scenario *s, int i)
{
    bool boid = s->flock.present && i >= s->flock.first && i < s->flock.first + s->flock.count;
    bool member = s->crowd.present && i >= s->crowd.first && i < s->crowd.first + s->crowd.count;
    return boid || member;
}

/* Big scenes keep an even sample of the agents: every n-th one. */
static bool cli_anim_pick_agents(cli_anim *a, const cli_scenario *s)
{
    int every = (s->agent_count + CLI_ANIM_AGENTS - 1) / CLI_ANIM_AGENTS;
    a->agent_count = (s->agent_count + every - 1) / every;
    a->agents = malloc((size_t)a->agent_count * sizeof *a->agents);
    a->pending_jump = calloc((size_t)a->agent_count, sizeof *a->pending_jump);
    a->radius = calloc((size_t)a->agent_count, sizeof *a->radius);
    if (!a->agents || !a->pending_jump || !a->radius) return false;
    for (int k = 0; k < a->agent_count; k++) a->agents[k] = k * every;
    return true;
}

bool cli_anim_init(cli_anim *a, const cli_scenario *s, int steps, cli_error *err)
{
    memset(a, 0, sizeof *a);
    a->scenario = s;
    a->steps = steps;
    if (!cli_anim_pick_agents(a, s)) {
        cli_anim_free(a);
        return cli_fail(err, CLI_EXIT_RUNTIME, "out of memory");
    }
    int frames = CLI_ANIM_SAMPLES / a->agent_count;
    frames = frames < 60 ? 60 : frames > CLI_ANIM_FRAMES ? CLI_ANIM_FRAMES : frames;
    a->stride = (steps + frames - 2) / (frames - 1);
    if (a->stride < 1) a->stride = 1;
    a->frame_capacity = steps / a->stride + 2;
    a->frame_steps = malloc((size_t)a->frame_capacity * sizeof *a->frame_steps);
    a->samples = malloc((size_t)a->frame_capacity * (size_t)a->agent_count * sizeof *a->samples);
    if (!a->frame_steps || !a->samples) {
        cli_anim_free(a);
        return cli_fail(err, CLI_EXIT_RUNTIME, "out of memory");
    }
    return true;
}

/* Boids and crowd members are drawn along their velocity, the others along their
 * orientation (which align and face turn). */
static cli_anim_sample cli_anim_sample_of(const cli_scenario *s, int i, const cli_frame *f)
{
    const steer_agent *ag = &f->agents[i];
    steer_vec3 dir = cli_anim_is_mover(s, i) ? steer_agent_forward(ag)
                                             : steer_space_heading(s->space, ag->orientation);
    double u, v, du, dv, fu, fv;
    cli_plane_coords(s->space, ag->position, &u, &v);
    cli_plane_coords(s->space, dir, &du, &dv);
    cli_plane_coords(s->space, f->forces[i], &fu, &fv);
    float h = s->space == STEER_SPACE_XY ? ag->position.z : ag->position.y;
    return (cli_anim_sample){(float)u, (float)v, (float)atan2(dv, du), (float)fu, (float)fv,
                             h,        false};
}

bool cli_anim_observe(void *user, const cli_frame *frame, cli_error *err)
{
    (void)err;
    cli_anim *a = user;
    for (int k = 0; k < a->agent_count; k++)
        if (frame->respawned[a->agents[k]]) a->pending_jump[k] = true;
    bool keep = frame->step % a->stride == 0 || frame->step == a->steps;
    if (!keep || a->frame_count >= a->frame_capacity) return true;
    int f = a->frame_count++;
    a->frame_steps[f] = frame->step;
    for (int k = 0; k < a->agent_count; k++) {
        cli_anim_sample *out = &a->samples[(size_t)f * (size_t)a->agent_count + (size_t)k];
        *out = cli_anim_sample_of(a->scenario, a->agents[k], frame);
        out->jump = a->pending_jump[k] && f > 0;
        if (f == 0) a->radius[k] = frame->agents[a->agents[k]].radius;
        a->pending_jump[k] = false;
    }
    return true;
}

/* A sample's position in world coordinates (the plane's and the height). */
static steer_vec3 cli_anim_position(const cli_scenario *s, const cli_anim_sample *p)
{
    if (s->space == STEER_SPACE_XY) return steer_v3(p->u, p->v, p->h);
    return steer_v3(p->u, p->h, p->v);
}

bool cli_anim_rank_flocks(cli_anim *a)
{
    const cli_scenario *s = a->scenario;
    if (!s->flock.present || a->frame_count == 0 || a->agent_count < s->agent_count) return true;
    steer_agent *last = calloc((size_t)s->agent_count, sizeof *last);
    int *boids = malloc((size_t)s->flock.count * sizeof *boids);
    a->flock_rank = malloc((size_t)a->agent_count * sizeof *a->flock_rank);
    bool ok = last && boids && a->flock_rank;
    for (int k = 0; ok && k < a->agent_count; k++)
        last[k].position = cli_anim_position(s, cli_anim_at(a, a->frame_count - 1, k));
    ok = ok && cli_flock_ranks(s, last, boids);
    for (int k = 0; ok && k < a->agent_count; k++) {
        int b = k - s->flock.first;
        a->flock_rank[k] = b >= 0 && b < s->flock.count ? boids[b] : -1;
    }
    free(last);
    free(boids);
    if (ok) return true;
    free(a->flock_rank);
    a->flock_rank = NULL;
    return false;
}

const cli_anim_sample *cli_anim_at(const cli_anim *a, int f, int k)
{
    return &a->samples[(size_t)f * (size_t)a->agent_count + (size_t)k];
}

void cli_anim_free(cli_anim *a)
{
    free(a->agents);
    free(a->pending_jump);
    free(a->radius);
    free(a->flock_rank);
    free(a->frame_steps);
    free(a->samples);
    memset(a, 0, sizeof *a);
}
