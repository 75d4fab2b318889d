import type { RequestParts, Tokenizer } from '../../src/prefix/index.js';

/*
 * The baseline a caller without kvprefix writes: serialise each whole request, tokenize it whole,
 * and count the leading tokens both token arrays share. It renders the same text kvprefix's `chat`
 * layout renders (system sections joined by blank lines, then each tool schema and each message as
 * JSON), written out here independently so that agreeing on the counts checks kvprefix's exactness
 * rather than sharing its code.
 */

/** The whole text of a request in chat wire order. */
export function naiveRender(parts: RequestParts): string {
  const system = parts.system
    .map((part) => part.text)
    .filter((text) => text !== '')
    .join('\n\n');
  const tools = parts.tools.map((tool) => JSON.stringify(tool.schema)).join('');
  const messages = parts.messages.map((message) => JSON.stringify(message.wire)).join('');
  return system + tools + messages;
}

/** Token counts the naive comparison arrives at. */
export interface NaiveComparison {
  readonly commonTokens: number;
  readonly parentTokens: number;
  readonly childTokens: number;
}

/** Tokenizes both requests whole and counts their common leading tokens. */
export function naiveCompare(parent: RequestParts, child: RequestParts, tokenizer: Tokenizer): NaiveComparison {
  const parentTokens = tokenizer.encode(naiveRender(parent));
  const childTokens = tokenizer.encode(naiveRender(child));
  const limit = Math.min(parentTokens.length, childTokens.length);
  let common = 0;
  while (common < limit && parentTokens[common] === childTokens[common]) common++;
  return { commonTokens: common, parentTokens: parentTokens.length, childTokens: childTokens.length };
}
