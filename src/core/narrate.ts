/**
 * Narration: one readable line per log entry, so a game explains itself — turns and steps,
 * turn-based actions, triggers and every limit decision with its reason.
 */
import type { Game } from "./contract/game.js";
import type { JsonObject } from "./json.js";
import { abilityLabel, findAbility, hasLimit, humanizeId } from "./labels.js";
import type { GameObject, LogEntry, PlayerId } from "./types.js";
import { redactEntry } from "./view.js";
import { seenIn } from "./visibility.js";

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

/** Whether `viewer` sees which card `obj` is, where it is now. */
function canSee(game: Game, obj: GameObject, viewer: PlayerId): boolean {
  const seen = seenIn(game, game.state.zones[obj.zone]!, obj.faceDown, obj.owner);
  return seen === "all" || seen.includes(viewer);
}

function zoneLabel(game: Game, kind: string | undefined): string {
  return kind ? (game.rules.zoneDefs.get(kind)?.label ?? humanizeId(kind)) : "a zone";
}

/** The entry's card name, or `fallback` when it has none (an ability of the game itself). */
function nameOr(e: LogEntry, fallback: string): string {
  return e.name ?? fallback;
}

/** "X's ability", or "an ability" when the entry names no card. */
function abilityOf(e: LogEntry): string {
  return e.name ? `${e.name}'s ability` : "an ability";
}

/** Whether the ability an entry names has a usage limit (a decline only matters for those). */
function limited(game: Game, e: LogEntry, d: JsonObject): boolean {
  if (e.card === undefined || typeof d.ability !== "string") return false;
  return hasLimit(findAbility(game.rules.cards.get(e.card), d.ability));
}

/** A value for a sentence: text as it is, anything else (a number, a list) as words; never "undefined". */
function text(v: unknown, fallback = ""): string {
  if (v === undefined || v === null) return fallback;
  if (Array.isArray(v)) return v.map((x) => text(x)).join(", ");
  if (typeof v === "object") return fallback;
  return String(v);
}

/** Narrates one entry, or returns null for entries too small to tell (and answers that let a moment pass). */
export function narrate(game: Game, entry: LogEntry, viewer: PlayerId | null = null): NarratedLine | null {
  return tell(game, entry, viewer)?.line ?? null;
}

/** An entry as the viewer is told it, and its line. */
export interface Told {
  /** The entry as the viewer's view holds it (view.ts redactEntry), with its sequence number. */
  entry: LogEntry;
  /** Its line, or null when it is too small to tell (or an answer that lets the moment pass). */
  line: NarratedLine | null;
  /** The line is the preset's own words (`Preset.narrate`), not the kernel's. */
  byPreset: boolean;
}

