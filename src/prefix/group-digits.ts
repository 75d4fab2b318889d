/**
 * `12345` → `12,345`, exactly as `toLocaleString('en-US')` writes a whole number, without Intl: the
 * first Intl call loads ICU data (about 20 ms), which was most of a short command's own time and of
 * a warm guard decision's. Anything but a safe integer still goes through Intl.
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${grouped}` : grouped;
}
