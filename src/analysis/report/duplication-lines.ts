import type { ChildRequestAccount, TreeDuplication } from '../duplication/tree-duplication.js';
import { count, money, percent } from './text-format.js';

const plural = (value: number, word: string) => `${count(value)} ${word}${value === 1 ? '' : 'ren'}`;
const signed = (value: number, text: string) => (value > 0 ? `+${text}` : value < 0 ? `−${text}` : text);

/** "111 tokens × 1 child" when every forked child inherits the same, else the sum over them. */
function inheritedText(duplication: TreeDuplication): string {
  const forked = duplication.perChild.filter((child) => child.inheritedTokens > 0);
  if (forked.length === 0) return 'no inherited history';
  const each = forked[0]!.inheritedTokens;
  if (forked.every((child) => child.inheritedTokens === each)) return `inherited history ${count(each)} tokens × ${plural(forked.length, 'child')}`;
  return `inherited history ${count(duplication.recorded.inheritedTokens)} tokens over ${plural(forked.length, 'child')}`;
}

/**
 * One side of the account. With nothing reused, "with reuse" would name what did not happen (and
 * cost more than "without", the writes being dearer than plain input): the cost is then said to be
 * the cache writes', beside the same tokens sent uncached.
 */
function sideText(side: ChildRequestAccount, currency: string): string {
  const sent = `sent ${count(side.tokensSent)}, reused ${count(side.tokensReused)} (${percent(side.tokensReused, side.tokensSent)})`;
  if (side.tokensReused === 0) return `${sent}; cost ${money(side.cost, currency)} as sent (nothing reused), ${money(side.costWithoutReuse, currency)} had nothing been cached`;
  return `${sent}; cost ${money(side.cost, currency)} with reuse, ${money(side.costWithoutReuse, currency)} without`;
}

/**
 * The duplication section of a tree with children, shared by the text and Markdown reports: the
 * children's first requests as recorded and spawned instead, the difference, and the assumptions.
 */
export function duplicationLines(duplication: TreeDuplication): { readonly title: string; readonly lines: readonly string[]; readonly notes: readonly string[] } {
  const forked = duplication.perChild.filter((child) => child.started === 'fork').length;
  const title = `duplication: ${plural(duplication.children, 'child')} (${count(forked)} forked), first requests under ${duplication.policy}`;
  const lines = [`as recorded: ${inheritedText(duplication)}; ${sideText(duplication.recorded, duplication.currency)}`];
  const { spawned, recordedOverSpawned: extra, currency } = duplication;
  if (spawned && extra) {
    lines.push(`spawned instead: ${sideText(spawned, currency)}`);
    const same = extra.tokensSent === 0 && extra.tokensReused === 0 && extra.cost === 0 && extra.costWithoutReuse === 0;
    if (same) lines.push('recorded over spawned: the same (the children were spawned)');
    else lines.push(
      `recorded over spawned: ${signed(extra.tokensSent, count(Math.abs(extra.tokensSent)))} tokens sent, ${signed(extra.tokensReused, count(Math.abs(extra.tokensReused)))} reused; ` +
        `cost ${signed(extra.cost, money(Math.abs(extra.cost), currency))} with reuse, ${signed(extra.costWithoutReuse, money(Math.abs(extra.costWithoutReuse), currency))} without`,
    );
  }
  return { title, lines, notes: duplication.notes };
}
