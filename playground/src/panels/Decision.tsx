/**
 * The pending decision, as the shown seat may see it (`viewFor(viewer).decision`): its options as
 * buttons when it is the viewer's; "P2 to decide" and a button that passes the screen when it is
 * another person's (hot-seat); when it is a bot's, the bot answers — by itself with autoplay (one
 * response per timeout, so the page stays responsive; a searching bot thinks in a Web Worker,
 * Session.thinking), or one step / a run on demand. When the game is over: the result.
 *
 * Under a person's options: their auto-pass and stops (turnkit/play, docs/stops.md), and "pass
 * until end of turn" / "until something happens".
 */
import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { stopTableOf } from "turnkit/play";
import { plainText, resultWords } from "../insight/words";
import type { Session } from "../session";
import { OptionButtons } from "./pieces";

/** A run of bot responses gives the page back after this many milliseconds. */
const SLICE_MS = 12;

/** Lets bots answer for up to SLICE_MS; returns how many responses they gave. */
function botSlice(session: Session): number {
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < SLICE_MS && session.botStep()) n++;
  return n;
}

function useBotDriver(
  session: Session,
  running: boolean,
  stop: () => void,
  setError: (e: string | null) => void,
) {
  useEffect(() => {
    if (session.passing !== null || !session.atPresent || session.game.over) {
      if (running) stop();
      return;
    }
    if (session.botToMove === null) {
      if (running) stop();
      return;
    }
    if (!running && !session.autoplay) return;
    const fast = running || session.botDelay <= 0;
    const t = setTimeout(
      () => {
        try {
          if (fast) botSlice(session);
          else session.botStep();
        } catch (e) {
          setError(e instanceof Error ? e.message : String(e));
          session.autoplay = false;
          stop();
        }
      },
      fast ? 0 : session.botDelay,
    );
    return () => clearTimeout(t);
  });
}

function BotControls({
  session,
  running,
  setRunning,
}: {
  session: Session;
  running: boolean;
  setRunning: (b: boolean) => void;
}) {
  const bot = session.botToMove;
  return (
    <div class="bot-controls">
      <label>
        <input
          type="checkbox"
          data-testid="autoplay"
          checked={session.autoplay}
          onChange={(e) => session.setBots({ autoplay: (e.target as HTMLInputElement).checked })}
        />{" "}
        bots autoplay
      </label>
      <label>
        delay{" "}
        <input
          type="number"
          data-testid="bots-delay"
          class="delay"
          min={0}
          max={2000}
          step={10}
          value={session.botDelay}
          onInput={(e) => session.setBots({ delay: Number((e.target as HTMLInputElement).value) })}
        />{" "}
        ms
      </label>
      <button
        type="button"
        data-testid="bots-step"
        disabled={bot === null || session.thinking !== null}
        onClick={() => session.botStep()}
      >
        Bot step
      </button>
      <button
        type="button"
        data-testid="bots-run"
        disabled={bot === null && !running}
        onClick={() => setRunning(!running)}
      >
        {running ? "Stop" : "Run bots"}
      </button>
    </div>
  );
}

/** The seat's auto-pass and stops, and the "pass until …" buttons (enabled on the seat's own decision). */
function StopsControls({ session, seat, deciding }: { session: Session; seat: number; deciding: boolean }) {
  const s = session.stops[seat];
  if (!s) return null;
  const table = stopTableOf(session.game.state.preset).stops;
  const mode =
    s.mode.kind === "endOfTurn"
      ? "passing until the end of the turn"
      : s.mode.kind === "untilSomething"
        ? "passing until something happens"
        : null;
  return (
    <div class="bot-controls stops-controls" data-testid="stops-controls" data-seat={seat}>
      <label title="Pass by itself where passing is no real choice, and where no stop of yours is set">
        <input
          type="checkbox"
          data-testid="auto-pass"
          checked={s.autoPass}
          onChange={(e) => session.setAutoPass(seat, (e.target as HTMLInputElement).checked)}
        />{" "}
        auto-pass
      </label>
      <button
        type="button"
        data-testid="pass-end-of-turn"
        disabled={!deciding}
        title="Pass every chance to act until this turn ends (you are still asked real choices, and when another player acts)"
        onClick={() => session.passUntil(seat, "endOfTurn")}
      >
        Pass until end of turn
      </button>
      <button
        type="button"
        data-testid="pass-until-something"
        disabled={!deciding}
        title="Pass until another player does something you could answer, or your next turn begins"
        onClick={() => session.passUntil(seat, "untilSomething")}
      >
        Pass until something happens
      </button>
      {mode ? (
        <span class="note" data-testid="pass-mode">
          {mode}
        </span>
      ) : null}
      {table.length > 0 ? (
        <details data-testid="stops">
          <summary>
            Stops ({s.stops.length} of {table.length} set)
          </summary>
          {table.map((st) => (
            <label key={st.id} style={{ display: "block" }}>
              <input
                type="checkbox"
                data-testid="stop"
                data-stop={st.id}
                checked={s.stops.includes(st.id)}
                onChange={(e) => session.setStop(seat, st.id, (e.target as HTMLInputElement).checked)}
              />{" "}
              {st.label}
            </label>
          ))}
        </details>
      ) : null}
    </div>
  );
}

