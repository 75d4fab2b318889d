import { writeGeneratedTables } from '../../src/generated-tables.js';

/** Runs once before the suite: the generated tokenizer tables, as `npm run build` writes them, so tests use the same fast path as the CLI. */
export default function tablesSetup(): void {
  writeGeneratedTables();
}
