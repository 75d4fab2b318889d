import { groupDigits } from '../../../prefix/group-digits.js';
import type { CallPath } from '../call-paths.js';
import type { DelegationAnalysis } from '../delegation-analysis.js';
import type { GuardFinding, HeadDelta } from '../guard-finding.js';
import type { GuardCheck } from '../guard-subject.js';
import { describeDelta } from '../head-delta.js';
import type { PrefixBreak } from '../prefix-break.js';

const count = groupDigits;

/** The fix for a set of deltas, derived from what they are. */
function fixFor(deltas: readonly HeadDelta[], path: CallPath): string {
  const fixes: string[] = [];
  if (path.delta.mode === 'continuable' && deltas.some((delta) => delta.part === 'tool' && delta.name === 'report')) {
    fixes.push('set backgroundMode: one-shot on this tool (a one-shot child gets no report channel)');
  }
  if (path.delta.persona !== undefined) fixes.push('drop persona from this tool, or make it the deployment persona so the parent head carries it');
  if (path.delta.toolFilter !== undefined) fixes.push('drop toolFilter from this tool, or give the parent the same restriction');
  if (deltas.some((delta) => delta.part === 'route')) fixes.push('drop agentOptions provider/model: another route shares no cache with the parent');
  if (path.delta.outputSchema !== undefined) fixes.push('start structured children with a provider that does not inherit context (spawn)');
  fixes.push('or put the delta in the parent head too, so both heads are byte-identical');
  return fixes.join('; ');
}

function where(request: PrefixBreak): string {
  const first = request.firstDifferent;
  if (!first) return 'the request';
  return `${first.kind} segment '${first.name}' (segment ${first.segment})`;
}

/** The config key a finding points at: the one whose value installs the delta. */
function keyFor(deltas: readonly HeadDelta[], path: CallPath): string | undefined {
  if (path.delta.mode === 'continuable' && deltas.some((delta) => delta.part === 'tool' && delta.name === 'report')) return 'backgroundMode';
  if (path.delta.persona !== undefined) return 'persona';
  if (path.delta.toolFilter !== undefined) return 'toolFilter';
  if (deltas.some((delta) => delta.part === 'route')) return 'agentOptions';
  return undefined;
}

function findingsFor(analysis: DelegationAnalysis): GuardFinding[] {
  const { delegation } = analysis;
  if (!delegation.inheritsParentContext) return [];
  const findings: GuardFinding[] = [];
  for (const { path, outcome } of analysis.paths) {
    const base = { ...delegation.location, tool: delegation.tool };
    if (outcome.state === 'rejected') {
      findings.push({
        kind: 'unresolved',
        ...base,
        severity: 'error',
        lostTokens: null,
        code: outcome.code,
        message: `'${delegation.tool}' (${path.label}): the runtime rejects this child start, so its head cannot be assembled: ${outcome.message}`,
      });
      continue;
    }
    const { request, deltas, head } = outcome;
    // The child keeps the parent's prefix exactly when the parent request is a prefix of the child's.
    if (request.lostTokens === 0) continue;
    const named = deltas.length === 0 ? 'a byte difference' : deltas.map(describeDelta).join(', ');
    const history =
      analysis.inheritedMessages === 0
        ? ' and every inherited history token (pass --session <parent log> to count them)'
        : `, of which ${count(request.parentTokens - head.parentTokens)} are the ${count(analysis.inheritedMessages)} inherited history messages`;
    const key = keyFor(deltas, path);
    findings.push({
      kind: 'inherited-history-lost',
      ...base,
      yamlPath: key === undefined || base.yamlPath === null ? base.yamlPath : `${base.yamlPath}.${key}`,
      severity: path.isDefault ? 'error' : 'warning',
      provider: delegation.provider,
      callPath: path.label,
      defaultPath: path.isDefault,
      deltas,
      landsAt: request.firstDifferent ?? { segment: request.commonSegments, kind: 'message', name: 'history' },
      inheritedMessages: analysis.inheritedMessages,
      lostTokens: request.lostTokens,
      tokenizer: request.tokenizer,
      message:
        `'${delegation.tool}' (provider '${delegation.provider}', inherits the parent's context): the ${path.label} gives the child ${named}, ` +
        `landing in the request head at ${where(request)}, ahead of the inherited history. ` +
        `The child re-prefills ${count(request.lostTokens)} of the parent's ${count(request.parentTokens)} cached tokens (${request.tokenizer})${history}. ` +
        `Fix: ${fixFor(deltas, path)}.`,
    });
  }
  return findings;
}

/**
 * Inherited history lost: for a provider that inherits parent context, every call path whose child
 * head differs from the parent's before the inherited history. The finding follows from comparing
 * the two assembled requests with the prefix engine — never from the tool's config alone — so a
 * continuable fork passes on the day its child head equals the parent's. Error when a plain call
 * takes the path; warning when the caller opts in.
 */
export const inheritedHistoryLostCheck: GuardCheck = {
  name: 'inherited-history-lost',
  description: 'child-only head deltas that precede the history a context-inheriting child was seeded with',
  run: (subject) => subject.delegations.flatMap(findingsFor),
};
