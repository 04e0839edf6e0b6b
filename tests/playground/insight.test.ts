/**
 * The playground's timeline and limits ledger models (playground/src/insight), run in node
 * against real games of the built-in presets played by random agents.
 */
import { Game } from "turnkit";
import { randomAgent } from "turnkit/agents";
import { getPreset } from "turnkit/presets";
import { describe, expect, it } from "vitest";
import { type LedgerRow, ledgerRows } from "../../playground/src/insight/ledger.js";
import { flatNodes, timelineModel } from "../../playground/src/insight/timeline.js";

function newGame(preset: string, seed: number): { game: Game; step: () => boolean } {
  const game = Game.create(getPreset(preset), { seed });
  game.run();
  const agents = [randomAgent(seed * 7 + 1), randomAgent(seed * 7 + 2)];
  return {
    game,
    step: () => {
      if (game.over || !game.decision) return false;
      game.act(agents[game.decision.player]!.choose(game));
      return true;
    },
  };
}

/** Plays until `found` returns something (checked after every action), or the game ends. */
function playUntil<T>(preset: string, seeds: number[], found: (g: Game) => T | undefined, max = 4000) {
  for (const seed of seeds) {
    const { game, step } = newGame(preset, seed);
    for (let n = 0; n < max && step(); n++) {
      const hit = found(game);
      if (hit !== undefined) return { game, hit, seed };
    }
  }
  throw new Error(`nothing found in ${preset} with seeds ${seeds.join(", ")}`);
}

describe("timeline", () => {
  it("is the preset's turn tree with the clock's path marked", () => {
    const { game } = newGame("yugioh", 2);
    const t = timelineModel(game, 0);
    expect(t.root.id).toBe(game.rules.root.id);
    const nodes = flatNodes(t.root);
    expect(nodes.map((n) => n.id).sort()).toEqual([...game.rules.nodes.keys()].sort());
    expect(nodes.filter((n) => n.current).map((n) => n.id)).toEqual(game.state.clock.path);
    expect(nodes.filter((n) => n.here).map((n) => n.id)).toEqual([game.state.clock.path.at(-1)]);
    expect(t.turn).toMatchObject({ id: game.state.clock.turn.id, player: game.state.clock.turn.player });
    const attack = nodes.find((n) => n.id === "attack")!;
    expect(attack.onDemand).toBe(true);
    expect(attack.details.windows).toContain("attack");
    const draw = nodes.find((n) => n.id === "draw")!;
    expect(draw.details.onBegin).toEqual(["normal draw"]);
  });

  it("shows an attack with its runs, and the chain's links by name", () => {
    const { game, hit } = playUntil("yugioh", [2, 3, 4, 5], (g) => {
      const t = timelineModel(g, 0);
      return t.attack !== null && t.stack.length > 0 ? t : undefined;
    });
    expect(hit.stackTitle).toBe("Chain");
    const attack = flatNodes(hit.root).find((n) => n.id === "attack")!;
    expect(attack.current).toBe(true);
    expect(attack.runs).toBeGreaterThan(0);
    expect(hit.windows).toContain("attack");
    const entries = game.rules.preset.stack!(game);
    expect(hit.stack.map((s) => s.controller)).toEqual(entries.map((e) => e.controller));
    for (const s of hit.stack) if (!s.hidden) expect(entries.map((e) => e.name)).toContain(s.name);
  });

  it("marks turn-based actions where they happened this turn", () => {
    const { hit } = playUntil("magic", [1, 2], (g) => {
      const t = timelineModel(g, 0);
      const untap = flatNodes(t.root).find((n) => n.id === "untap");
      return t.turn.id > 1 && untap?.marks.some((m) => m.kind === "tba") ? untap : undefined;
    });
    expect(hit.state).not.toBe("upcoming");
    expect(hit.marks.some((m) => m.text.startsWith("start:"))).toBe(true);
  });

  it("says which nodes were passed over this turn (Magic's first draw step)", () => {
    const { hit } = playUntil("magic", [1], (g) => {
      const t = timelineModel(g, 0);
      return t.turn.id === 1 && t.path.some((p) => p.id === "main1") ? t : undefined;
    });
    const state = (id: string) => flatNodes(hit.root).find((n) => n.id === id)!.state;
    expect([state("untap"), state("draw"), state("main1"), state("combat")]).toEqual([
      "done",
      "skipped",
      "current",
      "upcoming",
    ]);
  });

  it("lists Magic's stack", () => {
    const { hit } = playUntil("magic", [1, 2, 3], (g) => {
      const t = timelineModel(g, 0);
      return t.stack.length > 0 ? t : undefined;
    });
    expect(hit.stackTitle).toBe("Stack");
    expect(hit.stack[0]!.controllerName).toMatch(/^P\d$/);
  });

  it("shows extra turns queued, last added first", () => {
    const { game } = newGame("duel-masters", 1);
    game.addExtraTurn(1);
    game.addExtraTurn(0);
    expect(timelineModel(game, 0).extraTurns.map((x) => x.player)).toEqual([0, 1]);
  });
});

