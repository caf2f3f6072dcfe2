/* SPDX-License-Identifier: MIT */
/* web/web_scene.h - what the web demo's scene files share (private to web/).
 *
 * steer_web.c holds the exported functions (steer_web.h) and the scene table; each scene
 * lives in its own web/scene_*.c and publishes one web_scene_def. The state every scene
 * uses (seed, generator, parameters, the small agent set, target, stats) is the one
 * web_s; what only one scene needs stays static in that scene's file and is reset by its
 * start function. The page runs one scene at a time, so static state is all the demo
 * needs, except the flock scene's world, which it allocates with malloc.
 */
#ifndef STEER_WEB_SCENE_H
#define STEER_WEB_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "steer/steer.h"
#include "steer_web.h"

#define WEB_DT         (1.0f / 60.0f)
#define WEB_MAX_AGENTS 32
#define WEB_MAX_PRIMS  4096
#define WEB_MAX_PARAMS 10
#define WEB_MAX_STATS  4
#define WEB_TRAIL      480

/* One parameter: name, range, step, default, and how the page shows it. */
typedef struct web_param_def {
    const char *name;
    float min, max, step, value;
    int kind;            /* enum web_param_kind (steer_web.h) */
    const char *choices; /* WEB_PARAM_CHOICE: the names of min, min + 1, ..., '|'-separated */
    bool on_release;     /* applied when the slider is let go, not while it moves (counts
                            that start a big world again) */
} web_param_def;

/* A slider, an on/off switch, a choice of named values, and a slider applied on release. */
#define WEB_SLIDER(name, min, max, step, value)                                                    \
    {                                                                                              \
        (name), (min), (max), (step), (value), WEB_PARAM_SLIDER, NULL, false                       \
    }
#define WEB_TOGGLE(name, on)                                                                       \
    {                                                                                              \
        (name), 0, 1, 1, (on), WEB_PARAM_TOGGLE, NULL, false                                       \
    }
#define WEB_CHOICE(name, count, value, choices)                                                    \
    {                                                                                              \
        (name), 0, (float)((count)-1), 1, (value), WEB_PARAM_CHOICE, (choices), false              \
    }
#define WEB_COUNT_SLIDER(name, min, max, step, value)                                              \
    {                                                                                              \
        (name), (min), (max), (step), (value), WEB_PARAM_SLIDER, NULL, true                        \
    }

/* What a parameter change asks of the demo. */
typedef enum web_param_effect {
    WEB_PARAM_REDRAW = 0, /* nothing but a redraw */
    WEB_PARAM_RESTART     /* start the scene again with the same seed */
} web_param_effect;

/* One scene: texts, sliders and hooks. NULL hooks take the default noted. */
typedef struct web_scene_def {
    const char *name;
    const char *about;
    const char *hint;   /* what a click and the keys do, when not the default of the page
                           (NULL: moving the target, or the force-vector toggle) */
    const char *origin; /* where the algorithm comes from, one plain sentence */
    const char *docs;   /* the page of docs/ that explains it ("wander.md") */
    const char *source; /* the scene's file in web/ ("scene_wander.c"); the lines between
                           its "shown on the page" markers are the code the page shows */
    const web_param_def *params;
    int param_count;
    void (*start)(void);         /* set up from web_s.params and web_s.rng (required) */
    void (*step)(void);          /* advance one step (required) */
    void (*draw)(void);          /* fill primitives and stats (required) */
    void (*stop)(void);          /* release what start took (NULL: nothing to release) */
    void (*click)(steer_vec3 p); /* a click at p, clamped into the world (NULL: it moves
                                    web_s.target) */
    void (*drag)(steer_vec3 a, steer_vec3 b); /* a drag from a to b, both clamped into the
                                                 world (NULL: a drag moves the target) */
    bool (*nudge)(int dx, int dy); /* an arrow key; false lets it move the target by (dx, dy)
                                      world units (NULL: likewise) */
    web_param_effect (*param_changed)(int i); /* after parameter i changed (NULL: redraw) */
    bool (*done)(void); /* the run has ended: web_step does nothing (NULL: never) */
} web_scene_def;

