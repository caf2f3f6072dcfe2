/* SPDX-License-Identifier: MIT */
/* Built against an installed steer: arrive must finish. */
#include <stdio.h>
#include <steer/steer.h>

int main(void)
{
    steer_agent a = steer_agent_default();
    bool arrived = false;
    for (int i = 0; i < 10000 && !arrived; i++)
        steer_integrate_kinematic(&a, steer_arrive(&a, steer_v3(5, 5, 0), NULL, &arrived),
                                  1.0f / 60.0f);
    printf("installed steer %s\n", arrived ? "works" : "failed");
    return arrived ? 0 : 1;
}
