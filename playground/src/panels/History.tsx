/**
 * Time travel and replays: step back and forward through the game's snapshots, the SHA-256 of the
 * state shown (the digest `turnkit replay` prints), load a replay file from `turnkit play --save`
 * and step through it, play on from any step ("Play from here": you at the seat shown, bots at the
 * others), export the game as a replay file and the position as a scenario file skeleton.
 *
 * The digest of a long game's state costs tens of milliseconds, so it is computed once the game
 * rests (not while bots play), and kept per history step; `state-hash` says which step it is for
 * (`data-step`) and shows "…" while it is being computed.
 */

import { useEffect, useMemo, useState } from "preact/hooks";
import type { Preset } from "turnkit";
import { exportReplay, loadReplay, replayFileName, shortDigest } from "../files/replay";
import { scenarioSkeleton } from "../files/scenario-export";
import { answerWords } from "../insight/words";
import type { Session } from "../session";

/** The user's own presets, registered by the page on `window.turnkitUserPresets` (may be absent). */
export function pageUserPresets(): Preset[] {
  const list = (globalThis as unknown as { turnkitUserPresets?: unknown }).turnkitUserPresets;
  const all = Array.isArray(list) ? list : list && typeof list === "object" ? Object.values(list) : [];
  return all.filter(
    (p): p is Preset =>
      !!p && typeof p === "object" && typeof (p as Preset).id === "string" && !!(p as Preset).players,
  );
}

/** Offers `text` as a file download. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Digests already computed, per snapshot (a step's state never changes). */
const digests = new WeakMap<object, string>();

/** How long the game must rest before its digest is computed (ms). */
const HASH_DELAY = 120;

function useStateHash(session: Session | null): string | null {
  const step = session?.history[session.cursor];
  const key = step?.snapshot as object | undefined;
  const [, setTick] = useState(0);
  const known = key ? digests.get(key) : undefined;
  useEffect(() => {
    if (!session || !key || digests.has(key)) return;
    const timer = setTimeout(() => {
      // Still the step shown? (the game is restored to it, so its state is the step's)
      if (session.history[session.cursor]?.snapshot !== key) return;
      digests.set(key, shortDigest(session.game));
      setTick((n) => n + 1);
    }, HASH_DELAY);
    return () => clearTimeout(timer);
  }, [session, key]);
  return known ?? null;
}

export interface HistoryPanelProps {
  session: Session | null;
  /** Makes a loaded replay the game shown (App: the session setter). */
  onLoad?: (session: Session) => void;
}

export function HistoryPanel({ session, onLoad }: HistoryPanelProps) {
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const hash = useStateHash(session);
  const last = session ? session.history.length - 1 : 0;
  const cursor = session?.cursor ?? 0;

  const onFile = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    setError(null);
    setStatus(null);
    let text: string;
    try {
      text = await file.text();
    } catch (err) {
      setError(`${file.name}: cannot read the file: ${(err as Error).message}`);
      return;
    }
    try {
      const loaded = loadReplay(text, file.name, pageUserPresets());
      if (loaded.session) {
        if (onLoad) onLoad(loaded.session);
        else setError("this page cannot show a loaded game (the history panel has no onLoad)");
      }
      const n = loaded.file.responses.length;
      setStatus(
        `${file.name}: ${loaded.file.preset}, seed ${JSON.stringify(loaded.file.seed)}, ${loaded.applied} of ${n} responses${
          loaded.error ? "" : " — the final state matches the saved one"
        }`,
      );
      if (loaded.error) setError(loaded.error);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const exportName = useMemo(() => (session ? replayFileName(session) : ""), [session, cursor]);

  return (
    <section class="panel history" data-testid="history">
      <h3>
        History{" "}
        <span class="sub" data-testid="history-position">
          {session ? `step ${cursor} of ${last}` : "no game"}
        </span>
      </h3>
      {session ? (
        <>
          <div style={{ display: "flex", gap: "0.3em", alignItems: "center" }}>
            <button
              type="button"
              data-testid="history-back"
              title="One response back"
              disabled={cursor === 0}
              onClick={() => session.back()}
            >
              ◀
            </button>
            <input
              type="range"
              data-testid="history-slider"
              aria-label="step"
              min={0}
              max={last}
              value={cursor}
              style={{ flex: "1", minWidth: 0 }}
              onInput={(e) => session.goTo(Number((e.currentTarget as HTMLInputElement).value))}
            />
            <button
              type="button"
              data-testid="history-forward"
              title="One response forward"
              disabled={cursor === last}
              onClick={() => session.forward()}
            >
              ▶
            </button>
          </div>
          <p class="note" style={{ fontSize: "0.85em" }}>
            {cursor > 0 && session.history[cursor - 1]?.action
              ? `last: ${answerWords(session.game, session.history[cursor - 1]!.action!, session.viewer)}`
              : "the start of the game"}
            {session.atPresent ? "" : " · in the past: a response taken here drops the later steps"}
          </p>
          <p class="note" style={{ fontSize: "0.85em" }}>
            sha256{" "}
            <code
              data-testid="state-hash"
              data-step={cursor}
              title="SHA-256 of the game's state, as turnkit replay prints it"
            >
              {hash ?? "…"}
            </code>
          </p>
          <div style={{ display: "flex", gap: "0.3em", flexWrap: "wrap" }}>
            <button
              type="button"
              data-testid="play-from-here"
              title={`Go on from this step: you play ${session.game.playerName(session.viewer)} (the seat shown), a bot every other seat`}
              onClick={() => onLoad?.(session.playFrom(cursor))}
            >
              Play from here
            </button>
            <button
              type="button"
              data-testid="export-replay"
              title="The game up to this step as a turnkit/replay@2 file (turnkit replay reads it)"
              onClick={() => download(exportName, exportReplay(session), "application/json")}
            >
              Export replay
            </button>
            <button
              type="button"
              data-testid="export-scenario"
              title="This position as a scenario file, in full (god) view: every card, the other seats' hidden cards too; the setup filled in, script and expect to write"
              onClick={() =>
                download(
                  exportName.replace(/\.json$/, ".scenario.yaml"),
                  scenarioSkeleton(session.game),
                  "text/yaml",
                )
              }
            >
              Export scenario (full view)
            </button>
          </div>
        </>
      ) : null}
      <label class="note" style={{ display: "block", fontSize: "0.85em" }}>
        Load a replay (<code>turnkit play --save</code>):{" "}
        <input type="file" accept=".json,application/json" data-testid="load-replay" onChange={onFile} />
      </label>
      {status ? (
        <p class="note" data-testid="replay-status" style={{ fontSize: "0.85em" }}>
          {status}
        </p>
      ) : null}
      {error ? (
        <p
          class="error"
          data-testid="file-error"
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
        >
          {error}
        </p>
      ) : null}
    </section>
  );
}
