/**
 * A user's own game on the command line: a preset module loaded by path for
 * run, play, replay and presets; a turnkit.config.*; card sets as data; and every loading error as
 * one line with the file (and the place in it) and exit code 2.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/program.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const src = (path: string): string => JSON.stringify(join(root, "src", path));

async function cli(argv: string[], cwd?: string, env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env,
    ...(cwd ? { cwd } : {}),
  });
  return { code, stdout, stderr };
}

/** The README's tiny duel as a user's preset module; `cards` is the expression of its library. */
function presetSource(id: string, cards: string): string {
  return `
const turn = () => ({
  id: "turn",
  label: "Turn",
  children: [
    { id: "draw", label: "Draw step", kind: "step", when: "!firstTurn", onBegin: ["drawOne"] },
    { id: "main", label: "Main step", kind: "step", interaction: "main" },
  ],
});
const make = () => ({
  id: ${JSON.stringify(id)},
  name: "Sky Duel",
  players: { min: 2, max: 2 },
  zones: [
    { kind: "deck", label: "deck", perPlayer: true, visibility: "hidden" },
    { kind: "hand", label: "hand", perPlayer: true, visibility: "owner" },
    { kind: "field", label: "field", perPlayer: true, visibility: "public", inPlay: true },
  ],
  turn,
  conditions: { firstTurn: (game) => game.state.clock.turn.id === 1 },
  checkpoint: "kernel.resolvePending",
  playerVars: () => ({ life: 5 }),
  cards: ${cards},
  tasks: {
    drawOne(game, task) {
      game.popTask(task);
      const p = game.state.clock.turn.player;
      if (game.zone("deck", p).cards.length === 0) game.declareLoser(p, "could not draw");
      else game.draw(p, 1);
    },
    main: actionLoop({
      actions: (game, p) =>
        game.cardsIn("hand", p).map((o) => ({ id: "play:" + game.ref(o), label: "Play " + game.card(o).name })),
      perform: (game, p, option) => {
        game.move(game.obj(option.id.slice(5)), zoneId("field", p));
      },
    }),
  },
  ops: {
    lose1: {
      doc: "lose1: player — that player loses 1 life.",
      run(game, op, frame) {
        const p = op.player === "opponent" ? 1 - frame.ctx.controller : frame.ctx.controller;
        const vars = game.state.players[p].vars;
        vars.life = Number(vars.life) - 1;
        if (Number(vars.life) <= 0) game.declareLoser(p, "life reached 0");
        return "next";
      },
    },
  },
  setup(game, spec) {
    for (let p = 0; p < spec.players; p++) {
      for (let i = 0; i < 12; i++) game.createCard("imp", p, "deck");
      game.draw(p, 3);
    }
  },
});
`;
}

const IMP_YAML = `cards:
  - id: imp
    name: Spark Imp
    types: [creature]
    abilities:
      - id: zap
        kind: triggered
        text: The first time each turn a creature enters your field, the opponent loses 1 life.
        trigger: { on: move, to: field, player: self, noun: creature entering }
        effect: [{ op: lose1, player: opponent }]
        limit: { counts: event, nth: 1, key: player, window: turn }
`;

const OWL_YAML = `cards:
  - id: owl
    name: Night Owl
    types: [creature]
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "turnkit-user-"));
  const imports = `import { actionLoop } from ${src("core/interactions.js")};
import { zoneId } from ${src("core/objects.js")};
import { loadCardSet } from ${src("scenario/card-set.js")};
`;
  writeFileSync(join(dir, "imp.yaml"), IMP_YAML);
  writeFileSync(join(dir, "owl.yaml"), OWL_YAML);
  // TypeScript, a default export, its cards from a card set loaded by the preset itself.
  writeFileSync(
    join(dir, "skyduel.ts"),
    `import type { Preset } from ${src("core/preset.js")};
${imports}${presetSource("skyduel", `loadCardSet(${JSON.stringify(join(dir, "imp.yaml"))})`)}
const skyduel: Preset = make() as Preset;
export default skyduel;
`,
  );
  // JavaScript (ESM), a factory function exported as "preset".
  writeFileSync(
    join(dir, "skyduel.mjs"),
    `${imports}${presetSource("skyduel-mjs", `loadCardSet(${JSON.stringify(join(dir, "imp.yaml"))})`)}
