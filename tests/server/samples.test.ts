/**
 * The `sample` message (src/server/samples.ts): a seat asks the server for determinizations of the
 * game from its own point of view, and `turnkit bot --agent ismcts` searches over them.
 * - An ISMCTS bot plays a served game to its end, searching at its decisions.
 * - Fair on the wire: two served games that differ only in cards hidden from a seat (the second
 *   is the first with two hidden cards exchanged, src/testing/hidden-pair.ts, put in the store as
 *   a game's snapshot) send that seat byte-identical `samples` messages for the same request.
 * - The doors: a bad count, a spectator, another seat's decision, a stale decision, a game whose
 *   deck lists are private, the per-decision bound; a refused request changes nothing.
 */
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/program.js";
import { Game } from "../../src/core/game.js";
import type { Preset } from "../../src/core/preset.js";
import { nextInt, seedRng } from "../../src/core/rng.js";
import type { PlayerId } from "../../src/core/types.js";
import { getPreset } from "../../src/presets/index.js";
import { GameClient } from "../../src/server/client.js";
import { hashToken } from "../../src/server/create-game.js";
import { WIRE_LIMITS } from "../../src/server/protocol.js";
import type { TurnkitServer } from "../../src/server/server.js";
import type { GameRecord, Store } from "../../src/server/store.js";
import { hiddenPair } from "../../src/testing/hidden-pair.js";
import { newGameOf } from "../../src/testing/invariants.js";
import { runCli } from "../support/cli.js";
import { createGame, sqliteServer, tempDir } from "./helpers.js";

