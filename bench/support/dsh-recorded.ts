import { readdirSync } from 'node:fs';
import path from 'node:path';
import { corpusPath } from './corpus.js';

/** The ACP scenarios of the DSH corpus whose usage was recorded against the real API (corpus README, "DSH fixture conventions"). */
const RECORDED = /^(bash-tool-turn|cancel-tool-calls|code-mode-turn|escalation-approved|escalation-rejected|fs-.+|hook-cc-.+|hook-codex-.+|multi-turn|persistent-pwsh-tool-turn|pwsh-tool-turn|reject-extra-dirs|subagent-fork-in-process|subagent-max-tokens-partial|subagent-parallel|subagent-spawn-in-process|text-turn|todo-write|tool-call-turn|web-fetch|workspace-edit)$/;

/** Absolute folders of the recorded DSH scenarios, sorted. */
export function recordedDshScenarios(): string[] {
  const snapshots = corpusPath('dsh/examples/acp-agent/tests/snapshots');
  return readdirSync(snapshots)
    .filter((name) => RECORDED.test(name))
    .sort()
    .map((name) => path.join(snapshots, name));
}

/** The session logs of a scenario folder (`session.jsonl`, `session.<n>.jsonl`). */
export function sessionLogsIn(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => /^session(?:\.\d+)?\.jsonl$/.test(name))
    .sort()
    .map((name) => path.join(folder, name));
}
