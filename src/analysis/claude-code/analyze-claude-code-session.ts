import path from 'node:path';
import { InputError } from '../../prefix/index.js';
import { readInputText, type InputOptions } from '../../providers/input/index.js';
import type { SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';
import { replayRequests } from '../replay/replay-loop.js';
import { ClaudeCodeReplay, type ClaudeCodeAnalysisOptions, type SessionState } from './claude-code-replay.js';
import { findSidechainFiles, SidechainIndex } from './find-sidechains.js';
import { unfinishedLineMessage } from '../text/unfinished-line.js';
import { SessionCalibration } from './token-calibration.js';
import { CHARACTER_ESTIMATE_NAME } from './character-estimate.js';
import { compactionAgentState, isCompactionAgent, missingConversation } from './compaction-agents.js';
import { conflictingCallNotes } from './transcript-conflicts.js';
import { BOOKKEEPING_TYPES } from './transcript-kind.js';
import { readClaudeCodeTranscript, type ClaudeCodeTranscript, type ConversationEntry, type TranscriptInputOptions } from './transcript-entry.js';
import { inputLimit } from '../../providers/input/input-chunks.js';

/**
 * Claude Code 1.0 wrote its subagents into the session's own file: entries marked `isSidechain`,
 * each subagent's chain starting at a user entry with no parent. The main transcript keeps its own
 * entries, and each sidechain becomes a transcript of its own (same file, named after its first
 * entry), so it is replayed as the subagent it was. A file that is itself a subagent's is kept whole.
 */
export function splitInFileSidechains(transcript: ClaudeCodeTranscript): ClaudeCodeTranscript[] {
  const first = transcript.entries[0];
  if (first === undefined || first.isSidechain === true || !transcript.entries.some((entry) => entry.isSidechain === true)) return [transcript];
  const main: ConversationEntry[] = [];
  const chains = new Map<string, ConversationEntry[]>();
  const rootOf = new Map<string, string>();
  const links = transcript.links;
  // The sidechain an entry continues: its parent's, followed through bookkeeping entries.
  const parentRoot = (uuid: string | null | undefined): string | undefined => {
    const passed = new Set<string>();
    for (let at = uuid; at && !passed.has(at); at = links?.get(at)) {
      const root = rootOf.get(at);
      if (root !== undefined) return root;
      passed.add(at);
    }
    return undefined;
  };
  for (const entry of transcript.entries) {
    if (entry.isSidechain !== true) {
      main.push(entry);
      continue;
    }
    const root = parentRoot(entry.parentUuid) ?? entry.uuid;
    rootOf.set(entry.uuid, root);
    chains.set(root, [...(chains.get(root) ?? []), entry]);
  }
  const sidechains = [...chains.entries()].map(([root, entries]): ClaudeCodeTranscript => ({
    file: transcript.file,
    entries,
    skipped: {},
    ...(links === undefined ? {} : { links }),
    id: entries[0]!.agentId ?? `sidechain-${root.slice(0, 8)}`,
  }));
  return [{ ...transcript, entries: main }, ...sidechains];
}

/** The main transcript and its subagents, read: in-file sidechains split out, then the subagent files. */
export async function readTree(file: string, withSidechains: boolean, input: TranscriptInputOptions, index: SidechainIndex): Promise<ClaudeCodeTranscript[]> {
  const read = await readClaudeCodeTranscript(file, input);
  const label = input.label ?? file;
  // Subagent files are named in errors the way the main file was given.
  const labelOf = (child: string) => path.join(path.dirname(label), path.relative(path.dirname(file), child));
  if (!withSidechains) return [{ ...read, entries: read.entries.filter((entry) => entry.isSidechain !== true || read.entries[0]?.isSidechain === true) }];
  const transcripts = splitInFileSidechains(read);
  const main = transcripts[0]!;
  const sessionId = main.entries[0]?.sessionId;
  if (sessionId === undefined || main.entries.some((entry) => entry.isSidechain === true)) return transcripts;
  // One at a time: a session with a hundred subagents must not hold a hundred files open.
  for (const child of await findSidechainFiles(file, sessionId, index)) transcripts.push(await readClaudeCodeTranscript(child, { ...input, label: labelOf(child) }));
  return transcripts;
}

/** Options of `analyzeClaudeCodeSession`: the replay's, and the run's shared subagent index. */
export type ClaudeCodeSessionOptions = ClaudeCodeAnalysisOptions & {
  /** Agent files already read in this run (one per run, so each is read once). */
  readonly sidechainIndex?: SidechainIndex;
  /** How errors name `file` (default: `file`), e.g. the path as the user typed it. */
  readonly label?: string;
};

/** What a reader should know about a transcript: a last line still being written, calls that share ids. */
function transcriptWarnings(transcript: ClaudeCodeTranscript): string[] {
  const name = path.basename(transcript.file);
  const unfinished = transcript.unfinishedLine;
  return [
    ...(unfinished ? [unfinishedLineMessage(name, unfinished, 'the replay reads the transcript')] : []),
    ...conflictingCallNotes(name, transcript),
  ];
}

/** Claude Code's version as the transcript's first entry that logs one says. */
function transcriptVersion(transcript: ClaudeCodeTranscript): string | undefined {
  for (const entry of transcript.entries) {
    const version = (entry as { version?: unknown }).version;
    if (typeof version === 'string') return version;
  }
  return undefined;
}

/**
 * A subagent's type from the `agent-*.meta.json` Claude Code writes beside its transcript (newer
 * layout); undefined when there is none. A meta file that is there but unreadable is an error. It
 * is read as every input is (size limit, no devices, strict UTF-8): a link to `/dev/zero` must not
 * be read forever.
 */
async function subagentType(file: string, input: Pick<InputOptions, 'maxInputBytes'>): Promise<string | undefined> {
  const meta = file.replace(/\.jsonl$/, '.meta.json');
  let text: string;
  try {
    text = await readInputText(meta, input);
  } catch (error) {
    if (error instanceof InputError && (error.cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new InputError('input/malformed-json', `${meta}: not JSON (${(error as Error).message})`, { source: meta });
  }
  const type = typeof parsed === 'object' && parsed !== null ? (parsed as { agentType?: unknown }).agentType : undefined;
  return typeof type === 'string' && type !== '' ? type : undefined;
}

/** A transcript's replay state: its session id, agent and version as the transcript shows them, unless given. */
export async function sessionState(
  transcript: ClaudeCodeTranscript,
  given: { readonly id?: string; readonly agent?: string; readonly version?: string | undefined; readonly forkedFrom?: number } = {},
  input: Pick<InputOptions, 'maxInputBytes'> = {},
): Promise<SessionState> {
  const first = transcript.entries[0];
  const sidechain = transcript.entries.some((entry) => entry.isSidechain === true);
  const agentType = sidechain && given.agent === undefined ? await subagentType(transcript.file, input) : undefined;
  return {
    transcript,
    id: given.id ?? transcript.id ?? (sidechain ? (first?.agentId ?? path.basename(transcript.file, '.jsonl')) : (first?.sessionId ?? path.basename(transcript.file, '.jsonl'))),
    sidechain,
    calibration: new SessionCalibration(),
    records: [],
    agent: given.agent ?? (sidechain ? (agentType === undefined ? `subagent ${path.basename(transcript.file)}` : `subagent type ${agentType}`) : 'main'),
    version: 'version' in given ? given.version : transcriptVersion(transcript),
    ...(given.forkedFrom === undefined ? {} : { forkedFrom: given.forkedFrom }),
    headEnd: undefined,
  };
}

/**
 * Replays a Claude Code session — a main transcript and its subagent sidechains — through a cache
 * policy in the order the requests were sent, and sets each prediction beside the usage Claude Code
 * logged. Request bodies are rebuilt from the transcript (messages in order, Claude Code's two
 * breakpoints: end of the system prompt and end of the last message); token counts are estimates
 * (`BlockSizes`) calibrated against the usage of the session's earlier requests.
 */
export async function analyzeClaudeCodeSession(file: string, options: ClaudeCodeSessionOptions = {}): Promise<SessionTreeAnalysis> {
  const input = inputLimit(options);
  const transcripts = await readTree(file, options.sidechains ?? true, { ...input, ...(options.label === undefined ? {} : { label: options.label }) }, options.sidechainIndex ?? new SidechainIndex(input));
  return replayStates(await treeStates(transcripts, input), options);
}

/**
 * The replay states of a tree's transcripts (the root first): each as its transcript shows it, a
 * compaction agent seeded with its parent's conversation (`compactionAgentState`), or, when the input
 * holds no request of its session before it (an agent whose session file is gone is a tree of its
 * own), marked with what its requests lack.
 */
export async function treeStates(transcripts: readonly ClaudeCodeTranscript[], input: Pick<InputOptions, 'maxInputBytes'>): Promise<SessionState[]> {
  const states: SessionState[] = [];
  for (const transcript of transcripts) {
    const state = await sessionState(transcript, {}, input);
    const root = states[0];
    const compaction = state.sidechain && isCompactionAgent(transcript.file);
    const seeded = root !== undefined && compaction ? await compactionAgentState(transcript, transcripts[0]!, root, sessionState, state, input) : undefined;
    states.push(seeded ?? (compaction ? { ...state, incomplete: missingConversation(root !== undefined) } : state));
  }
  return states;
}

/** Replays session states (the root first) as one tree: `analyzeClaudeCodeSession` once its transcripts are read. */
export function replayStates(states: readonly SessionState[], options: ClaudeCodeAnalysisOptions): SessionTreeAnalysis {
  const replay = new ClaudeCodeReplay(options, states);
  const replayed = replayRequests(replay);
  // The root first, then the subagents in the order they started.
  const started = (index: number) => states[index]!.records[0]?.call.sentAt ?? Infinity;
  const order = [0, ...states.slice(1).map((_, at) => at + 1).sort((a, b) => started(a) - started(b))];
  const sessions: SessionAnalysis[] = order.map((index) => withIncomplete(replayed[index]!, states[index]!.incomplete));
  const notes = [
    'Claude Code does not log request bodies: each request is rebuilt from the transcript (messages in order; breakpoints at the end of the system prompt and of the last message).',
    `Token counts are ${estimateName(options)} estimates of the logged content${options.tokenizer === undefined ? " (Anthropic's glossary: a Claude token is about 3.5 English characters)" : ''}, calibrated per session against the usage (input + cache read + cache write) of earlier requests, never the request being predicted.`,
    options.globalHead === true
      ? "After an idle gap past its head's TTL, a main session is assumed to read its tools and static system prompt (at the size its own usage showed) from a cache shared across sessions (globalHead), evidence or not."
      : 'Only requests in the input warm the cache.',
    "A first request, and a later one whose own head entry expired in an idle gap, reads its head (tools and system prompt) only when the input holds evidence: another session or subagent sent the same head (Claude Code version, model, agent type) within its TTL before it. Otherwise it is predicted cold, with the warm read as the top of its range.",
    ...replay.headNotes,
    ...replay.thinkingNotes(),
  ];
  for (const state of states) {
    const name = path.basename(state.transcript.file);
    const skipped = Object.entries(state.transcript.skipped);
    const known = skipped.filter(([type]) => BOOKKEEPING_TYPES.has(type));
    const unknown = skipped.filter(([type]) => !BOOKKEEPING_TYPES.has(type));
    const counted = (entries: [string, number][]) => entries.map(([type, count]) => `${type} ×${count}`).join(', ');
    if (known.length > 0) notes.push(`${name}: skipped bookkeeping entries ${counted(known)}.`);
    if (unknown.length > 0) notes.push(`${name}: entries of types kvprefix does not know, read as bookkeeping the model never sees (the chain of parents runs through them): ${counted(unknown)}.`);
    if (state.incomplete !== undefined) notes.push(`${name}: ${state.incomplete}, and left out of the self-check.`);
    for (const bad of state.transcript.badLines ?? []) notes.push(`${name} line ${bad.line}: ${bad.problem}; the line is left out and the rest of the file read.`);
    notes.push(...transcriptWarnings(state.transcript));
  }
  const label = states[0]?.transcript.label;
  return { policy: replay.policy.name, tokenizer: `${estimateName(options)} (calibrated to logged Claude usage)`, sessions, notes, ...(label === undefined ? {} : { label }) };
}

/** A session's requests, each marked with what the input lacks of it when it lacks something. */
function withIncomplete(session: SessionAnalysis, incomplete: string | undefined): SessionAnalysis {
  return incomplete === undefined ? session : { ...session, requests: session.requests.map((request) => ({ ...request, incomplete })) };
}

/** What block sizes are estimated with: the tokenizer given, else Anthropic's characters-per-token rule. */
function estimateName(options: ClaudeCodeAnalysisOptions): string {
  return options.tokenizer?.name ?? CHARACTER_ESTIMATE_NAME;
}
