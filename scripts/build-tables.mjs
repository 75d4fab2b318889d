// Generates the tokenizer tables in `tables/` from the installed vocabularies (run by `npm run build`
// after tsc, from the built modules). Never edit the generated files by hand: rerun this.
import { writeGeneratedTables } from '../dist/generated-tables.js';

for (const file of writeGeneratedTables()) process.stderr.write(`wrote ${file}\n`);
