import { groupDigits } from '../../prefix/group-digits.js';
import { oneLine } from '../text/terminal-text.js';
import type { RequestProblem } from '../anthropic/anthropic-request-rules.js';
import type { WatchLoss } from './watch-prediction.js';

/** `~$0.037`; small amounts keep two significant digits. */
function approximateMoney(amount: number, currency: string): string {
  const digits = amount >= 0.001 || amount === 0 ? amount.toFixed(3) : amount.toPrecision(2);
  return currency === 'USD' ? `~$${digits}` : `~${digits} ${currency}`;
}

/**
 * The one line `warn: true` prints for a lost reuse:
 * `cache break at tool 'search' (schema changed at .properties.query): 12,400 tokens prefilled again, ~$0.037`.
 * Tool and section names come from the request body (an MCP server names its own tools), so control
 * characters are shown as escapes: the line goes to the host's terminal.
 */
export function lossLine(loss: WatchLoss): string {
  const where = loss.cause === 'ttl' ? `cache break: ${loss.detail}` : loss.cause === 'route' ? `cache break at the route (${loss.detail})` : loss.at ? `cache break at ${loss.at.kind} '${loss.at.name}' (${loss.detail})` : `cache break (${loss.detail})`;
  return oneLine(`${where}: ${groupDigits(loss.tokens)} tokens prefilled again, ${approximateMoney(loss.cost, loss.currency)}`);
}

/**
 * The lines `warn` prints for a request that breaks a rule of the provider's API, one per problem:
 * `request the API refuses: … (rule ttl-order, https://…)`; the request is sent unchanged.
 */
export function problemLines(problems: readonly RequestProblem[]): string[] {
  return problems.map((problem) => oneLine(`${problem.effect === 'rejected' ? 'request the API refuses' : 'breakpoint the API does not cache'}: ${problem.message} (rule ${problem.rule}, ${problem.source}); sent unchanged`));
}
