/**
 * Every test runs with the definition checks installed, as every entry point of the package but
 * `turnkit/core` does (core/checking.ts): tests import kernel modules directly, not through an
 * entry. tests/core/lean-core.test.ts turns them off where it proves the kernel alone.
 */
import { installFullChecks } from "../../src/core/checks.js";

installFullChecks();
