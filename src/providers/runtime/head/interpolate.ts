import { UsageError } from '../../../prefix/index.js';

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Interpolates `{{name}}` groups the way DSH's `renderPrompt` does (core/system-prompt README):
 * strictly. An unknown name (an own-property lookup, so `{{constructor}}` is unknown), a registered
 * name without a value, or a malformed complete group (`{{ model }}`, `{{{model}}}`) throws. A lone
 * `{{` with no `}}` anywhere after it passes through verbatim, and substituted values are never
 * re-scanned (a cwd written `{{cwd}}` stays as it is).
 */
export function interpolate(template: string, variables: Readonly<Record<string, string | undefined>>, where: string): string {
  let output = '';
  let position = 0;
  for (;;) {
    const open = template.indexOf('{{', position);
    if (open < 0) break;
    const close = template.indexOf('}}', open + 2);
    if (close < 0) break;
    const name = template.slice(open + 2, close);
    if (!VARIABLE_NAME.test(name)) {
      throw new UsageError('prompt/malformed-variable', `${where}: malformed template group '{{${name}}}' at offset ${open}: write {{name}} with a registered variable name`);
    }
    if (!Object.hasOwn(variables, name)) {
      throw new UsageError('prompt/unknown-variable', `${where}: unknown template variable '{{${name}}}': known variables are ${Object.keys(variables).join(', ') || 'none'}`);
    }
    const value = variables[name];
    if (value === undefined) throw new UsageError('prompt/valueless-variable', `${where}: template variable '{{${name}}}' has no value for this assembly`);
    output += template.slice(position, open) + value;
    position = close + 2;
  }
  return output + template.slice(position);
}
