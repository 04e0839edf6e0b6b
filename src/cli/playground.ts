/**
 * `turnkit playground`: serves the playground web app (docs/playground.md) shipped in the package
 * (dist/playground, built by `npm run build`), with the user's own presets.
 *
 * A user's preset module is loaded in Node first (as `turnkit play --preset` loads it: a bad module
 * is one line and exit 2 before anything is served), then bundled for the browser with esbuild,
 * "turnkit" and "turnkit/*" left as bare imports. The app's build keeps every entry of the package
 * as its own module (kernel/*.js) and writes kernel/importmap.json; the page served gets that import
 * map and one module script that imports the user bundles, sets `window.turnkitUserPresets`, then
 * imports the app. So the user's preset and the app share one instance of the kernel (one
 * `Game` class, one preset registry), and the presets are there before the app starts.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { presetIds } from "../presets/index.js";
import { InputError } from "./errors.js";
import { displayPath, type LoadFlags, loadUserGame, presetSource } from "./load-preset.js";
import { importTool, OPTIONAL_TOOLS } from "./optional-tools.js";

export interface PlaygroundOptions {
  /** The built app (a directory with index.html and kernel/importmap.json); default: the package's. */
  root?: string;
  port?: number;
  host?: string;
  /** Preset modules (--preset), relative to `cwd`. */
  presets?: string[];
  /** A config file (--config); else a turnkit.config.* in `cwd` is read when there is one. */
  config?: string;
  /** Let the config name modules outside its project directory (--allow-outside). */
  allowOutside?: boolean;
  cwd?: string;
}

export interface PlaygroundIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface RunningPlayground {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** The package's built app: dist/playground beside the package.json named turnkit above this file. */
export function builtApp(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "turnkit")
          return join(dir, "dist", "playground");
      } catch {
        // not this one
      }
    }
    const up = dirname(dir);
    if (up === dir) return resolve("dist", "playground");
    dir = up;
  }
}

function checkApp(root: string): void {
  if (!existsSync(join(root, "index.html")) || !existsSync(join(root, "kernel", "importmap.json")))
    throw new InputError(
      `the playground app is not built in ${root}: run npm run build (or npm run playground in a clone of turnkit)`,
    );
}

/** One line for an esbuild failure: file:line:col: text. */
function describeBundleError(e: unknown, shown: string, cwd: string): string {
  const errors = (
    e as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }
  ).errors;
  const first = errors?.[0];
  if (first) {
    const at = first.location
      ? `${displayPath(resolve(cwd, first.location.file), cwd)}:${first.location.line}:${first.location.column + 1}`
      : shown;
    return `${at}: cannot bundle the preset for the browser: ${first.text}`;
  }
  return `${shown}: cannot bundle the preset for the browser: ${e instanceof Error ? e.message : String(e)}`;
}

/**
 * Bundles preset modules for the browser (ES modules; "turnkit" and "turnkit/*" stay imports, the
 * import map resolves them to the app's own kernel modules).
 */
export async function bundleUserPresets(files: string[], cwd: string): Promise<string[]> {
  if (files.length === 0) return [];
  const esbuild = await importTool(
    OPTIONAL_TOOLS.esbuild,
    "bundling your presets for the browser",
    () => import("esbuild"),
  );
  const out: string[] = [];
  for (const abs of files) {
    const shown = displayPath(abs, cwd);
    try {
      const r = await esbuild.build({
        entryPoints: [abs],
        absWorkingDir: cwd,
        bundle: true,
        format: "esm",
        platform: "browser",
        target: "es2022",
        external: ["turnkit", "turnkit/*"],
        write: false,
        logLevel: "silent",
        legalComments: "none",
      });
      out.push(r.outputFiles[0]!.text);
    } catch (e) {
      throw new InputError(describeBundleError(e, shown, cwd));
    }
  }
  return out;
}

/** The page: the app's index.html with the import map and the user presets' loader before the app. */
export function pageWithPresets(html: string, importMap: string, bundles: number): string {
  const app = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/.exec(html);
  if (!app) throw new Error("index.html: no module script to start the app");
  const imports = Array.from({ length: bundles }, (_, i) => `import * as m${i} from "./user/${i}.js";`);
  const loader = `<script type="module">
${imports.join("\n")}
// A preset module's preset: its default export, else "preset"; a function returning one is called.
const pick = async (m) => {
  const d = m.default;
  const e = d && typeof d === "object" && !("id" in d) && ("default" in d || "preset" in d) ? d : m;
  const v = e.default !== undefined ? e.default : e.preset;
  return typeof v === "function" ? await v() : v;
};
try {
  window.turnkitUserPresets = [${Array.from({ length: bundles }, (_, i) => `await pick(m${i})`).join(", ")}];
} catch (e) {
  console.error("turnkit: a user preset failed to load", e);
  window.turnkitUserPresets = [];
}
await import(${JSON.stringify(app[1])});
</script>
`;
  const head = `<script type="importmap">${importMap.trim()}</script>\n`;
  const withoutApp = html.slice(0, app.index) + html.slice(app.index + app[0].length);
  // The import map first in <head> (before any module is loaded), the loader at the app's place.
  return withoutApp.replace(/<head>\s*/i, (m) => `${m}${head}`).replace(/<\/body>/i, `${loader}</body>`);
}

