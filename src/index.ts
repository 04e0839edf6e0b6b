export { skirmish } from "../examples/skirmish.js";
export { type Agent, playOut, randomAgent } from "./agents/random.js";
export * from "./core/index.js";
export { duelMasters, duelMastersPlay } from "./presets/duel-masters/index.js";
export { getPreset, presetIds, registerPreset } from "./presets/index.js";
export { lab } from "./presets/lab/index.js";
export * from "./presets/magic/index.js";
export * from "./presets/yugioh/index.js";