let tmp: ReturnType<typeof tempDir>;
let server: TurnkitServer;
let store: Store;
beforeAll(async () => {
  tmp = tempDir();
  ({ server, store } = await sqliteServer(join(tmp.dir, "games.db")));
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

const run = (argv: string[], env: Record<string, string>) => runCli(main, argv, env);

/** The next message that is not an update (updates of the game going on are skipped). */
async function reply(c: GameClient): Promise<string> {
  for (;;) {
    const m = await c.next();
    if (!m) throw new Error("closed");
    if (m.type !== "update") return JSON.stringify(m);
  }
}

/** Joins game `id` as every seat; returns the clients and the seat whose decision is pending. */
async function seatsOf(id: string, tokens: string[]) {
  const clients = await Promise.all(
    tokens.map((token) => GameClient.join(server.wsUrl, { game: id, token })),
  );
  const decider = clients[0]!.welcome!.view.decision!.player;
  const d = clients[decider]!.welcome!.view.decision!;
  if (!("id" in d)) throw new Error("the decider's view has no decision id");
  return { clients, decider, decision: d.id };
}

describe("turnkit bot --agent ismcts", () => {
  it("plays a served game to its end against a random bot, searching samples the server dealt its seat", async () => {
    const g = await createGame(server, { preset: "skirmish", seed: 4 });
    const [search, random] = await Promise.all([
      run(
        [
          "bot",
          "--url",
          server.wsUrl,
          "--game",
          g.id,
          "--agent",
          "ismcts",
          "--iterations",
          "24",
          "--seed",
          "3",
        ],
        {
          TURNKIT_SEAT_TOKEN: g.seats[0]!.token,
        },
      ),
      run(["bot", "--url", server.wsUrl, "--game", g.id, "--seed", "5"], {
        TURNKIT_SEAT_TOKEN: g.seats[1]!.token,
      }),
    ]);
    expect(search.stderr).toBe("");
    expect(random.stderr).toBe("");
    expect(search.code).toBe(0);
    const m =
      /over after (\d+) responses: .+ \(this seat (won|lost|nobody won)\); searched (\d+) decisions over (\d+) samples\n$/.exec(
        search.stdout,
      );
    expect(m, search.stdout).not.toBeNull();
    const searched = Number(m![3]);
    expect(searched).toBeGreaterThan(0);
    // 24 iterations want 24 samples at every searched decision (at most 16 a message: two messages).
    expect(Number(m![4])).toBe(24 * searched);
    const info = (await (await fetch(`${server.url}/games/${g.id}`)).json()) as { status: string };
    expect(info.status).toBe("finished");
  }, 120_000);

  it("answers at random, saying so once, where the server deals no samples (private deck lists)", async () => {
    const preset = getPreset("skirmish");
    const deck = newGameOf(preset, 1, "sample");
    const cards = (p: number) =>
      Object.values(deck.state.objects)
        .filter((o) => o.owner === p)
        .map((o) => o.card);
    const g = await createGame(server, { preset: "skirmish", seed: 2, decks: [cards(0), cards(1)] });
    const [search, random] = await Promise.all([
      run(["bot", "--url", server.wsUrl, "--game", g.id, "--agent", "ismcts:8"], {
        TURNKIT_SEAT_TOKEN: g.seats[0]!.token,
      }),
      run(["bot", "--url", server.wsUrl, "--game", g.id], { TURNKIT_SEAT_TOKEN: g.seats[1]!.token }),
    ]);
    expect(random.code).toBe(0);
    expect(search.code).toBe(0);
    expect(search.stderr).toMatch(
      /^turnkit bot: the server deals no samples \(samples-unavailable: this game's deck lists are private/,
    );
    expect(search.stderr.trim().split("\n")).toHaveLength(1);
    expect(search.stdout).toMatch(/searched 0 decisions over 0 samples/);
  }, 120_000);

  it("refuses a bad agent or --iterations without ismcts, saying why (no stack trace)", async () => {
    const g = await createGame(server, { preset: "skirmish" });
    const env = { TURNKIT_SEAT_TOKEN: g.seats[0]!.token };
    const base = ["bot", "--url", server.wsUrl, "--game", g.id];
    for (const [argv, message] of [
      [[...base, "--agent", "ismct"], /--agent ismct: "ismct" is not an agent \(did you mean "ismcts"\?\)/],
      [[...base, "--iterations", "5"], /--iterations is for --agent ismcts/],
      [[...base, "--agent", "ismcts", "--iterations", "0"], /0 is out of range/],
    ] as const) {
      const r = await run([...argv], env);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe("sample: the doors", () => {
  it("refuses what it must, naming what and where, and deals nothing then", async () => {
    const g = await createGame(server, { preset: "duel-masters", seed: 9 });
    const { clients, decider, decision } = await seatsOf(
      g.id,
      g.seats.map((s) => s.token),
    );
    const me = clients[decider]!;
    const other = clients[1 - decider]!;
    const spectator = await GameClient.join(server.wsUrl, { game: g.id });
    const ask = async (c: GameClient, msg: Record<string, unknown>) => {
      c.sendJson({ type: "sample", ...msg });
      return JSON.parse(await reply(c)) as Record<string, unknown>;
    };
    const good = { decision, count: 2, seed: 1 };
    const cases: [GameClient, Record<string, unknown>, string, string, RegExp][] = [
      [me, { ...good, count: 0 }, "bad-message", "sample.count", /too small/i],
      [me, { ...good, count: WIRE_LIMITS.samplesPerMessage + 1 }, "bad-message", "sample.count", /too big/i],
      [me, { ...good, count: "2" }, "bad-message", "sample.count", /got the string "2"/],
      [me, { ...good, count: 1.5 }, "bad-message", "sample.count", /int/i],
      [me, { decision, count: 1 }, "bad-message", "sample.seed", /missing/],
      [me, { ...good, seed: "x".repeat(WIRE_LIMITS.seedLength + 1) }, "bad-message", "sample.seed", /.+/],
      [me, { ...good, seat: 1 - decider }, "bad-message", "sample.seat", /unknown key "seat"/],
      [me, { ...good, decision: decision + 1 }, "stale-decision", "sample.decision", /is not pending/],
      [other, good, "not-your-decision", "sample.decision", /only at your own pending decision/],
      [spectator, good, "spectator", "sample", /a spectator can't ask for samples/],
    ];
    for (const [c, msg, code, where, text] of cases) {
      const r = await ask(c, msg);
      expect(r, JSON.stringify(msg)).toMatchObject({ type: "error", code, where });
      expect(r.message as string, JSON.stringify(msg)).toMatch(text);
    }
    // Not joined yet.
    const stranger = await GameClient.open(server.wsUrl);
    stranger.sendJson({ type: "sample", ...good });
    expect(JSON.parse(await reply(stranger))).toMatchObject({ code: "not-joined", where: "sample" });
    // The bound per decision: 32 samples, however they are asked for; then refused.
    const given: number[] = [];
    for (const count of [16, 10, 16]) {
      const r = await ask(me, { decision, count, seed: count });
      expect(r.type).toBe("samples");
      given.push((r.saves as unknown[]).length);
    }
    expect(given).toEqual([16, 10, WIRE_LIMITS.samplesPerDecision - 26]);
    expect(await ask(me, good)).toMatchObject({ code: "rate-limited", where: "sample.count" });
    // Another connection of the same seat has the same bound.
    const again = await GameClient.join(server.wsUrl, { game: g.id, token: g.seats[decider]!.token });
    expect(await ask(again, good)).toMatchObject({ code: "rate-limited" });
    for (const c of [...clients, spectator, stranger, again]) c.close();
  });

  it("deals samples only from deck lists every seat may know (openDecks)", async () => {
    const preset = getPreset("skirmish");
    const deck = newGameOf(preset, 1, "sample");
    const cards = (p: number) =>
      Object.values(deck.state.objects)
        .filter((o) => o.owner === p)
        .map((o) => o.card);
    const decks = [cards(0), cards(1)];
    for (const openDecks of [false, true]) {
      const g = await createGame(server, {
        preset: "skirmish",
        seed: 3,
        decks,
        ...(openDecks ? { openDecks } : {}),
      });
      const { clients, decider, decision } = await seatsOf(
        g.id,
        g.seats.map((s) => s.token),
      );
      clients[decider]!.sample(decision, 1, 1);
      const r = JSON.parse(await reply(clients[decider]!)) as { type: string; code?: string };
      expect(r.type).toBe(openDecks ? "samples" : "error");
      if (!openDecks) expect(r.code).toBe("samples-unavailable");
      const info = (await (await fetch(`${server.url}/games/${g.id}`)).json()) as { decks?: unknown };
      expect(info.decks).toEqual(openDecks ? decks : undefined);
      for (const c of clients) c.close();
    }
  });

  it("deals the same samples for the same seed, valid games of the seat's information set at its decision", async () => {
    const g = await createGame(server, { preset: "yugioh", seed: 5 });
    const { clients, decider, decision } = await seatsOf(
      g.id,
      g.seats.map((s) => s.token),
    );
    const me = clients[decider]!;
    me.sample(decision, 3, "s");
    const a = await reply(me);
    me.sample(decision, 3, "s");
    const b = await reply(me);
    me.sample(decision, 3, "t");
    const c = await reply(me);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    const view = JSON.stringify(me.welcome!.view);
    const preset = getPreset("yugioh");
    for (const save of (JSON.parse(a) as { saves: unknown[] }).saves) {
      const game = Game.fromState(preset, save as never);
      expect(game.state.decision!.id).toBe(decision);
      // The seat's view of a sample is its view of the game, but for this turn's log (samples have none).
      const v = { ...game.viewFor(decider), log: [] };
      expect(JSON.stringify(v)).toBe(JSON.stringify({ ...JSON.parse(view), log: [] }));
    }
    for (const x of clients) x.close();
  });
});

/** A game after 20 to 200 random responses, at a decision of two options or more; null if it ended. */
function deepGame(preset: Preset, seed: number): { game: Game; responses: [number, string][] } | null {
  const game = newGameOf(preset, seed, "sample", {}).run();
  const rng = seedRng(`wire-fair:${seed}`);
  const responses: [number, string][] = [];
  const steps = 20 + nextInt(rng, 181);
  const play = (i: number) => {
    const d = game.state.decision!;
    const choice = d.options[i]!.id;
    responses.push([d.player, choice]);
    game.act({ player: d.player, choice });
  };
  for (let i = 0; i < steps && !game.over; i++) play(nextInt(rng, game.state.decision!.options.length));
  for (let i = 0; i < 200 && !game.over && game.state.decision!.options.length < 2; i++) play(0);
  return game.over ? null : { game, responses };
}

/** Puts `game` in the store as a served game at its state (a snapshot after `responses`); returns its id and tokens. */
async function stored(preset: Preset, seed: number, game: Game, responses: [number, string][], tag: string) {
  const tokens = ["seat-a", "seat-b"].map((t) => `${t}-${tag}`);
  const id = `fair-${tag}`;
  const record: GameRecord = {
    id,
    preset: preset.id,
    options: {},
    seed,
    players: game.state.players.map((p) => p.name),
    spectatorDelay: 0,
    tokenHashes: tokens.map(hashToken),
    createdAt: 0,
    madeBy: game.state.madeBy as unknown as GameRecord["madeBy"],
  };
  await store.createGame(record);
  for (const [index, [player, choice]] of responses.entries())
    await store.appendResponse(id, { index, player, choice });
  await store.saveSnapshot(id, responses.length, game.serialize());
  return { id, tokens };
}

describe("sample: fair on the wire", () => {
  for (const presetId of ["duel-masters", "yugioh", "magic"]) {
    it(`${presetId}: two served games that differ only in cards hidden from a seat send it byte-identical samples`, async () => {
      const preset = getPreset(presetId);
      let compared = 0;
      let dealt = 0;
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          fc.integer({ min: 1, max: 4 }),
          async (seed, count) => {
            const deep = deepGame(preset, seed);
            if (!deep) return;
            const p: PlayerId = deep.game.state.decision!.player;
            const pair = hiddenPair(deep.game, p, seedRng(`wire-pair:${seed}`));
            if (!pair) return;
            const tag = `${presetId}-${seed}-${n++}`;
            const a = await stored(preset, seed, deep.game, deep.responses, `${tag}-a`);
            const b = await stored(preset, seed, pair.game, deep.responses, `${tag}-b`);
            const answers: string[] = [];
            const decision = deep.game.state.decision!.id;
            for (const g of [a, b]) {
              const c = await GameClient.join(server.wsUrl, { game: g.id, token: g.tokens[p]! });
              c.sample(decision, count, `fair-${seed}`);
              answers.push(await reply(c));
              c.close();
            }
            const where = `seed ${seed}, P${p + 1}, swapped ${pair.swapped.join(" and ")}`;
            expect(answers[0]!.slice(0, 40), where).toMatch(/^\{"type":"(samples|error)"/);
            expect(answers[1], where).toBe(answers[0]);
            if (answers[0]!.startsWith('{"type":"samples"')) dealt++;
            compared++;
          },
        ),
        { numRuns: Number(process.env.TURNKIT_PROPERTY_RUNS ?? 12), endOnFailure: true },
      );
      expect(compared).toBeGreaterThan(0);
      expect(dealt).toBeGreaterThan(0);
    }, 600_000);
  }
});
