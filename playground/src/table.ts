/**
 * What the board reads and clicks: a game played in the page (`Session`) or a seat of a game on a
 * `turnkit serve` server (`RemoteTable`, ./remote.ts). The board draws `view()` only; `game` gives
 * the rules (card definitions, zone names, player names) — for a served game, a game of the preset
 * with no cards in it, since the page has the seat's view and nothing more.
 */
import type { Action, Game, PlayerView } from "turnkit";

export interface Table {
  readonly game: Game;
  /** The seat drawn at the bottom of the board. */
  readonly viewer: number;
  /** Answers go to the game now (not while a local game shows a past step). */
  readonly atPresent: boolean;
  /** The view drawn: the viewer's (a spectator's: what every player sees). */
  view(): PlayerView;
  /** A person answers this seat's decisions here (a bot's are shown, not answered). */
  isPerson(seat: number): boolean;
  /** Whether this seat is the one at this screen (the "you" tag). */
  isYou(seat: number): boolean;
  act(action: Action): void;
}
