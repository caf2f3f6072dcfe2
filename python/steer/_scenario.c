/* SPDX-License-Identifier: MIT */
/* Scenario files through the tool's loader and runner (_scenario.h). */
#include "_scenario.h"

#include "cli_load.h"
#include "cli_sim.h"
#include "cli_trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct steer_py_scenario {
    cli_scenario s;
};

static void copy_error(char *error, size_t size, const char *text)
{
    if (error != NULL && size > 0) snprintf(error, size, "%s", text);
}

steer_py_scenario *steer_py_scenario_load(const char *path, const char *text, size_t length,
                                          char *error, size_t error_size)
{
    steer_py_scenario *p = calloc(1, sizeof *p);
    cli_error err = {0, ""};
    if (p == NULL) {
        copy_error(error, error_size, "out of memory");
        return NULL;
    }
    bool ok;
    if (text != NULL) {
        char *owned = malloc(length + 1); /* cli_load_text takes ownership */
        if (owned == NULL) {
            free(p);
            copy_error(error, error_size, "out of memory");
            return NULL;
        }
        memcpy(owned, text, length);
        owned[length] = '\0';
        ok = cli_load_text(&p->s, path, owned, length, &err);
    } else {
        ok = cli_load_file(&p->s, path, &err);
    }
    if (!ok) {
        copy_error(error, error_size, err.text);
        free(p);
        return NULL;
    }
    return p;
}

void steer_py_scenario_free(steer_py_scenario *s)
{
    if (s == NULL) return;
    cli_scenario_free(&s->s);
    free(s);
}

const char *steer_py_scenario_name(const steer_py_scenario *s)
{
    return s->s.name;
}

const char *steer_py_scenario_agent_name(const steer_py_scenario *s, int i)
{
    return i >= 0 && i < s->s.agent_count ? s->s.agents[i].name : "";
}

int steer_py_scenario_agents(const steer_py_scenario *s)
{
    return s->s.agent_count;
}

int steer_py_scenario_steps(const steer_py_scenario *s)
{
    return s->s.steps;
}

double steer_py_scenario_dt(const steer_py_scenario *s)
{
    return s->s.dt;
}

uint64_t steer_py_scenario_seed(const steer_py_scenario *s)
{
    return s->s.seed;
}

/* The observer that copies every frame into the caller's arrays. */
typedef struct py_frames {
    float *pos, *vel, *ori;
    int frames, written;
} py_frames;

static bool py_frames_observe(void *user, const cli_frame *f, cli_error *err)
{
    py_frames *o = user;
    if (f->step >= o->frames)
        return cli_fail(err, CLI_EXIT_RUNTIME, "more frames than the arrays hold (%d)", o->frames);
    size_t base = (size_t)f->step * (size_t)f->count;
    for (int i = 0; i < f->count; i++) {
        size_t k = base + (size_t)i;
        const steer_agent *a = &f->agents[i];
        o->pos[3 * k] = a->position.x, o->pos[3 * k + 1] = a->position.y;
        o->pos[3 * k + 2] = a->position.z;
        o->vel[3 * k] = a->velocity.x, o->vel[3 * k + 1] = a->velocity.y;
        o->vel[3 * k + 2] = a->velocity.z;
        o->ori[k] = a->orientation;
    }
    o->written = f->step + 1;
    return true;
}

int steer_py_scenario_run(const steer_py_scenario *s, int steps, uint64_t seed, bool use_seed,
                          float *positions, float *velocities, float *orientations, int frames,
                          const char *csv_path, char *error, size_t error_size)
{
    py_frames o = {positions, velocities, orientations, frames, 0};
    cli_trace trace;
    cli_observer observers[2] = {{py_frames_observe, &o}, {cli_trace_observe, &trace}};
    cli_error err = {0, ""};
    uint64_t run_seed = use_seed ? seed : s->s.seed;
    if (csv_path != NULL &&
        !cli_trace_open(&trace, csv_path, CLI_TRACE_CSV, &s->s, run_seed, &err)) {
        copy_error(error, error_size, err.text);
        return -1;
    }
    cli_run_config config = {steps, seed, use_seed, observers, csv_path != NULL ? 2 : 1,
                             NULL,  NULL};
    bool ok = cli_run(&s->s, &config, NULL, &err);
    if (csv_path != NULL) {
        if (ok)
            ok = cli_trace_close(&trace, &err);
        else
            cli_trace_abort(&trace);
    }
    if (!ok) {
        copy_error(error, error_size, err.text);
        return -1;
    }
    return o.written;
}