/** Serves the built app at `root` (and the user bundles, when given) on host:port. */
export async function startPlayground(opts: {
  root: string;
  port?: number;
  host?: string;
  bundles?: string[];
}): Promise<RunningPlayground> {
  const root = resolve(opts.root);
  checkApp(root);
  const bundles = opts.bundles ?? [];
  const index = readFileSync(join(root, "index.html"), "utf8");
  const page = bundles.length
    ? pageWithPresets(index, readFileSync(join(root, "kernel", "importmap.json"), "utf8"), bundles.length)
    : index;
  const server = createServer((req, res) => {
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    if (req.method !== "GET" && req.method !== "HEAD")
      return send(405, TYPES[".txt"]!, "method not allowed\n");
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    } catch {
      return send(400, TYPES[".txt"]!, "bad request\n");
    }
    if (path === "/" || path === "/index.html") return send(200, TYPES[".html"]!, page);
    const user = /^\/user\/(\d+)\.js$/.exec(path);
    if (user && Number(user[1]) < bundles.length) return send(200, TYPES[".js"]!, bundles[Number(user[1])]!);
    const file = normalize(join(root, path));
    if (!file.startsWith(root + sep)) return send(403, TYPES[".txt"]!, "forbidden\n");
    try {
      if (!statSync(file).isFile()) throw new Error("not a file");
      return send(200, TYPES[extname(file).toLowerCase()] ?? "application/octet-stream", readFileSync(file));
    } catch {
      return send(404, TYPES[".txt"]!, "not found\n");
    }
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", (e: NodeJS.ErrnoException) =>
      fail(
        e.code === "EADDRINUSE"
          ? new InputError(
              `--port ${opts.port}: the port is in use; give another (--port 0 picks a free one)`,
            )
          : e.code === "EADDRNOTAVAIL" || e.code === "ENOTFOUND"
            ? new InputError(`--host ${opts.host}: not an address of this machine`)
            : e,
      ),
    );
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => ok());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host ?? "127.0.0.1";
  const shownHost =
    host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    server,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/**
 * Loads the user's presets (--preset, a config's), bundles them, serves the app and prints its URL;
 * returns when the process is interrupted (Ctrl-C). Throws an InputError for a bad module or flag.
 */
export async function startWithPresets(opts: PlaygroundOptions): Promise<RunningPlayground> {
  const cwd = opts.cwd ?? process.cwd();
  const root = resolve(cwd, opts.root ?? builtApp());
  const flags: LoadFlags = {};
  if (opts.presets?.length) flags.preset = opts.presets;
  if (opts.config !== undefined) flags.config = opts.config;
  if (opts.allowOutside) flags.allowOutside = true;
  await loadUserGame(flags, cwd);
  // Every preset registered from a module (--preset and the config's), once per module.
  const files = [
    ...new Set(
      presetIds()
        .map(presetSource)
        .filter((s) => s !== "built-in"),
    ),
  ];
  const bundles = await bundleUserPresets(files, cwd);
  checkApp(root);
  return startPlayground({
    root,
    bundles,
    ...(opts.port !== undefined ? { port: opts.port } : {}),
    ...(opts.host !== undefined ? { host: opts.host } : {}),
  });
}

/** The command: serve until SIGINT/SIGTERM. Returns the exit code; errors are thrown. */
export async function servePlayground(opts: PlaygroundOptions, io: PlaygroundIo): Promise<number> {
  const running = await startWithPresets(opts);
  const users = presetIds().filter((id) => presetSource(id) !== "built-in");
  io.stdout(
    `turnkit playground: ${running.url}${users.length ? ` (your presets: ${users.join(", ")})` : ""}\nCtrl-C stops it.\n`,
  );
  await new Promise<void>((ok) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      ok();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await running.close();
  return 0;
}

/** For scripts/playground.mjs: like the command, with its errors as one line (exit 2). */
export async function runPlayground(
  opts: PlaygroundOptions,
  io: PlaygroundIo & { env: Record<string, string | undefined> },
): Promise<number> {
  try {
    return await servePlayground(opts, io);
  } catch (e) {
    io.stderr(`playground: ${e instanceof Error ? e.message : String(e)}\n`);
    return e instanceof InputError ? 2 : 1;
  }
}
