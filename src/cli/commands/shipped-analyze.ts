import { policyByName, readPriceFile, withPrices } from '../../analysis/index.js';
import { createAnalyzeCommand } from './analyze.js';

/** `analyze` over the shipped cache policies, re-priced by `--prices FILE` (tests build it over their own). */
export const analyzeCommand = createAnalyzeCommand({
  policyByName,
  withPriceFile: async (file, lookup) => {
    const overrides = await readPriceFile(file);
    return (name) => withPrices(lookup(name), overrides);
  },
});
