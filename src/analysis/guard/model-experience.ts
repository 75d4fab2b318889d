import { markdownText } from '../text/terminal-text.js';
import { groupDigits } from '../../prefix/group-digits.js';
import type { DelegationAnalysis } from './delegation-analysis.js';
import { describeDelta } from './head-delta.js';
import type { FindingLocation } from './guard-finding.js';
import type { GuardReport } from './guard-report.js';

/** One call path's card: the three paragraphs of a DSH README's Model Experience entry, with numbers. */
export interface ModelExperiencePath {
  readonly label: string;
  readonly isDefault: boolean;
  readonly mode: 'one-shot' | 'continuable';
  readonly whatTheModelSees: string;
  readonly tokenEffect: string;
  readonly kvCacheEffect: string;
  /** The numbers in the paragraphs (null when the runtime rejected the start). */
  readonly numbers: {
    readonly parentHeadTokens: number;
    readonly childHeadTokens: number;
    readonly inheritedHistoryTokens: number;
    readonly inheritedMessages: number;
    readonly reusedTokens: number;
    readonly lostTokens: number;
    readonly tokenizer: string;
  } | null;
}

/** A delegation tool's Model Experience card. */
export interface ModelExperienceCard {
  readonly tool: string;
  readonly provider: string;
  readonly inheritsParentContext: boolean;
  readonly paths: readonly ModelExperiencePath[];
  /** The parent side, as DSH's cards give it ("Parent tool result, indirectly"). */
  readonly parentResult: { readonly whatTheModelSees: string; readonly tokenEffect: string; readonly kvCacheEffect: string };
}

const count = groupDigits;

function pathCard(analysis: DelegationAnalysis, entry: DelegationAnalysis['paths'][number]): ModelExperiencePath {
  const { delegation } = analysis;
  const { path, outcome } = entry;
  const base = { label: path.label, isDefault: path.isDefault, mode: path.delta.mode };
  if (outcome.state === 'rejected') {
    const text = `The runtime rejects this start (${outcome.code}): ${outcome.message}`;
    return { ...base, whatTheModelSees: text, tokenEffect: text, kvCacheEffect: text, numbers: null };
  }
  const { request, head, deltas } = outcome;
  const historyTokens = request.parentTokens - head.parentTokens;
  const messages = analysis.inheritedMessages;
  const tokenizer = request.tokenizer;
  const deltaText = deltas.length === 0 ? 'no child-only delta: its head is byte-identical to the parent\'s' : `child-only ${deltas.map(describeDelta).join(', ')}`;
  const landing = request.firstDifferent ? `, first differing at ${request.firstDifferent.kind} segment '${request.firstDifferent.name}'` : '';
  const sees = delegation.inheritsParentContext
    ? `The child receives the parent's completed-turn history (${count(messages)} messages${messages === 0 ? ' here: a first-turn fork, or no session given' : ''}), then its task verbatim. Its head has ${outcome.pair.childHead.sections.length} sections and ${outcome.pair.childHead.tools.length} tools (the parent's: ${outcome.pair.parentHead.sections.length} and ${outcome.pair.parentHead.tools.length}), with ${deltaText}${landing}.`
    : `The fresh child receives its task verbatim and zero parent conversation messages. Its head has ${outcome.pair.childHead.sections.length} sections and ${outcome.pair.childHead.tools.length} tools, with ${deltaText}${landing}.`;
  const headChange = head.childTokens - head.parentTokens;
  const tokenEffect =
    `Every child request repeats a head of ${count(head.childTokens)} tokens (${headChange === 0 ? 'the same as the parent\'s' : `${headChange > 0 ? '+' : ''}${count(headChange)} against the parent's ${count(head.parentTokens)}`})` +
    (delegation.inheritsParentContext ? ` and duplicates ${count(historyTokens)} inherited history tokens into the child's context.` : '; no parent-history tokens are duplicated.') +
    ` Counts in ${tokenizer}.`;
  const kvCacheEffect = delegation.inheritsParentContext
    ? request.lostTokens === 0
      ? `The child may reuse all ${count(request.parentTokens)} tokens of the parent's cached request (head and inherited history) under the same provider and model; later child history is append-only.`
      : `The child reuses only ${count(request.commonTokens)} of the parent's ${count(request.parentTokens)} cached tokens: the delta precedes the inherited history, so ${count(request.lostTokens)} tokens are re-prefilled${messages === 0 ? ', plus every inherited history token' : ''}.`
    : `Independent of the parent's conversation cache; the child's head shares ${count(head.commonTokens)} of ${count(head.childTokens)} tokens with the parent's head, which a provider caching by prefix can reuse.`;
  return {
    ...base,
    whatTheModelSees: sees,
    tokenEffect,
    kvCacheEffect,
    numbers: {
      parentHeadTokens: head.parentTokens,
      childHeadTokens: head.childTokens,
      inheritedHistoryTokens: historyTokens,
      inheritedMessages: messages,
      reusedTokens: request.commonTokens,
      lostTokens: request.lostTokens,
      tokenizer,
    },
  };
}

