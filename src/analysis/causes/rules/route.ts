import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { CauseRule } from '../cause-rule.js';
import { routeLabel } from '../wording.js';

/** A different provider, model or cache salt: every provider keys its cache by route, so nothing is shared. */
export const routeRule: CauseRule = {
  cause: 'route',
  ...DIVERGENCE_CAUSE_FACTS.route,
  when: 'the provider, model or cache salt differs',
  attribute({ parent, child, scope }) {
    const to = routeLabel(child.route);
    const options = scope?.delegation?.agentOptions;
    const set = options ? Object.entries(options).filter(([, value]) => value !== undefined).map(([key, value]) => `${key}: ${value}`) : [];
    const via = set.length > 0 ? ` (the delegation's agentOptions set ${set.join(', ')})` : '';
    return { name: to, detail: `the child runs on ${to}, the parent on ${routeLabel(parent.route)}${via}: caches are kept per route, so nothing is shared` };
  },
};
