import path from 'node:path';
import { InputError } from '../../prefix/errors.js';
import { groupDigits } from '../../prefix/group-digits.js';
import { getTokenizer, type Tokenizer } from '../../prefix/tokenizer.js';
import { choosePolicy, type PolicyChoice, type PolicyLookup } from '../shipped-policies/policy-choice.js';
import { replayRequests } from '../replay/replay-loop.js';
import { unfinishedLineMessage } from '../text/unfinished-line.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { CodexReplay, UNLOGGED_MODEL } from './codex-replay.js';
import { CodexHeads, codexHeadKey, type HeadMeasurement, type LearnedHead } from './head-sizes.js';
import { ITEM_FRAMING_TOKENS, ItemSizes, textTokens } from './item-sizes.js';
import { REDACTED_CHARACTERS_PER_TOKEN } from './redacted-text.js';
import { rolloutCalls } from './rollout-calls.js';
import { readCodexRollout, type CodexRollout, type RolloutInputOptions } from './rollout-file.js';

/** One rollout to analyse: its path and how reports name it. */
export interface CodexInput {
  readonly file: string;
  readonly label: string;
}

/** Options of `analyzeCodexRollouts`. */
export interface CodexAnalysisOptions extends Pick<RolloutInputOptions, 'maxInputBytes'> {
  readonly policy: PolicyChoice;
  readonly policyByName: PolicyLookup;
  /** The tokenizer of the logged text (default o200k_base, the GPT-5 family's encoding). */
  readonly tokenizer?: Tokenizer;
  /** Called after each rollout is replayed. */
  readonly onFile?: (label: string) => void;
  /** What a rollout that cannot be read does: rethrow (the default) or be left out with its reason. */
  readonly failed?: (input: CodexInput, error: unknown) => void;
  /** What to keep of each tree as soon as it is replayed (default: the whole tree). */
  readonly settle?: (tree: SessionTreeAnalysis) => Promise<SessionTreeAnalysis | null>;
}

/** The unlogged head a rollout's first call showed: its input beyond the logged instructions and items. */
function headMeasurement(rollout: CodexRollout, tokenizer: Tokenizer): HeadMeasurement | undefined {
  const { calls, reasoningTokens } = rolloutCalls(rollout);
  const first = calls[0];
  if (first === undefined) return undefined;
  const sizes = new ItemSizes(tokenizer, reasoningTokens);
  const logged = textTokens(tokenizer, rollout.meta.instructions ?? '').tokens + first.items.reduce((sum, item) => sum + sizes.of(item).tokens, 0);
  return { session: rollout.meta.id, key: codexHeadKey(rollout.meta.cliVersion, first.model), tokens: Math.max(0, first.usage.input - logged) };
}

function headNote(rollout: CodexRollout, key: string, learned: LearnedHead | undefined): string {
  const session = `session ${rollout.meta.id}`;
  if (learned === undefined) return `${session}: no other session of the input showed the unlogged head (${key}), so its first call is sized from its logged text only; later calls from its own earlier usage.`;
  const from = `${learned.sessions} other session${learned.sessions === 1 ? '' : 's'}`;
  return `${session}: its first call's unlogged head (tools) is ${groupDigits(learned.tokens)} tokens, the median of the first calls of ${from}${learned.sameKey ? ` on the same head (${key})` : ` on other heads (none sent ${key})`}; later calls from its own earlier usage.`;
}

