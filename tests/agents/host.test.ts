/**
 * The stdio host (src/agents/host.ts, `turnkit host --stdio`): the protocol's envelope, every
 * error code with the game unchanged after it, batches answering as the same messages one by one,
 * games played to their end by slot, and the command itself over a pipe.
 */
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asStep, HOST_LIMITS, HOST_PROTOCOL, HOST_SCHEMAS, Host } from "../../src/agents/host.js";
import { nextInt, seedRng } from "../../src/core/rng.js";
import { getPreset } from "../../src/presets/index.js";

type Reply = Record<string, unknown> & { type: string };

function newHost(): { send: (m: unknown) => Reply; host: Host } {
  const host = new Host({ presetOf: getPreset, version: "test" });
  const send = (m: unknown) =>
    JSON.parse(host.handleLine(typeof m === "string" ? m : JSON.stringify(m))) as Reply;
  expect(send({ type: "hello", protocol: HOST_PROTOCOL })).toEqual({
    type: "welcome",
    protocol: HOST_PROTOCOL,
    turnkit: "test",
  });
  return { send, host };
}

describe("turnkit host: the step fast path", () => {
  // Values near a step message's shape: each field right, wrong or missing, and extra keys.
  const fields = {
    type: fc.oneof(
      { arbitrary: fc.constant("step"), weight: 6 },
      fc.constant("reset"),
      fc.string(),
      fc.integer(),
    ),
    id: fc.oneof(
      { arbitrary: fc.string({ maxLength: HOST_LIMITS.idLength + 2, unit: "binary" }), weight: 4 },
      fc.integer(),
      fc.constant(null),
    ),
    action: fc.oneof(
      { arbitrary: fc.integer({ min: -3, max: 1000 }), weight: 4 },
      fc.constantFrom(2 ** 53, 2 ** 53 - 1, 1.5, -0, 1e21),
      fc.string({ maxLength: 1002, unit: "binary" }),
      fc.constantFrom("", "x".repeat(1000), "x".repeat(1001), "\u{1F600}".repeat(600)),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 2 }),
    ),
  };
  const near = fc.oneof(
    { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 4 },
    fc.record({ ...fields, extra: fc.jsonValue() }, { requiredKeys: [] }),
  );

  it("accepts only what the step schema accepts, as the schema reads it", () => {
    let fast = 0;
    fc.assert(
      fc.property(near, (m) => {
        const value = JSON.parse(JSON.stringify(m));
        const step = asStep(value);
        const slow = HOST_SCHEMAS.step.safeParse(value);
        if (step) {
          fast++;
          expect(slow.success).toBe(true);
          expect(step).toEqual(slow.data);
        }
        // What the schema accepts with every string one UTF-16 unit per character, the fast path does too.
        const plain = (v: unknown) => typeof v !== "string" || [...v].length === v.length;
        if (slow.success && plain(value.id) && plain(value.action)) expect(step).not.toBeNull();
      }),
      { numRuns: 3000 },
    );
    expect(fast).toBeGreaterThan(100);
  });
});

