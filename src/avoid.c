/* SPDX-License-Identifier: MIT */
/* Obstacle avoidance: a look-ahead corridor as long as the stopping distance. */
#include "obstacle_internal.h"
#include "steering_internal.h"

/* Damping of the approach speed once an obstacle is in the corridor, 1/s. */
#define STEER_AVOID_DAMPING 8.0f

/* The detour round an obstacle starts once the agent heads into its surface by more than
 * this cosine (about 3 degrees): moving along a wall is not heading into it. */
#define STEER_AVOID_FACING 0.05f

steer_avoid_params steer_avoid_default(void)
{
    steer_avoid_params p;
    p.margin = 0.2f;
    p.min_look = 1.0f;
    p.look_time = 0.5f;
    p.brake_weight = 0.5f;
    p.step = 1.0f / 60.0f;
    return p;
}

/* The nearest thing the agent must react to. */
typedef struct steer_threat {
    float distance;  /* along the corridor to the first contact; < 0: none */
    steer_vec3 away; /* direction from the obstacle surface towards the agent */
    bool contact;    /* already touching: push out along `away` */
    steer_vec3 band; /* summed push of the obstacles whose margin the agent is inside */
} steer_threat;

/* Keep the more pressing threat: a contact beats any look-ahead hit; between contacts
 * the deeper one, between look-ahead hits the nearer one. */
static void steer_threat_offer(steer_threat *best, float distance, steer_vec3 away, bool contact)
{
    if (distance < 0.0f) return;
    bool have = best->distance >= 0.0f;
    if (have && best->contact && !contact) return;
    if (have && best->contact == contact &&
        (contact ? distance <= best->distance : distance >= best->distance))
        return;
    best->distance = distance;
    best->away = away;
    best->contact = contact;
}

typedef struct steer_probe {
    steer_space space;
    steer_vec3 pos, fwd, vel;
    float body, reach, look; /* agent radius; radius + margin; corridor length */
    float step;              /* integration step, to cap braking */
    float accel;             /* largest acceleration */
    float stalled;           /* 1 stopped, falling to 0 at a quarter of max_speed */
} steer_probe;

/* The detour round an obstacle met inside its margin: along the surface, as strong as
 * the agent faces the surface or is held in the margin's inner half (`press`, 0..1)
 * nearly stopped.
 * Without it the push below is straight out, and an agent whose goal lies behind the
 * obstacle stalls against it. The way round is the side of the forward ray away from the
 * obstacle's centre while the agent faces the obstacle (straight at the centre: the
 * left), and the way it moves once it slides along it, so an agent aiming beyond the
 * obstacle keeps the side it took. */
static steer_vec3 steer_band_slide(const steer_probe *pr, steer_vec3 away, steer_vec3 centre,
                                   float press)
{
    float facing = -steer_dot(pr->fwd, away);
    /* A surface the agent heads into, or one it is held against, nearly stopped, by
     * another behaviour (blended with a seek beyond the obstacle); an agent moving along
     * a wall (a narrow corridor) is left alone. */
    if (!(facing > STEER_AVOID_FACING)) facing = 0.0f;
    press *= pr->stalled;
    float amount = facing > press ? facing : press;
    if (!(amount > 0.0f)) return steer_v3(0.0f, 0.0f, 0.0f);
    steer_vec3 side = steer__left_of(pr->space, pr->fwd);
    if (steer__perp_dot(pr->space, pr->fwd, steer_sub(centre, pr->pos)) > 0.0f)
        side = steer_scale(side, -1.0f); /* the centre is on the left: pass on the right */
    steer_vec3 along = steer__left_of(pr->space, away);
    if (steer_dot(along, steer_add(side, pr->fwd)) < 0.0f) along = steer_scale(along, -1.0f);
    return steer_scale(along, pr->accel * (amount < 1.0f ? amount : 1.0f));
}

/* Inside an obstacle's margin (`gap` from the body's surface to it, 0 <= gap < margin):
 * the braking that stops the approach speed within the gap, plus, in the inner half of
 * the margin, a spring that grows from 0 to the full acceleration at the surface (the
 * outer half stays free, so walking between two walls a margin apart is not steered). It is smooth
 * in the position, so an agent pressed along a wall by another behaviour (a goal behind
 * it) settles in the margin instead of bouncing off a look-ahead hit every few steps. */
static void steer_band_push(const steer_probe *pr, steer_vec3 away, float gap, steer_vec3 centre,
                            steer_threat *t)
{
    float half = 0.5f * (pr->reach - pr->body);
    float press = gap < half ? 1.0f - gap / half : 0.0f;
    float push = pr->accel * press;
    float approach = -steer_dot(pr->vel, away);
    if (approach > 0.0f) push += approach * approach / (2.0f * (gap > 1e-3f ? gap : 1e-3f));
    if (push > pr->accel) push = pr->accel;
    t->band = steer_add_scaled(t->band, away, push);
    t->band = steer_add(t->band, steer_band_slide(pr, away, centre, press));
}

