import type { ToolSchema } from '../../../providers/index.js';
import type { GuardFinding } from '../guard-finding.js';
import type { GuardCheck, GuardSubject, RecordedHeader } from '../guard-subject.js';
import { describeDelta, headDeltas } from '../head-delta.js';

/**
 * Text that differs from one request (or one workspace, or one day) to the next. A head holding it
 * cannot be reused across those boundaries, and a host that re-renders it per request loses the whole
 * cache on every request.
 */
export const VOLATILE_PATTERNS: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'UUID', pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i },
  { name: 'timestamp', pattern: /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?/ },
  { name: 'date', pattern: /\b(?:19|20)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b/ },
  { name: 'clock time', pattern: /\b(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\b/ },
  { name: 'epoch milliseconds', pattern: /\b1[5-9]\d{11}\b/ },
  // A hex run of 16+ with both digits and letters; the mix is checked in code, since two lookaheads at every word boundary are slow on a 20 KB head.
  { name: 'random id', pattern: /\b[0-9a-f]{16,}\b/gi },
  { name: 'absolute path', pattern: /(?<![\w.:/-])(?:\/(?:home|Users|tmp|var|private|root|opt|mnt|srv)\/[^\s'"`)\]]+|[A-Z]:\\[^\s'"`)\]]+)/ },
];

const EXCERPT = 32;

const isMixedHex = (run: string) => /\d/.test(run) && /[a-f]/i.test(run);

function firstMatch(pattern: RegExp, name: string, text: string): RegExpExecArray | null {
  if (name !== 'random id') return pattern.exec(text);
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) if (isMixedHex(match[0])) return match;
  return null;
}

function scan(text: string): { name: string; excerpt: string } | undefined {
  for (const { name, pattern } of VOLATILE_PATTERNS) {
    const match = firstMatch(pattern, name, text);
    if (match) {
      const start = Math.max(0, match.index - EXCERPT);
      return { name, excerpt: text.slice(start, match.index + match[0].length + EXCERPT).replace(/\s+/g, ' ') };
    }
  }
  return undefined;
}

function scanHead(subject: GuardSubject, sections: readonly { name: string; text: string }[], tools: readonly ToolSchema[], file: string | null, line: number | null): GuardFinding[] {
  const findings: GuardFinding[] = [];
  const parts = [...sections.map((section) => ({ where: `section '${section.name}'`, text: section.text })), ...tools.map((tool) => ({ where: `tool '${tool.name}'`, text: JSON.stringify(tool) }))];
  for (const part of parts) {
    const hit = scan(part.text);
    if (!hit) continue;
    findings.push({
      kind: 'volatile-head',
      severity: 'warning',
      file,
      yamlPath: null,
      line,
      tool: null,
      lostTokens: null,
      where: part.where,
      pattern: hit.name,
      excerpt: hit.excerpt,
      message: `${part.where} of the ${subject.headSource === 'session' ? 'logged' : 'assembled'} head holds a ${hit.name} ("${hit.excerpt}"): a head that differs per request, day or workspace is not reused across them; move it after the history (a runtime context) or drop it.`,
    });
  }
  return findings;
}

function sameRoute(a: RecordedHeader, b: RecordedHeader): boolean {
  return a.route.provider === b.route.provider && a.route.model === b.route.model;
}

/** Consecutive logged headers on one route whose heads differ: the cache was lost with no config change. */
function changedHeaders(subject: GuardSubject): GuardFinding[] {
  const findings: GuardFinding[] = [];
  const headers = subject.recordedHeaders;
  for (let index = 1; index < headers.length; index += 1) {
    const before = headers[index - 1]!;
    const after = headers[index]!;
    if (!sameRoute(before, after)) continue;
    if (before.system === after.system && JSON.stringify(before.tools) === JSON.stringify(after.tools)) continue;
    const asHead = (header: RecordedHeader) => ({ sections: [{ name: 'system prompt', order: 0, text: header.system }], tools: header.tools });
    const deltas = headDeltas(asHead(before), asHead(after), before.route, after.route).map(describeDelta);
    findings.push({
      kind: 'volatile-head',
      severity: after.reason === 'change' ? 'warning' : 'error',
      file: subject.sessionSource,
      yamlPath: null,
      line: after.line,
      tool: null,
      lostTokens: null,
      where: deltas.join(', '),
      pattern: 'header change',
      excerpt: '',
      message:
        `request/header at seq ${after.seq} (${after.reason}) differs from the one at seq ${before.seq} on the same route (${deltas.join(', ')}): ` +
        `every request after it re-prefills the whole prefix${after.reason === 'change' ? ' (the host announced the change)' : ' although the configuration did not change'}.`,
    });
  }
  return findings;
}

/**
 * Volatile head: dates, times, UUIDs, random ids and absolute paths in the parent head (warnings),
 * and heads that change between consecutive logged headers of one session on the same route (an
 * error unless the host logged the header as a `change`).
 */
export const volatileHeadCheck: GuardCheck = {
  name: 'volatile-head',
  description: 'head text that changes between requests without a configuration change',
  run(subject) {
    const last = subject.recordedHeaders.at(-1);
    const head = subject.setup;
    const assembledSections = head.host.sections.flatMap((section) => (typeof section.text === 'string' ? [{ name: section.name, text: section.text }] : []));
    const scanned = last
      ? scanHead(subject, [{ name: 'system', text: last.system }], last.tools, subject.sessionSource, last.line)
      : scanHead(subject, assembledSections, head.host.tools, subject.source, null);
    return [...scanned, ...changedHeaders(subject)];
  },
};