describe("turnkit host: the protocol", () => {
  it("asks for hello first and refuses another protocol version", () => {
    const host = new Host({ presetOf: getPreset });
    const send = (m: unknown) => JSON.parse(host.handleLine(JSON.stringify(m))) as Reply;
    expect(send({ type: "reset", game: "skirmish", seed: 1 })).toMatchObject({
      type: "error",
      code: "no-hello",
    });
    expect(send({ type: "hello", protocol: HOST_PROTOCOL + 1 })).toMatchObject({
      type: "error",
      code: "protocol-version",
      where: "hello.protocol",
    });
    expect(send({ type: "hello", protocol: HOST_PROTOCOL })).toMatchObject({ type: "welcome" });
  });

  it("answers every bad line with an error naming what and where, and the game is unchanged", () => {
    const { send } = newHost();
    const first = send({ type: "reset", game: "duel-masters", seed: 3, legal: true });
    expect(first).toMatchObject({ type: "observation", id: "0", done: false });
    const bad: [unknown, string, string][] = [
      ["{not json", "bad-json", "message"],
      ["[1,2]", "bad-message", "message"],
      [{ action: 0 }, "bad-message", "type"],
      [{ type: "stpe", action: 0 }, "unknown-type", "type"],
      [{ type: "step", action: "0", extra: true }, "bad-message", "step.extra"],
      [{ type: "step", action: -1 }, "bad-message", "step.action"],
      [{ type: "step", action: 1.5 }, "bad-message", "step.action"],
      [{ type: "step", action: 10_000 }, "illegal-action", "step.action"],
      [{ type: "step", action: "attack:nobody" }, "illegal-action", "step.action"],
      [{ type: "step", id: "nope", action: 0 }, "unknown-game", "step.id"],
      [{ type: "observe", player: 5 }, "bad-message", "observe.player"],
      [{ type: "reset", id: "b", game: "duel-master", seed: 1 }, "unknown-preset", "reset.game"],
      [
        { type: "reset", id: "b", game: "duel-masters", seed: 1, decks: [["no-such-card"]] },
        "bad-game",
        "reset",
      ],
      [{ type: "reset", id: "b", game: "duel-masters", seed: 1, players: 9 }, "bad-game", "reset"],
      [{ type: "reset", id: "b", game: "duel-masters", seed: 1.5 }, "bad-message", "reset.seed"],
      [
        { type: "reset", id: "b", game: "duel-masters", seed: 1, maxOptions: 0 },
        "bad-message",
        "reset.maxOptions",
      ],
      ['{"type":"step","action":0,"__proto__":{"x":1}}', "bad-message", "__proto__"],
      [{ type: "batch", messages: [{ type: "batch", messages: [] }] }, "batch", ""],
      [{ type: "batch", messages: 3 }, "bad-message", "batch.messages"],
      [{ type: "close", id: "nope" }, "unknown-game", "close.id"],
    ];
    for (const [m, code, where] of bad) {
      const r = send(m);
      if (code === "batch") {
        expect((r.replies as Reply[])[0]).toMatchObject({
          type: "error",
          code: "bad-message",
          where: "batch.messages.0.type",
        });
        continue;
      }
      expect(r, JSON.stringify(m)).toMatchObject({ type: "error", code, where });
      expect(typeof r.message).toBe("string");
      expect(Object.keys(r).sort()).toEqual(["code", "message", "type", "where"]);
    }
    // Nothing changed: the same observation as before the bad lines, and no game "b".
    expect(send({ type: "observe" })).toEqual({ ...first, type: "observation" });
    expect(send({ type: "observe", id: "b" })).toMatchObject({ code: "unknown-game" });
  });

  it("a batch answers as its messages would one by one, in order", () => {
    const a = newHost();
    const b = newHost();
    const messages: unknown[] = [];
    for (let g = 0; g < 3; g++) messages.push({ type: "reset", id: `g${g}`, game: "duel-masters", seed: g });
    for (let i = 0; i < 20; i++)
      for (let g = 0; g < 3; g++) messages.push({ type: "step", id: `g${g}`, action: 0 });
    messages.push({ type: "step", id: "missing", action: 0 }, { type: "observe", id: "g1", player: 1 });
    const batched = a.send({ type: "batch", messages }).replies as Reply[];
    // An error's `where` says which message of the batch it answers.
    const local = (r: Reply) =>
      r.type === "error" ? { ...r, where: String(r.where).replace(/^batch\.messages\.\d+\./, "") } : r;
    expect(batched.map(local)).toEqual(messages.map((m) => b.send(m)));
    expect(batched.at(-2)).toMatchObject({
      type: "error",
      code: "unknown-game",
      where: "batch.messages.63.step.id",
    });
  });

  for (const game of ["duel-masters", "yugioh", "magic"]) {
    it(`${game}: plays random games to the end by slot; the same seeds and slots give the same replies`, () => {
      const run = () => {
        const { send } = newHost();
        const out: Reply[] = [];
        let r = send({ type: "reset", game, seed: 7, rows: true });
        out.push(r);
        const rng = seedRng(`host:${game}`);
        let steps = 0;
        while (!r.done) {
          const count = r.count as number;
          expect(count).toBeGreaterThan(0);
          expect((r.rows as number[][]).length).toBe(count);
          r = send({ type: "step", action: nextInt(rng, count) });
          expect(r.type).toBe("step");
          out.push(r);
          steps++;
        }
        expect(steps).toBeGreaterThan(10);
        const rewards = r.rewards as number[];
        const result = r.result as { winner: number | null };
        expect(rewards).toEqual(
          result.winner === null ? [0, 0] : [0, 1].map((p) => (p === result.winner ? 1 : -1)),
        );
        expect(send({ type: "step", action: 0 })).toMatchObject({ type: "error", code: "game-over" });
        return out;
      };
      expect(run()).toEqual(run());
    }, 120_000);
  }

  it("truncates at maxActions with rewards 0", () => {
    const { send } = newHost();
    let r = send({ type: "reset", game: "duel-masters", seed: 2, maxActions: 5 });
    for (let i = 0; i < 5; i++) r = send({ type: "step", action: 0 });
    expect(r).toMatchObject({ done: true, truncated: true, rewards: [0, 0], toAct: null });
  });

  it("says the sizes of a preset's spaces", () => {
    const { send } = newHost();
    const r = send({ type: "spaces", game: "duel-masters", maxOptions: 64 });
    const o = send({ type: "reset", game: "duel-masters", seed: 1 });
    expect(r).toMatchObject({ type: "spaces", game: "duel-masters", players: 2, actions: 64 });
    expect(r.features).toBe((o.features as number[]).length);
  });
});

describe("turnkit host --stdio", () => {
  it("reads JSON lines and answers one line each, going on after a bad one; close ends it", () => {
    const input = [
      JSON.stringify({ type: "hello", protocol: HOST_PROTOCOL }),
      "x".repeat(HOST_LIMITS.lineBytes + 10),
      "oops",
      JSON.stringify({ type: "reset", game: "skirmish", seed: 1 }),
      "",
      JSON.stringify({ type: "step", action: 0 }),
      JSON.stringify({ type: "close" }),
      JSON.stringify({ type: "observe" }),
    ].join("\n");
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "host", "--stdio"], {
      input,
      encoding: "utf8",
    });
    expect(r.stderr.replace(/npm warn.*\n?/g, "")).toBe("");
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Reply);
    expect(lines.map((l) => l.type)).toEqual(["welcome", "error", "error", "observation", "step", "closed"]);
    expect(lines[1]).toMatchObject({
      code: "too-large",
      message: expect.stringContaining(`${HOST_LIMITS.lineBytes + 10} bytes`),
    });
    expect(lines[2]).toMatchObject({ code: "bad-json" });
  });

  it("without --stdio, says what it needs (exit 2)", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "host"], {
      encoding: "utf8",
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^turnkit: host needs --stdio/);
  });
});