export function preset() { return make(); }
`,
  );
  writeFileSync(
    join(dir, "skyduel.yaml"),
    `name: Sky Duel by path
preset: ./skyduel.ts
cardSets: [./owl.yaml]
setup:
  players:
    P1:
      zones:
        hand: [imp, owl]
expect:
  zones:
    P1: { hand: [imp, owl] }
`,
  );
});

describe("--preset: a preset module by path", () => {
  it("runs a scenario that names its preset module by path, with a card set", async () => {
    const r = await cli(["run", join(dir, "skyduel.yaml")]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("1 passed, 0 failed, 1 file");
    expect(r.code).toBe(0);
  });

  it("plays a TypeScript preset, saves the game, and replays it with the same --preset", async () => {
    const save = join(dir, "game.json");
    const played = await cli(["play", "--preset", join(dir, "skyduel.ts"), "--seed", "1", "--save", save]);
    expect(played.stderr).toBe("");
    expect(played.code).toBe(0);
    expect(played.stdout).toContain("Spark Imp");
    expect(played.stdout).toMatch(/Seed 1\. State sha256/);
    const replayed = await cli(["replay", "--quiet", "--preset", join(dir, "skyduel.ts"), save]);
    expect(replayed.stderr).toBe("");
    expect(replayed.stdout).toContain("Replay reproduced the final state exactly");
    expect(replayed.code).toBe(0);
  });

  it("plays a JavaScript module whose export is a factory named preset, by --game <path>", async () => {
    const r = await cli(["play", "--game", join(dir, "skyduel.mjs"), "--seed", "1", "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout.trim().split("\n").at(-1)!) as { type: string; preset: string };
    expect(summary).toMatchObject({ type: "summary", preset: "skyduel-mjs" });
  });

  it("lists a loaded preset with its source in presets --json", async () => {
    const r = await cli(["presets", "--json", "--preset", join(dir, "skyduel.ts")]);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as { id: string; source: string; zones: string[] }[];
    expect(list.find((p) => p.id === "skyduel")).toMatchObject({
      source: join(dir, "skyduel.ts"),
      zones: ["deck", "hand", "field"],
    });
    expect(list.find((p) => p.id === "magic")?.source).toBe("built-in");
  });
});

describe("turnkit.config.*", () => {
  it("loads the presets and card sets a turnkit.config.json lists, relative to it", async () => {
    // The config's project is `dir` (its .git): ../ from project/ is still inside it.
    mkdirSync(join(dir, ".git"), { recursive: true });
    const cwd = join(dir, "project");
    mkdirSync(cwd, { recursive: true });
    writeFileSync(
      join(cwd, "turnkit.config.json"),
      JSON.stringify({ presets: ["../skyduel.ts"], cards: ["../owl.yaml"] }),
    );
    const list = await cli(["presets", "--json"], cwd);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { id: string }[]).map((p) => p.id)).toContain("skyduel");
    const played = await cli(["play", "--game", "skyduel", "--seed", "2", "--max-actions", "5"], cwd);
    expect(played.stderr).not.toContain("unknown preset");
  });

  it("loads a turnkit.config.ts given by --config", async () => {
    const config = join(dir, "turnkit.config.ts");
    writeFileSync(config, `export default { presets: ["./skyduel.mjs"] };\n`);
    const r = await cli(["--config", config, "presets"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain(
      `skyduel-mjs — Sky Duel (2-2 players, 1 card) from ${join(dir, "skyduel.mjs")}`,
    );
  });

  it("refuses an unknown key in a config, at its line", async () => {
    const cwd = join(dir, "typo-config");
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(cwd, "turnkit.config.json"), '{\n  "presets": [],\n  "card": ["x.yaml"]\n}\n');
    const r = await cli(["presets"], cwd);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'turnkit: turnkit.config.json:3:11: unknown key "card"; a config has presets and cards\n',
    );
  });
});

describe("loading errors: one line, the file and where, exit 2", () => {
  const load = async (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    const r = await cli(["play", "--preset", file, "--seed", "1"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    return r.stderr.replace(`${dir}/`, "");
  };

  it("a module that exports no preset", async () => {
    expect(await load("none.mjs", "export const answer = 42;\n")).toBe(
      'turnkit: none.mjs: no preset exported: export it as the default export, as "preset", or a function returning it (the module exports answer)\n',
    );
  });

  it("an export that is not a Preset names the field", async () => {
    const text = `export default { id: "half", name: "Half", players: { min: 2, max: 2 }, zones: [], cards: [] };\n`;
    expect(await load("half.mjs", text)).toBe(
      "turnkit: half.mjs: the default export is not a Preset: turn: expected a function (options) => turn tree, got undefined\n",
    );
  });

  it("a syntax error in TypeScript, at its line and column", async () => {
    expect(await load("broken.ts", "const x: number = 1;\nexport default (;\n")).toMatch(
      /^turnkit: broken\.ts:2:\d+: syntax error: /,
    );
  });

  it("a syntax error in JavaScript, at its line", async () => {
    expect(await load("broken.mjs", "export const a = 1;\nexport default (;\n")).toMatch(
      /^turnkit: broken\.mjs:2:\d+: syntax error: /,
    );
  });

  it("a module that throws while loading", async () => {
    expect(await load("throws.mjs", 'const a = 1;\nthrow new Error("no table");\n')).toMatch(
      /^turnkit: throws\.mjs:2:\d+: the module threw while loading: no table\n$/,
    );
  });

  it("a missing module", async () => {
    const r = await cli(["presets", "--preset", join(dir, "nowhere.ts")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("nowhere.ts: cannot read the file: no such file or directory");
  });

  it("a preset id that is a built-in preset's", async () => {
    const text = `${"export default { id: 'magic', name: 'M', players: { min: 2, max: 2 }, zones: [], turn: () => ({ id: 't', label: 'T' }), cards: [] };"}\n`;
    expect(await load("magic.mjs", text)).toContain('the preset id "magic" is a built-in preset\'s');
  });

  it("a scenario's preset module that fails is that file's failure, at its preset line", async () => {
    const file = join(dir, "bad-preset.yaml");
    writeFileSync(file, "name: by a bad path\npreset: ./none.mjs\n");
    const r = await cli(["run", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("bad-preset.yaml:2:9: preset: ./none.mjs: no preset exported");
  });
});

describe("card sets as data", () => {
  const typo = `cards:
  - id: owl
    name: Night Owl
    types: [creature]
  - id: bat
    name: Bat
    tpyes: [creature]
