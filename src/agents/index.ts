/** `turnkit/agents`: players for simulations and tests. */
export { type Agent, playOut, randomAgent } from "./random.js";
