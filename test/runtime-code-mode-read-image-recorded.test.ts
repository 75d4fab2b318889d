import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import {
  AgentHost,
  compositionFromHead,
  modelRequestPoints,
  parseSessionLog,
  parseSystemPromptPin,
  parseToolSchemasPin,
  reconstructRequest,
  toSourcedChatMessages,
  type HeadPins,
  type ImageBlock,
  type LoggedToolSchema,
  type TextBlock,
  type ToolDefinition,
} from '../src/providers/index.js';
import type { ModelMessage } from '../src/providers/model/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readRows, recordedContexts, recordedBlockSteps, recordedPrompts, writtenFixtureRows as fixture, type Row } from './support/runtime-corpus.js';
import { deterministicSources, settleAll } from './support/runtime-scenario.js';

const SCENARIO = path.join(ACP, 'code-mode-read-image');
const ROUTE = { provider: 'deepseek-official', model: 'deepseek-v4-flash-vision-exp' } as const;
/** The recording keeps the workspace as this placeholder; the replay works in it verbatim. */
const CWD = '{{cwd}}';

/** Ids and times differ run to run; everything else must be the recorded bytes. */
const normalize = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (key, field) => (['id', 'createdAt'].includes(key) ? '·' : field));

/**
 * The recorded subtool rows: DSH's Code Mode logs each program call as `tool/code-dispatch-start` /
 * `tool/code-dispatch`. kvprefix runs no program, so the replay's `run_code` stands in for it and
 * these rows are the only ones it does not write.
 */
const isSubtoolRow = (row: Row): boolean => row.type.startsWith('tool/code-dispatch');

/** The scenario pins its system prompt; its wire carries `run_code` alone, as `code-mode-turn` pins it for the same deployment. */
function pins(): { system: string; tools: readonly LoggedToolSchema[]; head: HeadPins } {
  const systemPin = parseSystemPromptPin(readFileSync(path.join(SCENARIO, 'system-prompt.expected.md'), 'utf8'), 'code-mode-read-image');
  const toolsPin = parseToolSchemasPin(readFileSync(path.join(ACP, 'code-mode-turn/tool-schemas.expected.json'), 'utf8'), 'code-mode-turn');
  return { system: systemPin.initial, tools: toolsPin.initial, head: { system: systemPin, tools: toolsPin } };
}

/**
 * A log's rows without the model's chunks and the subtool rows kvprefix does not write; the
 * `sourceEventSeqs` pointing into them shift with them, so they are left out too.
 */
const loopRows = (rows: readonly Row[]): unknown =>
  JSON.parse(JSON.stringify(normalize(rows.filter((row) => row.type !== 'assistant/chunk' && !isSubtoolRow(row)))), (key, field) => (key === 'sourceEventSeqs' ? '·' : field));

/**
 * Replays code-mode-read-image: one `run_code` program writes a PNG with bash and reads it with
 * read_image. Its text result is the path; the image read_image returned cannot ride in that text,
 * so it enters the history after the result as a `tools-code-mode` plugin message claimed by step 2,
 * and the step-2 request carries it.
 */
async function replay() {
  const rows = readRows(path.join(SCENARIO, 'session.jsonl'));
  const image = rows.find((row) => row.type === 'tool/code-dispatch' && row.data.name === 'read_image')!.data.content as (TextBlock | ImageBlock)[];
  const answer = rows.find((row) => row.type === 'tool/result')!.data.message.content[0].content as TextBlock[];
  const runCode: ToolDefinition = {
    name: 'run_code',
    description: '',
    parameters: {},
    async execute(_args, execution) {
      execution.addAfterResult(image, { kind: 'plugin', plugin: 'tools-code-mode' });
      return answer;
    },
  };
  const { system, tools } = pins();
  const composition = compositionFromHead({ system, tools, source: 'code-mode-read-image pin', contexts: recordedContexts(rows), executors: new Map([['run_code', runCode]]) });
  const model = new ScriptedModel(recordedBlockSteps(rows));
  const host = new AgentHost({ composition, model, ...deterministicSources() });
  const agent = host.createAgent({ ...ROUTE, cwd: CWD });
  agent.followup([{ type: 'text', text: recordedPrompts(rows)[0]! }]);
  await settleAll(host);
  model.assertConsumed();
  return { agent, rows, image };
}

describeWithCorpus('dsh', "runtime: a Code Mode program's image enters the history (code-mode-read-image)", () => {
  it('writes the log row for row, chunks and subtool rows aside: the path as the run_code result, then the image spliced into the next step and logged as its user message', async () => {
    const { agent, rows } = await replay();
    expect(loopRows(fixture(agent))).toEqual(loopRows(rows));
  });

  it("sends step 2 the image: the tool result, then read_image's text and image in one user message, as the recorded log reconstructs it", async () => {
    const { agent, rows, image } = await replay();
    expect(agent.requests.map((request) => [request.turn, request.step])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    const messages = agent.requests[1]!.model.messages as readonly ModelMessage[];
    expect(messages.at(-1)).toMatchObject({ role: 'user', content: image, source: { kind: 'plugin', plugin: 'tools-code-mode' } });
    const session = parseSessionLog(readFileSync(path.join(SCENARIO, 'session.jsonl'), 'utf8'), 'code-mode-read-image/session.jsonl');
    const point = modelRequestPoints(session)[1]!;
    const recorded = reconstructRequest(session, { through: point.through, pins: pins().head });
    const wire = toSourcedChatMessages(messages as never).map(({ message }) => message);
    expect(wire).toEqual(recorded.messages.slice(1));
    expect(wire.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: '<path>{{cwd}}/red.png</path>\n<type>image</type>\n<content>\nimage/png image, 1x1 px, 69 bytes\n</content>' },
        { type: 'image_url', image_url: { url: 'dsh-attachment:sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640' } },
      ],
    });
  });
});