function rolloutNotes(replay: CodexReplay, key: string, learned: LearnedHead | undefined): string[] {
  const rollout = replay.rollout;
  const name = path.basename(rollout.file);
  const notes = [headNote(rollout, key, learned)];
  if (replay.sizes.redactedItems > 0 || replay.instructionsRedacted) {
    const what = [replay.instructionsRedacted ? 'the base instructions' : '', replay.sizes.redactedItems > 0 ? `${groupDigits(replay.sizes.redactedItems)} item${replay.sizes.redactedItems === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
    notes.push(`${name}: ${what} carry redaction markers ([REDACTED_TEXT len=N …]): their sizes are estimated from the markers' lengths (${REDACTED_CHARACTERS_PER_TOKEN} characters per token); the observed totals are the rollout's own.`);
  }
  const compactions = rollout.records.filter((record) => record.kind === 'compacted').length;
  if (compactions > 0) notes.push(`${name}: ${compactions} compaction${compactions === 1 ? '' : 's'} replaced the history; the calls after each start from the compacted history.`);
  const unlogged = replay.folded.calls.filter((call) => call.model === null).length;
  if (unlogged > 0) notes.push(`${name}: ${unlogged} call${unlogged === 1 ? '' : 's'} came before any turn context naming a model: routed and priced as model '${UNLOGGED_MODEL}'.`);
  const unread = Object.entries(rollout.unread);
  if (unread.length > 0) notes.push(`${name}: lines not sent to the model, not read: ${unread.map(([type, count]) => `${type} ×${count}`).join(', ')}.`);
  if (rollout.unfinishedLine !== undefined) notes.push(unfinishedLineMessage(name, rollout.unfinishedLine, 'the replay reads the rollout'));
  return notes;
}

/** The tree of one rollout: its calls replayed through the policy. */
function replayRollout(rollout: CodexRollout, heads: CodexHeads, tokenizer: Tokenizer, options: CodexAnalysisOptions): SessionTreeAnalysis {
  const { policy, note } = choosePolicy(options.policy, rollout.meta.modelProvider ?? 'openai', options.policyByName);
  const firstModel = rolloutCalls(rollout).calls[0]?.model ?? null;
  const key = codexHeadKey(rollout.meta.cliVersion, firstModel);
  const learned = heads.forSession(rollout.meta.id, key);
  const replay = new CodexReplay(rollout, { policy, tokenizer, learnedHead: learned });
  const sessions = replayRequests(replay);
  const notes = [
    "Codex logs the input items it sends, not the tool schemas: each request is rebuilt as the Responses API receives it (instructions = the session's base instructions, then the input items in order; prompt_cache_key = the session id).",
    `Token counts are ${tokenizer.name} counts of the logged text with ${ITEM_FRAMING_TOKENS} tokens of framing per item; reasoning items count the reasoning tokens of the call that wrote them; the unlogged head is fitted to each earlier call's usage, never the call being predicted.`,
    ...rolloutNotes(replay, key, learned),
    ...(note === undefined ? [] : [note]),
  ];
  return { policy: policy.name, tokenizer: `${tokenizer.name} (head fitted to logged usage)`, sessions, notes };
}

/**
 * Analyses Codex rollouts, one tree per session. The unlogged head is learned leave-one-session-out:
 * a first pass measures each rollout's head from its first call, and each session's first request
 * is sized from the other sessions' heads. A rollout with no call is left out (and said so through
 * `failed`); one that cannot be read goes to `failed` (default: the error is thrown).
 */
export async function analyzeCodexRollouts(inputs: readonly CodexInput[], options: CodexAnalysisOptions): Promise<SessionTreeAnalysis[]> {
  const tokenizer = options.tokenizer ?? getTokenizer('o200k_base');
  const limit = options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes };
  const failed = options.failed ?? ((_, error) => { throw error; });
  const measurements: HeadMeasurement[] = [];
  const readable: CodexInput[] = [];
  for (const input of inputs) {
    try {
      const measurement = headMeasurement(await readCodexRollout(input.file, { label: input.label, ...limit }), tokenizer);
      if (measurement !== undefined) measurements.push(measurement);
      readable.push(input);
    } catch (error) {
      failed(input, error);
      options.onFile?.(input.label);
    }
  }
  const heads = new CodexHeads(measurements);
  const trees: SessionTreeAnalysis[] = [];
  for (const input of readable) {
    const rollout = await readCodexRollout(input.file, { label: input.label, ...limit });
    const tree = replayRollout(rollout, heads, tokenizer, options);
    if (tree.sessions.every((session) => session.requests.length === 0)) {
      failed(input, new InputError('input/no-codex-call', 'no call with usage in it (no token_count with usage): nothing to replay', { source: input.label }));
    } else {
      const kept = options.settle === undefined ? tree : await options.settle(tree);
      if (kept !== null) trees.push(kept);
    }
    options.onFile?.(input.label);
  }
  return trees;
}
