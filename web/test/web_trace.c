/* SPDX-License-Identifier: MIT */
/* web_trace: the web demo's scenes run natively (the flock's 2,000 agents in the batch
 * world among them), printed as the bits of every agent float at checkpoints. The
 * end-to-end test runs the same script on the .wasm in the browser (web/test/e2e.mjs,
 * section 4) and requires the two outputs to be equal. */
#include <stdio.h>
#include <string.h>

#include "steer_web.h"

static void web_trace_print(int scene, uint32_t seed, uint32_t step)
{
    const float *a = web_agents();
    int n = web_agent_count() * WEB_AGENT_FLOATS;
    printf("scene %d seed %u step %u:", scene, (unsigned)seed, (unsigned)step);
    for (int i = 0; i < n; i++) {
        uint32_t bits;
        memcpy(&bits, &a[i], sizeof bits);
        printf(" %08x", (unsigned)bits);
    }
    printf("\n");
}

int main(void)
{
    static const uint32_t seeds[2] = {1u, 2026u};
    for (int scene = 0; scene < web_scene_count(); scene++) {
        for (int k = 0; k < 2; k++) {
            web_load(scene, seeds[k]);
            for (uint32_t step = 1; step <= 600; step++) {
                web_step();
                if (step == 200)
                    web_set_target(web_world_width() * 0.3f, web_world_height() * 0.6f);
                /* A slider moved mid-run (the flock moves its agents into a new world). */
                if (step == 300) web_set_param(1, web_param_max(1));
                if (step % 100 == 0) web_trace_print(scene, seeds[k], step);
            }
        }
    }
    return 0;
}
