/**
 * A served game in the page (./remote.ts): the "Join a served game" form, the connection's state,
 * the pending decision — the seat's options as buttons, answered through the socket; another seat's
 * as who decides what — and the events the seat was told, narrated. The board is the local games'
 * (./Board.tsx), drawn from the view the server sent.
 *
 * URL query parameters fill the form (links, browser tests): ?server=ws://host:port/play&game=<id>.
 * A token is never read from the URL (addresses end up in histories and logs): it is typed.
 */
import type { JSX } from "preact";
import { useMemo, useState } from "preact/hooks";
import { type LogEntry, Narrator } from "turnkit";
import { plainText, resultWords } from "../insight/words";
import type { RemoteTable } from "../remote";
import { LogLines, OptionButtons } from "./pieces";

export function JoinForm({
  onJoin,
}: {
  onJoin: (target: { url: string; game: string; token?: string }) => void;
}) {
  const params = useMemo(() => new URLSearchParams(globalThis.location?.search ?? ""), []);
  const [url, setUrl] = useState(params.get("server") ?? "ws://127.0.0.1:8080/play");
  const [game, setGame] = useState(params.get("game") ?? "");
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const join = (asSeat: boolean) => {
    if (!/^wss?:\/\/\S+$/.test(url.trim()))
      return setError("The server is a WebSocket URL: ws://host:port/play");
    if (!game.trim()) return setError("Which game? Its id is in the answer that created it.");
    if (asSeat && !token.trim()) return setError("A seat needs its token; without one, watch.");
    setError(null);
    onJoin({ url: url.trim(), game: game.trim(), ...(asSeat ? { token: token.trim() } : {}) });
  };
  return (
    <details class="join-form" data-testid="join-form" open={params.has("server") || undefined}>
      <summary>Join a served game</summary>
      <div class="join-fields">
        <label>
          Server{" "}
          <input
            data-testid="join-url"
            value={url}
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
          />
        </label>
        <label>
          Game{" "}
          <input
            data-testid="join-game"
            value={game}
            onInput={(e) => setGame((e.target as HTMLInputElement).value)}
          />
        </label>
        <label>
          Seat token{" "}
          <input
            data-testid="join-token"
            type="password"
            autocomplete="off"
            value={token}
            onInput={(e) => setToken((e.target as HTMLInputElement).value)}
          />
        </label>
        <button type="button" class="primary" data-testid="join-seat" onClick={() => join(true)}>
          Join as the seat
        </button>
        <button type="button" data-testid="join-watch" onClick={() => join(false)}>
          Watch
        </button>
      </div>
      {error ? (
        <p class="error" data-testid="join-error" role="alert">
          {error}
        </p>
      ) : null}
    </details>
  );
}

const CONNECTION_WORDS: Record<RemoteTable["connection"], string> = {
  connecting: "Connecting…",
  joined: "Connected",
  reconnecting: "Connection lost: joining again…",
  refused: "Refused",
  "gave-up": "Connection lost: gave up joining again",
};

/** Where the page stands with the server: connected, joining again (and how often), refused. */
export function ConnectionBar({ table }: { table: RemoteTable }) {
  const s = table.state;
  const who = table.spectator ? "watching" : s ? `seat ${table.game.playerName(s.seat ?? 0)}` : "a seat";
  return (
    <div
      class={`connection connection-${table.connection}`}
      data-testid="connection"
      data-state={table.connection}
      data-responses={s?.responses ?? -1}
    >
      <strong>{CONNECTION_WORDS[table.connection]}</strong>
      <span>
        {" "}
        · served game {table.target.game} · {who}
        {s ? ` · ${s.responses} responses` : ""}
        {table.connection === "reconnecting" ? ` · try ${table.attempts}` : ""}
      </span>
      {table.problem ? (
        <span class="problem" data-testid="connection-problem">
          {" "}
          — {table.problem}
        </span>
      ) : null}
    </div>
  );
}

/** The pending decision of a served game, as the seat's view shows it. */
export function RemoteDecision({ table }: { table: RemoteTable }) {
  const view = table.view();
  const game = table.game;
  const d = view.decision;
  const end = table.state?.end ?? null;
  let body: JSX.Element;
  if (end || view.result) {
    const r = end ?? view.result!;
    const { headline, reason } = resultWords(game, r);
    body = (
      <div class="result" data-testid="result" data-winner={r.winner ?? "none"}>
        <strong>{headline}</strong>
        {reason ? <span class="reason"> — {reason}</span> : null}
      </div>
    );
  } else if (!d) {
    body = <p class="note">No decision pending.</p>;
  } else if ("options" in d && d.player === table.state?.seat) {
    const live = table.connection === "joined";
    body = (
      <div class="decision mine" data-testid="decision" data-player={d.player} data-kind={d.kind}>
        <div class="prompt">
          <span class="who">{game.playerName(d.player)}</span> {plainText(d.prompt)}
        </div>
        <OptionButtons
          options={d.options}
          disabled={!live}
          onChoose={(o) => table.act({ player: d.player, decision: d.id, choice: o.id, label: o.label })}
        />
      </div>
    );
  } else {
    body = (
      <div class="decision other" data-testid="decision" data-player={d.player} data-remote="true">
        <div class="prompt">
          <span class="who">{game.playerName(d.player)} to decide:</span> {plainText(d.prompt)}
        </div>
        <p class="note" data-testid="waiting">
          Waiting for {game.playerName(d.player)}'s answer.
        </p>
      </div>
    );
  }
  const clock = table.state?.clock;
  return (
    <section class="decision-panel" data-testid="decision-panel">
      {body}
      {clock ? (
        <p class="note clock" data-testid="clock">
          {clock.remainingMs
            .map(
              (ms, p) =>
                `${game.playerName(p)} ${Math.ceil(ms / 1000)} s${clock.running === p ? " (running)" : ""}`,
            )
            .join(" · ")}
        </p>
      ) : null}
    </section>
  );
}

const MAX_LINES = 400;

/** The events the seat was told, narrated (they come already redacted for it). */
export function RemoteLog({ table }: { table: RemoteTable }) {
  const events = table.state?.events ?? [];
  const lines: { depth: number; text: string; i: number }[] = [];
  // The server sent only what the seat is told: narrated as they are (no viewer to redact for).
  const narrator = new Narrator(table.game, null, (line) => lines.push({ ...line, i: lines.length }));
  for (const e of events) {
    try {
      narrator.push(e as unknown as LogEntry);
    } catch {
      // An event whose words need the game's cards (which the page doesn't have): not said.
    }
  }
  try {
    narrator.flush();
  } catch {
    // As above.
  }
  const shown = lines.slice(-MAX_LINES);
  return (
    <section class="panel log-panel">
      <h3>
        Log <span class="sub">as the server told {table.spectator ? "spectators" : "this seat"}</span>
      </h3>
      <div class="log" data-testid="log">
        <LogLines lines={shown} more={lines.length > MAX_LINES} />
      </div>
    </section>
  );
}
