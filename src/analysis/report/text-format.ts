import type { PrefixSize } from '../../prefix/index.js';
import { groupDigits } from '../../prefix/group-digits.js';
import { oneLine } from '../text/terminal-text.js';

/** Formatting shared by the text and Markdown renderers. */

/** `25,967` */
export const count: (value: number) => string = groupDigits;

/** `24 segments, 25,967 bytes, 5,653 tokens` */
export const sizeText = (size: PrefixSize): string => `${count(size.segments)} segments, ${count(size.bytes)} bytes, ${count(size.tokens)} tokens`;

/** `91.2%` (`100%` of nothing) */
export const percent = (part: number, whole: number): string => (whole === 0 ? '100%' : `${((100 * part) / whole).toFixed(1)}%`);

/** Text as it is, with line breaks and other control characters shown as escapes so one excerpt stays one line. */
export const visible: (text: string) => string = oneLine;

/** A money amount: enough digits to tell small request costs apart. */
export function money(amount: number, currency: string): string {
  const digits = amount !== 0 && Math.abs(amount) < 0.01 ? 6 : 4;
  return `${currency === 'USD' ? '$' : `${currency} `}${amount.toFixed(digits)}`;
}
