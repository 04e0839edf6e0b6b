/**
 * `turnkit`: the kernel — games, turn structure, limits, activation, views, the narrator and the
 * helpers a preset of your own is written with. The presets ship as their own entry points
 * (`turnkit/presets/duel-masters`, `turnkit/presets/yugioh`, `turnkit/presets/magic`,
 * `turnkit/presets/lab`, `turnkit/presets/skirmish`, and the registry `turnkit/presets`), as do
 * `turnkit/scenario` and `turnkit/agents`, so a bundle of the kernel alone stays small.
 */
import { installFullChecks } from "./core/checks.js";

// Definitions are checked in every game made through this entry (core/checking.ts; not in turnkit/core).
installFullChecks();

export * from "./core/index.js";
