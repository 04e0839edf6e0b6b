/**
 * Replay files: the preset, options, seed and every response of a game, so `turnkit replay`
 * reproduces the same game and final state exactly (DESIGN: determinism).
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { DefinitionError } from "../core/errors.js";
import { Game } from "../core/game.js";
import { JsonSchema } from "../core/vocabulary/schema.js";
import { getPreset } from "../presets/index.js";

export const ReplayFile = z
  .object({
    format: z.literal("turnkit/replay@1"),
    preset: z.string(),
    options: z.record(z.string(), JsonSchema),
    seed: z.number().int(),
    players: z.array(z.string()),
    responses: z
      .array(z.tuple([z.number().int().nonnegative(), z.string()]))
      .describe("[player, option id] pairs"),
    final: z
      .object({
        sha256: z.string(),
        turn: z.number().int(),
        winner: z.number().int().nullable(),
        reason: z.string(),
      })
      .strict(),
  })
  .strict();
export type ReplayFile = z.infer<typeof ReplayFile>;

export function stateDigest(game: Game): string {
  return createHash("sha256").update(game.serialize()).digest("hex");
}

export function writeReplay(
  path: string,
  game: Game,
  responses: [number, string][],
  players: string[],
): void {
  const s = game.state;
  const file: ReplayFile = {
    format: "turnkit/replay@1",
    preset: s.preset,
    options: s.options,
    seed: s.seed,
    players,
    responses,
    final: {
      sha256: stateDigest(game),
      turn: s.clock.turn.id,
      winner: s.result?.winner ?? null,
      reason: s.result?.reason ?? "not finished",
    },
  };
  writeFileSync(path, `${JSON.stringify(file)}\n`);
}

export function readReplay(path: string): ReplayFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new DefinitionError(`${path}: not a readable JSON replay file (${(e as Error).message})`);
  }
  const r = ReplayFile.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new DefinitionError(`${path}: ${i.path.join(".") || "(top)"}: ${i.message}`);
  }
  return r.data;
}

/** Re-creates the game of a replay file and plays its responses. */
export function replayGame(file: ReplayFile, onGame?: (game: Game) => void): Game {
  const game = Game.create(getPreset(file.preset), {
    seed: file.seed,
    players: file.players,
    options: file.options,
  });
  onGame?.(game);
  game.run();
  file.responses.forEach(([player, choice], i) => {
    const d = game.decision;
    if (!d)
      throw new DefinitionError(`response ${i + 1} (${choice}): no decision is pending; the game diverged`);
    if (d.player !== player)
      throw new DefinitionError(
        `response ${i + 1} (${choice}): recorded for player ${player + 1}, but ${game.playerName(d.player)} decides`,
      );
    game.act({ player, choice });
  });
  return game;
}
