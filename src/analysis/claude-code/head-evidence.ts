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

/**
 * Heads the input has shown, so that a request whose own session has not written its head, or whose
 * own head entry has expired in an idle gap, can be predicted warm only on evidence: another session
 * or subagent sent the same head within the head's TTL before it. One instance may be shared by the
 * replays of several sessions of one input (a projects folder); a lookup only ever returns sightings
 * sent before the request.
 */
export class HeadEvidence {
  readonly #sightings = new Map<string, HeadSighting[]>();
  #first: HeadSighting | undefined;

  record(sighting: HeadSighting): void {
    const list = this.#sightings.get(sighting.key) ?? [];
    list.push(sighting);
    this.#sightings.set(sighting.key, list);
    if (this.#first === undefined || sighting.time < this.#first.time) this.#first = sighting;
  }

  /** The latest sighting of `key` by another session before `time` whose entry is still live then. */
  live(key: string, time: number, session: string): HeadSighting | undefined {
    return this.#latestLive(key, time, (sighting) => sighting.session !== session);
  }

  /** The latest sighting of `key` by `session` itself before `time` whose entry is still live then (undefined after an idle gap past its TTL). */
  ownLive(key: string, time: number, session: string): HeadSighting | undefined {
    return this.#latestLive(key, time, (sighting) => sighting.session === session);
  }

  #latestLive(key: string, time: number, counts: (sighting: HeadSighting) => boolean): HeadSighting | undefined {
    let best: HeadSighting | undefined;
    for (const sighting of this.#sightings.get(key) ?? []) {
      if (!counts(sighting) || sighting.time >= time || time - sighting.time > sighting.ttlSeconds) continue;
      if (best === undefined || sighting.time > best.time) best = sighting;
    }
    return best;
  }

  /**
   * The head size to assume before a session reports its own: the earliest sighting of the same
   * head before `time`, else the earliest head of any kind the input showed before it; undefined
   * when no earlier request logged usage.
   */
  size(key: string, time: number): number | undefined {
    let same: HeadSighting | undefined;
    for (const sighting of this.#sightings.get(key) ?? []) if (sighting.time < time && (same === undefined || sighting.time < same.time)) same = sighting;
    if (same !== undefined) return same.tokens;
    return this.#first !== undefined && this.#first.time < time ? this.#first.tokens : undefined;
  }
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
