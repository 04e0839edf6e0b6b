/**
 * The board, as one seat may see it: built from `game.viewFor(viewer)` only. Cards the view hides
 * are drawn as backs with nothing but what the view gives (a handle, tapped); characteristics as
 * modified are read with `game.characteristic` only for cards the view shows face up. A card's
 * frame (civilization, colour, card kind) comes from its definition (./frames.ts); a face-down card
 * its seat may look at is a back with its name on it. Nothing internal is printed: variables and
 * counters by their names in words, values as words.
 *
 * Also the seat switcher and the hot-seat interstitial ("Pass the screen to P2"), which shows no
 * cards at all: the screen changes hands before the next seat's view is drawn.
 */
import { useLayoutEffect, useRef } from "preact/hooks";
import type { Game, GameObject, HiddenCard, Json, PlayerView, VisibleCard, ZoneView } from "turnkit";
import { camelWords, keyWords, plainText, valueWords } from "../insight/words";
import { Session } from "../session";
import type { Table } from "../table";
import { type Family, type Frame, familyOfPreset, frameOf, typeWords } from "./frames";

type CardV = VisibleCard | HiddenCard;

function isHidden(c: CardV): c is HiddenCard {
  return (c as HiddenCard).hidden === true;
}

/** The object a visible card names (its handle or its place), if the game knows it. */
function objOf(game: Game, c: VisibleCard): GameObject | null {
  if (!c.id) return null;
  try {
    return game.obj(c.id);
  } catch {
    return null;
  }
}

/** A printed field of a card definition (top level, else `stats`). */
function printed(def: Record<string, unknown>, field: string): Json | undefined {
  const top = def[field];
  if (top !== undefined && field !== "stats" && field !== "abilities") return top as Json;
  return (def.stats as Record<string, Json> | undefined)?.[field];
}

interface Stat {
  field: string;
  label: string;
  value: Json | undefined;
  printed: Json | undefined;
}

/** The characteristics shown on a card: as modified when face up, else as printed; its frame. */
function statsOf(
  game: Game,
  c: VisibleCard,
): { name: string; types: string[]; stats: Stat[]; text: string; frame: Frame } {
  let def: Record<string, unknown>;
  try {
    def = game.rules.card(c.card) as unknown as Record<string, unknown>;
  } catch {
    return { name: c.name, types: [], stats: [], text: "", frame: frameOf(game, {}) };
  }
  const obj = c.faceDown ? null : objOf(game, c);
  const now = (field: string): Json | undefined => {
    const p = printed(def, field);
    if (!obj) return p;
    try {
      return game.characteristic(obj, field);
    } catch {
      return p;
    }
  };
  const fields: [string, string][] = [
    ["cost", "cost"],
    ["level", "Lv"],
    ["rank", "Rank"],
    ["scale", "Scale"],
    ["power", "power"],
    ["toughness", "tough"],
    ["atk", "ATK"],
    ["def", "DEF"],
  ];
  const stats: Stat[] = [];
  for (const [field, label] of fields) {
    const p = printed(def, field);
    if (p === undefined) continue;
    stats.push({ field, label, value: now(field), printed: p });
  }
  const name = obj ? String(now("name") ?? c.name) : c.name;
  const types = Array.isArray(def.types) ? (def.types as string[]) : [];
  // The colours as the game has them now (a Magic card's `colors` characteristic), if it says.
  let colours: unknown;
  if (obj)
    try {
      colours = game.characteristic(obj, "colors");
    } catch {
      colours = undefined;
    }
  const frame = frameOf(game, def, colours);
  return { name, types, stats, text: typeof def.text === "string" ? def.text : "", frame };
}

function show(v: Json | undefined): string {
  return valueWords(v);
}

/** A multicolour frame's background: its colours side by side. */
function frameStyle(frame: Frame): Record<string, string> {
  if (frame.colours.length < 2) return {};
  const stops = frame.colours.map((c, i) => {
    const a = (i / frame.colours.length) * 100;
    const b = ((i + 1) / frame.colours.length) * 100;
    return `${c} ${a}%, ${c} ${b}%`;
  });
  return { "--frame-multi": `linear-gradient(100deg, ${stops.join(", ")})` };
}

