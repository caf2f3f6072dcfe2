/* SPDX-License-Identifier: MIT */
/* steer_demo: a tour of the core behaviours that prints numbers a reader can check.
 * Each section says what to look for. */
#include <stdio.h>

#include "steer/steer.h"

/* The cookbook's Arrive and Face on the ground plane (Y up): arrive at a point, then face
 * another. */
static void demo_arrive_and_face(void)
{
    printf("== arrive (Millington's Arrive, XZ plane, kinematic dt = 1/60 s)\n");
    steer_agent a = steer_agent_default();
    a.space = STEER_SPACE_XZ;
    a.facing = STEER_FACING_STEERED;
    a.position = steer_v3(-10.0f, 0.0f, -5.0f);
    steer_vec3 target = steer_v3(8.0f, 0.0f, 6.0f);
    steer_arrive_params p = steer_arrive_default();
    bool arrived = false;
    int step = 0;
    for (; step < 2000 && !arrived; step++) {
        steer_steering s = steer_arrive(&a, target, &p, &arrived);
        steer_steering face = steer_face(&a, target, NULL);
        s.angular = face.angular;
        if (step % 60 == 0)
            printf("  t=%5.2fs  distance %7.3f  speed %6.3f  orientation %6.3f rad\n",
                   (double)step / 60.0, (double)steer_distance(a.position, target),
                   (double)steer_length(a.velocity), (double)a.orientation);
        if (!arrived) steer_integrate_kinematic(&a, s, 1.0f / 60.0f);
    }
    printf("  arrived after %d steps: distance %.4f (target radius %.2f), speed %.4f\n", step,
           (double)steer_distance(a.position, target), (double)p.target_radius,
           (double)steer_length(a.velocity));
    printf("  facing atan2(dx, dz) = %.4f rad, orientation %.4f rad\n\n",
           (double)steer_atan2(target.x - (-10.0f), target.z - (-5.0f)), (double)a.orientation);
}

/* One Reynolds per-frame step written out, then a wanderer. */
static void demo_reynolds_wander(void)
{
    printf("== wander (Reynolds' wander circle and per-frame step, seed 2026)\n");
    steer_agent a = steer_agent_default_reynolds();
    a.velocity = steer_v3(1.0f, 0.0f, 0.0f);
    steer_rng rng = steer_rng_make(2026u, 0u);
    steer_wander_state st = steer_wander_state_make(&rng);
    for (int frame = 0; frame <= 300; frame++) {
        if (frame % 50 == 0)
            printf("  frame %3d  position (%8.2f, %8.2f)  speed %.3f  heading %6.3f rad\n", frame,
                   (double)a.position.x, (double)a.position.y, (double)steer_length(a.velocity),
                   (double)a.orientation);
        steer_integrate_reynolds(&a, steer_wander(&a, NULL, &st, &rng));
    }
    printf("  (run it again: the same seed prints the same numbers)\n\n");
}

/* Pursue beats seek against a target crossing in front. */
static int frames_to_catch(bool pursue)
{
    steer_agent a = steer_agent_default();
    a.max_speed = 6.0f;
    steer_vec3 tp = steer_v3(20.0f, -15.0f, 0.0f), tv = steer_v3(0.0f, 3.0f, 0.0f);
    for (int i = 0; i < 6000; i++) {
        if (steer_distance(a.position, tp) < 1.0f) return i;
        steer_pursue_params p = steer_pursue_default();
        steer_steering s = pursue ? steer_pursue(&a, tp, tv, &p) : steer_seek(&a, tp);
        steer_integrate_kinematic(&a, s, 1.0f / 60.0f);
        tp = steer_add_scaled(tp, tv, 1.0f / 60.0f);
    }
    return -1;
}

static void demo_pursue(void)
{
    printf("== pursue vs seek (target crossing at 3 units/s, chaser max speed 6)\n");
    printf("  seek catches after %d steps, pursue after %d steps\n\n", frames_to_catch(false),
           frames_to_catch(true));
}

/* Blend: arrive at a goal while leaving a threat that sits near the straight route. */
static void demo_blend(void)
{
    printf("== blend: arrive (weight 1) + leave a threat at (10, 1) (weight 2)\n");
    steer_agent a = steer_agent_default();
    steer_vec3 goal = steer_v3(20.0f, 0.0f, 0.0f), threat = steer_v3(10.0f, 1.0f, 0.0f);
    steer_leave_params lp = steer_leave_default();
    lp.danger_radius = 4.0f;
    float closest = 1e9f;
    bool arrived = false;
    int step = 0;
    for (; step < 3000 && !arrived; step++) {
        steer_weighted w[2] = {{steer_arrive(&a, goal, NULL, &arrived), 1.0f},
                               {steer_leave(&a, threat, &lp), 2.0f}};
        float d = steer_distance(a.position, threat);
        closest = d < closest ? d : closest;
        if (step % 180 == 0)
            printf("  t=%4.2fs  position (%6.2f, %6.2f)  distance to threat %5.2f\n",
                   (double)step / 60.0, (double)a.position.x, (double)a.position.y, (double)d);
        steer_integrate_kinematic(&a, steer_blend(&a, w, 2), 1.0f / 60.0f);
    }
    printf("  closest approach to the threat %.2f (a straight line passes at 1.00); %s after "
           "%d steps at (%.2f, %.2f)\n\n",
           (double)closest, arrived ? "arrived" : "not arrived", step, (double)a.position.x,
           (double)a.position.y);
}

int main(void)
{
    demo_arrive_and_face();
    demo_reynolds_wander();
    demo_pursue();
    demo_blend();
    return 0;
}
