/**
 * Narration: one readable line per log entry, so a game explains itself — turns and steps,
 * turn-based actions, triggers and every limit decision with its reason.
 */
import type { Game } from "./game.js";
import type { JsonObject } from "./json.js";
import type { LogEntry, PlayerId } from "./types.js";

export interface NarratedLine {
  depth: number;
  text: string;
}

function who(game: Game, p: PlayerId | undefined): string {
  return p === undefined ? "" : game.playerName(p);
}

function cardName(_game: Game, e: LogEntry, viewer: PlayerId | null): string {
  if (viewer !== null && e.seenBy && !e.seenBy.includes(viewer)) return "a card";
  return e.name ?? "a card";
}

function zoneLabel(game: Game, kind: string | undefined): string {
  return kind ? (game.rules.zoneDefs.get(kind)?.label ?? kind) : "?";
}

/** Narrates one entry, or returns null for entries too small to tell. */
export function narrate(game: Game, e: LogEntry, viewer: PlayerId | null = null): NarratedLine | null {
  const custom = game.rules.preset.narrate?.(game, e, viewer);
  const depth = Math.max(0, game.state.clock.path.length - 1);
  if (custom !== undefined && custom !== null) return { depth, text: custom };
  const d = (e.data ?? {}) as JsonObject;
  const p = who(game, e.player);
  switch (e.type) {
    case "turnBegin":
      return { depth: 0, text: `━━ Turn ${d.turn} · ${p}${d.extra ? " (extra turn)" : ""} ━━` };
    case "nodeEnter": {
      const node = game.rules.nodes.get(String(d.node));
      if (!node || node.kind === "turn") return null;
      return {
        depth: Math.max(0, node.depth - 1),
        text: `▸ ${node.label}${e.attack ? ` (attack ${e.attack})` : ""}`,
      };
    }
    case "draw":
      return { depth, text: `${p} draws ${cardName(game, e, viewer)}.` };
    case "drawFromEmpty":
      return { depth, text: `${p} must draw, but their deck is empty.` };
    case "move":
      return {
        depth,
        text: `${cardName(game, e, viewer)} moves from ${p}'s ${zoneLabel(game, e.from)} to the ${zoneLabel(game, e.to)}.`,
      };
    case "shuffle":
      return { depth, text: `${p} shuffles their ${zoneLabel(game, String(d.zone))}.` };
    case "trigger":
      return { depth, text: `⚡ ${e.name} (${p}) triggers${d.limitUsed ? " — its limit is now used" : ""}.` };
    case "resolve":
      return { depth, text: `✔ ${e.name}'s ability resolves${d.keyword ? ` (${d.keyword})` : ""}.` };
    case "fizzle":
      return { depth, text: `✘ ${e.name}'s ability does nothing: ${d.reason}` };
    case "decline":
      return {
        depth,
        text: `${p} declines ${e.name}'s ability${d.limitUsed ? " (this still uses its limit)" : " (its limit is not used)"}.`,
      };
    case "limitRefused":
      return { depth, text: `⛔ ${d.reason}` };
    case "limitUsed":
      return {
        depth,
        text: `◆ ${e.name}: “${d.limit}” used (${d.used}/${d.max} for ${d.scope}, window: ${d.window}).`,
      };
    case "limitRefunded":
      return { depth, text: `◇ ${e.name}: the activation was negated, so “${d.limit}” is given back.` };
    case "replaced": {
      const notApplied =
        Array.isArray(d.notApplied) && d.notApplied.length
          ? ` (not applied, still available: ${d.notApplied.join(", ")})`
          : "";
      return { depth, text: `↻ ${e.name} replaces the ${d.replaced}${notApplied}.` };
    }
    case "durationEnd":
      return { depth, text: `⌛ “${d.label}” ends.` };
    case "decision":
      return { depth, text: `→ ${p}: ${d.label}` };
    case "extraTurnAdded":
      return { depth, text: `${p} will take an extra turn after this one.` };
    case "turnSkipped":
      return { depth: 0, text: `${p}'s turn is skipped.` };
    case "gameEnd":
      return { depth: 0, text: `■ Game over: ${d.reason}${d.winner === null ? " — a draw" : ""}.` };
    case "note":
      return { depth, text: String(d.text) };
    case "roll":
      return { depth, text: `${p} rolls a d${d.sides}: ${d.value}.` };
    case "coin":
      return { depth, text: `${p} tosses a coin: ${d.value}.` };
    default:
      return null;
  }
}
