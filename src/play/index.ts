/**
 * `turnkit/play`: what a person playing a seat needs besides the game — stops and auto-pass, one
 * policy shared by the terminal (`turnkit play --seat`), the playground and a server (docs/stops.md).
 */
export * from "./preset-stops.js";
export * from "./stops.js";