/** The ids in an answer's option id ("attack:k1a2b3c4:k5d6e7f8" → the two handles). */
export function idsInChoice(choice: string): string[] {
  return choice.split(/[:,=/@#]/).filter((t) => t.length > 0);
}

/**
 * The entry as `viewer` is told it and its line, or null when they are not told of it. Narrator
 * (narrator.ts) reads the told entry, never the entry itself, so what it leaves out or merges
 * depends only on what the viewer is told.
 */
export function tell(game: Game, entry: LogEntry, viewer: PlayerId | null = null): Told | null {
  let e = entry;
  if (viewer !== null) {
    // Told only what the viewer's view tells (view.ts redactEntry, the redaction the
    // non-interference property proves): nothing of an event they are not told of, no other
    // player's answers, and of a card or a cause they don't see, neither its name nor its data.
    if (entry.type === "decision" && entry.seenBy && !entry.seenBy.includes(viewer)) return null;
    const told = redactEntry(game, entry, viewer);
    if (told === null) return null;
    e = { ...(told as unknown as LogEntry), seq: entry.seq };
    // The handles the viewer knows the card by, now and before it moved (as redactEntry picks
    // the one it shows): the Narrator follows a card of theirs from the answer that named it.
    if (entry.h !== undefined && (entry.trackedBy === undefined || entry.trackedBy.includes(viewer)))
      e.h = entry.h;
    if (entry.hWas !== undefined && entry.trackedWas?.includes(viewer)) e.hWas = entry.hWas;
  }
  // An answer that only lets the moment pass (a pass, "don't block", "don't respond") tells
  // nothing: what comes next says what happened, and a declined ability has its own event.
  if (e.type === "decision" && (e.data as JsonObject | undefined)?.pass === true)
    return { entry: e, line: null, byPreset: false };
  let custom = game.rules.preset.narrate?.(game, e, viewer);
  // A preset's sentence that needed what the viewer may not see falls back to the kernel's words.
  if (custom && e !== entry && /\bundefined\b/.test(custom)) custom = null;
  // The depth of the node the event happened in (listeners hear an action's events after it).
  const depth = game.rules.nodes.get(e.node)?.depth ?? 0;
  if (custom !== undefined && custom !== null) {
    // An empty sentence is the preset saying there is nothing to tell.
    return {
      entry: e,
      line: custom.trim() === "" ? null : { depth, text: polish(game, custom) },
      byPreset: true,
    };
  }
  const line = kernelLine(game, e, viewer, depth);
  return {
    entry: e,
    line:
      line === null || line.text.trim() === "" ? null : { depth: line.depth, text: polish(game, line.text) },
    byPreset: false,
  };
}

/**
 * A sentence as a person reads it: without the handles that tell two cards of a name apart in a
 * choice or an error ("Kekkon Shite Kureyaa!! (krbwpw7g)" — the line names the card), and with
 * one full stop after a name that ends in one ("P2 draws Ryuso-ou Q.E.D.").
 */
function polish(game: Game, line: string): string {
  return line
    .replace(/ \((k[a-z2-9]{7})\)/g, (all, h: string) => (game.byHandle(h) === undefined ? all : ""))
    .replace(/(?<!\.)\.\.$/, ".");
}

/** The kernel's words for an entry. */
function kernelLine(game: Game, e: LogEntry, viewer: PlayerId | null, depth: number): NarratedLine | null {
  const d = (e.data ?? {}) as JsonObject;
  const p = who(game, e.player);
  switch (e.type) {
    case "turnBegin":
      return { depth: 0, text: `━━ Turn ${text(d.turn, "?")} · ${p}${d.extra ? " (extra turn)" : ""} ━━` };
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
      return moveLine(game, e, viewer, depth);
    case "putUnder": {
      const top = game.state.objects[text(d.top)];
      const seen = top && (viewer === null || canSee(game, top, viewer));
      const topName = top && seen ? game.rules.card(top.card).name : "another card";
      return { depth, text: `${cardName(game, e, viewer)} is put under ${topName}.` };
    }
    case "reveal":
      return { depth, text: `${p} reveals ${cardName(game, e, viewer)}.` };
    case "activate": {
      const ability = findAbility(
        e.card === undefined ? undefined : game.rules.cards.get(e.card),
        text(d.ability),
      );
      const what = ability?.text || ability?.keyword ? `: ${abilityLabel(ability)}` : "";
      return { depth, text: `${p} activates ${abilityOf(e)}${what}.` };
    }
    case "skipNodeAdded": {
      const node = game.rules.nodes.get(String(d.node));
      return {
        depth,
        text: `${p} will skip their next ${node?.label ?? text(d.node)}${typeof d.source === "string" ? ` (${d.source})` : ""}.`,
      };
    }
    case "nodeSkipped": {
      const node = game.rules.nodes.get(String(d.node));
      return {
        depth,
        text: `⏭ ${p}'s ${node?.label ?? text(d.node)} is skipped${typeof d.source === "string" ? ` (${d.source})` : ""}.`,
      };
    }
    case "skipTo": {
      const node = game.rules.nodes.get(String(d.to));
      return {
        depth,
        text: `⏭ The turn skips to the ${node?.label ?? text(d.to)}${typeof d.source === "string" ? ` (${d.source})` : ""}.`,
      };
    }
    case "control":
      return {
        depth,
        text: `${cardName(game, e, viewer)} ${d.returned ? "returns" : "goes"} to ${p}'s control${typeof d.from === "number" ? ` (from ${who(game, d.from)})` : ""}.`,
      };
    case "shuffle":
      return {
        depth,
        text: `${p} shuffles their ${zoneLabel(game, typeof d.zone === "string" ? d.zone : "deck")}.`,
      };
    case "trigger":
      return {
        depth,
        text: `⚡ ${nameOr(e, "An ability")}${p ? ` (${p})` : ""} triggers${d.limitUsed ? " — its limit is now used" : ""}.`,
      };
    case "resolve":
      return {
        depth,
        text: `✔ ${abilityOf(e)} resolves${typeof d.keyword === "string" ? ` (${d.keyword})` : ""}.`,
      };
    case "fizzle":
      return { depth, text: `✘ ${abilityOf(e)} does nothing${d.reason ? `: ${text(d.reason)}` : "."}` };
    case "decline": {
      // A "you may" of an effect (no ability named): the decision line already told the answer.
      if (typeof d.ability !== "string") return null;
      const limit = limited(game, e, d)
        ? d.limitUsed
          ? " (this still uses its limit)"
          : " (its limit is not used)"
        : "";
      return { depth, text: `${p} declines ${abilityOf(e)}${limit}.` };
    }
    case "limitRefused":
      return d.reason ? { depth, text: `⛔ ${text(d.reason)}` } : null;
    case "limitUsed": {
      const count = d.used !== undefined && d.max !== undefined ? `${text(d.used)}/${text(d.max)}` : "";
      const scope = d.scope ? ` for ${text(d.scope)}` : "";
      const window = d.window ? `window: ${humanizeId(text(d.window))}` : "";
      const detail = [count + scope, window].filter(Boolean).join(", ");
      return {
        depth,
        text: `◆ ${nameOr(e, "An ability")}: “${text(d.limit, "its limit")}” used${detail ? ` (${detail})` : ""}.`,
      };
    }
    case "limitRefunded":
      return {
        depth,
        text: `◇ ${nameOr(e, "An ability")}: the activation was negated, so “${text(d.limit, "its limit")}” is given back.`,
      };
    case "replaced": {
      const notApplied =
        Array.isArray(d.notApplied) && d.notApplied.length
          ? ` (not applied, still available: ${text(d.notApplied)})`
          : "";
      const what = typeof d.replaced === "string" ? humanizeId(d.replaced) : "event";
      return { depth, text: `↻ ${nameOr(e, "An effect")} replaces the ${what} event${notApplied}.` };
    }
    case "durationEnd":
      return d.label ? { depth, text: `⌛ “${text(d.label)}” ends.` } : { depth, text: "⌛ An effect ends." };
    case "decision": {
      // The question with its answer; another player's view holds only the kind of question.
      // An option's label may name a card by its handle, to tell apart two of the same name when
      // choosing; the narrated answer names the card alone.
      const label = [text(d.choice), ...idsInChoice(text(d.choice))].reduce(
        (l, id) => l.replaceAll(` (${id})`, ""),
        text(d.label, "(an answer only they see)"),
      );
      const prompt = typeof d.prompt === "string" && d.prompt ? d.prompt : null;
      // A decision made for another player (CR 722.4): "P1 for P2: …".
      const by = typeof d.for === "number" ? `${p} for ${who(game, d.for)}` : p;
      // A question with one answer is no choice: said as what it is ("Discard a card: nothing
      // there can be chosen."), not as an answer.
      if (d.only === true && prompt)
        return { depth, text: `${by}: ${/[.?!]$/.test(prompt) ? prompt : `${prompt}.`}` };
      return { depth, text: prompt ? `${by}: ${prompt} → ${label}` : `→ ${by}: ${label}` };
    }
    case "extraTurnAdded":
      return { depth, text: `${p} will take an extra turn after this one.` };
    case "nodesAdded": {
      const names = Array.isArray(d.nodes)
        ? (d.nodes as string[]).map((n) => game.rules.nodes.get(n)?.label ?? n)
        : [];
      const after = game.rules.nodes.get(String(d.after))?.label ?? String(d.after);
      return {
        depth,
        text: `After this ${after.toLowerCase()}: ${names.join(", then ").toLowerCase()} (added to this turn).`,
      };
    }
    case "turnSkipped":
      return { depth: 0, text: `${p}'s turn is skipped.` };
    case "turnControlAdded":
      return {
        depth,
        text: `${who(game, typeof d.by === "number" ? d.by : undefined)} will control ${p} during ${p}'s next turn${typeof d.source === "string" ? ` (${d.source})` : ""}.`,
      };
    case "turnControl":
      return d.by === e.player
        ? null
        : {
            depth: 0,
            text: `${who(game, typeof d.by === "number" ? d.by : undefined)} controls ${p} this turn, making ${p}'s decisions.`,
          };
    case "targeted": {
      const by = e.cause?.name ? ` of ${e.cause.name}` : "";
      const target = d.target === "player" ? p : cardName(game, e, viewer);
      return { depth, text: `◎ ${target} becomes the target${by}.` };
    }
    case "gameEnd":
      return {
        depth: 0,
        text: `■ Game over: ${text(d.reason, "the game ended")}${d.winner === null ? " — a draw" : ""}.`,
      };
    case "note":
      return typeof d.text === "string" ? { depth, text: d.text } : null;
    case "roll":
      return { depth, text: `${p} rolls a d${text(d.sides, "?")}: ${text(d.value, "?")}.` };
    case "coin":
      return { depth, text: `${p} tosses a coin: ${text(d.value, "?")}.` };
    default:
      // A card changing zones under another name (`destroy`, `discard` … the move op's `event`)
      // that the preset doesn't word is told as a move: no card changes zones unsaid.
      return e.from !== undefined && e.to !== undefined ? moveLine(game, e, viewer, depth) : null;
  }
}

/** "Holy Awe moves from P1's hand to the graveyard." */
function moveLine(game: Game, e: LogEntry, viewer: PlayerId | null, depth: number): NarratedLine {
  const p = who(game, e.player);
  return {
    depth,
    text: `${cardName(game, e, viewer)} moves from ${p ? `${p}'s` : "the"} ${zoneLabel(game, e.from)} to the ${zoneLabel(game, e.to)}.`,
  };
}
