/**
 * Skirmish, the small card game that shows the kernel end to end, ships as a built-in preset:
 * its source is src/presets/skirmish/index.ts, imported as `turnkit/presets/skirmish`.
 */
export { skirmish } from "turnkit/presets/skirmish";
