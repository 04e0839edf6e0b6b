/**
 * The playground's layout: setup bar on top; the pending decision and the board in the middle;
 * the narrated log, the turn timeline, the limits ledger, the history and the scenario panel
 * around them; a scenario's step is drawn on the board. Each panel is its own module in ./panels and reads the Session. While the screen
 * passes to another seat (hot-seat), only the interstitial is drawn.
 */
import { useEffect, useReducer, useState } from "preact/hooks";
import { getPreset, presetIds } from "turnkit/presets";
import { Board, PassScreen } from "./panels/Board";
import { DecisionPanel } from "./panels/Decision";
import { HistoryPanel } from "./panels/History";
import { Ledger } from "./panels/Ledger";
import { LogPanel } from "./panels/Log";
import { ConnectionBar, JoinForm, RemoteDecision, RemoteLog } from "./panels/Remote";
import { ScenarioPanel } from "./panels/Scenario";
import { SetupBar, userPresets } from "./panels/Setup";
import { Timeline } from "./panels/Timeline";
import { RemoteTable } from "./remote";
import { Session } from "./session";

/** A served game's preset: the user's own (by id), else a built-in one. */
function presetOf(id: string) {
  const user = userPresets().find((p) => p.id === id);
  if (user) return user;
  return presetIds().includes(id) ? getPreset(id) : undefined;
}

export function App() {
  const [session, setLocal] = useState<Session | null>(null);
  const [remote, setRemote] = useState<RemoteTable | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => session?.subscribe(() => rerender(undefined)), [session]);
  useEffect(() => remote?.subscribe(() => rerender(undefined)), [remote]);
  useEffect(() => () => remote?.dispose(), [remote]);
  // One game at a time: a local game closes a served one, and the other way round.
  const setSession = (s: Session | null) => {
    setRemote(null);
    setLocal(s);
  };
  const join = (target: { url: string; game: string; token?: string }) => {
    setLocal(null);
    setRemote(new RemoteTable(target, presetOf));
  };
  // A game replaced stops its bot worker, if it has one.
  useEffect(() => () => session?.dispose(), [session]);
  // For the browser tests and the console: the session shown (the referee's state; not for panels).
  useEffect(() => {
    (globalThis as { turnkitSession?: Session | null }).turnkitSession = session;
  }, [session]);
  return (
    <div class="app">
      <SetupBar onStart={setSession} />
      <JoinForm onJoin={join} />
      {remote ? (
        <>
          <ConnectionBar table={remote} />
          {remote.state ? (
            <main class="table" data-testid="table" data-served="true">
              <section class="center">
                <RemoteDecision table={remote} />
                <Board session={remote} />
              </section>
              <section class="right">
                <RemoteLog table={remote} />
              </section>
            </main>
          ) : null}
        </>
      ) : session && session.passing !== null ? (
        // Hot-seat: while the screen changes hands, no panel is drawn (no seat's cards in the page).
        <PassScreen session={session} />
      ) : session ? (
        <main class="table" data-testid="table">
          <section class="left">
            <Timeline session={session} />
            <HistoryPanel session={session} onLoad={setSession} />
          </section>
          <section class="center">
            <DecisionPanel session={session} />
            <Board session={session} />
          </section>
          <section class="right">
            <LogPanel session={session} />
            <Ledger session={session} />
          </section>
        </main>
      ) : (
        // Before any game: a saved game or replay file can be opened here.
        <HistoryPanel session={null} onLoad={setSession} />
      )}
      <ScenarioPanel
        onPosition={(game) => setSession(Session.atPosition(game))}
        onPlay={(game) => setSession(Session.atPosition(game).playFrom(0, 0))}
      />
    </div>
  );
}