`;

  it("--cards with a typo names the file, line, column, card and field", async () => {
    const file = join(dir, "typo.yaml");
    writeFileSync(file, typo);
    const r = await cli(["play", "--game", "skirmish", "--cards", file, "--seed", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^turnkit: ${file.replace(/[.]/g, "\\.")}:7:5: cards\\[1\\] "bat": tpyes: unknown field "tpyes"`,
      ),
    );
  });

  it("a JSON card set with a wrong value, at its line", async () => {
    const file = join(dir, "wrong.json");
    writeFileSync(file, '{\n  "cards": [\n    { "id": "owl", "name": "Owl", "types": "creature" }\n  ]\n}\n');
    const r = await cli(["replay", "--cards", file, join(dir, "game.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/wrong\.json:3:\d+: cards\[0\] "owl": types: /);
  });

  it("a scenario's card set with a typo is reported at the scenario's line and in the card set", async () => {
    writeFileSync(join(dir, "typo-set.yaml"), typo);
    const file = join(dir, "uses-typo.yaml");
    writeFileSync(file, "name: a typo in a card set\npreset: skirmish\ncardSets:\n  - ./typo-set.yaml\n");
    const r = await cli(["run", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'uses-typo.yaml:4:5: cardSets[0]: ./typo-set.yaml:7:5: cards[1] "bat": tpyes: unknown field',
    );
  });
});
