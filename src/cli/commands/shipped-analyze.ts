import { loadPriceFile, policyByName } from '../../analysis/analyze-command.js';
import { createAnalyzeCommand } from './analyze.js';

/** `analyze` over the shipped cache policies, re-priced by `--prices FILE` (tests build it over their own). */
export const analyzeCommand = createAnalyzeCommand({
  policyByName,
  // The price-file reader (and its YAML parser) is loaded only when a price file is given.
  withPriceFile: async (file, lookup) => {
    const { readPriceFile, withPrices } = await loadPriceFile();
    const overrides = await readPriceFile(file);
    return (name) => withPrices(lookup(name), overrides);
  },
});
