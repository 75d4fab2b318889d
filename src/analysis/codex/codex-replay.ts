import { hashHex, hashText } from '../../prefix/hash.js';
import type { Tokenizer } from '../../prefix/tokenizer.js';
import type { CachePolicy, CachePrediction } from '../policies/cache-policy.js';
import { openaiRoute } from '../openai/openai-policy.js';
import { PrefixStore } from '../replay/prefix-store.js';
import type { MeasuredRequest, ReplaySession, ReplaySource } from '../replay/replay-loop.js';
import type { RequestDivergence, SegmentSpan } from '../result/session-analysis.js';
import { codexDivergence } from './codex-divergence.js';
import { codexHeadKey, type LearnedHead } from './head-sizes.js';
import { ItemSizes, textTokens, type SizedItem } from './item-sizes.js';
import { rolloutCalls, type CodexCall, type RolloutCalls } from './rollout-calls.js';
import type { CodexRollout } from './rollout-file.js';

/** The model a call is priced and routed under when no turn context names one. */
export const UNLOGGED_MODEL = 'unknown';

/** What the replay remembers of a call it predicted. */
interface CallRecord {
  readonly call: CodexCall;
  readonly model: string;
  readonly units: Uint32Array;
  readonly names: readonly string[];
  readonly time: number;
}

/** What the replay works out for the call it is on, between `measure` and `segments`. */
interface Current {
  readonly call: CodexCall;
  readonly model: string;
  readonly units: Uint32Array;
  readonly sized: readonly SizedItem[];
  readonly instructions: number;
  /** The unlogged head (tools and framing) the prediction used. */
  readonly head: number;
  readonly itemTokens: number;
  readonly time: number;
  readonly best: { readonly label: number; readonly sharedUnits: number; readonly ageSeconds: number } | undefined;
  /** The head as fitted to the call's own usage (after `store`). */
  fittedHead: number;
}

/** Options of a Codex replay. */
export interface CodexReplayOptions {
  readonly policy: CachePolicy;
  readonly tokenizer: Tokenizer;
  /** The head learned from the other sessions of the input, for the first call (undefined: none showed one). */
  readonly learnedHead: LearnedHead | undefined;
}

/**
 * One Codex session as a replay source. Each call's request is rebuilt as the Responses API receives
 * it: `instructions` (the session's base instructions, counted exactly), the tool schemas (not
 * logged: the head, sized from usage), then the input items in order. The route is the model with
 * `prompt_cache_key` = the session id, as Codex sends it. Token counts are o200k counts of the
 * logged text with each item's framing; the head is fitted to every observed call, so a call's size
 * rests on the call before it, never on its own usage.
 */
export class CodexReplay implements ReplaySource<CodexCall> {
  readonly policy: CachePolicy;
  readonly sessions: readonly ReplaySession[];
  readonly rollout: CodexRollout;
  readonly folded: RolloutCalls;
  readonly sizes: ItemSizes;
  /** True when the base instructions were redacted (their size is then estimated). */
  readonly instructionsRedacted: boolean;
  readonly #store = new PrefixStore<number>();
  readonly #records: CallRecord[] = [];
  readonly #instructionTokens: number;
  readonly #instructionHash: bigint;
  readonly #learned: LearnedHead | undefined;
  /** The head the session's own latest call showed (undefined before its first). */
  #head: number | undefined;
  #current: Current | undefined;
  readonly #retainedAtMost: number;

  constructor(rollout: CodexRollout, options: CodexReplayOptions) {
    this.policy = options.policy;
    this.rollout = rollout;
    this.folded = rolloutCalls(rollout);
    this.sizes = new ItemSizes(options.tokenizer, this.folded.reasoningTokens);
    this.sessions = [{ file: rollout.file, id: rollout.meta.id, format: 'codex', parentSession: null, seedLength: null }];
    const instructions = rollout.meta.instructions ?? '';
    const counted = textTokens(options.tokenizer, instructions);
    this.#instructionTokens = counted.tokens;
    this.instructionsRedacted = counted.redacted;
    this.#instructionHash = hashText(instructions);
    this.#learned = options.learnedHead;
    this.#retainedAtMost = this.policy.parameters['retainedAtMost']?.value ?? 600;
  }

  steps(): readonly CodexCall[] {
    return this.folded.calls;
  }

