import { JSON_VALUE_DECLARATION, SDK_DECLARATIONS_TAIL, SDK_INSTRUCTIONS } from './sdk-text.js';
import { InputError } from '../../../../prefix/index.js';

/** One tool's two entries in an SDK block, as rendered text. */
export interface SdkBlockEntry {
  readonly name: string;
  /** The whole `ToolArgsMap` member: its doc line (when described) and `  name: <type>;`. */
  readonly args: string;
  /** The type of the `ToolOutputMap` member (the text between `  name: ` and the closing `;`). */
  readonly output: string;
}

/** An SDK block split into its per-tool entries, in block order. */
export interface SdkBlock {
  readonly entries: readonly SdkBlockEntry[];
}

const MEMBER_KEY = /^ {2}([A-Za-z_$][A-Za-z0-9_$]*|"(?:[^"\\]|\\.)*"): /;
const MEMBER_DOC = /^ {2}\/\*\* /;

function keyName(key: string): string {
  return key.startsWith('"') ? (JSON.parse(key) as string) : key;
}

/** Cuts an interface body into members: a member starts at a two-space doc line or a two-space key line. */
function members(body: string): { name: string; text: string; type: string }[] {
  if (body === '') return [];
  const result: { name: string; lines: string[] }[] = [];
  let pendingDoc: string | undefined;
  for (const line of body.split('\n')) {
    if (MEMBER_DOC.test(line)) {
      pendingDoc = line;
      continue;
    }
    const key = MEMBER_KEY.exec(line);
    if (key) {
      result.push({ name: keyName(key[1]!), lines: pendingDoc === undefined ? [line] : [pendingDoc, line] });
      pendingDoc = undefined;
      continue;
    }
    const current = result.at(-1);
    if (!current || pendingDoc !== undefined) throw new InputError('head/sdk-block', `unexpected line in an SDK interface: ${JSON.stringify(line.slice(0, 80))}`);
    current.lines.push(line);
  }
  return result.map(({ name, lines }) => {
    const text = lines.join('\n');
    const keyLine = lines.findIndex((line) => MEMBER_KEY.test(line));
    const typeStart = text.indexOf(': ', lines.slice(0, keyLine).join('\n').length) + 2;
    return { name, text, type: text.slice(typeStart, -1) };
  });
}

function interfaceBody(text: string, name: string, from: number): { body: string; end: number } {
  const open = `interface ${name} {`;
  const start = text.indexOf(open, from);
  if (start < 0) throw new InputError('head/sdk-block', `the SDK block has no '${open}'`);
  if (text.startsWith('}', start + open.length)) return { body: '', end: start + open.length + 1 };
  const close = text.indexOf('\n}', start);
  if (close < 0) throw new InputError('head/sdk-block', `'${open}' is not closed`);
  return { body: text.slice(start + open.length + 1, close), end: close + 2 };
}

/**
 * Splits a rendered `tools:sdk` section (DSH's generator output) into per-tool argument and output
 * entries. The block must have DSH's surrounding text; a block that does not is an `InputError`
 * (code `head/sdk-block`) naming what is missing. Rendering the entries back with `renderSdkSection` gives the block again.
 */
export function parseSdkBlock(text: string): SdkBlock {
  const prelude = `${SDK_INSTRUCTIONS}\n\n\`\`\`ts\n${JSON_VALUE_DECLARATION}\n\n`;
  if (!text.startsWith(prelude)) throw new InputError('head/sdk-block', "the SDK block does not open with DSH's run_code instructions and JsonValue declaration");
  if (!text.endsWith(`\n\n${SDK_DECLARATIONS_TAIL}\n\`\`\``)) throw new InputError('head/sdk-block', "the SDK block does not end with DSH's ToolName, ToolCallError and tools declarations");
  const args = interfaceBody(text, 'ToolArgsMap', prelude.length);
  const outputs = interfaceBody(text, 'ToolOutputMap', args.end);
  const argMembers = members(args.body);
  const outputMembers = new Map(members(outputs.body).map((member) => [member.name, member.type]));
  return {
    entries: argMembers.map((member) => {
      const output = outputMembers.get(member.name);
      if (output === undefined) throw new InputError('head/sdk-block', `tool '${member.name}' has arguments but no ToolOutputMap entry`);
      return { name: member.name, args: member.text, output };
    }),
  };
}
