/**
 * A compact, complete listing of a game's state for the scenario panel: a scenario is a test
 * setup, so every card is shown, hidden ones too — where the game stands, each player's
 * variables and zones (bottom first), the pending decision and its options.
 */
import type { Game } from "turnkit";

export interface BoardZone {
  /** "hand", or "stack" for a zone of no player. */
  kind: string;
  label: string;
  cards: string[];
}

export interface BoardPlayer {
  name: string;
  vars: string;
  zones: BoardZone[];
}

export interface BoardSummary {
  where: string;
  over: string | null;
  players: BoardPlayer[];
  shared: BoardZone[];
  decision: { who: string; kind: string; prompt: string; options: string[] } | null;
}

type GameObject = Game["state"]["objects"][string];

/** "Knight (c3) tapped, +1/+1×2, under: [Giant]". */
export function describeCard(game: Game, obj: GameObject): string {
  let name = obj.card;
  try {
    name = game.rules.card(obj.card).name;
  } catch {
    // a card the rules don't know: its id
  }
  const flags: string[] = [];
  if (obj.tapped) flags.push("tapped");
  if (obj.faceDown) flags.push("face-down");
  for (const [k, n] of Object.entries(obj.counters)) if (n) flags.push(`${k}×${n}`);
  if (obj.controller !== obj.owner) flags.push(`controlled by ${game.playerName(obj.controller)}`);
  const under = obj.under.map((id) => describeCard(game, game.state.objects[id]!));
  if (under.length) flags.push(`under: [${under.join("; ")}]`);
  return `${name} (${obj.id}${obj.handle ? ` ${obj.handle}` : ""})${flags.length ? ` ${flags.join(", ")}` : ""}`;
}

export function boardSummary(game: Game): BoardSummary {
  const s = game.state;
  const label = (kind: string): string => game.rules.zoneDefs.get(kind)?.label ?? kind;
  const zonesOf = (owner: number | null): BoardZone[] => {
    const out: BoardZone[] = [];
    for (const kind of game.rules.zoneDefs.keys())
      for (const z of Object.values(s.zones))
        if (z.kind === kind && z.owner === owner && z.cards.length > 0)
          out.push({
            kind,
            label: label(kind),
            cards: z.cards.map((id) => describeCard(game, s.objects[id]!)),
          });
    return out;
  };
  const d = s.decision;
  let where = "";
  try {
    where = game.where();
  } catch {
    where = `turn ${s.clock.turn.id}`;
  }
  return {
    where,
    over: game.over
      ? `game over: ${s.result?.winner === null || s.result?.winner === undefined ? "a draw" : `${game.playerName(s.result.winner)} wins`} (${s.result?.reason})`
      : null,
    players: s.players.map((p) => ({
      name: p.name,
      vars: Object.entries(p.vars)
        .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
        .join(", "),
      zones: zonesOf(p.id),
    })),
    shared: zonesOf(null),
    decision: d
      ? {
          who: game.playerName(d.player),
          kind: d.kind,
          prompt: d.prompt,
          options: d.options.map((o) => o.id),
        }
      : null,
  };
}
