import path from 'node:path';
import { expect, it } from 'vitest';
import { TOOL_RESULT_IMAGES_PREFIX } from '../src/providers/session/index.js';
import { AgentHost, compositionFromHead, toSourcedChatMessages, type ImageBlock, type TextBlock, type ToolDefinition } from '../src/providers/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readPin, readRows, recordedBlockSteps, recordedContexts, recordedPrompts, writtenFixtureRows as fixture, type Row } from './support/runtime-corpus.js';
import { deterministicSources, settleAll } from './support/runtime-scenario.js';

const SCENARIO = 'read-image';
const ROUTE = { provider: 'deepseek-official', model: 'deepseek-v4-flash-vision-exp' } as const;

/** Ids, times and the seqs of the model's chunks differ run to run; everything else must be the recorded bytes. */
const loopRows = (rows: readonly Row[]): unknown =>
  JSON.parse(JSON.stringify(rows.filter((row) => row.type !== 'assistant/chunk')), (key, field) => (['id', 'createdAt', 'sourceEventSeqs'].includes(key) ? '·' : field));

/**
 * Replays read-image: a native read_image call whose result holds the image beside its text. The
 * image stays in the logged tool result, and the next request carries it as DSH's DeepSeek adapter
 * sends tool-result images: the tool message with the text, then one user message with the image.
 */
async function replay() {
  const rows = readRows(path.join(ACP, SCENARIO, 'session.jsonl'));
  const recorded = rows.find((row) => row.type === 'tool/result')!.data.message.content[0].content as (TextBlock | ImageBlock)[];
  const readImage: ToolDefinition = { name: 'read_image', description: '', parameters: {}, execute: async () => recorded };
  const { system, tools } = readPin(SCENARIO);
  const composition = compositionFromHead({ system, tools, source: 'read-image pin', contexts: recordedContexts(rows), executors: new Map([['read_image', readImage]]) });
  const model = new ScriptedModel(recordedBlockSteps(rows));
  const host = new AgentHost({ composition, model, ...deterministicSources() });
  const agent = host.createAgent({ ...ROUTE, cwd: '{{cwd}}' });
  agent.followup([{ type: 'text', text: recordedPrompts(rows)[0]! }]);
  await settleAll(host);
  model.assertConsumed();
  return { agent, rows, recorded };
}

describeWithCorpus('dsh', 'runtime: a tool result that holds an image (read-image)', () => {
  it("writes the log row for row (the model's chunks aside): the image stays in the tool result", async () => {
    const { agent, rows } = await replay();
    expect(loopRows(fixture(agent))).toEqual(loopRows(rows));
  });

  it('sends step 2 the tool message, then the image as one user message after it', async () => {
    const { agent } = await replay();
    const wire = toSourcedChatMessages(agent.requests[1]!.model.messages as never).map(({ message }) => message);
    expect(wire.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'read-image-call', content: '<path>{{cwd}}/red.png</path>\n<type>image</type>\n<content>\nimage/png image, 1x1 px, 69 bytes\n</content>' },
      {
        role: 'user',
        content: [
          { type: 'text', text: TOOL_RESULT_IMAGES_PREFIX },
          { type: 'image_url', image_url: { url: 'dsh-attachment:sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640' } },
        ],
      },
    ]);
  });
});
