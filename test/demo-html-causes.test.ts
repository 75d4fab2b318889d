import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readEmbeddedPageData, type DemoAnalysis, type PageTree } from '../src/analysis/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

/*
 * The demo tree (the runtime's logs on DSH's recorded text-turn head, examples/demo-tree): its text,
 * its JSON and the bars of its HTML page must name one cause per request. The replay alone infers
 * `system` for the continuable fork (DeepSeek V4 sends the prompt as one text); the exact cause,
 * found with the prompt cut into the host's sections, is `report-tool`.
 */

async function demo(...argv: string[]) {
  const cwd = mkdtempSync(path.join(tmpdir(), 'kvprefix-demo-causes-'));
  const io = bufferedIo(cwd);
  const code = await runCli(['demo', ...argv], io);
  return { code, cwd, out: io.out.join('') };
}


describe('kvprefix demo: the HTML bars name the causes the text and JSON name', () => {
  let analysis: DemoAnalysis;
  let page: PageTree;
  let text: string;
  beforeAll(async () => {
    const json = await demo('--json', '-o', 'page.html');
    expect(json.code).toBe(EXIT.ok);
    analysis = JSON.parse(json.out) as DemoAnalysis;
    [page] = readEmbeddedPageData(readFileSync(path.join(json.cwd, 'page.html'), 'utf8')) as [PageTree];
    text = (await demo('-o', 'page.html')).out;
  }, 60_000);

  it('every bar carries the cause of its request in the JSON tree, and whether it was inferred', () => {
    const causes = analysis.tree.sessions.flatMap((session) => session.requests.map((request) => `${session.id} #${request.index} ${request.divergence?.cause ?? '-'} ${request.divergence?.inferred ?? '-'}`));
    expect(page.rows.map((row) => `${page.sessions[row.session]!.session} #${row.index} ${row.break?.cause ?? '-'} ${row.break?.inferred ?? '-'}`)).toEqual(causes);
  });

  it("each child's first bar names the cause its text line and JSON break name (report-tool, persona), not an inferred one", () => {
    const ids = new Map(analysis.tree.sessions.map((session) => [path.basename(session.file), session.id]));
    for (const child of analysis.children) {
      const bar = page.rows.find((row) => page.sessions[row.session]!.session === ids.get(child.file) && row.index === 0)!;
      expect(bar.break?.cause, child.file).toBe(child.break?.cause);
      expect(text).toContain(`cause ${child.break!.cause}\n`);
    }
    expect(analysis.children.map((child) => child.break?.cause)).toEqual(['task', 'report-tool', 'task', 'persona']);
  });
});