/** The Model Experience cards of every delegation a guard run assembled. */
export function modelExperienceCards(report: GuardReport): ModelExperienceCard[] {
  return report.delegations.map((analysis) => ({
    tool: analysis.delegation.tool,
    provider: analysis.delegation.provider,
    inheritsParentContext: analysis.delegation.inheritsParentContext,
    paths: analysis.paths.map((entry) => pathCard(analysis, entry)),
    parentResult: {
      whatTheModelSees: `Through '${analysis.delegation.tool}', the parent receives only the child's final output, or \`Error:\` followed by the child's stop reason, as the tool result.`,
      tokenEffect: 'Parent input grows by one data-dependent result retained until compaction.',
      kvCacheEffect: 'Append-only; the result follows the reusable request prefix and does not invalidate existing KV-cache entries.',
    },
  }));
}

/** What a card cannot be drawn for: a delegation (or the head) the guard could not resolve, and why. */
export interface UnexplainedDelegation extends FindingLocation {
  /** The delegation tool, or null when the whole head could not be assembled. */
  readonly tool: string | null;
  readonly message: string;
}

/**
 * The guard's unresolved findings, as explain reports them: a tool with no card must be named with
 * its reason, or a reader takes the cards shown for the whole composition.
 */
export function unexplainedDelegations(report: GuardReport): UnexplainedDelegation[] {
  return report.findings
    .filter((finding) => finding.kind === 'unresolved')
    .map(({ tool, file, yamlPath, line, message }) => ({ tool, file, yamlPath, line, message }));
}

/**
 * Markdown in the DSH READMEs' card layout; then what could not be explained, each with its reason.
 * Tool, provider and file names come from the composition: their HTML is escaped, each on one line.
 */
export function renderModelExperience(cards: readonly ModelExperienceCard[], source: string, unexplained: readonly UnexplainedDelegation[] = []): string {
  const md = markdownText;
  const lines = [`# Model Experience: ${md(source)}`, ''];
  if (cards.length === 0 && unexplained.length === 0) lines.push('The composition loads no delegation tool, so no child request to explain.', '');
  for (const card of cards) {
    lines.push(`## ${md(card.tool)} — provider '${md(card.provider)}'${card.inheritsParentContext ? ' (inherits the parent\'s completed turns)' : ''}`, '');
    for (const path of card.paths) {
      lines.push(`### Child-agent request: ${md(path.label)} (${path.mode} child${path.isDefault ? ', the default' : ', opt-in'})`, '');
      lines.push('#### What the model sees', '', md(path.whatTheModelSees), '', '#### Token effect', '', md(path.tokenEffect), '', '#### KV Cache effect', '', md(path.kvCacheEffect), '');
    }
    lines.push('### Parent tool result, indirectly', '', '#### What the model sees', '', md(card.parentResult.whatTheModelSees), '', '#### Token effect', '', md(card.parentResult.tokenEffect), '', '#### KV Cache effect', '', md(card.parentResult.kvCacheEffect), '');
  }
  for (const entry of unexplained) {
    const where = entry.file === null ? '' : ` (${entry.file}${entry.line === null ? '' : `:${entry.line}`})`;
    lines.push(`## ${md(entry.tool ?? 'the parent head')} — not explained${md(where)}`, '', md(entry.message), '');
  }
  return `${lines.join('\n')}`;
}
