import path from 'node:path';
import { expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { latestRequestHeader, loadHeadPins, readSessionLog, resolveRequestHead, type HeadPins } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';

const SNAPSHOTS = corpusPath('dsh/examples/acp-agent/tests/snapshots');

async function headAtEnd(file: string, pins: HeadPins) {
  const log = await readSessionLog(file);
  const header = latestRequestHeader(log.events);
  if (!header) throw new Error('no header');
  return () => resolveRequestHead(log.events, header, pins, path.basename(file));
}

function thrown(action: () => unknown): InputError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error('expected an InputError');
}

describeWithCorpus('dsh', 'request heads from request/header events', () => {
  it('fills {{system}} and {{tools}} from the scenario pin (text-turn)', async () => {
    const file = path.join(SNAPSHOTS, 'text-turn/session.jsonl');
    const head = (await headAtEnd(file, await loadHeadPins(file)))();
    expect(head.route).toEqual({ provider: 'deepseek-official', model: 'deepseek-v4-flash' });
    expect(head.system).toBe(readCorpusText('dsh/examples/acp-agent/tests/snapshots/text-turn/system-prompt.expected.md').trimEnd());
    expect(head.system?.endsWith('\n')).toBe(false);
    const pinned = JSON.parse(readCorpusText('dsh/examples/acp-agent/tests/snapshots/text-turn/tool-schemas.expected.json')) as { initial: unknown[] };
    expect(head.tools).toEqual(pinned.initial);
  });

  it("a child with its own pin uses it: subagent-report's continuable child gets the report tool and section", async () => {
    const parentFile = path.join(SNAPSHOTS, 'subagent-report/session.jsonl');
    const childFile = path.join(SNAPSHOTS, 'subagent-report/session.1.jsonl');
    const childPins = await loadHeadPins(childFile);
    expect(childPins.system?.file).toBe(path.join(SNAPSHOTS, 'subagent-report/system-prompt.1.expected.md'));
    const child = (await headAtEnd(childFile, childPins))();
    const parent = (await headAtEnd(parentFile, await loadHeadPins(parentFile)))();
    expect(child.tools.map((tool) => tool.name)).toContain('report');
    expect(parent.tools.map((tool) => tool.name)).not.toContain('report');
    expect(child.system).not.toBe(parent.system);
    // The parent has no pin of its own: it falls back to text-turn's.
    expect(parent.system).toBe(readCorpusText('dsh/examples/acp-agent/tests/snapshots/text-turn/system-prompt.expected.md').trimEnd());
  });

  it('a placeholder with no pin is an InputError naming the header line', async () => {
    const file = path.join(SNAPSHOTS, 'text-turn/session.jsonl');
    const error = thrown(await headAtEnd(file, {}));
    expect(error.code).toBe('input/pin-missing');
    expect(error.message).toMatch(/^session\.jsonl:\d+: request\/header \(initial, seq \d+\): the system prompt is the placeholder \{\{system\}\}/);
  });

  it('tools recorded by name are looked up in the pins, and a name no pin knows is an InputError', async () => {
    // The python SDK smoke log records tool names only, for tools text-turn does not have.
    const file = corpusPath('dsh/scripts/snapshots/python-sdk-single-exe/advanced/session.jsonl');
    const textTurn = await loadHeadPins(path.join(SNAPSHOTS, 'text-turn/session.jsonl'));
    const error = thrown(await headAtEnd(file, textTurn));
    expect(error.code).toBe('input/unresolved-tool');
    expect(error.message).toContain("tool 'cordis_define' is recorded by name only and no pinned schema has that name");
    // With schemas for those names (advanced-toolchain pins them), the names resolve in the recorded order.
    const advanced = await loadHeadPins(path.join(SNAPSHOTS, 'advanced-toolchain/session.jsonl'));
    const head = (await headAtEnd(file, { ...textTurn, ...(advanced.tools ? { tools: advanced.tools } : {}) }))();
    expect(head.tools.map((tool) => tool.name)).toEqual(['cordis_define', 'cordis_inspect_list', 'cordis_inspect_query', 'cordis_inspect_self', 'cordis_run', 'cordis_stop', 'cordis_undefine', 'job_kill', 'job_list', 'job_output', 'run_code', 'subagent', 'workflow']);
  });

  it("a change header takes the pin's matching change, and a pin without it is an InputError", async () => {
    // headless-profile switches reasoning effort mid-session: its second header has reason change.
    const file = corpusPath('dsh/examples/headless-agent/tests/snapshots/headless-profile/session.expected.jsonl');
    const textTurn = await loadHeadPins(path.join(SNAPSHOTS, 'text-turn/session.jsonl'));
    const error = thrown(await headAtEnd(file, textTurn));
    expect(error.message).toContain('it is change header #1 and the tool-schemas pin');
    const changed = [{ name: 'only_tool', description: 'the changed head', parameters: { type: 'object' } }];
    const head = (await headAtEnd(file, { ...textTurn, tools: { initial: textTurn.tools!.initial, changes: [changed] } }))();
    expect(head.reason).toBe('change');
    expect(head.tools).toEqual(changed);
    expect(head.route).toEqual({ provider: 'cli-mock', model: 'cli-mock' });
  });
});
