import { isJsonObject } from '../../prefix/json-object.js';
import { evaluateJsValue, type JsEnvironment } from './js-expression.js';
import type { ResolvedRow } from './resolve-composition.js';
import type { UncountedPackage } from './uncounted-package.js';

/*
 * DSH's entry-point apps load a bundle of tool packages themselves: no row of the composition names
 * them, yet their tools are on the wire. The corpus shows the bundle and its switches: the ACP
 * example's `cordis.yml` names no bash, jobs, goal or skill package while its `text-turn` pins carry
 * `bash`, `job_*`, the goal tools and `skill`; `tests/fs-search.cordis.yml` turns `toolJobs`,
 * `goals` and `skills.enabled` off and its pin keeps only `bash` beside the search tools;
 * `tests/pwsh.cordis.yml` sets `toolBash: false` ("the pwsh tool replaces the bundle's bash tool")
 * and its pin has `pwsh` and the job tools. The ACP app is built on the agent spine, so both read
 * the same switches; but the headless example's spine (no `goals` key) sent no goal tools in its
 * recorded heads, whose other sections are the reference head's byte for byte, and its goal
 * scenario adds the goal packages as rows: on the bare spine, goals are off unless switched on.
 */

const SPINE = '@deepseek-ai/dsh-agent-spine-demo';

/** The entry-point apps that load the tool bundle. */
export const BUNDLING_APPS: ReadonlySet<string> = new Set(['@deepseek-ai/dsh-acp-demo', SPINE]);

interface BundledPackage {
  readonly package: string;
  /** The app config key that switches it (`false` turns it off; absent keeps it on, except in `offByDefaultIn`). */
  readonly path: readonly string[];
  readonly offByDefaultIn?: readonly string[];
}

const BUNDLE: readonly BundledPackage[] = [
  { package: '@deepseek-ai/dsh-tool-bash', path: ['toolBash'] },
  { package: '@deepseek-ai/dsh-tool-jobs', path: ['toolJobs'] },
  { package: '@deepseek-ai/dsh-tool-goal', path: ['goals'], offByDefaultIn: [SPINE] },
  { package: '@deepseek-ai/dsh-tool-skill', path: ['skills', 'enabled'] },
];

/** What an app's bundle adds to the head: the packages that load, and switches kvprefix cannot follow. */
export interface AppBundle {
  readonly packages: readonly string[];
  readonly uncounted: readonly UncountedPackage[];
}

function at(value: unknown, key: string): unknown {
  return isJsonObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/**
 * The tool packages the loaded entry-point apps bundle. A switch that is an object configures the
 * package instead of turning it off (`toolBash: { enableRunInBackground: false }` drops a
 * parameter); the reference head has only default schemas, so a configured package is uncounted
 * rather than assembled with a schema DSH would not send.
 */
export function appBundle(enabled: readonly ResolvedRow[], environment: JsEnvironment): AppBundle {
  const packages: string[] = [];
  const uncounted: UncountedPackage[] = [];
  for (const app of enabled.filter((row) => BUNDLING_APPS.has(row.name))) {
    for (const bundled of BUNDLE) {
      const switchValue = evaluateJsValue(
        bundled.path.reduce<unknown>((value, key) => at(value, key), app.config),
        environment,
      );
      const where = `${app.name} config.${bundled.path.join('.')}`;
      if (switchValue.state === 'unresolved') {
        uncounted.push({ package: bundled.package, reason: `${where} is !!js ${switchValue.source}` });
        continue;
      }
      const { value } = switchValue;
      const off = value === false || (value === undefined && (bundled.offByDefaultIn ?? []).includes(app.name));
      if (off || packages.includes(bundled.package)) continue;
      if (typeof value === 'object' && value !== null && Object.keys(value).length > 0) {
        uncounted.push({ package: bundled.package, reason: `${where} configures it (${JSON.stringify(value)}); the reference head has only its default schema` });
        continue;
      }
      packages.push(bundled.package);
    }
  }
  return { packages, uncounted };
}
