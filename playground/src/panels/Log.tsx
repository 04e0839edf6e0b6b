/**
 * The narrated log as the shown seat may read it: a `Narrator` tells only what that seat is told
 * (no event it isn't told of, no card it doesn't see, no other seat's answers) and says each thing
 * once, as `turnkit play --seat` does. Newest at the bottom; the latest lines only, for long games.
 */

import { useLayoutEffect, useRef } from "preact/hooks";
import { Narrator } from "turnkit";
import type { Session } from "../session";
import { type LogLine, LogLines } from "./pieces";

const MAX_LINES = 400;
/** The log entries read for those lines (most entries say nothing: nodes, passes). */
const MAX_ENTRIES = 4000;

export function LogPanel({ session }: { session: Session }) {
  const game = session.game;
  const viewer = session.viewer;
  const log = game.state.log;
  const all: LogLine[] = [];
  const from = Math.max(0, log.length - MAX_ENTRIES);
  const narrator = new Narrator(game, viewer, (line, told) => all.push({ ...line, i: told.entry.seq }));
  for (let i = from; i < log.length; i++) narrator.push(log[i]!);
  narrator.flush();
  const more = from > 0 || all.length > MAX_LINES;
  const lines = all.slice(-MAX_LINES);
  const box = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  });
  return (
    <section class="panel log-panel">
      <h3>
        Log <span class="sub">as {game.playerName(viewer)} reads it</span>
      </h3>
      <div
        class="log"
        data-testid="log"
        ref={box}
        onScroll={(e) => {
          const el = e.currentTarget as HTMLDivElement;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        <LogLines lines={lines} more={more} />
      </div>
    </section>
  );
}