export function DecisionPanel({ session }: { session: Session }) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useBotDriver(session, running, () => setRunning(false), setError);
  const game = session.game;
  const view = game.viewFor(session.viewer);
  const d = view.decision;
  const hasBots = session.config.bots.length > 0;
  const past = !session.atPresent ? (
    <p class="note past-note">
      Showing step {session.cursor} of {session.history.length - 1}: answering here drops the later steps.
    </p>
  ) : null;

  let body: JSX.Element;
  if (view.result) {
    const w = view.result.winner;
    const { headline, reason } = resultWords(game, view.result);
    body = (
      <div class="result" data-testid="result" data-winner={w ?? "none"}>
        <strong>{headline}</strong>
        {reason ? <span class="reason"> — {reason}</span> : null}
      </div>
    );
  } else if (!d) {
    body = <p class="note">No decision pending.</p>;
  } else if (!session.isPerson(d.player)) {
    body = (
      <div class="decision other bot" data-testid="decision" data-player={d.player} data-bot="true">
        <div class="prompt">
          <span class="who">{game.playerName(d.player)} (bot)</span> {plainText(d.prompt)}
        </div>
        <p
          class="note"
          data-testid="bot-status"
          data-thinking={session.thinking !== null ? "true" : "false"}
          data-where={session.botsThinkIn}
        >
          {session.thinking !== null
            ? `The bot is thinking (in a ${session.botsThinkIn}: the page stays yours)…`
            : session.autoplay
              ? "The bot answers…"
              : "Autoplay is off: press Bot step or Run bots."}
          {!session.atPresent && session.autoplay ? " (not while showing a past step)" : ""}
        </p>
      </div>
    );
  } else if ("options" in d && d.player === session.viewer) {
    const act = (o: { id: string; label: string }) => {
      setError(null);
      try {
        session.act({ player: d.player, decision: d.id, choice: o.id, label: o.label });
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    };
    body = (
      <div class="decision mine" data-testid="decision" data-player={d.player} data-kind={d.kind}>
        <div class="prompt">
          <span class="who">{game.playerName(d.player)}</span> {plainText(d.prompt)}
        </div>
        <OptionButtons options={d.options} onChoose={act} />
      </div>
    );
  } else {
    body = (
      <div class="decision other" data-testid="decision" data-player={d.player}>
        <div class="prompt">
          <span class="who">{game.playerName(d.player)} to decide:</span> {plainText(d.prompt)}
        </div>
        <button
          type="button"
          class="primary"
          data-testid="pass-to-decider"
          onClick={() => session.passScreen(d.player)}
        >
          Pass the screen to {game.playerName(d.player)}
        </button>
      </div>
    );
  }
  return (
    <section class="decision-panel" data-testid="decision-panel">
      {past}
      {body}
      {error ? (
        <p class="error" data-testid="decision-error" role="alert">
          {error}
        </p>
      ) : null}
      {session.botError ? (
        <p class="error" data-testid="bot-error" role="alert">
          The bot could not answer: {session.botError}
        </p>
      ) : null}
      {session.isPerson(session.viewer) && !view.result ? (
        <StopsControls
          session={session}
          seat={session.viewer}
          deciding={!!d && "options" in d && d.player === session.viewer && session.atPresent}
        />
      ) : null}
      {hasBots ? <BotControls session={session} running={running} setRunning={setRunning} /> : null}
    </section>
  );
}
