/* SPDX-License-Identifier: MIT */
/* web/steer_web.h - the glue between the steer library and the web demo's page.
 *
 * One scene runs at a time. The page drives it through the functions below (exported
 * from the .wasm by web/build.sh) and reads two float arrays straight from the module's
 * memory after every step:
 *
 *   agents: web_agent_count() records of WEB_AGENT_FLOATS floats at web_agents():
 *           x, y, vx, vy, orientation, fx, fy, radius, style, 0
 *           (position and velocity in world units, the last applied linear steering,
 *           orientation in radians, style an index into the page's agent colours)
 *   prims:  web_prim_count() records of WEB_PRIM_FLOATS floats at web_prims():
 *           kind (enum web_prim_kind), style (enum web_style), then up to five numbers
 *           whose meaning depends on the kind
 *
 * The exported functions live in steer_web.c, the scenes one per file in web/scene_*.c
 * (web_scene.h).
 *
 * World coordinates: x to the right, y down the screen, so the page maps them to the
 * canvas with one scale and no flip. Every scene steps at 60 steps per second of demo
 * time; the same scene, seed and inputs give the same floats on every platform (the
 * library's own trigonometry, -ffp-contract=off), which the end-to-end test checks
 * against a native build of this file.
 */
#ifndef STEER_WEB_H
#define STEER_WEB_H

#include <stdint.h>

#define WEB_AGENT_FLOATS 10
#define WEB_PRIM_FLOATS  8

/* The scenes, in the order the page lists them. */
enum web_scene {
    WEB_SCENE_APPROACH = 0, /* the random-approach walker, waypoints and spline */
    WEB_SCENE_WANDER,       /* Reynolds' wander circle */
    WEB_SCENE_WANDER_SEEK,  /* wander by seeking a random target */
    WEB_SCENE_GRID,         /* the simple and the line-tracking grid chase side by side */
    WEB_SCENE_ARRIVE_FACE,  /* the cookbook's arrive, leave, align and face */
    WEB_SCENE_PURSUE,       /* pursue and evade, with plain seek for comparison */
    WEB_SCENE_PATH,         /* path following on a closed path */
    WEB_SCENE_OBSTACLES,    /* obstacle avoidance, containment and hiding */
    WEB_SCENE_FLOCK,        /* the batch world: 1,000 to 100,000 boids */
    WEB_SCENE_CROWD,        /* the batch world's crowd filter (ORCA): 20 to 2,000 walkers */
    WEB_SCENE_NAVMESH,      /* a navigation mesh: walkers with random goals, click to send */
    WEB_SCENE_GROUPS,       /* group moves and formations: select, pick, click */
    WEB_SCENE_COUNT
};

/* How the page shows a parameter. */
enum web_param_kind {
    WEB_PARAM_SLIDER = 0, /* a slider from min to max by step */
    WEB_PARAM_TOGGLE = 1, /* an on/off switch: 0 off, 1 on */
    WEB_PARAM_CHOICE = 2  /* one of named values 0, 1, ... (web_param_choices) */
};

/* Kinds of drawing primitive. */
enum web_prim_kind {
    WEB_PRIM_LINE = 1,   /* x1, y1, x2, y2 */
    WEB_PRIM_CIRCLE = 2, /* x, y, radius (outline) */
    WEB_PRIM_DOT = 3,    /* x, y, radius (filled) */
    WEB_PRIM_RECT = 4,   /* x, y, width, height (filled) */
    WEB_PRIM_LABEL = 5   /* x, y, label id (web_label) */
};

/* Styles of primitives; the page maps each to a colour, width and dash. Styles at or
 * above WEB_STYLE_FORCE_LAYER are drawn only while force vectors are shown. */
enum web_style {
    WEB_STYLE_GRID = 0,
    WEB_STYLE_TRAIL,
    WEB_STYLE_WAYPOINT,
    WEB_STYLE_LEG,
    WEB_STYLE_SPLINE,
    WEB_STYLE_TARGET,
    WEB_STYLE_CIRCLE,
    WEB_STYLE_BLUE_ZONE,
    WEB_STYLE_ORANGE_ZONE,
    WEB_STYLE_TRACK_LINE,
    WEB_STYLE_TARGET_CELL,
    WEB_STYLE_PATH,
    WEB_STYLE_CORRIDOR,
    WEB_STYLE_CAPTION,
    WEB_STYLE_TRAIL_ALT,
    WEB_STYLE_OBSTACLE,
    WEB_STYLE_WALL,
    WEB_STYLE_FORCE_LAYER = 32,
    WEB_STYLE_PREDICTION = WEB_STYLE_FORCE_LAYER,
    WEB_STYLE_DISPLACEMENT,
    WEB_STYLE_HINT,
    WEB_STYLE_VELOCITY,     /* a velocity from the world's debug draw */
    WEB_STYLE_FORCE,        /* a steering force from the world's debug draw */
    WEB_STYLE_NEIGHBOURHOOD /* a neighbourhood radius from the world's debug draw */
};

/* Scenes and their descriptions. Names and texts are NUL-terminated static strings;
 * an index out of range gives "". */
