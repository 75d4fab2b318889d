import { existsSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { InputError } from '../../prefix/index.js';
import { readInputText } from '../input/index.js';
import { childLogNumber } from './dsh-log-name.js';
import { toolSchemaSchema, type ToolSchema } from './event-schema.js';
import { describeIssues } from './session-log-parser.js';
import { inputLimit, type InputLimit } from '../input/input-chunks.js';

/*
 * DSH fixtures replace a request header's system prompt and tool schemas with `{{system}}` /
 * `{{tools}}` and keep the real values beside the log as pins (corpus README, "DSH fixture
 * conventions"): `system-prompt.expected.md` (the initial prompt, then each later prompt after a
 * `<!-- system/message change N -->` marker) and `tool-schemas.expected.json`
 * (`{"initial": [...], "changes": [[...], ...]}`, one entry per later `change` header). A child
 * `session.<n>.jsonl` with its own head has `system-prompt.<n>.expected.md` /
 * `tool-schemas.<n>.expected.json`; scenarios without a pin of their own use the `text-turn` pin.
 */

/** A pinned system prompt: the initial prompt and each later change. */
export interface SystemPromptPin {
  readonly initial: string;
  readonly changes: readonly string[];
  /** The file it was read from. */
  readonly file?: string;
}

/** Pinned tool schemas: the initial header's and each later `change` header's, in wire order. */
export interface ToolSchemasPin {
  readonly initial: readonly ToolSchema[];
  readonly changes: readonly (readonly ToolSchema[])[];
  readonly file?: string;
}

/** The pins that stand in for a log's `{{system}}` / `{{tools}}` placeholders. */
export interface HeadPins {
  readonly system?: SystemPromptPin;
  readonly tools?: ToolSchemasPin;
}

const SYSTEM_CHANGE_MARKER = /\n<!-- system\/message change [1-9]\d* -->\n\n/;

/**
 * Parses a `system-prompt*.expected.md` pin. DSH writes each prompt with a terminal newline added and
 * restores it with `trimEnd()` when it fills `{{system}}` back in; kvprefix does the same.
 */
export function parseSystemPromptPin(text: string, file?: string): SystemPromptPin {
  const [initial = '', ...changes] = text.split(SYSTEM_CHANGE_MARKER);
  return { initial: initial.trimEnd(), changes: changes.map((change) => change.trimEnd()), ...(file === undefined ? {} : { file }) };
}

const toolSchemasPinSchema = z.object({ initial: z.array(toolSchemaSchema), changes: z.array(z.array(toolSchemaSchema)) });

/** Parses a `tool-schemas*.expected.json` pin. */
export function parseToolSchemasPin(text: string, file: string): ToolSchemasPin {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError('input/malformed-json', `invalid JSON: ${error instanceof Error ? error.message : String(error)}`, { source: file });
  }
  const parsed = toolSchemasPinSchema.safeParse(value);
  if (!parsed.success) throw new InputError('input/schema', `tool-schemas pin: ${describeIssues(parsed.error)}`, { source: file });
  return { initial: parsed.data.initial, changes: parsed.data.changes, file };
}

/** Options of `loadHeadPins`. */
export interface LoadHeadPinsOptions extends InputLimit {
  /** Scenario folder whose pins apply when the log's own folder has none (default: a sibling `text-turn` folder, when there is one). */
  readonly fallbackDirectory?: string;
}

function firstExisting(candidates: readonly string[]): string | undefined {
  return candidates.find((candidate) => existsSync(candidate));
}

/**
 * The pins for one session log of a DSH scenario folder: the child's own pin
 * (`system-prompt.<n>.expected.md`), else the scenario's, else the fallback scenario's, separately
 * for the system prompt and the tool schemas. A pin that cannot be found is left out; reconstruction
 * reports it only if the log actually uses the placeholder.
 */
export async function loadHeadPins(logFile: string, options: LoadHeadPinsOptions = {}): Promise<HeadPins> {
  const directory = path.dirname(logFile);
  const child = childLogNumber(logFile);
  const fallback = options.fallbackDirectory ?? path.join(path.dirname(directory), 'text-turn');
  const candidates = (stem: string, extension: string): string[] => [
    ...(child === undefined ? [] : [path.join(directory, `${stem}.${child}.expected.${extension}`)]),
    path.join(directory, `${stem}.expected.${extension}`),
    path.join(fallback, `${stem}.expected.${extension}`),
  ];
  const limit = inputLimit(options);
  const systemFile = firstExisting(candidates('system-prompt', 'md'));
  const toolsFile = firstExisting(candidates('tool-schemas', 'json'));
  return {
    ...(systemFile === undefined ? {} : { system: parseSystemPromptPin(await readInputText(systemFile, limit), systemFile) }),
    ...(toolsFile === undefined ? {} : { tools: parseToolSchemasPin(await readInputText(toolsFile, limit), toolsFile) }),
  };
}
