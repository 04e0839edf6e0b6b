/**
 * The playground's layout: setup bar on top; the pending decision and the board in the middle;
 * the narrated log, the turn timeline, the limits ledger, the history and the scenario panel
 * around them; a scenario's step is drawn on the board. Each panel is its own module in ./panels and reads the Session. While the screen
 * passes to another seat (hot-seat), only the interstitial is drawn.
 */
import { useEffect, useReducer, useState } from "preact/hooks";
import { Board, PassScreen } from "./panels/Board";
import { DecisionPanel } from "./panels/Decision";
import { HistoryPanel } from "./panels/History";
import { Ledger } from "./panels/Ledger";
import { LogPanel } from "./panels/Log";
import { ScenarioPanel } from "./panels/Scenario";
import { SetupBar } from "./panels/Setup";
import { Timeline } from "./panels/Timeline";
import { Session } from "./session";

export function App() {
  const [session, setSession] = useState<Session | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => session?.subscribe(() => rerender(undefined)), [session]);
  // A game replaced stops its bot worker, if it has one.
  useEffect(() => () => session?.dispose(), [session]);
  // For the browser tests and the console: the session shown (the referee's state; not for panels).
  useEffect(() => {
    (globalThis as { turnkitSession?: Session | null }).turnkitSession = session;
  }, [session]);
  return (
    <div class="app">
      <SetupBar onStart={setSession} />
      {session && session.passing !== null ? (
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
