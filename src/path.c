/* SPDX-License-Identifier: MIT */
/* Polyline paths: building, arc length, point <-> parameter (steer/path.h). */
#include "steer/path.h"

#include "steering_internal.h"

#include <math.h>

/* Waypoints closer than this (squared) to the previous one are repeats. */
#define STEER_PATH_REPEAT_SQ 1e-12f

static bool steer_path_repeats(steer_vec3 a, steer_vec3 b)
{
    return steer_length_sq(steer_sub(a, b)) <= STEER_PATH_REPEAT_SQ;
}

/* A point the path can measure: its segment from the previous kept point, and on a
 * closed path the closing one to the first, have a length that fits a float (below
 * about 1.8e19, where the square overflows). A path through +-FLT_MAX had length inf
 * and NaN points. */
static bool steer_path_reachable(const steer_path *path, steer_vec3 p, float walked, float step)
{
    if (!steer_is_finite(walked + step)) return false;
    return !path->closed || steer_is_finite(steer_distance(p, path->nodes[0].point));
}

int steer_path_init(steer_path *path, steer_path_node *storage, int capacity,
                    const steer_vec3 *points, int count, bool closed, float radius)
{
    STEER_ASSERT(path != NULL);
    if (path == NULL) return 0;
    path->nodes = storage;
    path->count = 0;
    path->closed = closed;
    path->radius = steer__nonneg(radius);
    path->length = 0.0f;
    if (storage == NULL || points == NULL || capacity <= 0) return 0;
    float walked = 0.0f;
    for (int i = 0; i < count && path->count < capacity; i++) {
        if (!steer_v3_is_finite(points[i])) continue;
        if (path->count > 0) {
            steer_vec3 last = storage[path->count - 1].point;
            if (steer_path_repeats(points[i], last)) continue;
            float step = steer_distance(last, points[i]);
            if (!steer_path_reachable(path, points[i], walked, step)) continue;
            walked += step;
        }
        storage[path->count].point = points[i];
        storage[path->count].distance = walked;
        path->count++;
    }
    /* A closed path given with its first point repeated at the end loops by itself. */
    if (closed && path->count > 2 &&
        steer_path_repeats(storage[path->count - 1].point, storage[0].point)) {
        path->count--;
        walked = storage[path->count - 1].distance;
    }
    if (closed && path->count > 1)
        walked += steer_distance(storage[path->count - 1].point, storage[0].point);
    path->length = walked;
    return path->count;
}

float steer_path_length(const steer_path *path)
{
    return path != NULL ? path->length : 0.0f;
}

/* Number of segments: count - 1 open, count closed (a closed 1-point path has none). */
static int steer_path_segments(const steer_path *path)
{
    if (path->count < 2) return 0;
    return path->closed ? path->count : path->count - 1;
}

/* End points and start parameter of segment i (0 <= i < segments). */
static void steer_path_segment(const steer_path *path, int i, steer_vec3 *a, steer_vec3 *b,
                               float *s0, float *s1)
{
    int j = i + 1 < path->count ? i + 1 : 0;
    *a = path->nodes[i].point;
    *b = path->nodes[j].point;
    *s0 = path->nodes[i].distance;
    *s1 = j == 0 ? path->length : path->nodes[j].distance;
}

/* s mapped into [0, length]: clamped (open) or wrapped (closed). */
static float steer_path_fold(const steer_path *path, float s)
{
    if (!steer_is_finite(s)) s = 0.0f;
    if (!path->closed || !(path->length > 0.0f)) return steer_clampf(s, 0.0f, path->length);
    s -= path->length * floorf(s / path->length);
    return s < path->length ? steer_clampf(s, 0.0f, path->length) : 0.0f;
}

/* The segment holding parameter s in [0, length]: binary search over node distances. */
static int steer_path_find_segment(const steer_path *path, float s)
{
    int lo = 0, hi = steer_path_segments(path) - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (path->nodes[mid].distance <= s)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

steer_vec3 steer_path_point_at(const steer_path *path, float s)
{
    if (path == NULL || path->count < 1) return steer_v3_zero();
    if (path->count == 1) return path->nodes[0].point;
    s = steer_path_fold(path, s);
    steer_vec3 a, b;
    float s0, s1;
    steer_path_segment(path, steer_path_find_segment(path, s), &a, &b, &s0, &s1);
    float f = s1 > s0 ? steer_clampf((s - s0) / (s1 - s0), 0.0f, 1.0f) : 0.0f;
    return steer_lerp(a, b, f);
}

/* Closest point to p on segment i, restricted to parameters [lo, hi] (a sub-range of
 * the segment's own). Writes its parameter, returns its squared distance. */
static float steer_path_closest_on(const steer_path *path, int i, steer_vec3 p, float lo, float hi,
                                   float *s_out)
{
    steer_vec3 a, b;
    float s0, s1;
    steer_path_segment(path, i, &a, &b, &s0, &s1);
    float len = s1 - s0;
    float s = lo;
    if (len > 0.0f) {
        float along = steer_dot(steer_sub(p, a), steer_sub(b, a)) / len;
        s = steer_clampf(s0 + along, lo, hi);
    }
    *s_out = s;
    steer_vec3 q = len > 0.0f ? steer_lerp(a, b, (s - s0) / len) : a;
    return steer_length_sq(steer_sub(p, q));
}

float steer_path_parameter(const steer_path *path, steer_vec3 point)
{
    if (path == NULL || path->count < 2 || !steer_v3_is_finite(point)) return 0.0f;
    float best_s = 0.0f, best = -1.0f;
    for (int i = 0; i < steer_path_segments(path); i++) {
        steer_vec3 a, b;
        float s0, s1, s;
        steer_path_segment(path, i, &a, &b, &s0, &s1);
        float d = steer_path_closest_on(path, i, point, s0, s1, &s);
        if (best < 0.0f || d < best) {
            best = d;
            best_s = s;
        }
    }
    return steer_path_fold(path, best_s);
}

/* The local search of steer_path_parameter_near over [from, to] with from in
 * [0, length]; for closed paths `to` may pass length (at most one lap ahead). */
static float steer_path_search(const steer_path *path, steer_vec3 point, float from, float to)
{
    float best_s = from, best = -1.0f;
    int segments = steer_path_segments(path);
    int i = steer_path_find_segment(path, from);
    float lap = 0.0f; /* added to parameters once the search wraps past the end */
    for (int n = 0; n <= segments; n++, i++) {
        if (i == segments) {
            if (!path->closed) break;
            i = 0;
            lap += path->length;
        }
        float s0 = path->nodes[i].distance + lap;
        float s1 = (i + 1 < path->count ? path->nodes[i + 1].distance : path->length) + lap;
        if (s0 > to) break;
        float lo = s0 > from ? s0 : from, hi = s1 < to ? s1 : to, s;
        float d = steer_path_closest_on(path, i, point, lo - lap, hi - lap, &s);
        if (best < 0.0f || d < best) {
            best = d;
            best_s = s + lap;
        }
    }
    return best_s;
}

float steer_path_parameter_near(const steer_path *path, steer_vec3 point, float from, float window)
{
    if (path == NULL || path->count < 2) return 0.0f;
    from = steer_path_fold(path, from);
    if (!steer_v3_is_finite(point)) return from;
    float w = steer__nonneg(window);
    if (path->length > 0.0f && w > path->length) w = path->length;
    float to = from + w;
    if (!path->closed && to > path->length) to = path->length;
    return steer_path_search(path, point, from, to);
}
