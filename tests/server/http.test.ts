/**
 * The HTTP side's doors on a real server: creating and reading games is rate-limited per client
 * address (429 naming the limit, with Retry-After; the admin not limited), and `GET /games` lists
 * the games' ids only to the admin — an id is enough to watch a game.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualTime, post, sqliteServer, tempDir } from "./helpers.js";

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

const list = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}/games`, { headers });
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    body: (await res.json()) as Record<string, unknown>,
  };
};

describe("HTTP: rate limits per client address", () => {
  it("past the burst, creating a game is refused with 429 until the bucket refills; the admin is not limited", async () => {
    const time = new ManualTime();
    const { server } = await sqliteServer(join(tmp.dir, "games.db"), {
      time,
      adminToken: "sesame",
      httpLimits: { createPerMinute: 6, createBurst: 3, readPerMinute: 60, readBurst: 2 },
    });
    try {
      const admin = { authorization: "Bearer sesame" };
      // Without the token: refused (401) — and each try counts against the address.
      for (let i = 0; i < 3; i++) expect((await post(server, { preset: "skirmish" })).status).toBe(401);
      const over = await fetch(`${server.url}/games`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ preset: "skirmish" }),
      });
      expect(over.status).toBe(429);
      expect(over.headers.get("retry-after")).toBe("10");
      expect(await over.json()).toEqual({
        type: "error",
        code: "rate-limited",
        message: "more than 6 games created a minute from this address; try again in 10 s",
        where: "address",
      });
      // The operator's requests are never limited.
      for (let i = 0; i < 5; i++)
        expect((await post(server, { preset: "skirmish" }, admin)).status).toBe(201);
      // Ten seconds later one more token is there (6 a minute).
      time.advance(10_000);
      expect((await post(server, { preset: "skirmish" })).status).toBe(401);
      expect((await post(server, { preset: "skirmish" })).status).toBe(429);
      // Reads have their own bucket.
      expect((await list(server.url)).status).toBe(200);
      expect((await list(server.url)).status).toBe(200);
      const read = await list(server.url);
      expect(read).toMatchObject({ status: 429, retryAfter: "1", body: { code: "rate-limited" } });
      expect(String(read.body.message)).toMatch(/more than 60 reads of games a minute/);
      expect((await fetch(`${server.url}/games/nope`)).status).toBe(429);
      expect((await list(server.url, admin)).status).toBe(200);
      time.advance(1000);
      expect((await list(server.url)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("HTTP: GET /games lists ids to the admin only", () => {
  it("with the admin token, each game's id; without it (or a wrong one), the same list without ids", async () => {
    const { server } = await sqliteServer(join(tmp.dir, "games.db"), { adminToken: "sesame" });
    try {
      const admin = { authorization: "Bearer sesame" };
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(String((await post(server, { preset: "skirmish" }, admin)).body.id));
      const full = (await list(server.url, admin)).body.games as Record<string, unknown>[];
      expect(full.map((g) => g.id).sort()).toEqual([...ids].sort());
      const tries: Record<string, string>[] = [
        {},
        { authorization: "Bearer sesam" },
        { authorization: "sesame" },
      ];
      for (const headers of tries) {
        const r = await list(server.url, headers);
        expect(r.status).toBe(200);
        const games = r.body.games as Record<string, unknown>[];
        expect(games).toHaveLength(3);
        expect(games).toEqual(full.map(({ id: _, ...rest }) => rest));
        for (const id of ids) expect(JSON.stringify(r.body)).not.toContain(id);
      }
    } finally {
      await server.close();
    }
  });

  it("a server without an admin token never lists ids", async () => {
    const { server } = await sqliteServer(join(tmp.dir, "games.db"));
    try {
      const created = await post(server, { preset: "skirmish" });
      expect(created.status).toBe(201);
      const r = await list(server.url, { authorization: "Bearer anything" });
      expect((r.body.games as unknown[]).length).toBe(1);
      expect(JSON.stringify(r.body)).not.toContain(String(created.body.id));
    } finally {
      await server.close();
    }
  });
});