/**
 * Shrinks a card name's font until it fits its box: names wrap between words only (style.css),
 * so a long word or a long name is made smaller, never cut mid-word or left overflowing.
 */
function useFitName(name: string) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.fontSize = "";
    let size = Number.parseFloat(getComputedStyle(el).fontSize) || 11;
    for (let i = 0; i < 12 && size > 6; i++) {
      if (el.scrollWidth <= el.clientWidth + 0.5 && el.scrollHeight <= el.clientHeight + 0.5) break;
      size -= 0.5;
      el.style.fontSize = `${size}px`;
    }
  }, [name]);
  return ref;
}

/** The family of the preset's cards: which card back the board draws. */
function familyOf(game: Game): Family {
  return familyOfPreset(game.rules.preset);
}

function changed(s: Stat): boolean {
  return show(s.value) !== show(s.printed);
}

/** A modified characteristic is coloured: up (green), down (red), else changed. */
function statClass(s: Stat): string {
  if (!changed(s)) return "";
  const [v, p] = [Number(s.value), Number(s.printed)];
  if (Number.isNaN(v) || Number.isNaN(p)) return " mod";
  return v > p ? " up" : " down";
}

/** Option ids name cards by handle (`summon:k2s4q9sv`): the options that name this card. */
function optionsFor(view: PlayerView, handle: string): { id: string; label: string }[] {
  const d = view.decision;
  if (!d || !("options" in d) || !handle) return [];
  return d.options.filter((o) => o.id.split(/[:/,;|=]/).includes(handle));
}

const BADGE_WORDS: Record<string, string> = { cost: "Cost", level: "Level", rank: "Rank" };

interface CardProps {
  c: CardV;
  game: Game;
  session: Table;
  view: PlayerView;
}

function CardBack({ c, family }: { c: HiddenCard; family: Family }) {
  return (
    <div
      class={`card back back-${family}${c.tapped ? " tapped" : ""}`}
      data-testid="card"
      data-hidden="true"
      {...(c.id ? { "data-handle": c.id } : {})}
      title={c.tapped ? "A face-down card (tapped)" : "A face-down card"}
    >
      <div class="back-pattern" />
    </div>
  );
}

function Card({ c, game, session, view }: CardProps) {
  if (isHidden(c)) return <CardBack c={c} family={familyOf(game)} />;
  return <FaceCard c={c} game={game} session={session} view={view} />;
}

