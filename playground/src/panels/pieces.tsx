/**
 * Pieces two panels draw alike: the buttons of a decision's options (the local game's and a served
 * seat's) and the lines of a narrated log (the local log and the served one).
 */
import type { DecisionOption } from "turnkit";
import { plainLabels } from "../insight/words";

/** One button per option, labelled as a person reads it (no card refs written for the referee). */
export function OptionButtons({
  options,
  disabled = false,
  onChoose,
}: {
  options: readonly DecisionOption[];
  disabled?: boolean;
  onChoose: (o: DecisionOption) => void;
}) {
  const labels = plainLabels(options.map((o) => o.label));
  return (
    <div class="options">
      {options.map((o, i) => (
        <button
          type="button"
          key={o.id}
          class={`option${o.private ? " private" : ""}`}
          data-testid="option"
          data-option-id={o.id}
          data-pass={o.pass ? "true" : undefined}
          disabled={disabled}
          onClick={() => onChoose(o)}
        >
          {labels[i]}
        </button>
      ))}
    </div>
  );
}

/** A narrated line: its depth in the turn and a key unique in its log. */
export interface LogLine {
  depth: number;
  text: string;
  i: number;
}

/** Log lines, indented by depth; a turn's headline stands out; a note when earlier lines are left out. */
export function LogLines({ lines, more }: { lines: readonly LogLine[]; more: boolean }) {
  return (
    <>
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
    </>
  );
}