int web_scene_count(void);
const char *web_scene_name(int scene);
const char *web_scene_about(int scene);
/* What a click and the keys do in the scene when it is not the page's default (moving the
 * target, or toggling the force vectors); "" for the default. */
const char *web_scene_hint(int scene);
/* Where the scene's algorithm comes from (one sentence), the docs page that explains it
 * ("wander.md", a file of docs/) and the scene's source file ("scene_wander.c", in web/;
 * the page shows the lines between its "shown on the page" markers). */
const char *web_scene_origin(int scene);
const char *web_scene_docs(int scene);
const char *web_scene_source(int scene);
/* The scene running now, and the seed it started from. */
int web_scene(void);
uint32_t web_seed(void);

/* Start `scene` with its default parameters and `seed`. Out-of-range scenes start 0. */
void web_load(int scene, uint32_t seed);
/* Start the current scene again with its current parameters and `seed`. */
void web_restart(uint32_t seed);
/* Advance the scene by one step (1/60 s of demo time, or one Reynolds frame). */
void web_step(void);
/* Steps since the scene started. */
uint32_t web_step_count(void);

/* Move the scene's target to a world point (a click); scenes without one ignore it. */
void web_set_target(float x, float y);
/* Nudge the target by (dx, dy): cells in the grid scene, world units elsewhere. */
void web_nudge(int dx, int dy);
/* 1 when clicks move a target in this scene, 0 when a click is free to toggle forces. */
int web_has_target(void);
/* 1 when a drag on the canvas is the scene's own (the groups scene selects units with
 * it), 0 when a drag moves the target or pans. */
int web_has_drag(void);
/* A drag from (ax, ay) to (bx, by), world units, in a scene with web_has_drag. */
void web_drag(float ax, float ay, float bx, float by);
/* The target, world units (the grid target's cell centre in the left grid). */
float web_target_x(void);
float web_target_y(void);

/* The scene's parameters (sliders). Out-of-range indices give "" or 0. */
int web_param_count(void);
const char *web_param_name(int i);
float web_param_min(int i);
float web_param_max(int i);
float web_param_step(int i);
float web_param_value(int i);
/* enum web_param_kind; for a choice, its value names, '|'-separated ("" otherwise). */
int web_param_kind(int i);
const char *web_param_choices(int i);
/* 1 when the page applies the parameter only once its slider is let go (a count that
 * starts a world of up to 100,000 agents again), 0 when it follows the slider. */
int web_param_on_release(int i);
/* Set a parameter, clamped into its range; some restart part of the scene. */
void web_set_param(int i, float value);

/* World rectangle shown, and the scales the page draws velocity and force arrows with
 * (world units of arrow per unit of velocity / steering). */
float web_world_width(void);
float web_world_height(void);
float web_velocity_scale(void);
float web_force_scale(void);

/* Agent and primitive arrays, see the file comment. The scene is drawn into them when
 * one of these (or a stat) is first read after a change, not by every step. */
int web_agent_count(void);
const float *web_agents(void);
/* 1 when the agents are a crowd (the flock: thousands of them) that the page should draw
 * as small marks coloured by heading, without per-agent arrows (the force layer's
 * primitives hold the vectors of a sample); 0 for a few agents drawn one by one. A
 * crowd's records are read in bulk (steer_world_read); their style is 0. */
int web_crowd(void);
int web_prim_count(void);
const float *web_prims(void);
/* Caption text for a WEB_PRIM_LABEL id. */
const char *web_label(int id);

/* ---- a scenario file ---------------------------------------------------------------------
 * A file in the steer tool's format (docs/scenarios.md), loaded by the tool's own loader
 * and run by its own step loop (web/scene_file.c). The page writes the file's name,
 * NUL-terminated, at web_file_name() (256 bytes with the NUL; messages call the file by
 * it) and its text at web_file_text(bytes), then calls web_file_load(bytes). */
char *web_file_name(void);
/* Room for `bytes` of text (and the NUL the loader adds), taken by the next web_file_load;
 * NULL when bytes is negative, over the tool's 64 MiB limit or memory runs out. */
char *web_file_text(int bytes);
/* 1 when the text loads: it then runs as the scene (web_scene() is web_scene_count(), no
 * parameters, no target) from the file's own seed (web_seed() has its low 32 bits;
 * web_restart with another seed runs it with that one). 0 when it does not: the running
 * scene goes on and web_file_error() is the reason exactly as `steer run` prints it
 * after "steer: ", "name:line:column: what was expected". */
int web_file_load(int bytes);
const char *web_file_error(void);
/* 0 while the file runs, 1 after its last step (its "steps"; web_step then does nothing),
 * 2 when its run failed (web_file_error() says why). */
int web_file_state(void);
/* The loaded file's "name" (by default the file's name without ".json") and
 * "description"; "" before a file loads. */
const char *web_file_title(void);
const char *web_file_about(void);
/* Every agent of the running file at the current step as `steer run --csv` writes them,
 * one row each (the header left out); valid until the next call, "" when no file runs. */
const char *web_file_csv(void);

/* Numbers shown under the canvas (catches, legs...). */
int web_stat_count(void);
const char *web_stat_name(int i);
float web_stat_value(int i);

#endif /* STEER_WEB_H */
