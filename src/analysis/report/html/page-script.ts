/*
 * The page's script, inlined. It lays out the embedded data (computed by `pageData`): one bar per
 * request on the tree's common token axis, each segment an absolutely positioned box, split where
 * the predicted reuse ends; the break marker with its cause; one tooltip element for every segment,
 * found by event delegation so that tens of thousands of boxes need no listeners of their own.
 * Segment boxes are built as one HTML string per row (numbers and fixed class names only; every
 * text from the data goes through textContent).
 */
export const PAGE_SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('kvprefix-data').textContent);
  var root = document.getElementById('trees');
  var tip = document.getElementById('tip');
  var count = function (n) { return n.toLocaleString('en-US'); };
  var money = function (n) { return n === null ? '—' : n.toFixed(4); };
  var safe = function (kind) { return String(kind).replace(/[^a-z-]/g, ''); };
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function niceStep(axis) {
    var raw = axis / 8, power = Math.pow(10, Math.floor(Math.log10(raw))), steps = [1, 2, 5, 10];
    for (var i = 0; i < steps.length; i++) if (steps[i] * power >= raw) return steps[i] * power;
    return 10 * power;
  }
  // Rows past the first few thousand boxes are drawn when they scroll near the viewport, so a
  // 200-request tree with 100k-token heads (~55k boxes) opens at once; the rest follow on scroll.
  var EAGER_BOXES = 8000;
  var drawnNow = 0;
  var pending = new Map();
  var lazy = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      var draw = pending.get(entry.target);
      if (!entry.isIntersecting || !draw) return;
      pending.delete(entry.target);
      lazy.unobserve(entry.target);
      draw();
    });
  }, { rootMargin: '600px 0px' });
  if (data.length === 0) root.appendChild(el('p', 'notes', 'No session trees to draw.'));
  data.forEach(function (tree, t) {
    var section = el('section', 'tree');
    section.dataset.tree = String(t);
    var pct = function (tokens) { return (100 * tokens / tree.axis).toFixed(4); };
    section.appendChild(el('h2', '', tree.title));
    var totals = tree.sessions.reduce(function (sum, s) {
      sum.requests += s.requests; sum.tokens += s.tokens; sum.reused += s.reused; sum.cost += s.cost;
      sum.observed = sum.observed === null || s.observedCost === null ? null : sum.observed + s.observedCost;
      return sum;
    }, { requests: 0, tokens: 0, reused: 0, cost: 0, observed: 0 });
    section.appendChild(el('p', 'meta totals', count(totals.requests) + ' requests, ' + count(totals.tokens) + ' input tokens, ' + count(totals.reused) + ' predicted reused (' + (totals.tokens ? (100 * totals.reused / totals.tokens).toFixed(1) : '0') + '%); predicted cost ' + money(totals.cost) + ', observed ' + money(totals.observed) + ' — policy ' + tree.policy + ', tokens in ' + tree.tokenizer));
    var table = el('table', 'sessions');
    var head = table.insertRow();
    ['session', 'requests', 'tokens', 'reused', 'written', 'cost (predicted)', 'cost (observed)'].forEach(function (h) { head.appendChild(el('th', '', h)); });
    tree.sessions.forEach(function (s) {
      var tr = table.insertRow();
      tr.dataset.session = s.session;
      [s.session + (s.parent ? '  ← ' + s.parent : ''), count(s.requests), count(s.tokens), count(s.reused), count(s.written), money(s.cost), money(s.observedCost)].forEach(function (v) { tr.appendChild(el('td', '', v)); });
    });
    section.appendChild(table);
    tree.notes.forEach(function (note) { section.appendChild(el('p', 'notes', note)); });
    var axis = el('div', 'axis');
    var step = niceStep(tree.axis);
    for (var tick = 0; tick <= tree.axis; tick += step) {
      var label = el('span', '', count(tick));
      label.style.left = pct(tick) + '%';
      axis.appendChild(label);
    }
    section.appendChild(axis);
    tree.rows.forEach(function (row, r) {
      var line = el('div', 'row' + (row.child ? ' child' : ''));
      line.dataset.session = row.session;
      line.dataset.index = String(row.index);
      line.dataset.tokens = String(row.tokens);
      line.dataset.reused = String(row.reused);
      line.appendChild(el('div', 'label', row.session + ' #' + row.index));
      var track = el('div', 'track');
      var draw = function () {
        var html = [];
        // Segments under a pixel wide on a 1,500 px axis cannot be hovered apart: consecutive ones of
        // one kind are drawn as one box of up to three pixels (the tooltip says how many), which keeps
        // a 200-request tree with 100k-token heads to a DOM the browser lays out quickly.
        var small = tree.axis / 1500;
        var groups = [];
        var start = 0;
        row.segments.forEach(function (s, i) {
          var last = groups[groups.length - 1];
          if (last && s[2] < small && last.tokens < small * 3 && last.kind === s[0] && last.inherited === s[4] && last.end - last.start < small * 3) {
            last.end += s[2]; last.count++; last.tokens = last.end - last.start;
          } else {
            groups.push({ kind: s[0], inherited: s[4], start: start, end: start + s[2], first: i, count: 1, tokens: s[2] });
          }
          start += s[2];
        });
        var box = function (from, to, status, g) {
          if (to <= from) return;
          html.push('<div class="seg k-' + safe(g.kind) + ' ' + status + (g.inherited ? ' inherited' : '') + '" data-t="' + t + '" data-r="' + r + '" data-i="' + g.first + '" data-n="' + g.count +
            '" data-kind="' + safe(g.kind) + '" data-start="' + from + '" data-end="' + to + '" style="left:' + pct(from) + '%;width:' + pct(to - from) + '%"></div>');
        };
        groups.forEach(function (g) {
          if (g.start < row.reused && g.end > row.reused) {
            box(g.start, row.reused, 'reused', g);
            box(row.reused, g.end, 'lost', g);
          } else {
            box(g.start, g.end, g.end <= row.reused ? 'reused' : 'lost', g);
          }
        });
        track.insertAdjacentHTML('afterbegin', html.join(''));
      };
      if (drawnNow < EAGER_BOXES) { drawnNow += row.segments.length; draw(); } else { pending.set(track, draw); lazy.observe(track); }
      if (row.break) {
        var mark = el('div', 'break');
        mark.style.left = pct(row.break.at) + '%';
        mark.dataset.at = String(row.break.at);
        mark.dataset.cause = row.break.cause;
        if (row.break.inferred) mark.dataset.inferred = '';
        mark.appendChild(el('span', '', row.break.cause + ': ' + row.break.detail + (row.break.inferred ? ' (cause inferred from the request bytes: no host scope)' : '')));
        track.appendChild(mark);
      }
      line.appendChild(track);
      section.appendChild(line);
    });
    root.appendChild(section);
  });
  root.addEventListener('mousemove', function (event) {
    var target = event.target.closest ? event.target.closest('.seg') : null;
    if (!target) { tip.hidden = true; return; }
    var row = data[target.dataset.t].rows[target.dataset.r];
    var first = Number(target.dataset.i), n = Number(target.dataset.n);
    var s = row.segments[first];
    var status = '\\n' + (target.classList.contains('reused') ? 'reused' : 'lost') + ' — ' + row.session + ' #' + row.index;
    if (n === 1) {
      tip.textContent = s[1] + '\\nkind: ' + s[0] + (s[4] ? ' (inherited)' : '') + '\\ntokens: ' + count(s[2]) + '\\nhash: ' + s[3] + status;
    } else {
      var last = row.segments[first + n - 1], total = 0;
      for (var k = first; k < first + n; k++) total += row.segments[k][2];
      tip.textContent = n + ' segments, ' + s[1] + ' … ' + last[1] + '\\nkind: ' + s[0] + (s[4] ? ' (inherited)' : '') + '\\ntokens: ' + count(total) + '\\nhash: ' + s[3] + ' … ' + last[3] + status;
    }
    tip.hidden = false;
    tip.style.left = Math.min(event.clientX + 12, window.innerWidth - 540) + 'px';
    tip.style.top = (event.clientY + 14) + 'px';
  });
  document.body.dataset.ready = 'true';
})();
`;
