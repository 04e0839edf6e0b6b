/**
 * Messages checked at the door: every bad message gets an error naming what and where, and changes
 * nothing — oversized, not JSON, wrong types (no coercion), `__proto__`, extra keys, unknown types,
 * acting before joining, for another seat, as a spectator, with a wrong token, and floods.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WIRE_LIMITS } from "../../src/server/protocol.js";
import type { TurnkitServer } from "../../src/server/server.js";
import { type Created, createGame, GameClient, ManualTime, sqliteServer, tempDir } from "./helpers.js";

let tmp: ReturnType<typeof tempDir>;
let server: TurnkitServer;
let created: Created;
const time = new ManualTime();

beforeAll(async () => {
  tmp = tempDir();
  ({ server } = await sqliteServer(join(tmp.dir, "games.db"), { time }));
  created = await createGame(server, { preset: "skirmish", seed: 1 });
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

const seatClient = (i: number) =>
  GameClient.join(server.wsUrl, { game: created.id, token: created.seats[i]!.token });

/** Sends `data`, expects one error back. */
async function refused(c: GameClient, data: string | Buffer) {
  c.sendRaw(data);
  const m = await c.next();
  expect(m?.type).toBe("error");
  return m as { code: string; message: string; where: string };
}

describe("bad messages are refused with what and where", () => {
  it("refuses malformed messages before joining, and the connection stays usable", async () => {
    time.advance(10_000);
    const c = await GameClient.open(server.wsUrl);
    const cases: [string | Buffer, string, string, RegExp][] = [
      ["x".repeat(WIRE_LIMITS.messageBytes + 1), "too-large", "message", /4097 bytes; at most 4096/],
      ["{not json", "bad-json", "message", /not JSON/],
      ["[1,2]", "bad-message", "message", /JSON object, not an array/],
      ['"hello"', "bad-message", "message", /not the string/],
      ["{}", "bad-message", "type", /no type/],
      ['{"type":7}', "bad-message", "type", /type must be a string, not number 7/],
      [
        '{"type":"move"}',
        "unknown-type",
        "type",
        /unknown message type "move"; the types are hello, act, ping/,
      ],
      ['{"type":"toString"}', "unknown-type", "type", /"toString"/],
      [
        '{"type":"hello","protocol":"1","game":"x"}',
        "bad-message",
        "hello.protocol",
        /number.*got the string "1"/,
      ],
      ['{"type":"hello","protocol":1.5,"game":"x"}', "bad-message", "hello.protocol", /int/i],
      ['{"type":"hello","protocol":1}', "bad-message", "hello.game", /missing/],
      [
        '{"type":"hello","protocol":1,"game":"x","seat":0}',
        "bad-message",
        "hello.seat",
        /unknown key "seat"/,
      ],
      [
        '{"type":"hello","protocol":1,"game":"x","__proto__":{"token":"t"}}',
        "bad-message",
        "__proto__",
        /__proto__/,
      ],
      [
        '{"type":"act","decision":1,"choice":"pass","nested":{"__proto__":1}}',
        "bad-message",
        "nested.__proto__",
        /__proto__/,
      ],
      ['{"type":"act","decision":"1","choice":"pass"}', "bad-message", "act.decision", /got the string "1"/],
      ['{"type":"act","decision":1,"choice":true}', "bad-message", "act.choice", /got boolean true/],
      ['{"type":"act","decision":1,"choice":"pass"}', "not-joined", "act", /send hello first/],
      [
        '{"type":"hello","protocol":3,"game":"x"}',
        "protocol-version",
        "hello.protocol",
        /protocols 1 and 2, not 3/,
      ],
      [
        '{"type":"hello","protocol":0,"game":"x"}',
        "protocol-version",
        "hello.protocol",
        /protocols 1 and 2, not 0/,
      ],
      ['{"type":"sync"}', "not-joined", "sync", /send hello first/],
      ['{"type":"sync","seq":1}', "bad-message", "sync.seq", /unknown key "seq"/],
      ['{"type":"hello","protocol":1,"game":"nope"}', "unknown-game", "hello.game", /no game "nope"/],
    ];
    for (const [data, code, where, message] of cases) {
      const e = await refused(c, data);
      expect(e, String(data).slice(0, 80)).toMatchObject({ code, where });
      expect(e.message, String(data).slice(0, 80)).toMatch(message);
    }
    c.sendJson({ type: "ping" });
    expect(await c.next()).toEqual({ type: "pong" });
    c.close();
  });

  it("a message over the socket's limit closes the connection (1009) unread", async () => {
    const c = await GameClient.open(server.wsUrl);
    c.sendRaw("x".repeat(WIRE_LIMITS.socketBytes + 1));
    expect((await c.waitClosed()).code).toBe(1009);
  });

  it("a wrong token joins no seat; a spectator can't act; a seat can't answer another's decision", async () => {
    time.advance(10_000);
    const wrong = await GameClient.open(server.wsUrl);
    const e = await refused(
      wrong,
      JSON.stringify({ type: "hello", protocol: 1, game: created.id, token: "guess" }),
    );
    expect(e).toMatchObject({ code: "bad-token", where: "hello.token" });
    // The other game's token is not this game's.
    const other = await createGame(server, { preset: "skirmish", seed: 2 });
    const e2 = await refused(
      wrong,
      JSON.stringify({ type: "hello", protocol: 1, game: created.id, token: other.seats[0]!.token }),
    );
    expect(e2.code).toBe("bad-token");
    wrong.close();

    const watcher = await GameClient.join(server.wsUrl, { game: created.id });
    const [a, b] = [await seatClient(0), await seatClient(1)];
    const d = a.welcome!.view.decision!;
    const mine = d.player === 0 ? a : b;
    const theirs = d.player === 0 ? b : a;
    const decision = mine.welcome!.view.decision as { id: number; options: { id: string }[] };
    expect(
      await refused(
        watcher,
        JSON.stringify({ type: "act", decision: decision.id, choice: decision.options[0]!.id }),
      ),
    ).toMatchObject({
      code: "spectator",
    });
    const e3 = await refused(
      theirs,
      JSON.stringify({ type: "act", decision: decision.id, choice: decision.options[0]!.id }),
    );
    expect(e3).toMatchObject({ code: "not-your-decision" });
    expect(e3.message).toMatch(/the pending decision is P\d's, not yours/);
    expect(
      await refused(
        mine,
        JSON.stringify({ type: "act", decision: decision.id + 1, choice: decision.options[0]!.id }),
      ),
    ).toMatchObject({
      code: "stale-decision",
      where: "act.decision",
    });
    const e4 = await refused(
      mine,
      JSON.stringify({ type: "act", decision: decision.id, choice: "no-such-option" }),
    );
    expect(e4).toMatchObject({ code: "illegal-choice", where: "act.choice" });
    expect(e4.message).toContain(decision.options[0]!.id);
    expect(
      await refused(mine, JSON.stringify({ type: "hello", protocol: 1, game: created.id })),
    ).toMatchObject({
      code: "already-joined",
    });
    // Nothing of it changed the game: no response was stored.
    const info = (await (await fetch(`${server.url}/games/${created.id}`)).json()) as { responses: number };
    expect(info.responses).toBe(0);
    // The right answer is taken.
    mine.act(decision.id, decision.options[0]!.id);
    expect((await mine.nextOf("update"))!.responses).toBe(1);
    for (const c of [watcher, a, b]) c.close();
  });

  it("a flood is refused past the burst, then the connection is closed after too many refusals", async () => {
    time.advance(10_000);
    const c = await GameClient.open(server.wsUrl);
    for (let i = 0; i < WIRE_LIMITS.burst; i++) c.sendJson({ type: "ping" });
    for (let i = 0; i < WIRE_LIMITS.burst; i++) expect(await c.next()).toEqual({ type: "pong" });
    c.sendJson({ type: "ping" });
    expect(await c.next()).toMatchObject({ type: "error", code: "rate-limited", where: "message" });
    // The bucket refills with time: one more second, 20 more messages.
    time.advance(1000);
    c.sendJson({ type: "ping" });
    expect(await c.next()).toEqual({ type: "pong" });
    for (let i = 0; i < WIRE_LIMITS.strikes + WIRE_LIMITS.burst; i++) c.sendJson({ type: "ping" });
    const closed = await c.waitClosed();
    expect(closed.code).toBe(1008);
  });
});
