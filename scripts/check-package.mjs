#!/usr/bin/env node
/**
 * `npm run check:package`: packs the tarball exactly as `npm publish` would (its scripts run:
 * `prepack` builds everything, then `prepare`) into a temporary directory, and checks it with
 * publint (strict: warnings fail) and arethetypeswrong (profile node16: ESM and CommonJS
 * resolution under node16 and bundlers, for every entry point).
 * With $TURNKIT_PACKED (a tarball `npm pack` made so already: `.ci/run` packs once for every
 * check), that tarball is checked instead.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(root, "node_modules", ".bin", name);
const win = process.platform === "win32";

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", shell: win, ...opts });
  if (r.status !== 0) {
    process.stderr.write(`check:package: ${cmd} ${args.join(" ")} failed\n`);
    process.exit(r.status ?? 1);
  }
  return r;
}

const dir = mkdtempSync(join(tmpdir(), "turnkit-pack-"));
try {
  let tarball = process.env.TURNKIT_PACKED;
  if (tarball) process.stdout.write(`${basename(tarball)}: packed already ($TURNKIT_PACKED)\n`);
  else {
    const packed = run("npm", ["pack", "--json", "--pack-destination", dir], {
      stdio: ["ignore", "pipe", "inherit"],
      encoding: "utf8",
    });
    // The scripts' own output comes first; the JSON is the rest.
    const [info] = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[/m)));
    tarball = join(dir, info.filename);
    process.stdout.write(
      `${info.filename}: ${info.entryCount} files, ${(statSync(tarball).size / 1024).toFixed(1)} KiB packed, ` +
        `${(info.unpackedSize / 1024).toFixed(1)} KiB unpacked\n`,
    );
  }
  run(bin("publint"), ["run", tarball, "--strict"]);
  run(bin("attw"), [tarball, "--profile", "node16"]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
