import { describe, expect, it } from 'vitest';
import {
  parseToolSchemasPin,
  projectSurface,
  readSessionLog,
  surfaceMessage,
  surfaceToChatMessages,
  toolSchemaToChatWire,
  toSourcedChatMessages,
  type StoredMessage,
} from '../src/providers/session/index.js';
import { corpusPath, itWithCorpus, readCorpusText } from './support/corpus.js';

const SNAPSHOTS = 'dsh/examples/acp-agent/tests/snapshots';

async function surfaceMessages(scenario: string): Promise<StoredMessage[]> {
  const log = await readSessionLog(corpusPath(SNAPSHOTS, scenario, 'session.jsonl'));
  return projectSurface(log.events).map((entry) => surfaceMessage(entry.event));
}

describe('DSH messages as chat wire messages', () => {
  itWithCorpus('dsh', 'the fork parent: user text, reasoning passed back, tool calls with raw arguments, tool results by call id', async () => {
    const wire = surfaceToChatMessages(await surfaceMessages('subagent-fork-in-process'));
    expect(wire.map((message) => message.role)).toEqual(['user', 'user', 'assistant', 'user', 'assistant', 'tool', 'assistant']);
    expect(wire[0]).toEqual({
      role: 'user',
      content: 'Remember this fact for later: the project codeword is MARMALADE. Reply with the single word OK and stop. Do not use any tools.',
    });
    // Every assistant turn that carried reasoning passes it back (llm-deepseek README, passback rule).
    expect(wire[2]).toEqual({ role: 'assistant', content: 'OK', reasoning_content: 'The user wants me to remember the codeword "MARMALADE" and reply with just "OK".' });
    expect(wire[4]).toMatchObject({
      role: 'assistant',
      content: '',
      tool_calls: [
        {
          id: 'call_00_sAtKUseRzHRBvL4CF7XF1334',
          type: 'function',
          function: {
            name: 'subagent_fork',
            arguments: '{"description": "Recall project codeword", "prompt": "What is the project codeword mentioned earlier in this conversation? Reply with exactly that one word and nothing else."}',
          },
        },
      ],
    });
    expect(Object.keys(wire[4]!)).toEqual(['role', 'content', 'reasoning_content', 'tool_calls']);
    expect(wire[5]).toEqual({ role: 'tool', tool_call_id: 'call_00_sAtKUseRzHRBvL4CF7XF1334', content: 'MARMALADE' });
  });

  itWithCorpus('dsh', 'joins a message of several text blocks with no separator, as DSH does', async () => {
    const log = await readSessionLog(corpusPath(SNAPSHOTS, 'subagent-continuable/session.jsonl'));
    const notice = projectSurface(log.events).find((entry) => entry.event.type === 'user/message' && entry.event.data.source.kind === 'subagent-settled');
    expect(notice).toBeDefined();
    const texts = (surfaceMessage(notice!.event).content as { text: string }[]).map((block) => block.text);
    expect(texts.length).toBeGreaterThan(1);
    expect(surfaceToChatMessages([surfaceMessage(notice!.event)])).toEqual([{ role: 'user', content: texts.join('') }]);
  });

  it('gives an empty tool output the "(no output)" text and skips block types it does not know', () => {
    const message: StoredMessage = {
      role: 'user',
      source: { kind: 'tool', callId: 'c1' },
      content: [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: '' }, { type: 'x-plugin', payload: 1 }], isError: false }],
    };
    expect(surfaceToChatMessages([message])).toEqual([{ role: 'tool', tool_call_id: 'c1', content: '(no output)' }]);
  });

  itWithCorpus('dsh', 'keeps image order in user content and groups tool-result images after the tool messages (read-image)', async () => {
    const messages = await surfaceMessages('read-image');
    const sourced = toSourcedChatMessages(messages);
    const toolIndex = sourced.findIndex((entry) => entry.message.role === 'tool');
    expect(sourced[toolIndex]?.message).toMatchObject({ role: 'tool', content: expect.stringContaining('<type>image</type>') });
    expect(sourced[toolIndex + 1]).toEqual({
      message: {
        role: 'user',
        content: [
          { type: 'text', text: 'Attached image(s) from tool result:' },
          { type: 'image_url', image_url: { url: 'dsh-attachment:sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640' } },
        ],
      },
      source: sourced[toolIndex]?.source,
    });
    const inline = surfaceToChatMessages(await surfaceMessages('inline-image-prompt'));
    expect(inline[0]?.role).toBe('user');
    expect(Array.isArray(inline[0]?.content)).toBe(true);
  });

  itWithCorpus('dsh', 'turns pinned tool schemas into chat tools in the pinned order', () => {
    const pin = parseToolSchemasPin(readCorpusText(SNAPSHOTS, 'text-turn/tool-schemas.expected.json'), 'text-turn/tool-schemas.expected.json');
    const tools = pin.initial.map(toolSchemaToChatWire);
    expect(tools.map((tool) => tool.function.name)).toEqual(pin.initial.map((tool) => tool.name));
    expect(tools).toHaveLength(19);
    expect(tools[0]).toEqual({ type: 'function', function: { name: 'bash', description: pin.initial[0]?.description, parameters: pin.initial[0]?.parameters } });
    expect(Object.keys(tools[0]!.function)).toEqual(['name', 'description', 'parameters']);
  });
});
