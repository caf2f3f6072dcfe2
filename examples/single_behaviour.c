/* SPDX-License-Identifier: MIT */
/* One character, no world: behaviours are pure functions of the agent and a target.
 * A soldier on the ground plane (Y up) walks to a flag, turning to face it, and stops. */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    steer_agent soldier = steer_agent_default(); /* kinematic, max speed 5 units/s */
    soldier.space = STEER_SPACE_XZ;              /* a 3D game's ground plane */
    soldier.facing = STEER_FACING_STEERED;       /* orientation from the angular output */
    steer_vec3 flag = steer_v3(8.0f, 0.0f, 6.0f);

    bool arrived = false;
    int frame = 0;
    for (; frame < 600 && !arrived; frame++) {
        steer_steering s = steer_arrive(&soldier, flag, NULL, &arrived); /* stops exactly */
        s.angular = steer_face(&soldier, flag, NULL).angular;            /* turn toward it */
        steer_integrate_kinematic(&soldier, s, 1.0f / 60.0f);
    }
    printf("arrived after %.2f s, %.3f units from the flag, speed %.3f\n", (double)frame / 60.0,
           (double)steer_distance(soldier.position, flag), (double)steer_length(soldier.velocity));
    return arrived ? 0 : 1;
}
