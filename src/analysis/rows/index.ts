// Rows: one flat record per request (`analyze --format jsonl`), for DuckDB and any warehouse.
export { requestRow, ROW_COLUMNS, ROW_SCHEMA_VERSION, rowHost, treeRows } from './request-row.js';
export type { RequestRow, RowContext, RowHost } from './request-row.js';
export { rowWriter } from './row-writer.js';
export type { RowWriter } from './row-writer.js';
export { settleIntoRows } from './rows-as-analysed.js';
export type { RowsSelection } from './rows-as-analysed.js';
