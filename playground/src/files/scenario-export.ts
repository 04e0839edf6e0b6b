/**
 * The position shown as a scenario file skeleton (docs/scenarios.md): the preset, options that
 * differ from its defaults, the seed, and a `setup` that places every card where it is — each
 * player's zones bottom first, with tapped, face-down, counters, per-card vars, cards under
 * others, a controller other than the owner — and each player's variables (life …); then an empty
 * `script` and `expect` to fill in. `turnkit run` (and the scenario panel) runs the file as it is.
 *
 * It is the full (god) view, not one seat's: a setup must place every card, so the file names the
 * cards no seat sees (decks) and each seat's hidden cards (hands, face-down cards), and says so in
 * its first lines and its description.
 *
 * What a setup cannot say is left out: items on a stack or chain (an ability waiting to resolve),
 * an attack in progress, limits already used this turn, the random generator's state.
 */
import type { Game, Json } from "turnkit";
import type { CardPlacement, PlayerSetup, Scenario } from "turnkit/scenario";
import { Document, isMap, isSeq, visit } from "yaml";
import { validateOptions } from "../../../src/core/options.js";
import { seedForFile } from "../../../src/replay/format.js";

type GameObject = Game["state"]["objects"][string];

/** The kernel's option that scenarios set themselves (docs/scenarios.md: they run on the fast path). */
const SCENARIO_SETS = new Set(["leakyFastPath"]);

const playerRef = (p: number): string => `P${p + 1}`;

/** The turn node a setup can begin at: the deepest node on the clock's path not entered on demand (an attack). */
export function setupStep(game: Game): string | undefined {
  const path = game.state.clock.path;
  let step: string | undefined;
  for (const id of path.slice(1)) {
    let node: { onDemand?: boolean } | undefined;
    try {
      node = game.rules.node(id) as { onDemand?: boolean };
    } catch {
      break;
    }
    if (node.onDemand) break;
    step = id;
  }
  return step;
}

function placement(game: Game, obj: GameObject, zoneOwner: number): CardPlacement {
  const turn = game.state.clock.turn.id;
  const p: Exclude<CardPlacement, string> = { card: obj.card };
  if (obj.tapped) p.tapped = true;
  if (obj.faceDown) p.faceDown = true;
  if (turn > 0 && obj.enteredTurn === turn) p.enteredThisTurn = true;
  if (Object.keys(obj.counters).length > 0) p.counters = { ...obj.counters };
  if (Object.keys(obj.vars).length > 0) p.vars = structuredClone(obj.vars) as Record<string, Json>;
  if (obj.controller !== zoneOwner) p.controller = playerRef(obj.controller);
  if (obj.under.length > 0)
    p.under = obj.under.map((id) => placement(game, game.state.objects[id]!, zoneOwner));
  return Object.keys(p).length === 1 ? obj.card : p;
}

/** The scenario (as data) of the position: see the module's comment. */
export function scenarioSkeletonData(game: Game, name?: string): Scenario {
  const s = game.state;
  const preset = game.rules.preset;
  const defaults = validateOptions(preset, {});
  const options: Record<string, Json> = {};
  for (const [k, v] of Object.entries(s.options))
    if (!SCENARIO_SETS.has(k) && JSON.stringify(v) !== JSON.stringify(defaults[k])) options[k] = v;
  const players: Record<string, PlayerSetup> = {};
  for (const p of s.players) {
    const setup: PlayerSetup = {};
    if (Object.keys(p.vars).length > 0) setup.vars = structuredClone(p.vars) as Record<string, Json>;
    players[playerRef(p.id)] = setup;
  }
  // Zones in the order the rules define their kinds; a shared zone's cards go to their owners.
  const kinds = [...game.rules.zoneDefs.keys()];
  for (const kind of kinds)
    for (const zone of Object.values(s.zones)) {
      if (zone.kind !== kind) continue;
      for (const id of zone.cards) {
        const obj = s.objects[id]!;
        const owner = zone.owner ?? obj.owner;
        const setup = players[playerRef(owner)]!;
        setup.zones ??= {};
        setup.zones[kind] ??= [];
        setup.zones[kind].push(placement(game, obj, owner));
      }
    }
  // Scenarios have P1 and P2 unless they name their players.
  const defaultNames = s.players.length === 2 && s.players.every((p) => p.name === playerRef(p.id));
  const step = setupStep(game);
  const where = game.where();
  return {
    name: name ?? `${preset.name}: ${where}`,
    description: `Exported from the turnkit playground at ${where}${game.over ? ` (game over: ${game.result?.reason})` : ""}, in full (god) view: every card, hidden ones too. Fill in the script and the expectations.`,
    covers: [],
    preset: s.preset,
    ...(Object.keys(options).length > 0 ? { options } : {}),
    seed: seedForFile(s.seed),
    ...(defaultNames ? {} : { players: s.players.map((p) => p.name) }),
    setup: {
      turn: Math.max(1, s.clock.turn.id),
      active: playerRef(s.clock.turn.player),
      ...(s.clock.turn.extra ? { extra: true } : {}),
      ...(step ? { step } : {}),
      players,
    },
    script: [],
    expect: {},
  };
}

/** The scenario file skeleton of the position, as YAML text. */
export function scenarioSkeleton(game: Game, name?: string): string {
  const doc = new Document(scenarioSkeletonData(game, name));
  // Card placements one per line, each a flow mapping: `- { card: knight, tapped: true }`;
  // a zone of bare card ids as one flow sequence: `deck: [knight, giant]`.
  visit(doc, {
    Pair(_, pair) {
      const key = (pair.key as { value?: unknown } | null)?.value;
      if (key === "zones" && isMap(pair.value))
        for (const z of pair.value.items) {
          const cards = z.value;
          if (!isSeq(cards)) continue;
          if (cards.items.every((c) => !isMap(c))) cards.flow = true;
          else for (const c of cards.items) if (isMap(c)) c.flow = true;
        }
      if ((key === "vars" || key === "options") && isMap(pair.value)) pair.value.flow = true;
    },
  });
  const header = [
    "# A scenario skeleton exported by the turnkit playground: the setup places every card as it was.",
    "# FULL (GOD) VIEW: every card is named, the ones no seat sees and each seat's hidden cards too.",
    "# Add script steps (choose:, reject:, passUntil:, expect:) and expectations, then `turnkit run` it.",
  ].join("\n");
  return `${header}\n${doc.toString({ lineWidth: 110 })}`;
}
