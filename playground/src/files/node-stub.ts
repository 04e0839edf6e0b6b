/**
 * What the page gets for `node:fs`, `node:path` and `node:os` (playground/vite.config.ts aliases
 * them here). The kernel's scenario module reads files with them (`loadScenarioFile`,
 * `loadCardSet`, a scenario's `cardSets:` and its project directory); in a page there are no
 * files, so those say so when called — and importing the module works, in `vite` dev mode too
 * (whose own stand-in throws on import). Every path is inside the page's one "project".
 */
const noFiles = (name: string) => (): never => {
  throw new Error(`${name}: there are no files in the browser (open or paste the text instead)`);
};

export const statSync = noFiles("statSync");
export const openSync = noFiles("openSync");
export const readSync = noFiles("readSync");
export const closeSync = noFiles("closeSync");
export const realpathSync = noFiles("realpathSync");
export const homedir = noFiles("homedir");
export const readFileSync = noFiles("readFileSync");
export const writeFileSync = noFiles("writeFileSync");
export const existsSync = (): boolean => false;
export const dirname = (p: string): string => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) || "/" : ".");
export const resolve = (...parts: string[]): string => parts.filter(Boolean).join("/").replace(/\/+/g, "/");
export const join = resolve;
export const sep = "/";
export const isAbsolute = (p: string): boolean => p.startsWith("/");
export const parse = (p: string): { root: string } => ({ root: p.startsWith("/") ? "/" : "" });
export const relative = (): string => "";
export const extname = (p: string): string =>
  /[^.](\.[^.]*)$/.exec(p.slice(p.lastIndexOf("/") + 1))?.[1] ?? "";
export default {
  statSync,
  openSync,
  readSync,
  closeSync,
  realpathSync,
  homedir,
  readFileSync,
  writeFileSync,
  existsSync,
  dirname,
  resolve,
  join,
  sep,
  isAbsolute,
  parse,
  relative,
  extname,
};
