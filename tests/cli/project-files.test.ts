/**
 * Files from elsewhere. A scenario or a config loads the modules (`preset:`, `presets`) and card
 * sets (`cardSets:`, `cards`) it names only from inside its own project directory — the nearest
 * directory above it with a package.json or a .git, else its own — unless the user passes
 * --allow-outside (`allowOutside: true` for `runScenario`). The files a user names on the command
 * line are the user's own choice. And no error quotes a file that is not a scenario, a card set,
 * a deck file or a config: a .env or a key file named by mistake is said by its kind.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/program.js";
import { parseCardSet } from "../../src/scenario/card-set.js";
import { loadScenarioFile, parseScenario, type ScenarioError } from "../../src/scenario/load.js";
import { isInside, projectOf } from "../../src/scenario/project.js";
import { runScenario } from "../../src/scenario/runner.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const skirmishModule = JSON.stringify(join(root, "src/presets/skirmish/index.js"));

const SECRET = "sk-live-7f3a9c0e";
const CARDS = "cards:\n  - { id: far-imp, name: Far Imp, types: [creature], power: 1 }\n";

let base = "";
let proj = "";
let outside = "";

/** A preset module: the example game under another id. */
function presetModule(file: string, id: string): void {
  writeFileSync(
    file,
    `import { skirmish } from ${skirmishModule};\nexport default { ...skirmish, id: ${JSON.stringify(id)}, name: ${JSON.stringify(id)} };\n`,
  );
}

/** A scenario of `preset` that uses far-imp when `cardSets` is given; it passes when everything loads. */
function scenario(file: string, preset: string, cardSets?: string): void {
  const imp = cardSets ? "        hand: [far-imp]\n" : "";
  writeFileSync(
    file,
    `name: files from elsewhere
preset: ${preset}
${cardSets ? `cardSets: [${cardSets}]\n` : ""}setup:
  players:
    P1:
      zones:
${imp}        deck: [footsoldier, footsoldier]
    P2:
      zones:
        deck: [footsoldier, footsoldier]
expect:
  over: false
`,
  );
}

const cli = (argv: string[], cwd?: string) => {
  let stdout = "";
  let stderr = "";
  return main(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: {},
    ...(cwd ? { cwd } : {}),
  }).then((code) => ({ code, stdout, stderr }));
};

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "turnkit-project-"));
  proj = join(base, "proj");
  outside = join(base, "outside");
  mkdirSync(join(proj, ".git"), { recursive: true });
  mkdirSync(join(proj, "scenarios", "deep"), { recursive: true });
  mkdirSync(join(proj, "shared"), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, "cards.yaml"), CARDS);
  writeFileSync(join(proj, "shared", "cards.yaml"), CARDS);
  writeFileSync(join(outside, ".env"), `API_KEY=${SECRET}\n`);
  symlinkSync(join(outside, "cards.yaml"), join(proj, "shared", "link.yaml"));
});

describe("a file's project directory", () => {
  it("is the nearest directory above it with a .git or package.json, else its own", () => {
    expect(projectOf(join(proj, "scenarios", "deep", "s.yaml"))).toMatchObject({ marker: ".git" });
    expect(projectOf(join(proj, "scenarios", "deep", "s.yaml")).dir).toMatch(/proj$/);
    expect(projectOf(join(outside, "s.yaml"))).toMatchObject({ marker: null });
    expect(projectOf(join(outside, "s.yaml")).dir).toMatch(/outside$/);
    expect(projectOf(join(root, "scenarios", "examples", "x.yaml"))).toMatchObject({
      marker: "package.json",
    });
  });

  it("holds what is under it, not a sibling whose name starts the same", () => {
    expect(isInside("/a/proj/x/y", "/a/proj")).toBe(true);
    expect(isInside("/a/proj", "/a/proj")).toBe(true);
    expect(isInside("/a/project/x", "/a/proj")).toBe(false);
    expect(isInside("/a/x", "/a/proj")).toBe(false);
  });
});

