/* SPDX-License-Identifier: MIT */
/* web/scenario/web_scenario.h - a scenario file (the steer tool's JSON, docs/scenarios.md)
 * loaded and run in the web demo, with the tool's own loader (tools/steer/cli_load*.c,
 * cJSON) and runner (cli_sim*.c) compiled into the module. Only web/build.sh builds it.
 *
 * The page writes the file's text into web_scenario_text(n) and calls
 * web_scenario_load(n): the loader's error (file:line:column: what was expected) comes
 * back from web_scenario_error(); on success the whole run is recorded, and the page
 * replays its frames: records of WEB_AGENT_FLOATS floats per agent (steer_web.h), in a
 * world from (0, 0) to (width, height) with y down (the scenario's up is up on screen),
 * and drawing primitives for the world box, the obstacles and the paths. */
#ifndef STEER_WEB_SCENARIO_H
#define STEER_WEB_SCENARIO_H

/* Room for a text of n bytes (NUL added by the load); NULL when memory runs out. */
char *web_scenario_text(int n);
/* Load and run the text written there; 1 on success, 0 with an error message. */
int web_scenario_load(int n);
const char *web_scenario_error(void);
const char *web_scenario_title(void);
const char *web_scenario_description(void);
/* Frames recorded (the initial state and one per step), agents, seconds per step. */
int web_scenario_frames(void);
int web_scenario_agents(void);
float web_scenario_dt(void);
/* Agent records of frame k (clamped into range). */
const float *web_scenario_frame(int k);
float web_scenario_width(void);
float web_scenario_height(void);
int web_scenario_prim_count(void);
const float *web_scenario_prims(void);

#endif /* STEER_WEB_SCENARIO_H */
