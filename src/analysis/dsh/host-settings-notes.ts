import type { ReconstructedRequestParts } from '../../providers/session/index.js';
import type { HostModelSettings } from '../compositions/llm-settings.js';
import { signedTokens } from '../replay/head-calibration.js';
import type { RouteRendering } from './route-rendering.js';

/*
 * The model settings a DSH log does not record. DSH's July 2026 releases sent `reasoning_effort`
 * and `thinking` from the host composition without logging them (its acp-agent composition:
 * "wire-only defaults; they never enter the request header"), and `reasoning_effort: max` makes
 * V4 write a fixed instruction before the system prompt (deepseek/reasoning-effort.ts). A logged
 * total that exceeds the rendering by that instruction's tokens is what a composition with
 * `reasoningEffort: max` explains; given with `--host`, the composition's settings are applied.
 */

/**
 * How close a miss must come to the instruction's tokens to be put down to it: the tolerance the
 * self-check holds full heads to (a pinned head may drift by a token or two; `web-fetch` of corpus
 * dsh-as-recorded misses by +78 where the instruction is 79, and by −1 with it).
 */
const EXPLAINED_WITHIN_TOKENS = 3;

/** Where on a head the logged total misses by the max-effort instruction's tokens. */
interface EffortMiss {
  readonly label: string;
  readonly miss: number;
  readonly tokens: number;
}

/** Checks each head's first observed request for a miss the max-effort instruction explains, and words the notes. */
export class HostSettingsNotes {
  readonly #checked = new Set<bigint>();
  readonly #misses: EffortMiss[] = [];
  #applied = 0;

  /** One request: `rendered` tokens as rendered, `observedTotal` as logged (null when not). */
  check(head: bigint, label: string, rendering: RouteRendering, reconstructed: ReconstructedRequestParts, rendered: number, observedTotal: number | null, host: HostModelSettings | undefined): void {
    if (host && host.from !== null && !headerRecordsSettings(reconstructed)) this.#applied++;
    if (observedTotal === null || this.#checked.has(head)) return;
    this.#checked.add(head);
    const miss = observedTotal - rendered;
    if (miss <= 0) return;
    const tokens = rendering.maxEffortTokens(reconstructed, rendered);
    if (tokens !== null && Math.abs(tokens - miss) <= EXPLAINED_WITHIN_TOKENS) this.#misses.push({ label, miss, tokens });
  }

  notes(host: HostModelSettings | undefined): string[] {
    const notes: string[] = [];
    if (host) notes.push(hostNote(host, this.#applied));
    if (this.#misses.length > 0) {
      const where = this.#misses.map((miss) => `${miss.label} ${signedTokens(miss.miss)}${miss.miss === miss.tokens ? '' : ` where the instruction is ${miss.tokens}`}`).join('; ');
      const setting = host && host.from !== null ? `the host composition (${host.from}) does not ask for max` : 'pass the composition the session ran under with --host to apply its settings';
      notes.push(
        `the logged total exceeds the rendering by the tokens of V4's reasoning_effort "max" instruction (within ${EXPLAINED_WITHIN_TOKENS}) on the first observed request of ${this.#misses.length === 1 ? 'a head' : `${this.#misses.length} heads`} (${where}): the log does not record the effort, and a host composition with reasoningEffort: max (as DSH's acp-agent composition sets for llm-deepseek) would explain it; ${setting}`,
      );
    }
    return notes;
  }
}

/** True when the request's logged header records its own effort or thinking switch (then the host's is not used). */
function headerRecordsSettings(reconstructed: ReconstructedRequestParts): boolean {
  const config = reconstructed.head.header.event.data.header.config as Readonly<Record<string, unknown>>;
  return typeof config['reasoningEffort'] === 'string' && typeof config['thinking'] === 'string';
}

function hostNote(host: HostModelSettings, applied: number): string {
  if (host.from === null) return `the host composition (${host.files.join(', ')}) loads no DeepSeek adapter (@deepseek-ai/dsh-llm-deepseek): no model settings applied`;
  const settings = [`reasoningEffort ${host.settings.reasoningEffort ?? 'not set (high)'}`, `thinking ${host.settings.thinking ?? 'not set (enabled)'}`].join(', ');
  return `DeepSeek settings of the host composition (${host.from}): ${settings}; applied to ${applied} request${applied === 1 ? '' : 's'} whose header does not record its own`;
}
