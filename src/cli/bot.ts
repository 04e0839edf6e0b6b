/**
 * `turnkit bot`: an agent playing one seat of a game on a `turnkit serve` server, over the same
 * WebSocket protocol as any client (docs/server.md). It sees only what the server sends its seat —
 * the seat's view, and with `--agent ismcts` the determinizations the server deals it (`sample`) —
 * and answers its own decisions; when the connection drops it joins again and goes on from the
 * responses it had seen.
 *
 * `random` chooses among the options of the seat's view with its own seeded generator. `ismcts`
 * asks the server for samples of the game from the seat's point of view at each of its decisions
 * with two options or more, and runs the ISMCTS agent over them (src/server/remote-search.ts);
 * where the server deals none (a game whose deck lists are private, a hidden card in use by the
 * rules), it answers that decision like `random` and says so once.
 */

import { type IsmctsAgent, ismctsAgent } from "../agents/ismcts.js";
import { type AgentSpec, AgentSpecError, parseAgentSpec } from "../agents/spec.js";
import type { Preset } from "../core/preset.js";
import { nextInt, seedRng } from "../core/rng.js";
import type { GameState } from "../core/types.js";
import { getPreset, presetIds } from "../presets/index.js";
import { GameClient, type SamplesMessage, type ViewMessage } from "../server/client.js";
import { gamesOfSaves, sampleRequests, searchOverSamples } from "../server/remote-search.js";
import { applyServerMessage, myDecision, type SeatState } from "../server/seat-state.js";
import { InputError } from "./errors.js";

export interface BotFlags {
  url: string;
  game: string;
  agent: string;
  /** ISMCTS iterations per decision (overrides the spec's). */
  iterations?: number;
  seed: number;
  /** Joins after a dropped connection, at most (default 10). */
  retries: number;
}

export interface BotIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
}

function agentSpecOf(flags: BotFlags): AgentSpec {
  let spec: AgentSpec;
  try {
    spec = parseAgentSpec(flags.agent);
  } catch (e) {
    if (e instanceof AgentSpecError) throw new InputError(`--agent ${flags.agent}: ${e.message}`);
    throw e;
  }
  if (flags.iterations !== undefined) {
    if (spec.kind !== "ismcts") throw new InputError("--iterations is for --agent ismcts");
    spec = { kind: "ismcts", options: { ...spec.options, iterations: flags.iterations } };
  }
  return spec;
}

