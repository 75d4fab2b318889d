import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bufferedIo, runCli } from '../../src/cli/index.js';
import { corpusPath } from './corpus.js';

/** The corpus folder of Codex CLI rollouts (laid out as `$CODEX_HOME/sessions`). */
export const CODEX_CORPUS = 'codex-rollouts';
const DAY = ['sessions', '2026', '05', '11'];
/** The corpus rollout with calls (66 of them); the other holds none with usage. */
export const ROLLOUT_WITH_CALLS = 'rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl';
export const ROLLOUT_WITHOUT_CALLS = 'rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl';

export const corpusRolloutPath = (name = ROLLOUT_WITH_CALLS): string => corpusPath(CODEX_CORPUS, ...DAY, name);
export const corpusRolloutText = (name = ROLLOUT_WITH_CALLS): string => readFileSync(corpusRolloutPath(name), 'utf8');

const homes: string[] = [];

/** A `CODEX_HOME` holding the given rollouts (file name → text) under `sessions/2026/05/11`; removed by `removeCodexHomes`. */
export function codexHome(rollouts: Readonly<Record<string, string>>): string {
  const home = mkdtempSync(path.join(tmpdir(), 'kvprefix-codex-home-'));
  homes.push(home);
  const day = path.join(home, ...DAY);
  mkdirSync(day, { recursive: true });
  for (const [name, text] of Object.entries(rollouts)) writeFileSync(path.join(day, name), text);
  return home;
}

export function removeCodexHomes(): void {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
}

/** String fields whose text a redacting tool replaces (message text, tool arguments and outputs, instructions). */
const REDACTED_KEYS = new Set(['text', 'output', 'arguments', 'input', 'message', 'last_agent_message', 'aggregated_output', 'stdout', 'formatted_output']);

function redactValue(value: unknown, key: string | undefined): unknown {
  if (typeof value === 'string') {
    if (key === undefined || !REDACTED_KEYS.has(key) || value === '') return value;
    return `[REDACTED_TEXT len=${value.length} sha=${createHash('sha256').update(value).digest('hex').slice(0, 12)}]`;
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, undefined));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, redactValue(item, name)]));
  return value;
}

/** A rollout with every text replaced by a `[REDACTED_TEXT len=N sha=H]` marker, as redacting tools share them. */
export function redactRollout(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? line : JSON.stringify(redactValue(JSON.parse(line), undefined))))
    .join('\n');
}

/** A rollout whose every `token_count` line is written twice, as older Codex versions write a call's count. */
export function repeatTokenCounts(text: string): string {
  return text
    .split('\n')
    .flatMap((line) => (line.includes('"type":"token_count"') ? [line, line] : [line]))
    .join('\n');
}

/** The rollout with its session id replaced (a second session with the same calls). */
export function withSessionId(text: string, id: string): string {
  return text.split('019e1625-789d-76c0-80ab-3724b5ddb799').join(id);
}

/** `kvprefix analyze --json` with the given arguments, in process. */
export async function analyzeJson(argv: readonly string[]) {
  const io = bufferedIo(tmpdir());
  const code = await runCli(['analyze', '--json', ...argv], io);
  return { code, err: io.err.join(''), result: JSON.parse(io.out.join('') || 'null') };
}

/** Observed output tokens of every request of a `--json` result. */
export function observedOutput(result: { sessions: { requests: { observed: { output?: number } | null }[] }[] }): number {
  return result.sessions.flatMap((session) => session.requests).reduce((sum, request) => sum + (request.observed?.output ?? 0), 0);
}
