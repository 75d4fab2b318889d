/*
 * The page's stylesheet, inlined so the report is one file that opens without a network. Reused
 * segments are green, lost ones red; the kind sets the shade, so the head (system, tools, SDK) and
 * the history stay distinguishable inside each colour. Colour rules set `background-color` only, so
 * the stripes of inherited history (a `background-image`) show over every shade. Nothing is wider
 * than the window (800 px included): labels are cut before their `#n`, cause sentences wrap under
 * their bar, table headings and summary cells wrap.
 */
export const PAGE_STYLE = `
:root { --reused: #2e7d32; --lost: #c62828; --ink: #1b1b1b; --muted: #666; --line: #ddd; --label: 240px; }
* { box-sizing: border-box; }
body { margin: 0; padding: 16px 24px; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fafafa; }
h1 { font-size: 18px; margin: 0 0 4px; }
h2 { font-size: 15px; margin: 24px 0 4px; overflow-wrap: anywhere; }
.meta, .notes { color: var(--muted); margin: 2px 0; overflow-wrap: anywhere; }
.legend { display: flex; gap: 14px; flex-wrap: wrap; margin: 8px 0 4px; }
.legend span { display: inline-flex; align-items: center; gap: 4px; }
.legend i { display: inline-block; width: 14px; height: 10px; }
table.sessions { border-collapse: collapse; margin: 8px 0; max-width: 100%; }
table.sessions th, table.sessions td { border-bottom: 1px solid var(--line); padding: 2px 10px 2px 0; text-align: right; white-space: nowrap; }
table.sessions th { white-space: normal; vertical-align: bottom; }
table.sessions th:first-child, table.sessions td:first-child { text-align: left; max-width: 200px; overflow: hidden; text-overflow: ellipsis; }
#summary table { border-collapse: collapse; width: 100%; }
#summary th, #summary td { border-bottom: 1px solid var(--line); padding: 2px 8px 2px 0; vertical-align: top; overflow-wrap: break-word; }
#summary td:first-child { min-width: 90px; }
#summary li, #summary p { overflow-wrap: anywhere; }
#contents ul { margin: 4px 0; padding-left: 20px; }
h2 a.up { font-size: 11px; font-weight: normal; }
.axis { position: relative; height: 18px; margin: 0 24px 2px var(--label); border-bottom: 1px solid #999; }
.axis span { position: absolute; bottom: 2px; transform: translateX(-50%); color: var(--muted); font-size: 11px; white-space: nowrap; }
.row { display: flex; align-items: flex-start; padding: 3px 0; }
.row .label { width: var(--label); flex: none; display: flex; padding-right: 8px; font-size: 12px; line-height: 16px; white-space: nowrap; }
.row .label .name { overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.row .label .n { flex: none; padding-left: 4px; }
.row.child .label { padding-left: 16px; }
.row .body { flex: 1; min-width: 0; margin-right: 24px; }
.track { position: relative; height: 16px; }
.cause { font-size: 11px; color: #333; margin-top: 2px; overflow-wrap: anywhere; }
.cause b { font-weight: 600; }
.seg { position: absolute; top: 0; height: 16px; border-right: 1px solid rgba(255, 255, 255, 0.6); }
.seg.reused { background-color: var(--reused); }
.seg.lost { background-color: var(--lost); }
.seg.reused.k-tool, .seg.reused.k-sdk { background-color: #43a047; }
.seg.reused.k-message { background-color: #66bb6a; }
.seg.reused.k-task { background-color: #81c784; }
.seg.lost.k-tool, .seg.lost.k-sdk { background-color: #e53935; }
.seg.lost.k-message { background-color: #ef5350; }
.seg.lost.k-task { background-color: #e57373; }
.seg.inherited { background-image: repeating-linear-gradient(135deg, rgba(0, 0, 0, 0.28) 0 2px, transparent 2px 6px); }
.seg:hover { outline: 2px solid #000; z-index: 2; }
.break { position: absolute; top: -3px; height: 22px; width: 0; border-left: 2px solid #000; margin-left: -1px; z-index: 3; pointer-events: none; }
#tip { position: fixed; z-index: 10; max-width: 520px; background: #222; color: #fff; padding: 6px 8px; border-radius: 4px; font: 12px/1.4 ui-monospace, monospace; white-space: pre-wrap; pointer-events: none; }
`;