  /** The head a call's unit 0 stands for: the instructions, the Codex version's tools and the model. */
  #headSymbol(model: string): number {
    const key = `${hashHex(this.#instructionHash)}:${codexHeadKey(this.rollout.meta.cliVersion, model)}`;
    return Number(hashText(key) & 0xffffffffn);
  }

  measure(call: CodexCall): MeasuredRequest {
    const model = call.model ?? UNLOGGED_MODEL;
    const route = openaiRoute(model, this.rollout.meta.id);
    const sized = call.items.map((item) => this.sizes.of(item));
    const units = new Uint32Array(sized.length + 1);
    units[0] = this.#headSymbol(model);
    sized.forEach((item, at) => (units[at + 1] = item.symbol));
    const head = this.#head ?? this.#learned?.tokens ?? 0;
    const ends = new Array<number>(units.length);
    ends[0] = this.#instructionTokens + head;
    for (let at = 1; at < units.length; at++) ends[at] = ends[at - 1]! + sized[at - 1]!.tokens;
    const itemTokens = ends.at(-1)! - ends[0]!;
    const time = call.sentAt / 1000;
    const matches = this.#store.matches(route, { units }, time);
    let best: Current['best'];
    for (const match of matches) if (best === undefined || match.sharedUnits > best.sharedUnits) best = { label: match.label, sharedUnits: match.sharedUnits, ageSeconds: match.ageSeconds };
    this.#current = { call, model, units, sized, instructions: this.#instructionTokens, head, itemTokens, time, best, fittedHead: head };
    const usage = call.usage;
    return {
      session: 0,
      index: call.index,
      time: new Date(call.sentAt).toISOString(),
      route: { provider: 'openai', model },
      model,
      tokens: ends.at(-1)!,
      matches,
      // Where each input item ends: a rule with breakpoints at message boundaries (GPT-5.6's implicit one) reads them here.
      blockEnds: ends,
      observed: { uncached: usage.input - usage.cached, cacheRead: usage.cached, cacheWrite: 0, output: usage.output },
      output: usage.output,
    };
  }

  round(prediction: CachePrediction): CachePrediction {
    const [low, high] = prediction.cacheReadRange;
    return { ...prediction, uncached: Math.round(prediction.uncached), cacheRead: Math.round(prediction.cacheRead), cacheWrite: Math.round(prediction.cacheWrite), cacheReadRange: [Math.round(low), Math.round(high)] };
  }

  divergence(call: CodexCall): RequestDivergence | null {
    const current = this.#now();
    const previous = this.#records.at(-1);
    const best = current.best === undefined ? undefined : this.#records[current.best.label];
    return codexDivergence({
      session: this.rollout.meta.id,
      call,
      model: current.model,
      units: current.units,
      names: current.sized.map((item) => item.name),
      previous: previous === undefined ? null : { index: previous.call.index, model: previous.model, ageSeconds: current.time - previous.time },
      against: best === undefined || current.best === undefined ? null : { index: best.call.index, units: best.units, sharedUnits: current.best.sharedUnits, ageSeconds: current.best.ageSeconds },
      retainedSeconds: this.#retainedAtMost,
    });
  }

  /** Fits the head to the call's usage (what its logged text does not account for), then stores the call. */
  store(call: CodexCall): void {
    const current = this.#now();
    const fitted = Math.max(0, call.usage.input - current.instructions - current.itemTokens);
    current.fittedHead = fitted;
    this.#head = fitted;
    const ends = new Array<number>(current.units.length);
    ends[0] = current.instructions + fitted;
    for (let at = 1; at < ends.length; at++) ends[at] = ends[at - 1]! + current.sized[at - 1]!.tokens;
    this.#store.add(openaiRoute(current.model, this.rollout.meta.id), { units: current.units, unitEnds: ends, time: current.time, label: this.#records.length });
    this.#records.push({ call, model: current.model, units: current.units, names: current.sized.map((item) => item.name), time: current.time });
  }

  segments(): SegmentSpan[] {
    const current = this.#now();
    return [
      { kind: 'system', name: 'instructions', tokens: current.instructions, hash: hashHex(this.#instructionHash) },
      { kind: 'tool', name: `codex tools (not logged: ${codexHeadKey(this.rollout.meta.cliVersion, current.model)})`, tokens: current.fittedHead, hash: hashHex(BigInt(current.units[0]!)) },
      ...current.sized.map((item) => item.span),
    ];
  }

  #now(): Current {
    if (this.#current === undefined) throw new Error('CodexReplay: measure() must come first');
    return this.#current;
  }
}
