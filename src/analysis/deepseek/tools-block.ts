import { V4_TEMPLATE_TOKENS } from './special-tokens.js';

const { dsml, thinkOpen, thinkClose } = V4_TEMPLATE_TOKENS;

/*
 * The "## Tools" block DeepSeek V4's encoding appends to the system message (`TOOLS_TEMPLATE` and
 * `render_tools` in the model's `encoding/encoding_dsv4.py`): a fixed explanation of the DSML call
 * markup, then every function schema as one line of JSON, then a closing instruction. It is cut in
 * three so that each tool's line is its own segment: a tool added, removed or changed shows as that
 * tool.
 */

/** Everything before the first tool's JSON line (joined to the system prompt by a blank line). */
export const TOOLS_BLOCK_OPENING =
  '\n\n## Tools\n\n' +
  `You have access to a set of tools to help answer the user's question. You can invoke tools by writing a "<${dsml.mark}tool_calls>" block like the following:\n\n` +
  `<${dsml.mark}tool_calls>\n` +
  `<${dsml.mark}invoke name="$TOOL_NAME">\n` +
  `<${dsml.mark}parameter name="$PARAMETER_NAME" string="true|false">$PARAMETER_VALUE</${dsml.mark}parameter>\n` +
  '...\n' +
  `</${dsml.mark}invoke>\n` +
  `<${dsml.mark}invoke name="$TOOL_NAME2">\n` +
  '...\n' +
  `</${dsml.mark}invoke>\n` +
  `</${dsml.mark}tool_calls>\n\n` +
  'String parameters should be specified as is and set `string="true"`. For all other types (numbers, booleans, arrays, objects), pass the value in JSON format and set `string="false"`.\n\n' +
  `If thinking_mode is enabled (triggered by ${thinkOpen.mark}), you MUST output your complete reasoning inside ${thinkOpen.mark}...${thinkClose.mark} BEFORE any tool calls or final response.\n\n` +
  `Otherwise, output directly after ${thinkClose.mark} with tool calls or final response.\n\n` +
  '### Available Tool Schemas\n\n';

/** Everything after the last tool's JSON line. */
export const TOOLS_BLOCK_CLOSING = '\n\nYou MUST strictly follow the above defined tool name and parameter schemas to invoke tool calls.\n';