function FaceCard({ c, game, session, view }: CardProps & { c: VisibleCard }) {
  const { name, types, stats, text, frame } = statsOf(game, c);
  const nameRef = useFitName(name);
  const pos = typeof c.vars.pos === "string" ? c.vars.pos : null;
  const defense = pos === "def";
  const revealed = view.decision && "reveals" in view.decision && view.decision.reveals?.includes(c.id);
  const mine = view.decision && "options" in view.decision && view.decision.player === session.viewer;
  const actions = mine && session.atPresent && session.isPerson(session.viewer) ? optionsFor(view, c.id) : [];
  // The badge at the card's foot: its cost, else its Level or Rank (a Yu-Gi-Oh! monster's stars).
  const cost =
    stats.find((s) => s.field === "cost") ??
    stats.find((s) => s.field === "level") ??
    stats.find((s) => s.field === "rank");
  let rest = stats.filter((s) => s !== cost);
  // Power and toughness read as one: "2/3".
  const pw = rest.find((s) => s.field === "power");
  const tg = rest.find((s) => s.field === "toughness");
  if (pw && tg) {
    const pt: Stat = {
      field: "pt",
      label: "",
      value: `${show(pw.value)}/${show(tg.value)}`,
      printed: `${show(pw.printed)}/${show(tg.printed)}`,
    };
    rest = [...rest.filter((s) => s !== pw && s !== tg), pt];
  }
  const counters = Object.entries(c.counters).filter(([, n]) => n !== 0);
  // A face-down card its seat may look at is drawn as a card back with its name on it.
  const peek = c.faceDown;
  const cls = [
    "card",
    ...(peek ? ["back", `back-${familyOf(game)}`, "peek"] : frame.classes),
    c.tapped ? "tapped" : "",
    defense ? "defense" : "",
    c.faceDown ? "facedown" : "",
    revealed ? "revealed" : "",
    actions.length ? "actionable" : "",
    types.map((t) => `type-${t.replace(/[^a-z0-9-]/gi, "")}`).join(" "),
  ]
    .filter(Boolean)
    .join(" ");
  const title = [
    name,
    types.map(typeWords).join(" "),
    stats
      .map((s) => `${s.label} ${show(s.value)}${changed(s) ? ` (printed ${show(s.printed)})` : ""}`)
      .join(", "),
    c.faceDown ? "face-down (you may look at it)" : "",
    c.tapped ? "tapped" : "",
    pos ? `${pos === "def" ? "Defense" : "Attack"} Position` : "",
    text,
    actions.length ? `Click: ${actions.map((a) => plainText(a.label)).join(" / ")}` : "",
  ]
    .filter(Boolean)
    .join("\n");
  const act = () => {
    const d = view.decision;
    if (actions.length !== 1 || !d || !("options" in d)) return;
    const o = actions[0]!;
    session.act({ player: d.player, decision: d.id, choice: o.id, label: o.label });
  };
  return (
    <div
      class={cls}
      data-testid="card"
      data-hidden="false"
      data-handle={c.id}
      data-card={c.card}
      data-family={frame.family}
      style={peek ? undefined : frameStyle(frame)}
      title={title}
      {...(actions.length === 1
        ? {
            role: "button",
            tabIndex: 0,
            onClick: act,
            onKeyDown: (e: KeyboardEvent) => {
              if (e.key === "Enter" || e.key === " ") act();
            },
          }
        : {})}
    >
      {peek ? <div class="back-pattern" /> : null}
      <div class="card-name" ref={nameRef}>
        {name}
      </div>
      {peek ? null : <div class="card-types">{types.map(typeWords).join(" ")}</div>}
      {/* A battle position is the card's turn (Defense: sideways) and its tooltip. */}
      {counters.length || c.faceDown ? (
        <div class="card-marks">
          {c.faceDown ? <span class="mark fd">face-down</span> : null}
          {counters.map(([k, n]) => (
            <span class="mark counter" key={k}>
              {camelWords(k)} ×{n}
            </span>
          ))}
        </div>
      ) : null}
      {c.under.length ? (
        <div class="under" title="">
          under:{" "}
          {c.under.map((u, i) => (isHidden(u) ? <span key={i}>▮</span> : <span key={i}>{u.name}</span>))}
        </div>
      ) : null}
      {!peek && (rest.length || cost) ? (
        <div class="card-stats">
          {cost ? (
            <span
              class={`cost badge-${cost.field}${cost.field === "cost" ? "" : statClass(cost)}`}
              title={`${BADGE_WORDS[cost.field] ?? cost.field} ${show(cost.value)}`}
            >
              {cost.field === "cost" ? "" : cost.field === "level" ? "★" : "☆"}
              {show(cost.value)}
            </span>
          ) : null}
          {rest.map((s) => (
            <span key={s.field} class={`stat${statClass(s)}`}>
              {s.label ? <span class="lbl">{s.label} </span> : null}
              {show(s.value)}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function zoneLabel(game: Game, kind: string): string {
  return game.rules.zoneDefs.get(kind)?.label ?? kind;
}

function Zone({ z, game, session, view }: { z: ZoneView; game: Game; session: Table; view: PlayerView }) {
  const def = game.rules.zoneDefs.get(z.kind);
  const owner = z.owner === null ? "shared" : String(z.owner);
  const anyVisible = z.cards.some((c) => !isHidden(c));
  const pile = def?.visibility === "hidden" && !anyVisible;
  return (
    <div
      class={`zone zone-${z.kind}${def?.inPlay ? " in-play" : ""}${z.count === 0 ? " empty" : ""}`}
      data-testid={`zone-${z.kind}-${owner}`}
      data-count={z.count}
    >
      <div class="zone-label">
        <span>{zoneLabel(game, z.kind)}</span>
        <span class="count">{z.count}</span>
      </div>
      <div class="zone-cards">
        {pile ? (
          z.count > 0 ? (
            <div class="pile" data-testid="pile" data-count={z.count} title={`${z.count} cards, face down`}>
              <div class={`card back back-${familyOf(game)}`} data-hidden="true">
                <div class="back-pattern" />
              </div>
              <span class="pile-count">{z.count}</span>
            </div>
          ) : null
        ) : (
          z.cards.map((c, i) => (
            <Card
              key={isHidden(c) ? `h${i}` : c.id || `v${i}`}
              c={c}
              game={game}
              session={session}
              view={view}
            />
          ))
        )}
      </div>
    </div>
  );
}

const MAIN_VARS = ["life", "lp", "LP", "mana", "poison", "energy"];

function PlayerPanel({
  p,
  view,
  game,
  session,
  zones,
  top,
}: {
  p: number;
  view: PlayerView;
  game: Game;
  session: Table;
  zones: ZoneView[];
  top: boolean;
}) {
  const player = view.players[p]!;
  const vars = Object.entries(player.vars);
  vars.sort(([a], [b]) => {
    const ia = MAIN_VARS.indexOf(a);
    const ib = MAIN_VARS.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
  const nonEmpty = zones.filter(
    (z) => z.count > 0 || game.rules.zoneDefs.get(z.kind)?.inPlay || z.kind === "hand",
  );
  const empty = zones.filter((z) => !nonEmpty.includes(z));
  const inPlay = (z: ZoneView) => !!game.rules.zoneDefs.get(z.kind)?.inPlay;
  // Zones nearest the middle of the table are the ones in play; the hand is at the edge.
  const order = (z: ZoneView) => (inPlay(z) ? 0 : z.kind === "hand" ? 2 : 1);
  // Rows: the zones in play, one strip of the other zones side by side, the hand.
  const rows: (ZoneView | ZoneView[])[] = [];
  const strip = nonEmpty.filter((z) => order(z) === 1);
  for (const z of nonEmpty) if (order(z) === 0) rows.push(z);
  if (strip.length) rows.push(strip);
  for (const z of nonEmpty) if (order(z) === 2) rows.push(z);
  if (top) rows.reverse();
  const tags: string[] = [];
  if (session.isYou(p)) tags.push("you");
  if (!session.isPerson(p)) tags.push("bot");
  const winner = view.result && view.result.winner === p;
  return (
    <section
      class={`player${p === session.viewer ? " viewer" : ""}${view.turn.player === p ? " active" : ""}${view.decision?.player === p ? " deciding" : ""}`}
      data-testid={`player-${p}`}
    >
      <header class="player-head">
        <strong class="player-name">{player.name}</strong>
        {tags.map((t) => (
          <span key={t} class={`tag tag-${t}`}>
            {t}
          </span>
        ))}
        {view.turn.player === p ? <span class="tag tag-turn">turn</span> : null}
        {view.decision?.player === p && !view.result ? <span class="tag tag-deciding">deciding</span> : null}
        {winner ? <span class="tag tag-winner">winner</span> : null}
        <span class="vars">
          {vars.map(([k, v]) => (
            <span key={k} class={`var${MAIN_VARS.includes(k) ? " main" : ""}`} data-var={k}>
              {keyWords(k)} <b>{show(v)}</b>
            </span>
          ))}
        </span>
      </header>
      <div class="zones">
        {rows.map((row) =>
          Array.isArray(row) ? (
            <div class="zone-strip" key="strip">
              {row.map((z) => (
                <Zone key={z.kind} z={z} game={game} session={session} view={view} />
              ))}
            </div>
          ) : (
            <Zone key={row.kind} z={row} game={game} session={session} view={view} />
          ),
        )}
        {empty.length ? (
          <div class="empty-zones">
            {empty.map((z) => (
              <span
                key={z.kind}
                class="zone empty chip"
                data-testid={`zone-${z.kind}-${z.owner === null ? "shared" : z.owner}`}
                data-count={0}
              >
                {zoneLabel(game, z.kind)} 0
              </span>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Where the game is: "Turn 3 · P1 · Main phase › Main step". */
export function whereLabel(game: Game, view: PlayerView): string {
  const labels = view.path
    .map((id) => game.rules.nodes.get(id))
    .filter((n) => n && n.kind !== "turn")
    .map((n) => n!.label);
  const turn = `Turn ${view.turn.id}${view.turn.extra ? " (extra)" : ""} · ${game.playerName(view.turn.player)}`;
  return [turn, labels.join(" › ")].filter(Boolean).join(" · ");
}

export function ViewerSelect({ session }: { session: Session }) {
  return (
    <label class="viewer-select">
      Seat shown{" "}
      <select
        data-testid="viewer-select"
        value={String(session.viewer)}
        onChange={(e) => {
          const el = e.target as HTMLSelectElement;
          const p = Number(el.value);
          el.value = String(session.viewer);
          session.passScreen(p);
        }}
      >
        {Array.from({ length: session.config.players }, (_, p) => (
          <option key={p} value={String(p)}>
            {session.game.playerName(p)}
            {session.isPerson(p) ? "" : " (bot)"}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Board({ session }: { session: Table }) {
  const game = session.game;
  const view = session.view();
  const n = view.players.length;
  const byOwner = new Map<number | null, ZoneView[]>();
  // Zones in the preset's order.
  const order = new Map(game.rules.preset.zones.map((z, i) => [z.kind, i]));
  const zones = Object.values(view.zones).sort(
    (a, b) => (order.get(a.kind) ?? 99) - (order.get(b.kind) ?? 99),
  );
  for (const z of zones) {
    const list = byOwner.get(z.owner) ?? [];
    list.push(z);
    byOwner.set(z.owner, list);
  }
  // The viewer at the bottom; the others above, in turn order after the viewer.
  const others = Array.from({ length: n - 1 }, (_, i) => (session.viewer + 1 + i) % n).reverse();
  const shared = byOwner.get(null) ?? [];
  return (
    <div class="board" data-testid="board" data-viewer={session.viewer}>
      <div class="board-head">
        <span class="where" data-testid="where">
          {whereLabel(game, view)}
        </span>
        {view.attack !== null ? <span class="tag tag-attack">attack in progress</span> : null}
        {session instanceof Session && !session.atPresent ? (
          <span class="tag tag-past">
            step {session.cursor} of {session.history.length - 1}
          </span>
        ) : null}
        {session instanceof Session ? <ViewerSelect session={session} /> : null}
      </div>
      {others.map((p) => (
        <PlayerPanel
          key={p}
          p={p}
          view={view}
          game={game}
          session={session}
          zones={byOwner.get(p) ?? []}
          top
        />
      ))}
      {shared.length ? (
        <section class="shared" data-testid="shared-zones">
          {shared.map((z) => (
            <Zone key={z.kind} z={z} game={game} session={session} view={view} />
          ))}
        </section>
      ) : null}
      <PlayerPanel
        p={session.viewer}
        view={view}
        game={game}
        session={session}
        zones={byOwner.get(session.viewer) ?? []}
        top={false}
      />
    </div>
  );
}

/** The hot-seat interstitial: no cards, only who gets the screen next. */
export function PassScreen({ session }: { session: Session }) {
  const to = session.passing;
  if (to === null) return null;
  const name = session.game.playerName(to);
  const from = session.game.playerName(session.viewer);
  return (
    <div class="pass-screen" data-testid="pass-screen" data-to={to}>
      <div class="pass-box">
        <h2>Pass the screen to {name}</h2>
        <p>
          {from}'s cards are hidden now. {name}, press the button when you have the screen.
        </p>
        <button
          type="button"
          class="primary big"
          data-testid="pass-confirm"
          onClick={() => session.confirmPass()}
        >
          I am {name}: show my view
        </button>{" "}
        <button type="button" data-testid="pass-cancel" onClick={() => session.cancelPass()}>
          Back to {from}
        </button>
      </div>
    </div>
  );
}
