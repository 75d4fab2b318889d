/*
 * The page's stylesheet, inlined so the report is one file that opens without a network. Reused
 * segments are green, lost ones red; the kind sets the shade, so the head (system, tools, SDK) and
 * the history stay distinguishable inside each colour. Inherited history is striped.
 */
export const PAGE_STYLE = `
:root { --reused: #2e7d32; --lost: #c62828; --ink: #1b1b1b; --muted: #666; --line: #ddd; }
* { box-sizing: border-box; }
body { margin: 0; padding: 16px 24px; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fafafa; }
h1 { font-size: 18px; margin: 0 0 4px; }
h2 { font-size: 15px; margin: 24px 0 4px; word-break: break-all; }
.meta, .notes { color: var(--muted); margin: 2px 0; }
.legend { display: flex; gap: 14px; flex-wrap: wrap; margin: 8px 0 4px; }
.legend span { display: inline-flex; align-items: center; gap: 4px; }
.legend i { display: inline-block; width: 14px; height: 10px; }
table.sessions { border-collapse: collapse; margin: 8px 0; }
table.sessions th, table.sessions td { border-bottom: 1px solid var(--line); padding: 2px 10px 2px 0; text-align: right; white-space: nowrap; }
table.sessions th:first-child, table.sessions td:first-child { text-align: left; max-width: 420px; overflow: hidden; text-overflow: ellipsis; }
.axis { position: relative; height: 18px; margin-left: 260px; border-bottom: 1px solid #999; }
.axis span { position: absolute; bottom: 2px; transform: translateX(-50%); color: var(--muted); font-size: 11px; }
.row { display: flex; align-items: center; height: 26px; }
.row .label { width: 260px; flex: none; padding-right: 8px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 12px; }
.row.child .label { padding-left: 16px; }
.track { position: relative; flex: 1; height: 16px; }
.seg { position: absolute; top: 0; height: 16px; border-right: 1px solid rgba(255, 255, 255, 0.6); }
.seg.reused { background: var(--reused); }
.seg.lost { background: var(--lost); }
.seg.reused.k-tool, .seg.reused.k-sdk { background: #43a047; }
.seg.reused.k-message { background: #66bb6a; }
.seg.reused.k-task { background: #81c784; }
.seg.lost.k-tool, .seg.lost.k-sdk { background: #e53935; }
.seg.lost.k-message { background: #ef5350; }
.seg.lost.k-task { background: #e57373; }
.seg.inherited { background-image: repeating-linear-gradient(135deg, rgba(255, 255, 255, 0.35) 0 3px, transparent 3px 7px); }
.seg:hover { outline: 2px solid #000; z-index: 2; }
.break { position: absolute; top: -4px; height: 24px; border-left: 2px solid #000; z-index: 3; pointer-events: none; }
.break span { position: absolute; left: 4px; top: 3px; font-size: 11px; white-space: nowrap; background: rgba(255, 255, 255, 0.9); padding: 0 3px; border-radius: 2px; }
#tip { position: fixed; z-index: 10; max-width: 520px; background: #222; color: #fff; padding: 6px 8px; border-radius: 4px; font: 12px/1.4 ui-monospace, monospace; white-space: pre-wrap; pointer-events: none; }
`;
