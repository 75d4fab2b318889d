import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getTokenizer, InputError } from '../../prefix/index.js';
import type { SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';
import { replayRequests } from '../replay/replay-loop.js';
import { ClaudeCodeReplay, type ClaudeCodeAnalysisOptions, type SessionState } from './claude-code-replay.js';
import { findSidechainFiles } from './find-sidechains.js';
import { SessionCalibration } from './token-calibration.js';
import { readClaudeCodeTranscript, type ClaudeCodeTranscript, type TranscriptInputOptions } from './transcript-entry.js';

/** The main transcript and its subagents, read. */
async function readTree(file: string, withSidechains: boolean, input: TranscriptInputOptions): Promise<ClaudeCodeTranscript[]> {
  const main = await readClaudeCodeTranscript(file, input);
  const sessionId = main.entries[0]?.sessionId;
  const mainIsSidechain = main.entries.some((entry) => entry.isSidechain === true);
  if (!withSidechains || sessionId === undefined || mainIsSidechain) return [main];
  const children = await Promise.all((await findSidechainFiles(file, sessionId)).map((child) => readClaudeCodeTranscript(child, input)));
  return [main, ...children];
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
 * layout); undefined when there is none. A meta file that is there but unreadable is an error.
 */
async function subagentType(file: string): Promise<string | undefined> {
  const meta = file.replace(/\.jsonl$/, '.meta.json');
  let text: string;
  try {
    text = await readFile(meta, 'utf8');
  } catch {
    return undefined;
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

/**
 * Replays a Claude Code session — a main transcript and its subagent sidechains — through a cache
 * policy in the order the requests were sent, and sets each prediction beside the usage Claude Code
 * logged. Request bodies are rebuilt from the transcript (messages in order, Claude Code's two
 * breakpoints: end of the system prompt and end of the last message); token counts are o200k
 * estimates calibrated against the usage of the session's earlier requests.
 */
export async function analyzeClaudeCodeSession(file: string, options: ClaudeCodeAnalysisOptions = {}): Promise<SessionTreeAnalysis> {
  const transcripts = await readTree(file, options.sidechains ?? true, options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes });
  const states: SessionState[] = await Promise.all(transcripts.map(async (transcript) => {
    const first = transcript.entries[0];
    const sidechain = transcript.entries.some((entry) => entry.isSidechain === true);
    const agentType = sidechain ? await subagentType(transcript.file) : undefined;
    return {
      transcript,
      id: sidechain ? (first?.agentId ?? path.basename(transcript.file, '.jsonl')) : (first?.sessionId ?? path.basename(transcript.file, '.jsonl')),
      sidechain,
      calibration: new SessionCalibration(),
      records: [],
      agent: sidechain ? (agentType === undefined ? `subagent ${path.basename(transcript.file)}` : `subagent type ${agentType}`) : 'main',
      version: transcriptVersion(transcript),
      headEnd: undefined,
    };
  }));
  const replay = new ClaudeCodeReplay(options, states);
  const replayed = replayRequests(replay);
  // The root first, then the subagents in the order they started.
  const started = (index: number) => states[index]!.records[0]?.call.sentAt ?? Infinity;
  const order = [0, ...states.slice(1).map((_, at) => at + 1).sort((a, b) => started(a) - started(b))];
  const sessions: SessionAnalysis[] = order.map((index) => replayed[index]!);
  const notes = [
    'Claude Code does not log request bodies: each request is rebuilt from the transcript (messages in order; breakpoints at the end of the system prompt and of the last message).',
    `Token counts are ${(options.tokenizer ?? getTokenizer()).name} estimates of the logged content, calibrated per session against the usage (input + cache read + cache write) of earlier requests, never the request being predicted.`,
    options.globalHead === false
      ? 'No global head assumed: only requests in the input warm the cache.'
      : "After its first request, a main session reads its tools and static system prompt (at the size its own usage showed) from a cache shared across sessions (assumed warm).",
    'A first request reads its head (tools and system prompt) only when the input holds evidence: another session or subagent sent the same head (Claude Code version, model, agent type) within its TTL before it. Otherwise it is predicted cold, with the warm read as the top of its range.',
    ...replay.headNotes,
  ];
  for (const state of states) {
    const skipped = Object.entries(state.transcript.skipped);
    if (skipped.length > 0) notes.push(`${path.basename(state.transcript.file)}: skipped bookkeeping entries ${skipped.map(([type, count]) => `${type} ×${count}`).join(', ')}.`);
  }
  return { policy: replay.policy.name, tokenizer: `${(options.tokenizer ?? getTokenizer()).name} (calibrated to logged Claude usage)`, sessions, notes };
}
