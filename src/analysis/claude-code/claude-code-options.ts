import type { ReplayOptions } from '../replay/replay-options.js';
import type { HeadEvidence } from './head-evidence.js';

/**
 * `policy`: the rule to replay through; default the Anthropic policy with the 5-minute TTL. A write the
 * transcript logs as a 1-hour write (`usage.cache_creation.ephemeral_1h_input_tokens`) is stored for
 * an hour whatever the policy's default. For user prices: `withPrices(policy, await
 * readPriceFile(file))`. `tokenizer`: when given, block sizes before calibration are its counts; by
 * default they are Anthropic's characters-per-token rule (`character-estimate.ts`), which the
 * session's own usage then calibrates.
 */
export interface ClaudeCodeAnalysisOptions extends ReplayOptions {
  /**
   * After a main session's first request, treat its head (tools and the static system prompt, up to
   * Claude Code's system breakpoint, at the size the session's own usage showed) as warm whatever the
   * input shows. Default false: a request whose own head entry has expired in an idle gap reads the
   * head only on evidence, as a first request does (see `heads`); otherwise it is predicted cold,
   * with the warm read as the top of its range.
   */
  readonly globalHead?: boolean;
  /** Head size in Claude tokens until the input shows one (default: learned from the input's usage). */
  readonly headTokens?: number;
  /**
   * Heads seen so far in the input (shared between the sessions of one projects folder). A first
   * request is predicted warm only when another session or subagent sent the same head within its
   * TTL before it; otherwise cold, with the warm read as the top of its range.
   */
  readonly heads?: HeadEvidence;
  /** Also read the subagent transcripts of the session (default true). */
  readonly sidechains?: boolean;
}