describe("a scenario's cardSets", () => {
  it("loads a card set inside its project, in a directory above the scenario's", async () => {
    const file = join(proj, "scenarios", "deep", "inside.yaml");
    scenario(file, "skirmish", "../../shared/cards.yaml");
    const r = await cli(["run", file]);
    expect(r.stdout).toContain("1 passed");
    expect(r.code).toBe(0);
  });

  it("refuses one outside its project, naming the project and the flag; --allow-outside loads it", async () => {
    const file = join(proj, "scenarios", "far-cards.yaml");
    scenario(file, "skirmish", "../../outside/cards.yaml");
    const r = await cli(["run", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `${file}:3:12: cardSets[0]: ../../outside/cards.yaml is outside this scenario's project directory ${projectOf(file).dir} (the nearest directory above it with a .git); a scenario loads files only from inside its project (to allow it: --allow-outside, or allowOutside: true in code)`,
    );
    const allowed = await cli(["run", "--allow-outside", file]);
    expect(allowed.stdout).toContain("1 passed");
    expect(allowed.code).toBe(0);
  });

  it("refuses a link inside the project to a file outside it", async () => {
    const file = join(proj, "scenarios", "link.yaml");
    scenario(file, "skirmish", "../shared/link.yaml");
    const r = await cli(["run", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("../shared/link.yaml is outside this scenario's project directory");
  });

  it("of a scenario with no project above it: only from its own directory", async () => {
    const loose = mkdtempSync(join(tmpdir(), "turnkit-loose-"));
    mkdirSync(join(loose, "sub"));
    writeFileSync(join(loose, "cards.yaml"), CARDS);
    const file = join(loose, "sub", "s.yaml");
    scenario(file, "skirmish", "../cards.yaml");
    const r = await cli(["run", file]);
    expect(r.stdout).toContain(
      "(its own directory: none above it has a package.json or .git); a scenario loads files only from inside its project",
    );
  });

  it("through runScenario: refused unless allowOutside", () => {
    const file = join(proj, "scenarios", "api.yaml");
    scenario(file, "skirmish", "../../outside/cards.yaml");
    const refused = runScenario(loadScenarioFile(file));
    expect(refused.passed).toBe(false);
    expect(refused.failures[0]!.message).toMatch(/outside this scenario's project directory/);
    const allowed = runScenario(loadScenarioFile(file), { allowOutside: true });
    expect(allowed.failures).toEqual([]);
  });
});

describe("a scenario's preset module", () => {
  it("refuses one outside its project; --allow-outside loads it", async () => {
    presetModule(join(outside, "far.mjs"), "far-preset");
    const file = join(proj, "scenarios", "far-preset.yaml");
    scenario(file, "../../outside/far.mjs");
    const r = await cli(["run", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `${file}:2:9: preset: ../../outside/far.mjs is outside this scenario's project directory`,
    );
    const allowed = await cli(["run", "--allow-outside", file]);
    expect(allowed.stdout).toContain("1 passed");
  });

  it("loads one inside its project", async () => {
    presetModule(join(proj, "shared", "near.mjs"), "near-preset");
    const file = join(proj, "scenarios", "near-preset.yaml");
    scenario(file, "../shared/near.mjs");
    const r = await cli(["run", file]);
    expect(r.stdout).toContain("1 passed");
  });
});

describe("a config's presets and cards", () => {
  it("refuses a module outside its project (exit 2); --allow-outside loads it", async () => {
    presetModule(join(outside, "far-config.mjs"), "far-config");
    const cwd = join(proj, "config-presets");
    mkdirSync(cwd);
    writeFileSync(
      join(cwd, "turnkit.config.json"),
      JSON.stringify({ presets: ["../../outside/far-config.mjs"] }),
    );
    const r = await cli(["presets"], cwd);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^turnkit: turnkit\.config\.json: presets\[0\]: \.\.\/\.\.\/outside\/far-config\.mjs is outside this config's project directory .*proj \(the nearest directory above it with a \.git\)/,
    );
    const allowed = await cli(["--allow-outside", "presets", "--json"], cwd);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('"far-config"');
  });

  it("refuses a card set outside its project (exit 2)", async () => {
    const cwd = join(proj, "config-cards");
    mkdirSync(cwd);
    writeFileSync(join(cwd, "turnkit.config.json"), JSON.stringify({ cards: ["../../outside/cards.yaml"] }));
    const r = await cli(["play", "--game", "skirmish", "--seed", "1", "--max-actions", "1"], cwd);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "cards[0]: ../../outside/cards.yaml is outside this config's project directory",
    );
  });

  it("the command line's own --cards and --preset are the user's choice: loaded from anywhere", async () => {
    const cwd = join(proj, "scenarios");
    const file = join(cwd, "flag.yaml");
    scenario(file, "skirmish");
    const r = await cli(["run", "--cards", "../../outside/cards.yaml", file], cwd);
    expect(r.stdout).toContain("1 passed");
  });
});

describe("errors never quote a file that is not what it was named as", () => {
  /** Texts that are no scenario, card set, deck or config, each holding the secret. */
  const strangers: Record<string, string> = {
    "env.yaml": `API_KEY=${SECRET}\nDB=postgres://u:${SECRET}@h\n`,
    "key.yaml": `-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl${SECRET}\n-----END OPENSSH PRIVATE KEY-----\n`,
    "token.yaml": `token: ${SECRET}\n`,
    "token.json": `{"token": "${SECRET}"}\n`,
    "unterminated.yaml": `password: "${SECRET}\n`,
    "tab.yaml": `a: 1\n\tb: ${SECRET}\n`,
    "flow.yaml": `${SECRET}: [\n`,
    "tag.yaml": `!${SECRET}\n`,
    "block.yaml": `key: |x${SECRET}\n  a\n`,
    "alias.yaml": `a: &x 1\nb: *${SECRET}\n`,
    "directive.yaml": `%YAML 9.9 ${SECRET}\na: 1\n`,
    "dupkey.yaml": `a: 1\na: ${SECRET}\n`,
    "quote.yaml": `'${SECRET}\n`,
    "brace.json": `{ "${SECRET}"\n`,
    "script.yaml": `#!/bin/sh\nexport TOKEN=${SECRET}\ncurl -H "Authorization: ${SECRET}" x\n`,
  };

  beforeAll(() => {
    for (const [name, text] of Object.entries(strangers)) writeFileSync(join(proj, "shared", name), text);
  });

  it("as a scenario's card set, as a scenario, and as a config, deck or card set on the command line", async () => {
    for (const name of Object.keys(strangers)) {
      const path = join(proj, "shared", name);
      const file = join(proj, "scenarios", "stranger.yaml");
      scenario(file, "skirmish", `../shared/${name}`);
      const outputs = await Promise.all([
        cli(["run", file]),
        cli(["run", path]),
        cli(["play", "--game", "skirmish", "--deck", `P1=${path}`]),
        cli(["play", "--game", "skirmish", "--cards", path]),
        name.endsWith(".json") ? cli(["--config", path, "presets"]) : Promise.resolve(null),
      ]);
      for (const r of outputs) {
        if (!r) continue;
        expect(r.code, name).not.toBe(0);
        expect(`${r.stdout}${r.stderr}`, name).not.toContain(SECRET);
      }
    }
  });

  it("a scenario's card set that is a .env: refused by its name, before it is read", async () => {
    const file = join(proj, "scenarios", "env.yaml");
    scenario(file, "skirmish", "../../outside/.env");
    const r = await cli(["run", "--allow-outside", file]);
    expect(r.stdout).toContain(
      "../../outside/.env:1:1: not a card set file: a card set is a .yaml, .yml, .json file",
    );
    expect(r.stdout).not.toContain(SECRET);
  });

  it("says what the file is instead", () => {
    const say = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        return (e as ScenarioError).message;
      }
      return "";
    };
    expect(say(() => parseScenario("t.yaml", strangers["token.yaml"]!))).toMatch(
      /t\.yaml:1:1: not a scenario: none of its keys is a scenario's/,
    );
    expect(say(() => parseCardSet(strangers["token.json"]!, "t.json"))).toMatch(
      /t\.json:1:1: not a card set: none of its keys is cards/,
    );
    expect(say(() => parseScenario("t.yaml", strangers["env.yaml"]!))).toMatch(/, not a text$/);
    // A typo is still answered as one.
    expect(say(() => parseCardSet("crads: []\n", "t.yaml"))).toMatch(
      /t\.yaml:1:1: unknown key "crads"; a card set has cards/,
    );
  });

  it("whatever mapping of other keys holds it (property)", () => {
    const key = fc
      .stringMatching(/^[a-z_]{4,12}$/)
      .filter((k) => !/name|preset|card|setup|script|expect|seed|rule|player|option|cover|desc/.test(k));
    fc.assert(
      fc.property(
        fc.dictionary(key, fc.constant(SECRET), { minKeys: 1, maxKeys: 4 }),
        fc.boolean(),
        (map, json) => {
          const text = json
            ? JSON.stringify(map)
            : Object.entries(map)
                .map(([k, v]) => `${k}: ${v}`)
                .join("\n");
          for (const parse of [() => parseScenario("f.yaml", text), () => parseCardSet(text, "f.yaml")]) {
            let message = "";
            try {
              parse();
            } catch (e) {
              message = (e as Error).message;
            }
            expect(message).not.toBe("");
            expect(message).not.toContain(SECRET);
            for (const k of Object.keys(map)) expect(message).not.toContain(k);
          }
        },
      ),
    );
  });
});
