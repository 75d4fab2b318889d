/**
 * Test support (not a test file): DSH corpus compositions for the guard tests, and a copy of the
 * base bundle with the fork delegation tool switched to continuable (the corpus itself is never edited).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompositionSource } from '../../src/analysis/index.js';
import { corpusPath } from './corpus.js';

export const BASE_BUNDLE = 'packages/bundle/base/cordis.patch.yml';
export const CLI_PRESETS = ['standard', 'code', 'cordis'].map((name) => `apps/cli/config/agent-presets/${name}/agent.cordis.yml`);
export const SNAPSHOTS = 'examples/acp-agent/tests/snapshots';

/** A corpus composition as a guard source, labelled with its corpus-relative path. */
export function dshSource(relative: string): CompositionSource {
  return { path: corpusPath('dsh', relative), label: relative };
}

const FORK_ONE_SHOT = 'toolName: subagent_fork\n        backgroundMode: one-shot';

/** The base bundle with only the fork tool's `backgroundMode` changed to `continuable`, written to a temp folder. */
export function baseBundleWithContinuableFork(): CompositionSource {
  const text = readFileSync(corpusPath('dsh', BASE_BUNDLE), 'utf8');
  if (!text.includes(FORK_ONE_SHOT)) throw new Error('the base bundle no longer binds subagent_fork to one-shot as this helper expects');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-guard-')), 'cordis.patch.yml');
  writeFileSync(file, text.replace(FORK_ONE_SHOT, 'toolName: subagent_fork\n        backgroundMode: continuable'));
  return { path: file, label: 'base-bundle-continuable-fork/cordis.patch.yml' };
}