static void steer_check_circle(const steer_probe *pr, const steer_circle *c, steer_threat *t)
{
    steer_vec3 center = steer_space_project(pr->space, c->center);
    steer_vec3 to_agent = steer_sub(pr->pos, center);
    float gap = steer_length(to_agent) - c->radius - pr->body;
    if (gap < 0.0f) {
        steer_vec3 out = steer_normalize(to_agent);
        if (steer_length_sq(out) == 0.0f) out = steer_scale(pr->fwd, -1.0f);
        steer_threat_offer(t, -gap, out, true);
        return;
    }
    if (gap < pr->reach - pr->body) {
        steer_band_push(pr, steer_normalize(to_agent), gap, center, t);
        return;
    }
    float hit = steer__ray_circle(pr->pos, pr->fwd, center, c->radius + pr->reach);
    /* On the margin's edge (rounding): only the body itself, straight ahead, counts. */
    if (hit == 0.0f) hit = steer__ray_circle(pr->pos, pr->fwd, center, c->radius + pr->body);
    if (hit < 0.0f || hit > pr->look) return;
    steer_vec3 at = steer_add_scaled(pr->pos, pr->fwd, hit);
    steer_threat_offer(t, hit, steer_normalize(steer_sub(at, center)), false);
}

/* `centre`: the middle of the wall, or of the polygon it is an edge of (the side of the
 * detour, steer_band_slide). */
static void steer_check_wall(const steer_probe *pr, steer_vec3 a, steer_vec3 b, steer_vec3 centre,
                             steer_threat *t)
{
    steer_vec3 q = steer__closest_on_segment(pr->pos, a, b);
    float d = steer_distance(pr->pos, q);
    if (d < pr->body) {
        steer_vec3 out = steer_normalize(steer_sub(pr->pos, q));
        if (steer_length_sq(out) == 0.0f) out = steer_scale(pr->fwd, -1.0f);
        steer_threat_offer(t, pr->body - d, out, true);
        return;
    }
    if (d < pr->reach) {
        steer_band_push(pr, steer_normalize(steer_sub(pr->pos, q)), d - pr->body, centre, t);
        return;
    }
    float hit = steer__ray_capsule(pr->space, pr->pos, pr->fwd, a, b, pr->reach);
    if (hit == 0.0f) hit = steer__ray_capsule(pr->space, pr->pos, pr->fwd, a, b, pr->body);
    if (hit < 0.0f || hit > pr->look) return;
    steer_vec3 at = steer_add_scaled(pr->pos, pr->fwd, hit);
    steer_vec3 away = steer_normalize(steer_sub(at, steer__closest_on_segment(at, a, b)));
    if (steer_length_sq(away) == 0.0f) away = steer_normalize(steer_sub(pr->pos, q));
    steer_threat_offer(t, hit, away, false);
}

static void steer_check_polygon(const steer_probe *pr, steer_polygon poly, steer_threat *t)
{
    if (steer_polygon_check(poly, pr->space) != STEER_POLYGON_OK) return;
    if (steer__point_in_polygon(pr->space, poly, pr->pos)) {
        /* Inside: out through the nearest edge. */
        float best = -1.0f;
        steer_vec3 out = steer_scale(pr->fwd, -1.0f);
        for (int i = 0; i < poly.count; i++) {
            steer_vec3 a, b;
            steer__polygon_edge(pr->space, poly, i, &a, &b);
            steer_vec3 q = steer__closest_on_segment(pr->pos, a, b);
            float d = steer_distance(pr->pos, q);
            if (best < 0.0f || d < best) {
                best = d;
                out = steer_normalize(steer_sub(q, pr->pos));
            }
        }
        steer_threat_offer(t, best + pr->body, out, true);
        return;
    }
    steer_vec3 centre = steer_v3(0.0f, 0.0f, 0.0f);
    for (int i = 0; i < poly.count; i++)
        centre = steer_add(centre, steer_space_project(pr->space, poly.points[i]));
    centre = steer_scale(centre, 1.0f / (float)poly.count);
    /* Inside the margin of one edge, the polygon is one obstacle met there: the edges
     * whose margin holds the agent push and slide it, and no look-ahead runs for the
     * others (sliding along a face, the look-ahead would meet the corner's rounding and
     * push the agent back). */
    bool near = false;
    for (int i = 0; i < poly.count && !near; i++) {
        steer_vec3 a, b;
        steer__polygon_edge(pr->space, poly, i, &a, &b);
        near = steer_distance(pr->pos, steer__closest_on_segment(pr->pos, a, b)) < pr->reach;
    }
    for (int i = 0; i < poly.count; i++) {
        steer_vec3 a, b;
        steer__polygon_edge(pr->space, poly, i, &a, &b);
        if (!near || steer_distance(pr->pos, steer__closest_on_segment(pr->pos, a, b)) < pr->reach)
            steer_check_wall(pr, a, b, centre, t);
    }
}

