import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 120_000,
    reporters: process.env.CI ? ["default"] : ["default"],
  },
});
