import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { AgentHost, compositionFromHead, modelRequestPoints, parseSessionLog, parseSystemPromptPin, parseToolSchemasPin, reconstructRequest, renderSdkSection, type HeadPins, type LoggedToolSchema } from '../src/providers/index.js';
import { CODE_ONLY_INSTRUCTION, parseSdkBlock } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP } from './support/runtime-corpus.js';
import { deterministicSources, FIXTURE_CWD } from './support/runtime-scenario.js';
import { pinnedToolSchemas } from './support/sdk-pins.js';

const SCENARIO = path.join(ACP, 'code-mode-read-image');
const ROUTE = { provider: 'deepseek-official', model: 'deepseek-v4-flash-vision-exp' } as const;

/**
 * The scenario pins only its system prompt. Under Code Mode `code` the wire carries `run_code` alone,
 * with the schema the `code-mode-turn` pin records for the same deployment.
 */
function pins(): { system: string; runCode: LoggedToolSchema; head: HeadPins } {
  const systemPin = parseSystemPromptPin(readFileSync(path.join(SCENARIO, 'system-prompt.expected.md'), 'utf8'), 'code-mode-read-image');
  const toolsPin = parseToolSchemasPin(readFileSync(path.join(ACP, 'code-mode-turn/tool-schemas.expected.json'), 'utf8'), 'code-mode-turn');
  return { system: systemPin.initial, runCode: toolsPin.initial[0]!, head: { system: systemPin, tools: toolsPin } };
}

const log = () => parseSessionLog(readFileSync(path.join(SCENARIO, 'session.jsonl'), 'utf8'), 'code-mode-read-image/session.jsonl');

describeWithCorpus('dsh', 'Code Mode code with an image-bearing subtool (code-mode-read-image)', () => {
  it("assembles the recorded head: the pinned system prompt, run_code alone on the wire, and DSH's SDK block declaring bash and read_image", () => {
    const { system, runCode } = pins();
    expect(system).toContain(CODE_ONLY_INSTRUCTION);
    const composition = compositionFromHead({ system, tools: [runCode], source: 'code-mode-read-image pin' });
    const host = new AgentHost({ composition, model: new ScriptedModel([]), ...deterministicSources() });
    const head = host.createAgent({ ...ROUTE, cwd: FIXTURE_CWD }).assembleHead();
    expect(head.system).toBe(system);
    expect(head.tools.map((tool) => tool.name)).toEqual(['run_code']);
    const sdk = head.sections.find((section) => section.name === 'tools:sdk')!.text;
    const declared = parseSdkBlock(sdk).entries.map((entry) => entry.name);
    expect(declared).toEqual(expect.arrayContaining(['bash', 'read_image']));
    expect(head.visibility.sdk.map((tool) => tool.name)).toEqual(declared);
    const corpus = pinnedToolSchemas();
    expect(renderSdkSection(declared.map((name) => corpus.get(name)!), { codeMode: 'code' })).toBe(sdk);
    expect(system.endsWith(sdk)).toBe(true);
  });

  it('reconstructs two requests under one head; the second carries the run_code result as a tool message, then the read_image text and image together in one user message', () => {
    const session = log();
    const { head: headPins, system } = pins();
    const points = modelRequestPoints(session);
    expect(points.map((point) => [point.turn, point.step])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    const [first, second] = points.map((point) => reconstructRequest(session, { through: point.through, pins: headPins }));
    for (const request of [first!, second!]) {
      expect(request.head.system).toBe(system);
      expect(request.head.tools.map((tool) => tool.name)).toEqual(['run_code']);
      expect(request.head.route).toMatchObject(ROUTE);
    }
    expect(first!.messages.slice(1).map((message) => message.role)).toEqual(['user', 'user']);
    const history = second!.messages.slice(1);
    expect(history.map((message) => message.role)).toEqual(['user', 'user', 'assistant', 'tool', 'user']);
    expect(history[2]).toMatchObject({ tool_calls: [{ id: 'code-image-call', function: { name: 'run_code' } }] });
    expect(history[3]).toEqual({ role: 'tool', tool_call_id: 'code-image-call', content: '{{cwd}}/red.png' });
    expect(history[4]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: '<path>{{cwd}}/red.png</path>\n<type>image</type>\n<content>\nimage/png image, 1x1 px, 69 bytes\n</content>' },
        { type: 'image_url', image_url: { url: 'dsh-attachment:sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640' } },
      ],
    });
  });
});
