/**
 * `turnkit/server`: the authoritative game server (docs/server.md) — `createServer`, the stores
 * (SQLite by default, PostgreSQL for production and several processes) and the wire protocol.
 * Its packages (ws, better-sqlite3, pg) are optional peer dependencies, loaded when used.
 */
import { installFullChecks } from "../core/checks.js";

export {
  nextView,
  type PatchMessage,
  type ServerMessage,
  type ViewMessage,
  type ViewState,
} from "./client.js";
export { BadGameRequest, hashToken, NewGameBody } from "./create-game.js";
export { DEFAULT_HTTP_LIMITS, type HttpLimits } from "./http-limits.js";
export { type OpenStoreOptions, openStore } from "./open-store.js";
export { applyPatch, diff, PatchError, type PatchOp } from "./patch.js";
export { PostgresStore, type PostgresStoreOptions } from "./postgres-store.js";
export {
  type ActMessage,
  CLIENT_TYPES,
  type ClientMessage,
  type ErrorCode,
  type ErrorMessage,
  type HelloMessage,
  PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  type ProtocolVersion,
  parseClientMessage,
  WIRE_LIMITS,
} from "./protocol.js";
export { REAL_TIME, type TimeSource } from "./room.js";
export { createServer, type ServerOptions, type TurnkitServer } from "./server.js";
export { SqliteStore, type SqliteStoreOptions } from "./sqlite-store.js";
export type {
  ClockSpec,
  GameEnd,
  GameRecord,
  GameSummary,
  Store,
  StoredGame,
  StoredResponse,
} from "./store.js";

// Definitions are checked in every game made through this entry (core/checking.ts).
installFullChecks();
