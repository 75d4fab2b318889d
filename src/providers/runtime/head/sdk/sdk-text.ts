/*
 * The fixed text of DSH's `tools:sdk` section, verbatim from the SDK blocks pinned in DSH's fixtures
 * (advanced-toolchain, code-mode-turn and code-mode-read-image: the three blocks share it byte for
 * byte, under Code Mode `both` and `code` alike). test/runtime-sdk-section.test.ts renders those
 * blocks back, so a drift fails loudly.
 */

/** Everything above the declarations: the `run_code` contract and the rules of a program. */
export const SDK_INSTRUCTIONS = [
  '## Writing code for run_code',
  '`run_code` takes two required arguments: `code` — the body of an async TypeScript function (erasable syntax only — no `enum` or namespaces; type annotations are advisory, the code runs type-stripped) — and `description`, a short summary of what the program does. Inside the program:',
  [
    '- Call tools as `await tools.name(args)` — quoted access for exotic names: `tools["my-tool"](args)`. Every call resolves to the tool\'s typed canonical JSON value. Tool arguments must be lossless JSON.',
    '- A FAILED tool call rejects with `ToolCallError`, whose `toolName` identifies the failed tool and whose `message` is human-readable — `try/catch` it to handle and continue.',
    '- Independent read-only calls MAY overlap under `Promise.all` (safe calls run concurrently; mutating calls run alone, in submission order). Sequence dependent work with `await`.',
    '- Emit results with `return` and/or `console.log(...)`. Only what you print or return is program output. A successful tool result containing an image is attached after the run so you can inspect it on the next step; every other intermediate result stays out of the conversation, so extract just what you need.',
  ].join('\n'),
  'The available tools:',
].join('\n\n');

/** The first declaration of the block. */
export const JSON_VALUE_DECLARATION = 'type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }';

/** The declarations after the two maps: tool names, the error class, the `tools` binding. */
export const SDK_DECLARATIONS_TAIL = [
  'type ToolName = keyof ToolOutputMap',
  ['declare class ToolCallError extends Error {', '  readonly name: "ToolCallError";', '  readonly toolName: ToolName;', '}'].join('\n'),
  ['declare const tools: {', '  [K in ToolName]: (args: ToolArgsMap[K]) => Promise<ToolOutputMap[K]>;', '}'].join('\n'),
].join('\n\n');
