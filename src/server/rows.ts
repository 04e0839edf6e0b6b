/**
 * The rows both stores (SQLite, PostgreSQL) read back, and what they mean: one schema, so one
 * mapping. PostgreSQL returns a bigint `created_at` as text, SQLite as a number.
 */
import { type GameEnd, type GameRecord, type GameSummary, rowJson, type StoredResponse } from "./store.js";

export interface GameRow {
  id: string;
  created_at: string | number;
  preset: string;
  record: string;
  status: "playing" | "finished";
  responses: number;
  end_json: string | null;
}

export interface ResponseRow {
  idx: number;
  player: number;
  choice: string;
  clocks: string | null;
}

export function toResponse(r: ResponseRow): StoredResponse {
  return {
    index: r.idx,
    player: r.player,
    choice: r.choice,
    ...(r.clocks ? { clocks: rowJson<number[]>(r.clocks) } : {}),
  };
}

export function toSummary(r: GameRow): GameSummary {
  const record = rowJson<GameRecord>(r.record);
  return {
    id: r.id,
    preset: r.preset,
    players: record.players,
    createdAt: Number(r.created_at),
    responses: r.responses,
    status: r.status,
    end: r.end_json ? rowJson<GameEnd>(r.end_json) : null,
  };
}
