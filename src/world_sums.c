/* SPDX-License-Identifier: MIT */
/* The flocking sums (world_sums.h) built for every machine. */
#include "world_sums.h"

void steer__world_sums(steer_world_eval *e)
{
    steer_world_sums(e);
}
