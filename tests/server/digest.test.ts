/** The server's digest of an ended game (Node's SHA-256) is the replay format's `stateDigest`, for every preset. */
import { describe, expect, it } from "vitest";
import { getPreset, presetIds } from "../../src/presets/index.js";
import { stateDigest } from "../../src/replay/format.js";
import { gameOf } from "../../src/server/create-game.js";
import { digestOf } from "../../src/server/room.js";
import type { GameRecord } from "../../src/server/store.js";

describe("the server's state digest", () => {
  it("is stateDigest's, byte for byte, at the start and after play, players' names in any script", () => {
    for (const id of presetIds()) {
      const record = { seed: 7, players: ["Änn ☀", "ボブ"], options: {} } as unknown as GameRecord;
      const game = gameOf(getPreset(id), record);
      expect(digestOf(game), id).toBe(stateDigest(game));
      for (let i = 0; i < 25 && !game.over; i++) {
        const d = game.decision!;
        game.act({ player: d.player, choice: d.options[i % d.options.length]!.id });
      }
      expect(digestOf(game), id).toBe(stateDigest(game));
    }
  });
});
