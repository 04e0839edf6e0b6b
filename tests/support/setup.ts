/**
 * Every test runs with the definition checks installed, as every entry point of the package but
 * `turnkit/core` does (core/checking.ts): tests import kernel modules directly, not through an
 * entry. tests/core/lean-core.test.ts turns them off where it proves the kernel alone.
 *
 * A file that shares its worker's modules with other files (vitest.config.ts) must leave the
 * preset registry as it found it: a preset it registered would be "every registered preset" of the
 * files after it.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { installFullChecks } from "../../src/core/checks.js";
import { isBuiltInPreset, presetIds } from "../../src/presets/index.js";

installFullChecks();

if (process.env.TURNKIT_TEST_SHARED_MODULES === "1") {
  const userPresets = () => presetIds().filter((id) => !isBuiltInPreset(id));
  let before: string[] = [];
  beforeAll(() => {
    before = userPresets();
  });
  afterAll(() => {
    const registered = userPresets().filter((id) => !before.includes(id));
    expect(registered, "this file registers presets: list it in vitest.config.ts's ISOLATED files").toEqual(
      [],
    );
  });
}
