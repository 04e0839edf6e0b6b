/**
 * A new game from an HTTP request body: checked as strictly as a client message (exact types, no
 * extra keys, the preset's player range and deck rules), then created, with a secret token per
 * seat (128 bits from the system's generator; only their SHA-256 is stored).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { deckProblems } from "../core/decks.js";
import { TurnkitError } from "../core/errors.js";
import { Game } from "../core/game.js";
import type { Json, JsonObject } from "../core/json.js";
import type { Preset } from "../core/preset.js";
import { REPLAY_LIMITS } from "../replay/format.js";
import type { ClockSpec, GameRecord } from "./store.js";

const JsonValue: z.ZodType<Json> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number(),
    z.string(),
    z.array(JsonValue),
    z.record(z.string(), JsonValue),
  ]),
);

export const NewGameBody = z.strictObject({
  preset: z.string().min(1).max(100),
  options: z.record(z.string(), JsonValue).optional(),
  seed: z.union([z.number().int(), z.string().min(1).max(REPLAY_LIMITS.seedLength)]).optional(),
  players: z
    .union([z.number().int().min(1).max(64), z.array(z.string().min(1).max(64)).min(1).max(64)])
    .optional(),
  decks: z
    .array(z.array(z.string().min(1).max(REPLAY_LIMITS.cardId)).max(REPLAY_LIMITS.deckCards))
    .max(64)
    .optional(),
  clock: z
    .strictObject({
      initialMs: z
        .number()
        .int()
        .min(1000)
        .max(24 * 3600 * 1000),
      incrementMs: z
        .number()
        .int()
        .min(0)
        .max(3600 * 1000),
      onTimeout: z.enum(["forfeit", "auto"]),
    })
    .optional(),
  spectatorDelay: z.number().int().min(0).max(1000).optional(),
  /** Every seat may know every deck list (open decklists): `GET /games/<id>` shows them, and seats may ask for samples. */
  openDecks: z.boolean().optional(),
});
export type NewGameBody = z.infer<typeof NewGameBody>;

/** A request that can't make a game: what and where, for a 400 answer. */
export class BadGameRequest extends TurnkitError {
  override name = "BadGameRequest";
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(message);
  }
}

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Whether `token` is the seat's (compared in constant time). */
export function tokenMatches(token: string, hash: string): boolean {
  const a = Buffer.from(hashToken(token), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A fresh 128-bit seed as 32 hex digits (the kernel's advice for games with hidden cards). */
export const freshSeed = (): string => randomBytes(16).toString("hex");

/** A game id: 96 random bits, URL-safe. */
export const freshGameId = (): string => randomBytes(12).toString("base64url");

/** The game a record describes, created and run to its first decision as the first time (the same every time). */
export function gameOf(preset: Preset, record: GameRecord): Game {
  return Game.create(preset, {
    seed: record.seed,
    players: record.players,
    options: record.options,
    ...(record.decks ? { decks: record.decks } : {}),
  }).run();
}

/** Checks a request for a new game and makes its record, game and seat tokens. */
export function newGame(
  body: NewGameBody,
  presetOf: (id: string) => Preset | undefined,
  now: number,
): { record: GameRecord; game: Game; tokens: string[] } {
  const preset = presetOf(body.preset);
  if (!preset) throw new BadGameRequest(`unknown preset ${JSON.stringify(body.preset)}`, "preset");
  const { min, max } = preset.players;
  const names = Array.isArray(body.players)
    ? body.players
    : Array.from({ length: body.players ?? min }, (_, i) => `P${i + 1}`);
  if (names.length < min || names.length > max)
    throw new BadGameRequest(
      `${preset.name} is played by ${min === max ? min : `${min} to ${max}`} players, not ${names.length}`,
      "players",
    );
  if (new Set(names).size !== names.length)
    throw new BadGameRequest("two players have the same name", "players");
  if (body.decks) {
    if (body.decks.length !== names.length)
      throw new BadGameRequest(`${body.decks.length} decks for ${names.length} players`, "decks");
    const probe = Game.create(preset, {
      seed: 0,
      players: names.length,
      options: body.options ?? {},
      setup: false,
    });
    const lookup = (id: string) => probe.rules.cards.get(id);
    for (const [i, deck] of body.decks.entries()) {
      const problems = preset.deckRules
        ? deckProblems(preset.deckRules, deck, lookup, probe.rules.cards.keys())
        : deck.filter((id) => !lookup(id)).map((id) => `unknown card "${id}"`);
      if (problems.length > 0)
        throw new BadGameRequest(`not a legal ${preset.name} deck: ${problems.join("; ")}`, `decks.${i}`);
    }
  }
  const tokens = names.map(() => randomBytes(24).toString("base64url"));
  const seed = body.seed ?? freshSeed();
  const clock: ClockSpec | undefined = body.clock;
  const partial = {
    id: freshGameId(),
    preset: preset.id,
    options: (body.options ?? {}) as JsonObject,
    seed,
    players: names,
    ...(body.decks ? { decks: body.decks } : {}),
    ...(clock ? { clock } : {}),
    spectatorDelay: body.spectatorDelay ?? 0,
    ...(body.openDecks ? { openDecks: true } : {}),
    tokenHashes: tokens.map(hashToken),
    createdAt: now,
    madeBy: {},
  } satisfies GameRecord;
  let game: Game;
  try {
    game = gameOf(preset, partial);
  } catch (e) {
    if (e instanceof TurnkitError) throw new BadGameRequest(e.message, "options");
    throw e;
  }
  const record: GameRecord = { ...partial, madeBy: game.state.madeBy as unknown as JsonObject };
  return { record, game, tokens };
}
