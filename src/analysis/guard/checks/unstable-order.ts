import { canonicalJson } from '../../wire/canonical-json.js';
import type { GuardFinding } from '../guard-finding.js';
import type { GuardCheck, GuardSubject } from '../guard-subject.js';

function finding(subject: GuardSubject, where: string, message: string, severity: 'error' | 'warning', line: number | null, file: string | null): GuardFinding {
  return { kind: 'unstable-order', severity, file, yamlPath: null, line, tool: null, lostTokens: null, where, message };
}

/** Sections that tie on `order`: the renderer keeps registration order, which follows plugin activation. */
function sectionTies(subject: GuardSubject): GuardFinding[] {
  const byOrder = new Map<number, string[]>();
  for (const section of subject.setup.host.sections) {
    const names = byOrder.get(section.order);
    if (names) names.push(section.name);
    else byOrder.set(section.order, [section.name]);
  }
  return [...byOrder]
    .filter(([, names]) => names.length > 1)
    .map(([order, names]) =>
      finding(
        subject,
        names.map((name) => `section '${name}'`).join(', '),
        `sections ${names.map((name) => `'${name}'`).join(' and ')} share order ${order}; they render in registration order, which follows plugin activation (not row order), so two hosts of this composition may render different heads. Give them distinct orders.`,
        'warning',
        null,
        subject.source,
      ),
    );
}

/** Across logged headers: the same tool set in another order, or a tool schema whose keys moved. */
function recordedOrder(subject: GuardSubject): GuardFinding[] {
  const findings: GuardFinding[] = [];
  const headers = subject.recordedHeaders;
  for (let index = 1; index < headers.length; index += 1) {
    const before = headers[index - 1]!;
    const after = headers[index]!;
    const names = (tools: typeof before.tools) => tools.map((tool) => tool.name);
    const sortedBefore = [...names(before.tools)].sort().join(',');
    if (sortedBefore === [...names(after.tools)].sort().join(',') && names(before.tools).join(',') !== names(after.tools).join(',')) {
      findings.push(finding(subject, 'tools', `request/header at seq ${after.seq} lists the same tools as seq ${before.seq} in another order: sort tools by name so the tool block is byte-stable.`, 'error', after.line, subject.sessionSource));
    }
    const previous = new Map(before.tools.map((tool) => [tool.name, tool]));
    for (const tool of after.tools) {
      const earlier = previous.get(tool.name);
      if (earlier && JSON.stringify(earlier) !== JSON.stringify(tool) && canonicalJson(earlier) === canonicalJson(tool)) {
        findings.push(
          finding(subject, `tool '${tool.name}'`, `tool '${tool.name}' has the same schema at seq ${before.seq} and ${after.seq} but its JSON keys are in another order, so its bytes differ: serialise schemas with a fixed key order.`, 'error', after.line, subject.sessionSource),
        );
      }
    }
  }
  return findings;
}

/** Unstable order: section-order ties in the assembled head, and tool or schema-key order that moves between logged headers. */
export const unstableOrderCheck: GuardCheck = {
  name: 'unstable-order',
  description: 'tools, sections or schema keys whose order is not deterministic',
  run: (subject) => [...(subject.headSource === 'composition' ? sectionTies(subject) : []), ...recordedOrder(subject)],
};
