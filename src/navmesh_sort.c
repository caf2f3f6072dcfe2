/* SPDX-License-Identifier: MIT */
/* Heapsort for the navigation mesh's builds: qsort's comparator cannot take context
 * and its order among equal keys is unspecified; this one is total (key, then value),
 * so a build gives the same mesh on every libc. */
#include "navmesh_internal.h"

static bool steer__nav_less(const steer__nav_key *a, const steer__nav_key *b)
{
    if (a->key != b->key) return a->key < b->key;
    return a->value < b->value;
}

static void steer__nav_sift(steer__nav_key *k, int root, int count)
{
    for (;;) {
        int child = 2 * root + 1;
        if (child >= count) return;
        if (child + 1 < count && steer__nav_less(&k[child], &k[child + 1])) child++;
        if (!steer__nav_less(&k[root], &k[child])) return;
        steer__nav_key t = k[root];
        k[root] = k[child];
        k[child] = t;
        root = child;
    }
}

void steer__nav_sort(steer__nav_key *keys, int count)
{
    for (int i = count / 2 - 1; i >= 0; i--) steer__nav_sift(keys, i, count);
    for (int end = count - 1; end > 0; end--) {
        steer__nav_key t = keys[0];
        keys[0] = keys[end];
        keys[end] = t;
        steer__nav_sift(keys, 0, end);
    }
}
