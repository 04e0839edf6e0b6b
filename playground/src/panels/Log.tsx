/**
 * The narrated log as the shown seat may read it: `narrate(game, entry, viewer)` tells only what
 * that seat is told (no event it isn't told of, no card it doesn't see, no other seat's answers),
 * as `turnkit play --seat` does. Newest at the bottom; the latest lines only, for long games.
 */

import { useLayoutEffect, useRef } from "preact/hooks";
import { narrate } from "turnkit";
import type { Session } from "../session";

const MAX_LINES = 400;

export function LogPanel({ session }: { session: Session }) {
  const game = session.game;
  const viewer = session.viewer;
  const log = game.state.log;
  const lines: { depth: number; text: string; i: number }[] = [];
  let i = log.length - 1;
  for (; i >= 0 && lines.length < MAX_LINES; i--) {
    const line = narrate(game, log[i]!, viewer);
    if (line) lines.push({ ...line, i });
  }
  const more = i >= 0;
  lines.reverse();
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
        {more ? <div class="log-more">… earlier lines left out</div> : null}
        {lines.map((l) => (
          <div
            key={l.i}
            class={`log-line${l.text.startsWith("━━") ? " turn" : ""}`}
            style={{ paddingLeft: `${0.25 + l.depth * 0.9}em` }}
          >
            {l.text}
          </div>
        ))}
      </div>
    </section>
  );
}
