import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { failedInput, fileHead, type ReaderInput, type SessionReader } from '../inputs/session-reader.js';

/**
 * A Codex CLI rollout: a `.jsonl` file whose first line is a `session_meta` record. Its first line
 * holds the base instructions (tens of kilobytes), so only its opening is looked at.
 */
export async function isCodexRollout(input: ReaderInput, kind: 'file' | 'directory'): Promise<boolean> {
  if (kind !== 'file' || !input.file.endsWith('.jsonl')) return false;
  const firstLine = (await fileHead(input.file, 1024)).split('\n', 1)[0]!;
  return firstLine.startsWith('{') && /"type"\s*:\s*"session_meta"/.test(firstLine);
}

/**
 * Codex CLI rollouts (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`), analysed together so that
 * each session's unlogged head is learned from the others. The replay loads on first use.
 */
export const codexReader: SessionReader = {
  name: 'codex',
  reads: 'Codex CLI rollouts (rollout-*.jsonl)',
  claims: isCodexRollout,
  async analyze(inputs, options): Promise<SessionTreeAnalysis[]> {
    const { analyzeCodexRollouts } = await import('../codex/analyze-codex-sessions.js');
    const byLabel = new Map(inputs.map((input) => [input.label, input]));
    return analyzeCodexRollouts(inputs, {
      policy: options.policy,
      policyByName: options.policyByName,
      ...(options.tokenizer === undefined ? {} : { tokenizer: options.tokenizer }),
      ...(options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes }),
      ...(options.onFile === undefined ? {} : { onFile: options.onFile }),
      ...(options.settle === undefined ? {} : { settle: options.settle }),
      failed: (input, error) => {
        // A rollout with no call in it (a session opened and left) is listed, even when named.
        const noCall = (error as { code?: unknown }).code === 'input/no-codex-call';
        if (noCall && options.skip !== undefined) return options.skip(input.label, 'no call with usage in it (no token_count with usage): nothing to replay');
        failedInput(byLabel.get(input.label) ?? input, error, options);
      },
    });
  },
};
