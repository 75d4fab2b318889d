import path from 'node:path';
import { analyzeRequestFamily, readRequestFile } from '../../src/analysis/index.js';
import type { SessionTreeAnalysis } from '../../src/analysis/result/session-analysis.js';
import { deepseekRulePolicy } from './deepseek-rule-policy.js';

export const EXAMPLES_DIRECTORY = path.resolve(import.meta.dirname, '../../examples');

/** The bundled DSH fork parent with its one-shot and its continuable child, analysed as one family. */
export async function exampleFamily(): Promise<SessionTreeAnalysis> {
  const read = (file: string) => readRequestFile(file, { cwd: EXAMPLES_DIRECTORY });
  const parent = await read('fork-parent.request.json');
  const children = [await read('fork-child-one-shot.request.json'), await read('fork-child-continuable.request.json')];
  return analyzeRequestFamily(parent, children, { policy: deepseekRulePolicy() });
}
