import { policyByName } from '../../analysis/policies/policy-registry.js';
import { createAnalyzeCommand } from './analyze.js';

/** `analyze` over the shipped cache policies, re-priced by `--prices FILE` (tests build it over their own). */
export const analyzeCommand = createAnalyzeCommand({
  policyByName,
  // The price-file reader (and its YAML parser) is loaded only when a price file is given.
  withPriceFile: async (file, lookup) => {
    const { readPriceFile, withPrices } = await import('../../analysis/policies/price-file.js');
    const overrides = await readPriceFile(file);
    return (name) => withPrices(lookup(name), overrides);
  },
});
