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
