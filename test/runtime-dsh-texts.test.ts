import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import {
  CODE_ONLY_INSTRUCTION,
  DELEGATION_STATEMENT,
  HARNESS_IDENTITY,
  REPORT_OUTPUT_DESCRIPTION,
  REPORT_SECTION_TEXT,
  REPORT_TOOL_SCHEMA,
  RUNTIME_CONTEXT_PLUGIN,
  RUNTIME_CONTEXT_PREAMBLE,
  splitRenderedPrompt,
  STRUCTURED_OUTPUT_DESCRIPTION,
  STRUCTURED_OUTPUT_INSTRUCTION,
} from '../src/providers/runtime/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, DSH, readPin, readRows } from './support/runtime-corpus.js';

const readme = (name: string) => readFileSync(path.join(DSH, 'readmes/packages', name, 'README.md'), 'utf8');

describeWithCorpus('dsh', 'runtime: the DSH texts kvprefix quotes are the corpus texts', () => {
  it('the harness identity opens every pin and the system-prompt README', () => {
    expect(readme('core/system-prompt')).toContain(`\`\`\`markdown\n${HARNESS_IDENTITY}\n\`\`\``);
    expect(readPin('text-turn').system.startsWith(`${HARNESS_IDENTITY}\n\n`)).toBe(true);
  });

  it('the runtime-context preamble, plugin and delegation statement are those of the recorded fork child', () => {
    const snapshot = readRows(path.join(ACP, 'subagent-fork-in-process/session.1.jsonl')).filter((row) => row.data?.source?.form === 'snapshot').at(-1)!;
    expect(snapshot.data.content[0].text.startsWith(`${RUNTIME_CONTEXT_PREAMBLE}\n\n`)).toBe(true);
    expect(snapshot.data.source.plugin).toBe(RUNTIME_CONTEXT_PLUGIN);
    expect(snapshot.data.source.sections.at(-1)).toEqual({ name: 'subagent:delegation', text: DELEGATION_STATEMENT });
  });

  it('the code-only rule is the tools:code-only section of the code-mode pin', () => {
    const sections = splitRenderedPrompt(readPin('code-mode-turn').system, 'code-mode-turn');
    expect(sections.find((section) => section.name === 'tools:code-only')!.text).toBe(CODE_ONLY_INSTRUCTION);
  });

  it('the report section and schema are those of the subagent-report child pins and the tool catalog', () => {
    const pin = readPin('subagent-report', 1);
    expect(splitRenderedPrompt(pin.system, 'subagent-report').at(-1)).toMatchObject({ name: 'tool:report', text: REPORT_SECTION_TEXT });
    expect(JSON.stringify(pin.tools.find((tool) => tool.name === 'report'))).toBe(JSON.stringify(REPORT_TOOL_SCHEMA));
    const catalog = readFileSync(path.join(DSH, 'docs/tool-catalog.md'), 'utf8');
    expect(catalog).toContain(`### \`report\`\n\n${REPORT_TOOL_SCHEMA.description}\n`);
    expect(catalog).toContain(`"description": "${REPORT_OUTPUT_DESCRIPTION}"`);
  });

  it('the structured-output instruction and tool description are those of the in-process driver README', () => {
    const driver = readme('subagent/subagent-in-process-driver');
    expect(driver).toContain(`\`\`\`markdown\n${STRUCTURED_OUTPUT_INSTRUCTION}\n\`\`\``);
    expect(driver).toContain(`exact description \`${STRUCTURED_OUTPUT_DESCRIPTION}\``);
  });
});