static steer_threat steer_find_threat(const steer_probe *pr, const steer_obstacles *o)
{
    steer_threat t = {-1.0f, {0.0f, 0.0f, 0.0f}, false, {0.0f, 0.0f, 0.0f}};
    for (int i = 0; i < o->circle_count && o->circles != NULL; i++)
        if (steer__circle_valid(&o->circles[i])) steer_check_circle(pr, &o->circles[i], &t);
    steer_probe flat = *pr;
    flat.space = steer__wall_space(pr->space);
    flat.pos = steer_space_project(flat.space, pr->pos);
    flat.fwd = steer_normalize(steer_space_project(flat.space, pr->fwd));
    if (steer_length_sq(flat.fwd) == 0.0f) return t; /* a 3D agent moving straight up */
    for (int i = 0; i < o->wall_count && o->walls != NULL; i++) {
        steer_vec3 a = steer_space_project(flat.space, o->walls[i].a);
        steer_vec3 b = steer_space_project(flat.space, o->walls[i].b);
        if (steer__wall_valid(flat.space, a, b))
            steer_check_wall(&flat, a, b, steer_scale(steer_add(a, b), 0.5f), &t);
    }
    for (int i = 0; i < o->polygon_count && o->polygons != NULL; i++)
        steer_check_polygon(&flat, o->polygons[i], &t);
    return t;
}

/* Sideways push away from the threat and braking, sharing the acceleration budget. */
static steer_vec3 steer_avoid_response(const steer_probe *pr, const steer_threat *t, float accel,
                                       float speed, float brake_weight)
{
    if (t->contact) return steer_scale(t->away, accel);
    float urgency = steer_clampf(1.0f - t->distance / pr->look, 0.0f, 1.0f);
    /* Brake at least hard enough to stop before the contact point. Everything scales
     * with urgency, which is 0 at the far end of the corridor, so the response grows
     * continuously and an agent sliding along a wall does not flicker. */
    float room = t->distance > 1e-3f ? t->distance : 1e-3f;
    float need = 1.25f * speed * speed / (2.0f * room);
    float brake = brake_weight * accel;
    if (need > brake) brake = need < accel ? need : accel;
    brake *= urgency;
    /* Never more than stops the agent within one step: more would reverse it. */
    if (brake > speed / pr->step) brake = speed / pr->step;
    steer_vec3 side = steer_sub(t->away, steer_scale(pr->fwd, steer_dot(t->away, pr->fwd)));
    side = steer_normalize(side);
    if (steer_length_sq(side) == 0.0f) side = steer__left_of(pr->space, pr->fwd);
    float lateral = steer_sqrt(accel * accel - brake * brake) * urgency;
    /* Damp the speed towards the obstacle: without it an agent pressed against a wall
     * by another behaviour bounces on the steep edge of the corridor. */
    float approach = -steer_dot(pr->vel, side);
    if (approach > 0.0f) lateral += STEER_AVOID_DAMPING * approach;
    return steer_add(steer_scale(side, lateral), steer_scale(pr->fwd, -brake));
}

steer_steering steer_avoid_obstacles(const steer_agent *agent, const steer_obstacles *obstacles,
                                     const steer_avoid_params *params)
{
    if (!steer__usable(agent) || obstacles == NULL) return steer_steering_zero();
    steer_avoid_params p = params != NULL ? *params : steer_avoid_default();
    float accel = steer__max_accel(agent);
    float speed = steer_length(steer_space_project(agent->space, agent->velocity));
    steer_probe pr;
    pr.space = agent->space;
    pr.pos = steer_space_project(agent->space, agent->position); /* shapes ignore the up axis */
    pr.fwd = steer_agent_forward(agent);
    pr.vel = steer_space_project(agent->space, agent->velocity);
    pr.step = steer__model_step(agent, p.step);
    pr.accel = accel;
    pr.stalled = agent->max_speed > 0.0f
                     ? steer_clampf(1.0f - 4.0f * speed / agent->max_speed, 0.0f, 1.0f)
                     : 0.0f;
    pr.body = steer__nonneg(agent->radius);
    pr.reach = pr.body + steer__nonneg(p.margin);
    pr.look = steer__nonneg(p.min_look) + speed * steer__nonneg(p.look_time);
    if (accel > 0.0f) pr.look += speed * speed / (2.0f * accel);
    steer_threat t = steer_find_threat(&pr, obstacles);
    if (t.distance < 0.0f) return steer__accel_output(agent, t.band);
    float weight = steer_clampf(p.brake_weight, 0.0f, 1.0f);
    steer_vec3 response = steer_avoid_response(&pr, &t, accel, speed, weight);
    return steer__accel_output(agent, steer_add(response, t.band));
}