/* Designated initialisers of a def's slider table and its length. */
#define WEB_PARAMS_FIELDS(table)                                                                   \
    .params = table, .param_count = (int)(sizeof table / sizeof table[0])

/* The state every scene shares. */
typedef struct web_state {
    int scene;
    uint32_t seed;
    uint32_t steps;
    steer_rng rng;
    const web_param_def *defs;
    int param_count;
    float params[WEB_MAX_PARAMS];
    float world_w, world_h, velocity_scale, force_scale;
    bool has_target;
    steer_vec3 target;

    int count;
    steer_agent agents[WEB_MAX_AGENTS];
    steer_vec3 force[WEB_MAX_AGENTS];
    int style[WEB_MAX_AGENTS];

    const char *stat_names[WEB_MAX_STATS];
    float stats[WEB_MAX_STATS];
    int stat_count;
} web_state;

/* The one running scene's shared state (steer_web.c). */
extern web_state web_s;

/* The scenes, one per file, in the order of enum web_scene. */
extern const web_scene_def web_scene_approach;
extern const web_scene_def web_scene_wander;
extern const web_scene_def web_scene_wander_seek;
extern const web_scene_def web_scene_grid;
extern const web_scene_def web_scene_arrive_face;
extern const web_scene_def web_scene_pursue;
extern const web_scene_def web_scene_path;
extern const web_scene_def web_scene_obstacles;
extern const web_scene_def web_scene_flock;
extern const web_scene_def web_scene_crowd;
extern const web_scene_def web_scene_navmesh;
/* A scenario file (scene_file.c): not in the list, started by web_file_load. */
#define WEB_SCENE_FILE WEB_SCENE_COUNT
extern const web_scene_def web_scene_file;

/* Stop the running scene and start `scene` (0 .. WEB_SCENE_FILE) with its default
 * parameters and `seed` (steer_web.c). */
void web_enter(int scene, uint32_t seed);
extern const web_scene_def web_scene_groups;

/* ---- drawing (web_draw.c) ------------------------------------------------------------ */

/* Draw the running scene if it changed since the page last read its arrays
 * (steer_web.c); every getter of the arrays calls it, so a step costs only the step. */
void web_ensure_drawn(void);
/* Empty the primitives and stats and publish web_s.agents as the agent records. */
void web_draw_begin(void);

/* Append a primitive (dropped when WEB_MAX_PRIMS are already out). */
void web_prim(int kind, int style, float a, float b, float c, float d);
void web_line(int style, steer_vec3 a, steer_vec3 b);
void web_circle(int style, steer_vec3 c, float r);
void web_dot(int style, steer_vec3 c, float r);
/* The red cross-hair of a target. */
void web_target_mark(steer_vec3 t);
/* Add a number under the canvas (dropped beyond WEB_MAX_STATS). */
void web_add_stat(const char *name, float value);
/* Publish records of WEB_AGENT_FLOATS floats that a scene keeps itself (the flock's
 * crowd) instead of web_s.agents; `crowd` asks the page to draw them as a crowd. Valid
 * until the next draw. */
void web_show_agent_records(const float *records, int count, bool crowd);

/* A short history of positions, drawn as a polyline. */
typedef struct web_trail {
    steer_vec3 points[WEB_TRAIL];
    int head, count;
} web_trail;

void web_trail_reset(web_trail *t);
void web_trail_push(web_trail *t, steer_vec3 p);
void web_trail_draw(const web_trail *t, int style);

/* ---- scene helpers (web_draw.c) ------------------------------------------------------ */

/* The current value of parameter i. */
float web_param(int i);
/* A uniform point at least `margin` inside the world. */
steer_vec3 web_random_point(float margin);
/* Add an agent to web_s with a colour index; returns its index. */
int web_add_agent(steer_agent a, int style);
/* Apply steering to web_s.agents[i] for one step, remembering it for the force arrows. */
void web_apply(int i, steer_steering s);
/* Keep an agent inside the world: stop the velocity component that leaves it. */
void web_keep_inside(steer_agent *a, float margin);

#endif /* STEER_WEB_SCENE_H */
