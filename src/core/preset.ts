/**
 * A preset: a game's rules as data plus small named functions (the contract's hooks,
 * contract/hooks.ts; its data shapes, contract/data.ts). Kept under this name for imports.
 */
export type {
  CardFieldSpec,
  PresetOptionDef,
  Redirect,
  SetupSpec,
  StackEntry,
  TurnNode,
  ZoneDef,
} from "./contract/data.js";
export type { ConditionFn, Preset, PresetInvariant, TaskHandler } from "./contract/hooks.js";
