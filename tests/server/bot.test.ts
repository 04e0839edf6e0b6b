/** `turnkit bot`: agents playing seats of a served game over WebSocket, and its refusals. */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/program.js";
import type { TurnkitServer } from "../../src/server/server.js";
import { runCli } from "../support/cli.js";
import { createGame, sqliteServer, tempDir } from "./helpers.js";

let tmp: ReturnType<typeof tempDir>;
let server: TurnkitServer;
beforeAll(async () => {
  tmp = tempDir();
  ({ server } = await sqliteServer(join(tmp.dir, "games.db")));
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

const run = (argv: string[], env: Record<string, string>) => runCli(main, argv, env);

describe("turnkit bot", () => {
  it("two bots play a whole game to its end, each told how it ended", async () => {
    const g = await createGame(server, { preset: "duel-masters" });
    const bots = g.seats.map((s, i) =>
      run(["bot", "--url", server.wsUrl, "--game", g.id, "--seed", String(i + 1)], {
        TURNKIT_SEAT_TOKEN: s.token,
      }),
    );
    const [a, b] = await Promise.all(bots);
    for (const r of [a!, b!]) {
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        new RegExp(
          `^turnkit bot: game ${g.id} over after \\d+ responses: .+ \\(this seat (won|lost|nobody won)\\)\\n$`,
        ),
      );
    }
    const info = (await (await fetch(`${server.url}/games/${g.id}`)).json()) as {
      status: string;
      responses: number;
    };
    expect(info.status).toBe("finished");
    expect(a!.stdout).toContain(`after ${info.responses} responses`);
  });

  it("refuses what can't work with one line and exit 2", async () => {
    const g = await createGame(server, { preset: "skirmish" });
    const base = ["bot", "--url", server.wsUrl, "--game", g.id];
    const cases: [string[], Record<string, string>, RegExp][] = [
      [base, {}, /TURNKIT_SEAT_TOKEN, which is not set/],
      [base, { TURNKIT_SEAT_TOKEN: "guess" }, /bad-token: the token is not a seat's of this game/],
      [
        ["bot", "--url", server.wsUrl, "--game", "nope"],
        { TURNKIT_SEAT_TOKEN: g.seats[0]!.token },
        /unknown-game/,
      ],
      [
        ["bot", "--url", server.url, "--game", g.id],
        { TURNKIT_SEAT_TOKEN: g.seats[0]!.token },
        /a WebSocket URL/,
      ],
    ];
    for (const [argv, env, message] of cases) {
      const r = await run(argv, env);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.stderr, argv.join(" ")).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});