describe("limits ledger", () => {
  it("shows a Yu-Gi-Oh! once-per-turn effect used: 1 of 1 used this turn, by its activation", () => {
    const { hit } = playUntil("yugioh", [2, 3, 4, 5, 6], (g) =>
      ledgerRows(g, 0).find(
        (r) =>
          r.controller === 0 && // a reason is told of the viewer's own abilities only
          r.limits.some((l) => l.window === "turn" && l.max === 1 && l.used === 1 && l.usedBy.length === 1),
      ),
    );
    const line = hit.limits.find((l) => l.used === 1)!;
    expect(line.usage).toBe("1 of 1 used this turn");
    expect(line.remaining).toBe(0);
    expect(line.reason).toMatch(/used up/);
    expect(line.usedBy[0]!.card).toBe(hit.card);
    expect(line.usedBy[0]!.event).not.toBe("");
    expect(line.words).toMatch(/per turn/);
  });

  it("gives every reason a Duel Masters ability is refused", () => {
    const { game, hit } = playUntil("duel-masters", [1, 2, 3], (g) =>
      ledgerRows(g, 0).find((r) => r.activatable === false && r.reasons.length > 0),
    );
    const whyNot = game.whyNot(hit.ref, hit.ability, { player: hit.controller });
    expect(hit.reasons.map((r) => r.kind)).toEqual(whyNot.map((r) => r.kind));
    expect(hit.reasons.length).toBeGreaterThan(0);
  });

  it("agrees with canActivate: an activatable row has no reasons", () => {
    const { game, hit } = playUntil("duel-masters", [1, 2, 3], (g) =>
      ledgerRows(g, 0).find((r) => r.activatable === true),
    );
    expect(game.canActivate(hit.ref, hit.ability, { player: hit.controller }).ok).toBe(true);
    expect(hit.reasons).toEqual([]);
  });

  for (const preset of ["yugioh", "duel-masters", "magic"])
    it(`never names a card hidden from the seat (${preset})`, () => {
      const { game, step } = newGame(preset, 3);
      let checked = 0;
      for (let n = 0; n < 1500 && step(); n++) {
        if (n % 7 !== 0) continue;
        for (const viewer of [0, 1]) {
          const view = game.viewFor(viewer);
          const visible = new Set<string>();
          const seenText: string[] = [];
          for (const z of Object.values(view.zones))
            for (const c of z.cards)
              if (!("hidden" in c)) {
                visible.add(c.id);
                const def = game.rules.card(c.card);
                // What the card itself says: its text, and the names its costs and effects select.
                seenText.push(def.name, JSON.stringify(def.abilities ?? []));
              }
          for (const e of view.log) if (typeof e.name === "string") seenText.push(e.name);
          // Names of cards the viewer can't see and that nothing they see mentions.
          const hiddenOnly = new Set<string>();
          for (const o of Object.values(game.state.objects)) {
            const name = game.rules.card(o.card).name;
            if (!seenText.some((t) => t.includes(name))) hiddenOnly.add(name);
          }
          const rows: LedgerRow[] = ledgerRows(game, viewer);
          for (const r of rows) {
            expect(visible.has(r.ref), `${r.card} is in ${viewer}'s view`).toBe(true);
            expect(hiddenOnly.has(r.card)).toBe(false);
          }
          const text = JSON.stringify(rows) + JSON.stringify(timelineModel(game, viewer));
          for (const name of hiddenOnly)
            expect(
              text.includes(name)
                ? `${name} in ${text.slice(Math.max(0, text.indexOf(name) - 300), text.indexOf(name) + 50)}`
                : "",
              `leak to P${viewer + 1}`,
            ).toBe("");
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(10);
    });

  it("tells a seat no reason about another seat's abilities (they may rest on that seat's hidden cards)", () => {
    let others = 0;
    for (const preset of ["yugioh", "duel-masters"])
      for (let seed = 1; seed <= 4; seed++) {
        const { game, step } = newGame(preset, seed);
        for (let n = 0; n < 200 && step(); n++) {
          for (const row of ledgerRows(game, 0).filter((r) => r.controller !== 0)) {
            others++;
            expect(row.reasons).toEqual([]);
            expect(row.activatable).toBeNull();
            for (const l of row.limits) expect(l.reason).toBeUndefined();
          }
        }
      }
    expect(others).toBeGreaterThan(0);
  });
});
