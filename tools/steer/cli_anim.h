/* SPDX-License-Identifier: MIT */
/* cli_anim.h - the frames of a run for the animations (--gif, --html).
 *
 * Every `stride`-th step (and the last) is kept for at most CLI_ANIM_AGENTS agents:
 * the position in the picture's plane, the direction the agent is drawn facing and
 * the steering force. Frames are chosen so that a run keeps at most about
 * CLI_ANIM_SAMPLES samples in all (and 600 frames), whatever its length: a
 * million-step run animates as quickly as a short one.
 */
#ifndef CLI_ANIM_H
#define CLI_ANIM_H

#include "cli_sim.h"

#define CLI_ANIM_AGENTS  2000
#define CLI_ANIM_SAMPLES 600000
#define CLI_ANIM_FRAMES  600

typedef struct cli_anim_sample {
    float u, v;   /* position in the picture's plane (cli_plane_coords) */
    float angle;  /* the direction drawn, radians counter-clockwise from +u */
    float fu, fv; /* the combined linear steering of the step, in the plane */
    float h;      /* height above the plane (z for xy, y for xz and 3d) */
    bool jump;    /* the agent wrapped or reappeared since the previous frame */
} cli_anim_sample;

typedef struct cli_anim {
    const cli_scenario *scenario;
    int steps;                /* of the run */
    int stride;               /* a frame every `stride` steps, and the last step */
    int agent_count;          /* agents kept */
    int *agents;              /* their indices in the scenario, increasing */
    int frame_count;          /* frames kept so far */
    int frame_capacity;       /* frames the run gives */
    int *frame_steps;         /* step of each frame */
    cli_anim_sample *samples; /* frame f, kept agent k: samples[f * agent_count + k] */
    bool *pending_jump;       /* per kept agent: a jump since the last frame */
    float *radius;            /* per kept agent: its body radius at the start, world units */
    int *flock_rank;          /* per kept agent once cli_anim_rank_flocks ran: the flock a
                                 boid ends in (1 the biggest, 0 alone; cli_flock_ranks), -1
                                 for the other agents; NULL when not ranked */
} cli_anim;

/* Prepares the frames of a run of `steps` steps. */
bool cli_anim_init(cli_anim *a, const cli_scenario *s, int steps, cli_error *err);

/* The observer (cli_sim.h); user is the cli_anim. */
bool cli_anim_observe(void *user, const cli_frame *frame, cli_error *err);

/* Ranks the boids by the flock they end in, so the animations colour them as the
 * picture does. Leaves flock_rank NULL without a flock, or when the scene is sampled
 * (a sample's neighbours are not the flock's). False when memory runs out. */
bool cli_anim_rank_flocks(cli_anim *a);

/* Sample k of frame f. */
const cli_anim_sample *cli_anim_at(const cli_anim *a, int f, int k);

void cli_anim_free(cli_anim *a);

/* cli_gif.c: the animation as a looping GIF (giflib), frames drawn with cairo on a
 * palette chosen from the scene's colours. Written whole or not at all. */
bool cli_gif_write(const cli_anim *a, const char *path, bool forces, cli_error *err);

/* The number of frames cli_gif_write writes for `a`. */
int cli_gif_frame_count(const cli_anim *a);

/* cli_html.c: a self-contained page replaying the frames (play, pause, scrubber,
 * speed, zoom, forces and radii on demand); the frames are the JSON object in its
 * <script id="steer-data" type="application/json">. */
bool cli_html_write(const cli_anim *a, const cli_run_result *result, const char *path,
                    cli_error *err);

#endif /* CLI_ANIM_H */
