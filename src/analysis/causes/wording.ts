import { groupDigits } from '../../prefix/group-digits.js';
/** Small wording helpers shared by the cause rules, so every detail sentence names things alike. */

/** `'name'` */
export const quote = (name: string): string => `'${name}'`;

/** `'a'`, `'a' and 'b'`, `'a', 'b' and 2 more` */
export function nameList(names: readonly string[], limit = 3): string {
  const quoted = names.map(quote);
  if (quoted.length <= 1) return quoted.join('');
  if (quoted.length <= limit) return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  return `${quoted.slice(0, limit).join(', ')} and ${quoted.length - limit} more`;
}

/** `1 tool`, `3 tools` */
export const plural = (count: number, noun: string): string => `${groupDigits(count)} ${noun}${count === 1 ? '' : 's'}`;

/** The first characters of a text on one line, for quoting what was added. */
export function snippet(text: string, length = 48): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= length ? `"${line}"` : `"${line.slice(0, length - 1)}…"`;
}

/** `provider/model` (with `#salt` when the route has one). */
export function routeLabel(route: { readonly provider: string; readonly model: string; readonly salt?: string }): string {
  return `${route.provider}/${route.model}${route.salt ? `#${route.salt}` : ''}`;
}
