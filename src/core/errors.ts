/** Base class: every error turnkit throws on purpose says what was wrong and where. */
export class TurnkitError extends Error {
  override name = "TurnkitError";
}

/** An action or decision response that the rules do not allow now. The state is unchanged. */
export class IllegalActionError extends TurnkitError {
  override name = "IllegalActionError";
}

/** A card definition, preset or turn structure that is malformed. */
export class DefinitionError extends TurnkitError {
  override name = "DefinitionError";
}

/** The engine met a state it cannot continue from (a bug in a preset or card effect). */
export class EngineError extends TurnkitError {
  override name = "EngineError";
}

/**
 * Code the engine ran threw an error of its own (not a turnkit error): a preset's hook — an op, a
 * task, a state check, its setup — or the kernel's. `preset` is the id of the preset whose code it
 * was, null for the kernel's own; `hook` names the code (`op "boom"`). The message says both, so
 * a bug in a preset reads as that preset's, not as turnkit's.
 */
export class HookError extends EngineError {
  override name = "HookError";
  constructor(
    message: string,
    readonly hook: string,
    readonly preset: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * An `onEvent` listener threw while it was told the events of an action that was carried out:
 * the action stands (listeners watch the game, they are not part of it) and every listener was
 * still told every event; this is the first listener's error.
 */
export class ListenerError extends EngineError {
  override name = "ListenerError";
}

/** The message of an error of any kind, as one line: `TypeError: x is undefined`, or the text thrown. */
export function errorText(e: unknown): string {
  if (e instanceof Error) {
    const message = e.message || "(no message)";
    return e instanceof TurnkitError || e.name === "Error" ? message : `${e.name}: ${message}`;
  }
  return `a thrown ${e === null ? "null" : typeof e} (${String(e)})`;
}
