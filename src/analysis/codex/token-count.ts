import { InputError } from '../../prefix/errors.js';

/**
 * One Responses API call's usage as Codex logs it (`token_count.info.last_token_usage`):
 * `input` INCLUDES `cached` (the Responses API's `input_tokens` and its
 * `input_tokens_details.cached_tokens`), and `output` includes `reasoning`.
 */
export interface CodexUsage {
  readonly input: number;
  readonly cached: number;
  readonly output: number;
  readonly reasoning: number;
}

const FIELDS = { input: 'input_tokens', cached: 'cached_input_tokens', output: 'output_tokens', reasoning: 'reasoning_output_tokens' } as const;

type Json = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function usageOf(value: unknown, where: string, source: string, line: number): CodexUsage | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw new InputError('input/codex-token-count', `\`${where}\` must be an object of token counts`, { source, line });
  const read = (key: keyof typeof FIELDS): number => {
    const number = value[FIELDS[key]] ?? 0;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 0) throw new InputError('input/codex-token-count', `\`${where}.${FIELDS[key]}\` must be a whole number of tokens, got ${JSON.stringify(number)}`, { source, line });
    return number;
  };
  const input = read('input');
  // A cached count above the input cannot be: it is read as the whole input (ccusage does the same).
  return { input, cached: Math.min(read('cached'), input), output: read('output'), reasoning: read('reasoning') };
}

function minus(total: CodexUsage, before: CodexUsage | null): CodexUsage {
  const less = (key: keyof CodexUsage) => Math.max(0, total[key] - (before?.[key] ?? 0));
  const input = less('input');
  return { input, cached: Math.min(less('cached'), input), output: less('output'), reasoning: less('reasoning') };
}

/**
 * Reads `token_count` payloads in file order, counting each call once. `info: null` (written before
 * the first call) and a repeat of the count before (Codex writes each call's count twice; the repeat
 * has the same `total_token_usage`) are no call. A count without `last_token_usage` is the growth of
 * `total_token_usage` since the count before.
 */
export class TokenCounts {
  #previousKey: string | null = null;
  #previousTotal: CodexUsage | null = null;
  /** Counts that were no call (no usage, a repeat, or all zeros). */
  skipped = 0;

  /** The call's usage, or null when this count is no call. */
  read(payload: Json, source: string, line: number): CodexUsage | null {
    const info = payload['info'];
    if (info === undefined || info === null) {
      this.skipped++;
      return null;
    }
    if (!isObject(info)) throw new InputError('input/codex-token-count', '`token_count.info` must be an object or null', { source, line });
    const total = usageOf(info['total_token_usage'], 'info.total_token_usage', source, line);
    const last = usageOf(info['last_token_usage'], 'info.last_token_usage', source, line);
    const key = total === null ? null : `${total.input}/${total.cached}/${total.output}/${total.reasoning}`;
    const repeat = key !== null && key === this.#previousKey;
    const usage = repeat ? null : (last ?? (total === null ? null : minus(total, this.#previousTotal)));
    if (total !== null) {
      this.#previousKey = key;
      this.#previousTotal = total;
    }
    if (usage === null || usage.input + usage.output + usage.reasoning === 0) {
      this.skipped++;
      return null;
    }
    return usage;
  }
}
