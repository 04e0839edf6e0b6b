/** Durations end at exactly their boundary, not before (DM 500.3, CR 514.2; RULINGS DM-T11, MT-18, YG-T8). */
import { describe, expect, it } from "vitest";
import { activeEffects, addDuration, expireDurations } from "../../src/core/durations.js";
import { Game } from "../../src/core/game.js";
import type { Json } from "../../src/core/json.js";
import { zoneId } from "../../src/core/objects.js";
import type { TaskHandler, TurnNode } from "../../src/core/preset.js";
import type { Expiry } from "../../src/core/types.js";
import { tinyPreset, trace } from "../support/tiny.js";

const turn: TurnNode = {
  id: "turn",
  label: "Turn",
  children: [
    { id: "round", label: "Round", kind: "step", onBegin: ["mark", "probe"], repeatWhile: "again" },
    { id: "main", label: "Main", kind: "step", onBegin: ["probe"], interaction: "main" },
    { id: "end", label: "End", kind: "step", onBegin: ["tagEnd", "probe"] },
  ],
};

const task =
  (f: (g: Game) => void): TaskHandler =>
  (g, t) => {
    g.popTask(t);
    f(g);
  };
const add = (g: Game, label: string, expires: Expiry) =>
  addDuration(g, { label, expires, controller: 0, effect: { kind: "test" } });
const labels = (g: Game) => activeEffects(g, "test").map((d) => d.label);

function game() {
  const preset = tinyPreset({
    turn,
    conditions: { again: (g) => Number(g.state.vars.n) % 2 === 1 },
    onGo: (g) => g.move(g.cardsIn("field", 0)[0]!, zoneId("graveyard", 0)),
    tasks: {
      mark: task((g) => {
        const n = Number(g.state.vars.n ?? 0) + 1;
        g.state.vars.n = n;
        const clock = g.state.clock;
        add(g, `round${n}`, { at: "nodeEnd", node: "round", instance: clock.instances.round! });
        if (n !== 1) return;
        const token = g.cardsIn("field", 0)[0]!;
        add(g, "turn", { at: "turnEnd", turn: clock.turn.id });
        add(g, "nextP1", { at: "turnBegin", player: 0 });
        add(g, "leaves", { at: "objectLeaves", obj: token.id, inc: token.inc });
        add(g, "tag", { at: "tag", tag: "cleanup" });
      }),
      probe: task((g) => {
        g.state.vars.trace = [
          ...trace(g),
          `${g.state.clock.turn.id}.${g.state.clock.path.at(-1)}:${labels(g).join(",")}`,
        ] as Json;
      }),
      tagEnd: task((g) => expireDurations(g, { at: "tag", tag: "cleanup" })),
    },
  });
  const g = Game.create(preset, { setup: false });
  g.createCard("token", 0, "field");
  return g.run();
}

describe("durations", () => {
  it("each expire at their own boundary: node instance, object leaving, tag, turn end, next turn begin", () => {
    const g = game();
    expect(trace(g)).toEqual([
      "1.round:round1,turn,nextP1,leaves,tag",
      // "until end of this step" ends with that run of the step, not the next run.
      "1.round:turn,nextP1,leaves,tag,round2",
      "1.main:turn,nextP1,leaves,tag",
    ]);
    g.act("go");
    // The object left: the effect on it no longer applies at once.
    expect(labels(g)).toEqual(["turn", "nextP1", "tag"]);
    g.act("pass");
    g.act("pass");
    expect(trace(g).slice(3)).toEqual([
      "1.end:turn,nextP1",
      // "This turn" lasted through the end step and ended with the turn.
      "2.round:nextP1,round3",
      "2.round:nextP1,round4",
      "2.main:nextP1",
      "2.end:nextP1",
      // "Until the start of P1's next turn": gone before anything of turn 3 happens.
      "3.round:round5",
      "3.round:round6",
      "3.main:",
    ]);
    const ends = g.state.log
      .filter((e) => e.type === "durationEnd")
      .map((e) => `${e.turn}:${e.data?.label}@${e.data?.boundary}`);
    expect(ends).toEqual([
      "1:round1@nodeEnd",
      "1:round2@nodeEnd",
      // "For as long as" its object stays: ended as the object left (CR 611.2b), not at a boundary.
      "1:leaves@objectLeaves",
      "1:tag@tag",
      "1:turn@turnEnd",
      "2:round3@nodeEnd",
      "2:round4@nodeEnd",
      "3:nextP1@turnBegin",
      "3:round5@nodeEnd",
      "3:round6@nodeEnd",
    ]);
  });
});