/** Plays the seat until the game ends; returns the exit code (0: the game ended). */
export async function botCommand(flags: BotFlags, io: BotIo): Promise<number> {
  const spec = agentSpecOf(flags);
  const token = io.env.TURNKIT_SEAT_TOKEN;
  if (!token) throw new InputError("the seat's token is read from TURNKIT_SEAT_TOKEN, which is not set");
  if (!/^wss?:\/\//.test(flags.url))
    throw new InputError(`--url ${flags.url}: a WebSocket URL (ws://host:port/play)`);
  const rng = seedRng(flags.seed ^ 0x5bd1e995);
  const search: IsmctsAgent | null =
    spec.kind === "ismcts" ? ismctsAgent({ ...spec.options, seed: flags.seed }) : null;
  const wanted = search ? search.options.iterations : 0;
  let preset: Preset | null = null;
  /** What the seat has been told, and what it is doing (changed by the message handlers below). */
  const me: {
    state: SeatState | null;
    acted: number;
    /** Samples being gathered for the seat's pending decision. */
    gathering: { decision: number; saves: GameState[]; waiting: number } | null;
    toldNoSamples: boolean;
    /** Decisions answered by a search, and the samples searched. */
    searched: number;
    samples: number;
  } = { state: null, acted: -1, gathering: null, toldNoSamples: false, searched: 0, samples: 0 };
  for (let attempt = 0; attempt <= flags.retries; attempt++) {
    let client: GameClient;
    try {
      client = await GameClient.join(flags.url, {
        game: flags.game,
        token,
        ...(me.state && me.state.responses > 0 ? { since: me.state.responses } : {}),
      });
    } catch (e) {
      const why = (e as Error).message;
      // A refusal (bad token, unknown game) won't change by trying again.
      if (/^(bad-token|unknown-game|protocol-version|bad-message):/.test(why))
        throw new InputError(`${flags.url}: ${why}`);
      io.stderr(`turnkit bot: can't join (${why}); trying again\n`);
      await new Promise((r) => setTimeout(r, Math.min(5000, 200 * 2 ** attempt)));
      continue;
    }
    const answerAtRandom = (id: number, options: { id: string }[]) =>
      client.act(id, options[nextInt(rng, options.length)]!.id);
    /** Answers the seat's decision from the samples gathered (all of them, or as many as the server gave). */
    const answerFromSamples = () => {
      const g = me.gathering!;
      me.gathering = null;
      const d = me.state ? myDecision(me.state) : null;
      if (!d || d.id !== g.decision) return;
      let choice: string;
      try {
        choice = searchOverSamples(search!, gamesOfSaves(preset!, g.saves), d).choice;
      } catch (e) {
        // Samples that are no game of the seat's (a server's fault): this decision at random.
        io.stderr(`turnkit bot: ${(e as Error).message}; answering at random\n`);
        answerAtRandom(d.id, d.options);
        return;
      }
      me.searched++;
      me.samples += g.saves.length;
      client.act(d.id, choice);
    };
    const handle = (m: ViewMessage): boolean => {
      me.state = applyServerMessage(me.state, m);
      if (me.state.end) return true;
      const d = myDecision(me.state);
      if (me.gathering && me.gathering.decision !== d?.id) me.gathering = null;
      if (!d || d.id === me.acted) return false;
      me.acted = d.id;
      if (!search || d.options.length < 2) {
        answerAtRandom(d.id, d.options);
        return false;
      }
      preset ??= presetOf(me.state.view.preset);
      const requests = sampleRequests(d.id, wanted, `${flags.seed}`);
      me.gathering = { decision: d.id, saves: [], waiting: requests.length };
      for (const r of requests) client.sendJson(r);
      return false;
    };
    const onSamples = (m: SamplesMessage) => {
      if (!me.gathering || m.decision !== me.gathering.decision) return;
      me.gathering.saves.push(...m.saves);
      if (--me.gathering.waiting === 0) answerFromSamples();
    };
    let done = client.welcome ? handle(client.welcome) : false;
    while (!done) {
      const m = await client.next();
      if (!m) break;
      if (m.type === "samples") {
        onSamples(m);
        continue;
      }
      if (m.type === "error") {
        if (m.where.startsWith("sample") && me.gathering) {
          // No (more) samples at this decision: search over those given, else answer at random.
          if (--me.gathering.waiting > 0) continue;
          if (me.gathering.saves.length > 0) answerFromSamples();
          else {
            const d = me.state ? myDecision(me.state) : null;
            me.gathering = null;
            if (!me.toldNoSamples)
              io.stderr(
                `turnkit bot: the server deals no samples (${m.code}: ${m.message}); answering at random\n`,
              );
            me.toldNoSamples = true;
            if (d) answerAtRandom(d.id, d.options);
          }
          continue;
        }
        // Over the server's rate: the same answer again a second later.
        if (m.code === "rate-limited") {
          await new Promise((r) => setTimeout(r, 1000));
          me.acted = -1;
          me.gathering = null;
          const last = me.state;
          if (last)
            done = handle({ type: "update", ...last, view: last.view as ViewMessage["view"], events: [] });
          continue;
        }
        // An answer overtaken by the game (a clock ran out) is not the bot's fault: go on.
        if (m.code !== "stale-decision" && m.code !== "game-over")
          io.stderr(`turnkit bot: the server refused: ${m.code}: ${m.message} (${m.where})\n`);
        continue;
      }
      if (m.type === "update" || m.type === "welcome" || m.type === "view") done = handle(m);
    }
    client.close();
    const last = me.state;
    if (last?.end) {
      const seat = last.seat;
      const end = last.end;
      const result = end.winner === null ? "nobody won" : end.winner === seat ? "won" : "lost";
      const searched = search ? `; searched ${me.searched} decisions over ${me.samples} samples` : "";
      io.stdout(
        `turnkit bot: game ${flags.game} over after ${last.responses} responses: ${end.reason} (this seat ${result})${searched}\n`,
      );
      return 0;
    }
    io.stderr("turnkit bot: the connection closed; joining again\n");
    me.acted = -1;
    me.gathering = null;
  }
  io.stderr(`turnkit bot: gave up after ${flags.retries} tries to join again\n`);
  return 1;
}

/** The preset of a served game, which a searching bot needs to rebuild its samples. */
function presetOf(id: string): Preset {
  if (!presetIds().includes(id))
    throw new InputError(`the game's preset ${id} is not one this turnkit knows; --agent ismcts needs it`);
  return getPreset(id);
}
