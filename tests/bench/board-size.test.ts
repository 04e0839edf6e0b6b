/**
 * `npm run bench -- --board PRESET` and `--kinds PRESET` (bench/board-size.mjs): every timed
 * response is counted in exactly one group — the groups' responses add up to the games' — each
 * band of the objects in play it was answered at, or each kind of decision (one-option decisions
 * apart), and a wrong preset or option is refused with a message, not a stack trace.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const script = join(root, "bench", "board-size.mjs");
const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: "utf8", timeout: 120_000 });

interface Band {
  inPlay: [number, number];
  responses: number;
  usPerResponse: number;
}

describe("bench --board", () => {
  it("counts every response of the timed games once, in the band of what was in play", async () => {
    const { engine, playOut } = (await import(pathToFileURL(join(root, "bench", "workloads.mjs")).href)) as {
      engine(dist: string): Promise<{
        Game: { create(p: object, o: object): { run(): object } };
        getPreset(id: string): object;
      }>;
      playOut(E: object, game: object, seed: number): number;
    };
    const r = run("--board", "skirmish", "--games", "4", "--warm", "0.05", "--json");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { preset: string; games: number; bands: Band[] };
    expect(out.preset).toBe("skirmish");
    const E = await engine(join(root, "dist"));
    let responses = 0;
    for (let seed = 1; seed <= 4; seed++)
      responses += playOut(E, E.Game.create(E.getPreset("skirmish"), { seed }).run(), seed);
    expect(out.bands.reduce((n, b) => n + b.responses, 0)).toBe(responses);
    for (const b of out.bands) {
      expect(b.inPlay[1] - b.inPlay[0]).toBe(9);
      expect(b.inPlay[0] % 10).toBe(0);
      expect(b.usPerResponse).toBeGreaterThan(0);
    }
  }, 120_000);

  it("--kinds: every response in the group of the decision it answered, one-option decisions apart", async () => {
    const { engine } = (await import(pathToFileURL(join(root, "bench", "workloads.mjs")).href)) as {
      engine(dist: string): Promise<{
        Game: {
          create(
            p: object,
            o: object,
          ): {
            run(): {
              over: boolean;
              state: { decision: { kind: string; options: unknown[] } };
              act(a: unknown): void;
            };
          };
        };
        getPreset(id: string): object;
        randomAgent(seed: number): { choose(g: object): unknown };
      }>;
    };
    const r = run("--kinds", "skirmish", "--games", "4", "--warm", "0.05", "--json");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      responses: number;
      kinds: { kind: string; onlyOption: boolean; responses: number; share: number; cpuShare: number }[];
    };
    // The same games played here: each decision's kind, with one option or more.
    const E = await engine(join(root, "dist"));
    const expected = new Map<string, number>();
    for (let seed = 1; seed <= 4; seed++) {
      const game = E.Game.create(E.getPreset("skirmish"), { seed }).run();
      const agent = E.randomAgent(seed);
      while (!game.over) {
        const d = game.state.decision;
        const key = `${d.kind}${d.options.length === 1 ? " (one option)" : ""}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
        game.act(agent.choose(game));
      }
    }
    const got = new Map(
      out.kinds.map((k) => [`${k.kind}${k.onlyOption ? " (one option)" : ""}`, k.responses]),
    );
    expect(got).toEqual(expected);
    expect(out.responses).toBe([...expected.values()].reduce((a, b) => a + b, 0));
    expect(out.kinds.some((k) => k.onlyOption)).toBe(true);
    expect(out.kinds.reduce((a, k) => a + k.share, 0)).toBeCloseTo(1, 9);
    expect(out.kinds.reduce((a, k) => a + k.cpuShare, 0)).toBeCloseTo(1, 9);
    const none = run("--kinds", "chess");
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^bench --kinds: name a preset \(.*magic.*\), not "chess"\n$/);
    const games = run("--kinds", "magic", "--games", "0");
    expect(games.stderr).toBe('bench --kinds: --games needs a whole number above 0, not "0"\n');
  }, 120_000);

  it("refuses a preset it doesn't have and a number that isn't one", () => {
    const none = run("--board", "chess", "--games", "1");
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^bench --board: name a preset \(.*magic.*\), not "chess"\n$/);
    const missing = run("--board");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/name a preset/);
    const games = run("--board", "magic", "--games", "lots");
    expect(games.status).toBe(2);
    expect(games.stderr).toBe('bench --board: --games needs a whole number above 0, not "lots"\n');
    const half = run("--board", "magic", "--games", "2.5");
    expect(half.status).toBe(2);
    expect(half.stderr).toBe('bench --board: --games needs a whole number above 0, not "2.5"\n');
    const warm = run("--board", "magic", "--warm", "-1");
    expect(warm.status).toBe(2);
    expect(warm.stderr).toBe('bench --board: --warm needs a positive number, not "-1"\n');
  });
});
