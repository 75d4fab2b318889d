import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { analyzePaths, policyByName } from '../src/analysis/index.js';
import type { RequestAnalysis, SessionTreeAnalysis } from '../src/analysis/replay/session-analysis.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

/*
 * Every cause sentence `analyze` prints is set against the numbers on its own row, over every corpus
 * input analyze reads: DSH session trees (as fixtures and as recorded), Claude Code projects and the
 * recorded API cassettes. A sentence that says a prefix is shared beside a predicted read of 0 must
 * say why nothing is read; a row with no cause (`first`) must have nothing earlier on its route.
 */

/** Each input as `kvprefix analyze` is given it: a DSH scenario folder, a Claude Code project, a cassette folder. */
const INPUTS: Record<string, { readonly folder: string; readonly inputs: () => string[] }> = {
  'dsh fixtures': { folder: 'dsh/examples', inputs: () => folders('dsh/examples', /\/tests\/snapshots\/[^/]+$/) },
  'dsh as recorded': { folder: 'dsh-as-recorded', inputs: () => folders('dsh-as-recorded', /\/current-shape$/) },
  'claude code projects': { folder: 'claude-code-sessions', inputs: () => folders('claude-code-sessions/test/test_data/real_projects', /\/real_projects\/[^/]+$/) },
  cassettes: { folder: 'pydantic-ai-cache-cassettes', inputs: () => folders('pydantic-ai-cache-cassettes/tests/models/cassettes', /\/cassettes\/[^/]+$/) },
};

/** Folders under a corpus folder whose path matches, holding at least one file. */
function folders(under: string, pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (directory: string) => {
    const entries = readdirSync(directory, { withFileTypes: true });
    if (pattern.test(directory) && entries.some((entry) => entry.isFile())) found.push(directory);
    for (const entry of entries) if (entry.isDirectory()) walk(path.join(directory, entry.name));
  };
  walk(corpusPath(under));
  return found.sort();
}

/** Phrases with which a sentence claims that a prefix is shared (and so, by default, read). */
const CLAIMS_SHARED = /shared prefix|before it are shared|is reusable/;
/** Phrases with which a sentence says nothing is shared after a point. */
const DENIES_SHARED = /nothing after it is reusable|nothing is shared/;

interface Row {
  readonly where: string;
  readonly request: RequestAnalysis;
  readonly earlierOnRoute: readonly RequestAnalysis[];
}

/** Every request of a tree with the requests listed before it on the same route that share its first segment. */
function rowsOf(tree: SessionTreeAnalysis): Row[] {
  const seen: RequestAnalysis[] = [];
  const rows: Row[] = [];
  for (const session of tree.sessions) {
    for (const request of session.requests) {
      const first = request.segments?.at(0)?.hash;
      const earlierOnRoute = seen.filter((other) => other.route.provider === request.route.provider && other.route.model === request.route.model && first !== undefined && other.segments?.at(0)?.hash === first);
      rows.push({ where: `${session.file} #${request.index}`, request, earlierOnRoute });
      seen.push(request);
    }
  }
  return rows;
}

for (const [name, { folder, inputs }] of Object.entries(INPUTS)) {
  describeWithCorpus(folder, `cause sentences agree with their rows' numbers: ${name}`, () => {
    let rows: Row[] = [];
    let given = 0;
    const unread: string[] = [];
    beforeAll(async () => {
      const all = inputs();
      given = all.length;
      for (const input of all) {
        try {
          rows.push(...(await analyzePaths([input], { policyByName })).trees.flatMap(rowsOf));
        } catch (error) {
          // Inputs analyze refuses (fixture shapes it does not read) are counted, not checked.
          if (!(error instanceof InputError)) throw error;
          unread.push(input);
        }
      }
    }, 900_000);

    it('analyses most of its inputs and at least one request', () => {
      expect(rows.length).toBeGreaterThan(0);
      expect(unread.length, unread.join('\n')).toBeLessThan(given / 2);
    });

    it('a sentence that says a prefix is shared on a row predicted to read nothing says why', () => {
      const silent = rows.filter(({ request }) => {
        const detail = request.divergence?.detail ?? '';
        return request.predicted.cacheReadRange[1] === 0 && CLAIMS_SHARED.test(detail) && !DENIES_SHARED.test(detail) && !detail.includes(', but nothing is read: ');
      });
      expect(silent.map(({ where, request }) => `${where}: ${request.divergence!.cause}: ${request.divergence!.detail}`)).toEqual([]);
    });

    it('a row with no cause (first) has no earlier request on its route sharing its start', () => {
      const wrong = rows.filter(({ request, earlierOnRoute }) => request.divergence === null && earlierOnRoute.length > 0);
      expect(wrong.map(({ where, request }) => `${where}: predicted read ${request.predicted.cacheRead}, ${request.tokens} tokens`)).toEqual([]);
    });

    it('an extension or identical request names the earlier request it repeats', () => {
      const unnamed = rows.filter(({ request }) => (request.divergence?.cause === 'extension' || request.divergence?.cause === 'identical') && request.divergence.against === null);
      expect(unnamed.map(({ where }) => where)).toEqual([]);
    });

    it('a reason given for reading nothing sits only on rows predicted to read nothing', () => {
      const contradicted = rows.filter(({ request }) => (request.divergence?.detail ?? '').includes(', but nothing is read: ') && request.predicted.cacheReadRange[1] > 0);
      expect(contradicted.map(({ where }) => where)).toEqual([]);
    });
  });
}
