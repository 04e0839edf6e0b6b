/**
 * `turnkit bot`: an agent playing one seat of a game on a `turnkit serve` server, over the same
 * WebSocket protocol as any client (docs/server.md). It sees only what the server sends its seat —
 * the seat's view — and answers its own decisions; when the connection drops it joins again and
 * goes on from the responses it had seen.
 *
 * The agent is the random legal agent, choosing among the options of the seat's view with its own
 * seeded generator. ISMCTS searches over determinizations of the whole game (src/agents/ismcts.ts),
 * which a client holding only its view can't make; it plays in `turnkit play` and `simulate`.
 */
import { nextInt, seedRng } from "../core/rng.js";
import { GameClient, type ViewMessage } from "../server/client.js";
import { InputError } from "./errors.js";

export interface BotFlags {
  url: string;
  game: string;
  agent: string;
  seed: number;
  /** Joins after a dropped connection, at most (default 10). */
  retries: number;
}

export interface BotIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
}

/** Plays the seat until the game ends; returns the exit code (0: the game ended). */
export async function botCommand(flags: BotFlags, io: BotIo): Promise<number> {
  if (flags.agent !== "random")
    throw new InputError(
      flags.agent.startsWith("ismcts")
        ? `--agent ${flags.agent}: ISMCTS searches the whole game, which a client seeing only its seat's view can't rebuild; use random (turnkit play and simulate run ISMCTS)`
        : `--agent ${flags.agent}: the bot's agent is random`,
    );
  const token = io.env.TURNKIT_SEAT_TOKEN;
  if (!token) throw new InputError("the seat's token is read from TURNKIT_SEAT_TOKEN, which is not set");
  if (!/^wss?:\/\//.test(flags.url))
    throw new InputError(`--url ${flags.url}: a WebSocket URL (ws://host:port/play)`);
  const rng = seedRng(flags.seed ^ 0x5bd1e995);
  let seen = 0;
  let acted = -1;
  let last: ViewMessage | null = null;
  for (let attempt = 0; attempt <= flags.retries; attempt++) {
    let client: GameClient;
    try {
      client = await GameClient.join(flags.url, {
        game: flags.game,
        token,
        ...(seen > 0 ? { since: seen } : {}),
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
    const handle = (m: ViewMessage): boolean => {
      last = m;
      seen = Math.max(seen, m.responses);
      if (m.end) return true;
      const d = m.view.decision;
      if (d && "options" in d && d.player === m.view.viewer && d.id !== acted) {
        acted = d.id;
        client.act(d.id, d.options[nextInt(rng, d.options.length)]!.id);
      }
      return false;
    };
    let done = client.welcome ? handle(client.welcome) : false;
    while (!done) {
      const m = await client.next();
      if (!m) break;
      if (m.type === "error") {
        // Over the server's rate: the same answer again a second later.
        if (m.code === "rate-limited") {
          await new Promise((r) => setTimeout(r, 1000));
          acted = -1;
          if (last) done = handle(last);
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
    const end = (last as ViewMessage | null)?.end;
    if (end) {
      const seat = (last as ViewMessage | null)!.view.viewer;
      const result = end.winner === null ? "nobody won" : end.winner === seat ? "won" : "lost";
      io.stdout(
        `turnkit bot: game ${flags.game} over after ${seen} responses: ${end.reason} (this seat ${result})\n`,
      );
      return 0;
    }
    io.stderr("turnkit bot: the connection closed; joining again\n");
    acted = -1;
  }
  io.stderr(`turnkit bot: gave up after ${flags.retries} tries to join again\n`);
  return 1;
}
