/* SPDX-License-Identifier: MIT */
/* Fixed-step accumulator (steer/integrate.h). */
#include "steer/integrate.h"

steer_fixed_step steer_fixed_step_make(float step)
{
    steer_fixed_step fs;
    fs.step = step > 0.0f && steer_is_finite(step) ? step : 1.0f / 60.0f;
    fs.accumulator = 0.0f;
    fs.max_steps_per_frame = 8;
    return fs;
}

int steer_fixed_step_advance(steer_fixed_step *fs, float frame_dt)
{
    STEER_ASSERT(fs != NULL);
    if (fs == NULL || !(fs->step > 0.0f) || !steer_is_finite(fs->step)) return 0;
    if (frame_dt > 0.0f && steer_is_finite(frame_dt)) fs->accumulator += frame_dt;
    int steps = 0;
    while (fs->accumulator >= fs->step && steps < fs->max_steps_per_frame) {
        fs->accumulator -= fs->step;
        steps++;
    }
    /* A frame longer than the cap drops its excess instead of owing it forever. */
    if (fs->accumulator >= fs->step) fs->accumulator = 0.0f;
    return steps;
}

float steer_fixed_step_alpha(const steer_fixed_step *fs)
{
    if (fs == NULL || !(fs->step > 0.0f)) return 0.0f;
    return steer_clampf(fs->accumulator / fs->step, 0.0f, 0.99999994f);
}
