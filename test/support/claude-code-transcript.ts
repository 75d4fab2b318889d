import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One API call of a hand-made Claude Code transcript: the user text it answers and what it logged. */
export interface TurnSpec {
  readonly at: string;
  readonly userText: string;
  readonly model?: string;
  /** Claude Code's version logged on the turn's entries (none by default). */
  readonly version?: string;
  /** Content blocks of the response, each logged as its own entry as Claude Code streams them. */
  readonly blocks?: readonly { readonly type: 'text'; readonly text: string }[];
  readonly usage: { readonly input: number; readonly read: number; readonly write: number; readonly output?: number };
  /** The message's `diagnostics` as the API returned it (not logged when absent). */
  readonly diagnostics?: unknown;
}

/**
 * Writes a transcript in Claude Code's layout (user entry, then one assistant entry per content block
 * with the same message id, request id and usage) and returns its path.
 */
export function writeTranscript(turns: readonly TurnSpec[], options: { readonly sidechain?: boolean; readonly sessionId?: string } = {}): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-claude-code-'));
  const file = path.join(directory, 'session.jsonl');
  const lines: string[] = [];
  let parent: string | null = null;
  turns.forEach((turn, index) => {
    const common = { sessionId: options.sessionId ?? 'session-1', isSidechain: options.sidechain ?? false, ...(options.sidechain ? { agentId: 'agent-1' } : {}), ...(turn.version === undefined ? {} : { version: turn.version }) };
    const userUuid = `user-${index}`;
    lines.push(JSON.stringify({ type: 'user', uuid: userUuid, parentUuid: parent, timestamp: turn.at, ...common, message: { role: 'user', content: turn.userText } }));
    parent = userUuid;
    const blocks = turn.blocks ?? [{ type: 'text', text: `answer ${index}` }];
    blocks.forEach((block, at) => {
      const uuid = `assistant-${index}-${at}`;
      const output = at === blocks.length - 1 ? (turn.usage.output ?? 50) : 1;
      lines.push(
        JSON.stringify({
          type: 'assistant',
          uuid,
          parentUuid: parent,
          timestamp: turn.at,
          requestId: `req-${index}`,
          ...common,
          message: {
            id: `msg-${index}`,
            role: 'assistant',
            model: turn.model ?? 'claude-sonnet-4-5-20250929',
            content: [block],
            usage: { input_tokens: turn.usage.input, cache_read_input_tokens: turn.usage.read, cache_creation_input_tokens: turn.usage.write, output_tokens: output },
            ...(turn.diagnostics === undefined ? {} : { diagnostics: turn.diagnostics }),
          },
        }),
      );
      parent = uuid;
    });
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** About `words` o200k tokens of distinct prose. */
export function prose(words: number, seed = 0): string {
  return Array.from({ length: words }, (_, index) => `word${(index * 7919 + seed) % 100_000}`).join(' ');
}
