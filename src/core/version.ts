/**
 * The version of turnkit that made a replay, a save or a simulation's output (recorded beside the
 * rules' fingerprint, core/fingerprint.ts). The same as package.json's `version`: a test fails
 * when they differ.
 */
export const TURNKIT_VERSION = "0.1.0";
