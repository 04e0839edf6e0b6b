/**
 * docs/events.md lists every event type the code emits: the types read from the
 * kernel's and the presets' source (tests/support/event-types.ts), and the types seen in seeded
 * random games of every preset and of the tutorial game (which catch types built at run time).
 */
import { readFileSync } from "node:fs";
import { Game } from "turnkit";
import { randomAgent } from "turnkit/agents";
import { getPreset, presetIds } from "turnkit/presets";
import { describe, expect, it } from "vitest";
import { skyduel } from "../examples/tutorial/skyduel.js";
import { EVENTS_DOC, renderEventsDoc } from "../scripts/gen-events.js";
import { emittedTypes } from "./support/event-types.js";

const { KERNEL_EVENTS } = await import("../src/core/kernel-events.js");

const doc = readFileSync("docs/events.md", "utf8");
/** Types listed under each `### <preset ids>` heading. */
const sections = doc
  .split(/^### /m)
  .slice(1)
  .map((s) => ({
    ids: s.split("\n")[0]!.split(/,\s*/),
    types: new Set(
      [...s.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`(\w+)`/g)].map((t) => t[1]!)),
    ),
  }));
/** Types the catalogue names: `type` in the first column of a table row. */
const listed = new Set(
  [...doc.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`(\w+)`/g)].map((t) => t[1]!)),
);

describe("docs/events.md", () => {
  it("its preset part is up to date with Preset.events (npm run gen)", () => {
    expect(renderEventsDoc(readFileSync(EVENTS_DOC, "utf8"))).toBe(doc);
  });

  it("lists every kernel event (KERNEL_EVENTS)", () => {
    expect(Object.keys(KERNEL_EVENTS).filter((t) => !listed.has(t))).toEqual([]);
  });

  it("lists each built-in preset's declared events (Preset.events) under that preset", () => {
    const missing: string[] = [];
    for (const id of presetIds()) {
      const section = sections.find((s) => s.ids.includes(id));
      for (const t of Object.keys(getPreset(id).events ?? {}))
        if (!section?.types.has(t) && !(t in KERNEL_EVENTS)) missing.push(`${id}: ${t}`);
    }
    expect(missing).toEqual([]);
  });

  it("lists every event type the kernel emits", () => {
    const missing = [...emittedTypes(["src/core/**/*.ts"]).keys()].filter((t) => !listed.has(t));
    expect(missing).toEqual([]);
  });

  it("lists every event type a built-in preset emits", () => {
    const missing = [...emittedTypes(["src/presets/**/*.ts"])]
      .filter(([t]) => !listed.has(t))
      .map(([t, files]) => `${t} (${files.join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("lists every event type seen in seeded games of every preset", () => {
    const seen = new Map<string, string>();
    const undeclared = new Set<string>();
    for (const preset of [...presetIds().map((id) => getPreset(id)), skyduel])
      for (let seed = 1; seed <= 3; seed++) {
        const game = Game.create(preset, { seed });
        game.onEvent((e) => {
          if (!seen.has(e.type)) seen.set(e.type, `${preset.id} seed ${seed}`);
          // A trigger can name only declared events (definition-checks.ts): an emitted type the
          // preset doesn't declare is one no card of it could listen to.
          if (!(e.type in KERNEL_EVENTS) && !(e.type in (preset.events ?? {})))
            undeclared.add(`${preset.id}: ${e.type}`);
        });
        game.run();
        const agent = randomAgent(seed);
        for (let n = 0; n < 3000 && !game.over; n++) game.act(agent.choose(game));
      }
    const missing = [...seen].filter(([t]) => !listed.has(t));
    expect(missing).toEqual([]);
    expect([...undeclared]).toEqual([]);
  });
});

describe("the kernel's event names", () => {
  it("are the catalogue's (KERNEL_EVENT_TYPES, which the definition checks read, = keys of KERNEL_EVENTS)", async () => {
    const { KERNEL_EVENT_TYPES } = await import("../src/core/definition-checks.js");
    expect([...KERNEL_EVENT_TYPES].sort()).toEqual(Object.keys(KERNEL_EVENTS).sort());
  });
});
