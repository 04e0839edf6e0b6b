/**
 * A file's project directory. The files a scenario or a config names — card sets, preset modules —
 * are loaded only from inside it, unless the user allows more (`--allow-outside` on the command
 * line, `allowOutside: true` for `runScenario`), so a file from elsewhere can't make turnkit run
 * code or read data from anywhere on the machine (docs/cli.md, "Files a file names").
 *
 * The project of a file is the nearest directory, from the file's own upward, that holds a
 * `package.json` or a `.git`; never the home directory or the file system's root (a marker there
 * does not make everything under it one project). A file with no such directory above it has its
 * own directory as its project. Paths are compared with their symbolic links resolved: a link
 * inside the project to a file outside it is outside.
 */
import { existsSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, parse, relative, resolve, sep } from "node:path";

/** What makes a directory a project. */
export const PROJECT_MARKERS = ["package.json", ".git"] as const;

export interface Project {
  /** The project directory (symbolic links resolved). */
  dir: string;
  /** The marker found there, or null: the file's own directory. */
  marker: (typeof PROJECT_MARKERS)[number] | null;
}

/** A path with its symbolic links resolved (as it is when it does not exist). */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** The project directory of `file` (see above). */
export function projectOf(file: string): Project {
  const start = dirname(real(file));
  let home: string | null = null;
  try {
    home = real(homedir());
  } catch {
    /* no home directory: only the root stops the walk */
  }
  for (let dir = start; dir !== home && dir !== parse(dir).root; ) {
    for (const marker of PROJECT_MARKERS) if (existsSync(join(dir, marker))) return { dir, marker };
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return { dir: start, marker: null };
}

/** Whether `path` is `dir` or inside it (both absolute, links resolved). */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || (!isAbsolute(rel) && rel.split(sep)[0] !== "..");
}

/**
 * Null when `target` lies inside the project of `from`, the file of this `kind` that names it as
 * `ref`; else why it can't be loaded.
 */
export function outsideProject(
  from: string,
  ref: string,
  target: string,
  kind: "scenario" | "config",
): string | null {
  const project = projectOf(from);
  if (isInside(real(target), project.dir)) return null;
  const why = project.marker
    ? `the nearest directory above it with a ${project.marker}`
    : "its own directory: none above it has a package.json or .git";
  return `${ref} is outside this ${kind}'s project directory ${project.dir} (${why}); a ${kind} loads files only from inside its project (to allow it: --allow-outside, or allowOutside: true in code)`;
}
