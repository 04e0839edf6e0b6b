/**
 * One game of a simulation: created from its seed (and the decks its seed gives each seat),
 * played by an agent per seat, and counted from its log's events once it is over.
 */
import { type Agent, randomAgent } from "../agents/random.js";
import { agentOf as agentOfSpec } from "../agents/spec.js";
import { Game } from "../core/game.js";
import type { JsonObject } from "../core/json.js";
import type { Preset } from "../core/preset.js";
import type { LogEntry } from "../core/types.js";
import type { CardDef } from "../core/vocabulary/schema.js";
import { deckOf } from "./seeds.js";
import type { GameRecord } from "./types.js";

/** What every game of a run shares. */
export interface GameSetup {
  players: number;
  options: JsonObject;
  cards: CardDef[];
  /** Deck lists (card ids), or null for the preset's own decks. */
  decks: string[][] | null;
  maxActions: number;
  /** Agent specs per seat (src/agents/spec.ts), or absent for the default random agents. */
  agents?: string[];
}

/**
 * Events that put a card to use, counted per card by type: casting, summoning (every
 * `…Summon` event: Yu-Gi-Oh!'s normalSummon, specialSummon …), playing, activating, setting.
 */
const USE_EVENTS = new Set([
  "activate",
  "activateCard",
  "cast",
  "play",
  "playLand",
  "summon",
  "set",
  "deploy",
  "cross",
]);
const SUMMON = /^[a-z]+Summon$/;

/** Events about an ability (data.ability), counted per card and ability. */
const ABILITY_EVENTS = new Set([
  "activate",
  "trigger",
  "resolve",
  "decline",
  "fizzle",
  "limitUsed",
  "limitRefused",
]);

/** The agent `turnkit play --seed S` gives a seat: so game S of a run is `play --seed S`'s game. */
export function defaultAgent(seat: number, seed: number): Agent {
  return randomAgent(seed * 7919 + seat);
}

// Own keys only: a card or ability named "constructor" is counted, not added to Object.
function bump(map: Record<string, number>, key: string, n = 1): void {
  map[key] = (Object.hasOwn(map, key) ? map[key]! : 0) + n;
}

/** The inner map of `outer` at `key`, made when missing. */
function inner(outer: Record<string, Record<string, number>>, key: string): Record<string, number> {
  let m = Object.hasOwn(outer, key) ? outer[key] : undefined;
  if (!m) {
    m = {};
    outer[key] = m;
  }
  return m;
}

/** A refusal's reason, in words that do not change from game to game (no turn numbers, no names). */
function refusalReason(e: LogEntry): string | null {
  const data = (e.data ?? {}) as Record<string, unknown>;
  if (e.type === "limitRefused")
    return `limit refused at ${String(data.at ?? "trigger")} (window ${String(data.window ?? "?")})`;
  if (e.type !== "fizzle") return null;
  if (data.key !== undefined) return "fizzle: limit used up at resolution";
  const reason = String(data.reason ?? "");
  if (/condition no longer holds/.test(reason)) return "fizzle: condition no longer holds";
  if (/target/i.test(reason)) return "fizzle: no legal target";
  return "fizzle: other";
}

/** The agents of a run from their specs: seat j of game `seed` gets its spec seeded `seed * 7919 + j`. */
export function specAgents(specs: readonly string[]): (seat: number, seed: number) => Agent {
  return (seat, seed) => agentOfSpec(specs[seat] ?? "random", seed * 7919 + seat);
}

/** Plays the game of `seed`; never throws (an engine error is the game's `error`). */
export function playGame(
  preset: Preset,
  seed: number,
  setup: GameSetup,
  agentOf: (seat: number, seed: number) => Agent = setup.agents ? specAgents(setup.agents) : defaultAgent,
): GameRecord {
  const seatDecks = setup.decks
    ? Array.from({ length: setup.players }, (_, seat) => deckOf(seed, seat, setup.decks!.length))
    : null;
  const record: GameRecord = {
    seed,
    end: "error",
    winner: null,
    responses: 0,
    turns: 0,
    seatDecks,
    cards: {},
    abilities: {},
    refusals: {},
  };
  let game: Game | null = null;
  let counted = 0;
  try {
    game = Game.create(preset, {
      seed,
      players: setup.players,
      options: setup.options,
      ...(setup.cards.length > 0 ? { cards: setup.cards } : {}),
      ...(seatDecks ? { decks: seatDecks.map((d) => setup.decks![d]!) } : {}),
    });
    // What the game's making logged (its set-up) is not counted: only what is played from here.
    counted = game.state.log.length;
    const agents = Array.from({ length: setup.players }, (_, seat) => agentOf(seat, seed));
    game.run();
    while (!game.over && record.responses < setup.maxActions) {
      const d = game.decision;
      if (!d) throw new Error("the game is not over but no decision is pending");
      game.act(agents[d.player]!.choose(game));
      record.responses++;
    }
    record.end = game.over ? "over" : "capped";
    record.winner = game.result?.winner ?? null;
  } catch (e) {
    record.end = "error";
    record.winner = null;
    record.error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  record.turns = game?.state.clock.turn.id ?? 0;
  // Counted from the log once the game is over: it holds the events of every action carried out
  // (an action that failed was undone, its events with it), read where they are — no copy each.
  if (game) countEvents(record, game.state.log, counted);
  return record;
}

function countEvents(record: GameRecord, log: readonly LogEntry[], from: number): void {
  for (let i = from; i < log.length; i++) {
    const e = log[i]!;
    const card = e.card ?? e.name;
    if (card !== undefined && (USE_EVENTS.has(e.type) || SUMMON.test(e.type)))
      bump(inner(record.cards, card), e.type);
    if (ABILITY_EVENTS.has(e.type)) {
      const ability = (e.data as Record<string, unknown> | undefined)?.ability;
      if (ability !== undefined) bump(inner(record.abilities, `${card ?? "?"}:${String(ability)}`), e.type);
    }
    const why = refusalReason(e);
    if (why !== null) bump(record.refusals, why);
  }
}
