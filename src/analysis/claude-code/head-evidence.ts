import type { ClaudeCodeApiCall } from './api-calls.js';

/**
 * A request head (Claude Code's tools and system prompt, up to its system breakpoint) seen in the
 * input: which head, who sent it, when, its size in Claude tokens as that request's usage showed,
 * and how long the cache keeps it.
 */
export interface HeadSighting {
  readonly key: string;
  /** The session or subagent that sent it. */
  readonly session: string;
  /** Seconds (epoch) when the request was sent. */
  readonly time: number;
  readonly tokens: number;
  readonly ttlSeconds: number;
}

/**
 * What identifies a head in a transcript: Claude Code's version (its system prompt and tool
 * definitions change between releases), the model (caches are per model) and the agent: the main
 * agent, a subagent type (`agentType` of its `.meta.json`; siblings of one type share their prompt
 * and tools), or, for a subagent whose type is not logged, its own file.
 */
export function headKey(version: string | undefined, model: string, agent: string): string {
  return `${version ?? 'unknown version'} · ${model} · ${agent}`;
}

/** A sighting with the order it was recorded in (equal times go to the one recorded first). */
interface Recorded {
  readonly sighting: HeadSighting;
  readonly seq: number;
}

/** Index of the first entry sent after `time` (`inclusive`: at or after it); entries are in time order. */
function firstFrom(entries: readonly Recorded[], time: number, inclusive: boolean): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const at = entries[middle]!.sighting.time;
    if (at < time || (!inclusive && at === time)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One session's sightings of one head, in time order (equal times in the order recorded). */
class SessionSightings {
  readonly #entries: Recorded[] = [];
  /** The longest TTL among them: an entry older than this is dead whatever its own TTL. */
  #maxTtl = 0;

  add(entry: Recorded): void {
    const entries = this.#entries;
    const time = entry.sighting.time;
    // A session's requests arrive in the order sent: an earlier one (a second replay) is put in its place.
    if (entries.length === 0 || entries.at(-1)!.sighting.time <= time) entries.push(entry);
    else entries.splice(firstFrom(entries, time, false), 0, entry);
    this.#maxTtl = Math.max(this.#maxTtl, entry.sighting.ttlSeconds);
  }

  /** The latest sighting sent before `time` whose entry is live then (the one recorded first among equal times). */
  latestLive(time: number): Recorded | undefined {
    const entries = this.#entries;
    let best: Recorded | undefined;
    for (let at = firstFrom(entries, time, true) - 1; at >= 0; at--) {
      const entry = entries[at]!;
      const age = time - entry.sighting.time;
      if ((best !== undefined && entry.sighting.time < best.sighting.time) || age > this.#maxTtl) break;
      if (age <= entry.sighting.ttlSeconds) best = entry;
    }
    return best;
  }
}

/** Everything recorded of one head. */
interface KeySightings {
  /** In the order recorded: what a lookup scans when a time is not a number (`Date.parse` of a bad timestamp). */
  readonly all: Recorded[];
  readonly bySession: Map<string, SessionSightings>;
  /** The earliest sighting (the first recorded among equal times). */
  earliest: Recorded;
  /** Whether a sighting's time or TTL is not a number: then lookups scan `all`, as comparisons with NaN decide. */
  unordered: boolean;
}

/**
 * Heads the input has shown, so that a request whose own session has not written its head, or whose
 * own head entry has expired in an idle gap, can be predicted warm only on evidence: another session
 * or subagent sent the same head within the head's TTL before it. One instance may be shared by the
 * replays of several sessions of one input (a projects folder); a lookup only ever returns sightings
 * sent before the request. Sightings are kept per head and session in time order, so a lookup reads
 * only the entries near its time: a projects folder's run records one per request, and scanning them
 * all on every request made the run quadratic in its requests.
 */
export class HeadEvidence {
  readonly #sightings = new Map<string, KeySightings>();
  #first: HeadSighting | undefined;
  #seq = 0;

  record(sighting: HeadSighting): void {
    const entry = { sighting, seq: this.#seq++ };
    let known = this.#sightings.get(sighting.key);
    if (known === undefined) this.#sightings.set(sighting.key, (known = { all: [], bySession: new Map(), earliest: entry, unordered: false }));
    known.all.push(entry);
    if (Number.isNaN(sighting.time) || Number.isNaN(sighting.ttlSeconds)) known.unordered = true;
    if (sighting.time < known.earliest.sighting.time) known.earliest = entry;
    let session = known.bySession.get(sighting.session);
    if (session === undefined) known.bySession.set(sighting.session, (session = new SessionSightings()));
    session.add(entry);
    if (this.#first === undefined || sighting.time < this.#first.time) this.#first = sighting;
  }

  /** The latest sighting of `key` by another session before `time` whose entry is still live then. */
  live(key: string, time: number, session: string): HeadSighting | undefined {
    const known = this.#sightings.get(key);
    if (known === undefined) return undefined;
    if (known.unordered || Number.isNaN(time)) return latestLive(known.all, time, (sighting) => sighting.session !== session);
    let best: Recorded | undefined;
    for (const [id, sightings] of known.bySession) {
      if (id === session) continue;
      const found = sightings.latestLive(time);
      if (found !== undefined && (best === undefined || found.sighting.time > best.sighting.time || (found.sighting.time === best.sighting.time && found.seq < best.seq))) best = found;
    }
    return best?.sighting;
  }

  /** The latest sighting of `key` by `session` itself before `time` whose entry is still live then (undefined after an idle gap past its TTL). */
  ownLive(key: string, time: number, session: string): HeadSighting | undefined {
    const known = this.#sightings.get(key);
    if (known === undefined) return undefined;
    if (known.unordered || Number.isNaN(time)) return latestLive(known.all, time, (sighting) => sighting.session === session);
    return known.bySession.get(session)?.latestLive(time)?.sighting;
  }

  /**
   * The head size to assume before a session reports its own: the earliest sighting of the same
   * head before `time`, else the earliest head of any kind the input showed before it; undefined
   * when no earlier request logged usage.
   */
  size(key: string, time: number): number | undefined {
    const known = this.#sightings.get(key);
    if (known !== undefined) {
      if (known.unordered) {
        let same: HeadSighting | undefined;
        for (const { sighting } of known.all) if (sighting.time < time && (same === undefined || sighting.time < same.time)) same = sighting;
        if (same !== undefined) return same.tokens;
      } else if (known.earliest.sighting.time < time) {
        return known.earliest.sighting.tokens;
      }
    }
    return this.#first !== undefined && this.#first.time < time ? this.#first.tokens : undefined;
  }
}

/** The latest live sighting before `time` that `counts`, scanning every one (the order they were recorded decides ties). */
function latestLive(all: readonly Recorded[], time: number, counts: (sighting: HeadSighting) => boolean): HeadSighting | undefined {
  let best: HeadSighting | undefined;
  for (const { sighting } of all) {
    if (!counts(sighting) || sighting.time >= time || time - sighting.time > sighting.ttlSeconds) continue;
    if (best === undefined || sighting.time > best.time) best = sighting;
  }
  return best;
}

/**
 * The Claude Code version that sent a request: the one its last input entry logs (every entry
 * carries the version that wrote it, so a session resumed in a newer Claude Code says so from then
 * on); `fallback` when the entry logs none.
 */
export function callVersion(call: ClaudeCodeApiCall, fallback: string | undefined): string | undefined {
  const version = (call.lastInput as { readonly version?: unknown } | undefined)?.version;
  return typeof version === 'string' ? version : fallback;
}
