import { DRAWN_HEAD_KINDS } from './drawn-scale.js';

/*
 * The page's script, inlined. It lays out the embedded data (computed by `pageData`): one bar per
 * request on the tree's common token axis, each segment an absolutely positioned box at its drawn
 * size (the row's scale makes the segments add up to the request's tokens), split where the
 * predicted reuse ends; the break marker inside the bar and the cause on its own line below it; one
 * tooltip element for every segment, found by event delegation so that tens of thousands of boxes
 * need no listeners of their own. Every row is drawn at load: a page saved, printed or captured
 * whole shows every bar. Segment boxes are built as one HTML string per row (numbers and fixed class
 * names only; every text from the data goes through textContent).
 */
export const PAGE_SCRIPT = `
(function () {
  'use strict';
  var HEAD_KINDS = ${JSON.stringify(DRAWN_HEAD_KINDS)};
  var root = document.getElementById('trees');
  var tip = document.getElementById('tip');
  var count = function (n) { return Math.round(n).toLocaleString('en-US'); };
  // As the text report writes money: its currency sign, and six digits under a cent.
  var moneyIn = function (currency) {
    var sign = currency === 'USD' ? '$' : currency + ' ';
    return function (n) { return n === null ? '—' : sign + n.toFixed(n !== 0 && Math.abs(n) < 0.01 ? 6 : 4); };
  };
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
  function drawn(row, s) { return s[2] * (HEAD_KINDS.indexOf(s[0]) >= 0 ? row.scale[0] : row.scale[1]); }
  // A row repeats the first base[1] segments of row base[0] (the previous request of its session).
  function segmentAt(tree, r, i) {
    var row = tree.rows[r];
    while (row.base && i < row.base[1]) row = tree.rows[row.base[0]];
    return row.segments[i - (row.base ? row.base[1] : 0)];
  }
  function draw(data) {
  if (data.length === 0) root.appendChild(el('p', 'notes', 'No session trees to draw.'));
  data.forEach(function (tree, t) {
    var money = moneyIn(tree.currency);
    var section = el('section', 'tree');
    section.id = 'tree-' + (t + 1);
    section.dataset.tree = String(t);
    section.dataset.axis = String(tree.axis);
    var pct = function (tokens) { return (100 * tokens / tree.axis).toFixed(4); };
    var heading = el('h2', '', (t + 1) + '. ' + tree.title);
    if (document.getElementById('contents')) {
      var up = el('a', 'up', '↑ contents');
      up.href = '#contents';
      heading.appendChild(document.createTextNode(' '));
      heading.appendChild(up);
    }
    section.appendChild(heading);
    var totals = tree.sessions.reduce(function (sum, s) {
      sum.requests += s.requests; sum.tokens += s.tokens; sum.reused += s.reused; sum.cost += s.cost;
      sum.observed = sum.observed === null || s.observedCost === null ? null : sum.observed + s.observedCost;
      if (s.observedTokens !== null) { sum.loggedRead += s.observedRead; sum.loggedTokens += s.observedTokens; sum.logged = true; }
      return sum;
    }, { requests: 0, tokens: 0, reused: 0, cost: 0, observed: 0, loggedRead: 0, loggedTokens: 0, logged: false });
    var rate = function (part, whole) { return (whole ? (100 * part / whole).toFixed(1) : '0.0') + '%'; };
    var logged = totals.logged ? '; logged read ' + count(totals.loggedRead) + ' of ' + count(totals.loggedTokens) + ' (' + rate(totals.loggedRead, totals.loggedTokens) + ')' : '; no usage logged';
    section.appendChild(el('p', 'meta totals', count(totals.requests) + ' requests, ' + count(totals.tokens) + ' input tokens, ' + count(totals.reused) + ' predicted reused (' + rate(totals.reused, totals.tokens) + ')' + logged + '; cost ' + money(totals.cost) + ' predicted, ' + money(totals.observed) + ' logged — policy ' + tree.policy + ', tokens in ' + tree.tokenizer));
    var table = el('table', 'sessions');
    var head = table.insertRow();
    ['session', 'requests', 'tokens', 'reused', 'written', 'logged hit rate', 'cost (predicted)', 'cost (logged)'].forEach(function (h) { head.appendChild(el('th', '', h)); });
    var labels = {};
    tree.sessions.forEach(function (s) { labels[s.session] = s.label; });
    tree.sessions.forEach(function (s) {
      var tr = table.insertRow();
      tr.dataset.session = s.session;
      var name = el('td', '', s.label + (s.parent ? '  ← ' + (labels[s.parent] || s.parent) : ''));
      name.title = s.session;
      tr.appendChild(name);
      [count(s.requests), count(s.tokens), count(s.reused), count(s.written), s.observedTokens === null ? '—' : rate(s.observedRead, s.observedTokens), money(s.cost), money(s.observedCost)].forEach(function (v) { tr.appendChild(el('td', '', v)); });
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
    // Segments under a pixel wide on a 1,100 px track cannot be hovered apart: consecutive ones of one
    // kind are drawn as one box of up to three pixels (the tooltip says how many), which keeps a
    // 200-request tree with 100k-token heads to a DOM the browser lays out at once.
    var small = tree.axis / 1100;
    var full = null;
    tree.rows.forEach(function (row, r) {
      var session = tree.sessions[row.session];
      var line = el('div', 'row' + (session.parent ? ' child' : ''));
      line.dataset.session = session.session;
      line.dataset.label = session.label + ' #' + row.index;
      line.dataset.index = String(row.index);
      line.dataset.tokens = String(row.tokens);
      line.dataset.reused = String(row.reused);
      var name = el('div', 'label');
      name.title = session.session + ' #' + row.index;
      name.appendChild(el('span', 'name', session.label));
      name.appendChild(el('span', 'n', '#' + row.index));
      line.appendChild(name);
      var body = el('div', 'body');
      var track = el('div', 'track');
      track.style.width = pct(row.tokens) + '%';
      full = row.base ? full.slice(0, row.base[1]).concat(row.segments) : row.segments;
      var html = [];
      var groups = [];
      var start = 0;
      full.forEach(function (s, i) {
        var size = drawn(row, s);
        var last = groups[groups.length - 1];
        if (last && size < small && last.kind === s[0] && last.inherited === s[4] && last.end - last.start < small * 3) {
          last.end += size; last.count++;
        } else {
          groups.push({ kind: s[0], inherited: s[4], start: start, end: start + size, first: i, count: 1 });
        }
        start += size;
      });
      var width = function (tokens) { return (100 * tokens / Math.max(row.tokens, 1)).toFixed(4); };
      var box = function (from, to, status, g) {
        if (to <= from) return;
        html.push('<div class="seg k-' + safe(g.kind) + ' ' + status + (g.inherited ? ' inherited' : '') + '" data-t="' + t + '" data-r="' + r + '" data-i="' + g.first + '" data-n="' + g.count +
          '" data-kind="' + safe(g.kind) + '" data-start="' + from + '" data-end="' + to + '" style="left:' + width(from) + '%;width:' + width(to - from) + '%"></div>');
      };
      groups.forEach(function (g) {
        if (g.start < row.reused && g.end > row.reused) {
          box(g.start, row.reused, 'reused', g);
          box(row.reused, g.end, 'lost', g);
        } else {
          box(g.start, g.end, g.end <= row.reused ? 'reused' : 'lost', g);
        }
      });
      if (full.length === 0 && row.tokens > 0) {
        html.push('<div class="seg k-message reused" style="left:0;width:' + width(row.reused) + '%"></div><div class="seg k-message lost" style="left:' + width(row.reused) + '%;width:' + width(row.tokens - row.reused) + '%"></div>');
      }
      track.insertAdjacentHTML('afterbegin', html.join(''));
      body.appendChild(track);
      if (row.break) {
        var mark = el('div', 'break');
        mark.style.left = width(row.break.at) + '%';
        mark.dataset.at = String(row.break.at);
        mark.dataset.cause = row.break.cause;
        if (row.break.inferred) mark.dataset.inferred = '';
        track.appendChild(mark);
        var against = row.break.against ? ' (against ' + row.break.against + ')' : '';
        var cause = el('div', 'cause');
        cause.appendChild(el('b', '', row.break.cause + (row.break.inferred ? '*' : '')));
        cause.appendChild(document.createTextNode(against + ': ' + row.break.detail));
        if (row.break.provider) cause.appendChild(el('span', 'provider', ' [' + row.break.provider + ']'));
        if (row.break.inferred) cause.title = 'cause inferred from the request bytes: no host scope';
        body.appendChild(cause);
      }
      line.appendChild(body);
      section.appendChild(line);
    });
    root.appendChild(section);
  });
  root.addEventListener('mousemove', function (event) {
    if (!data) return;
    var target = event.target.closest ? event.target.closest('.seg') : null;
    if (!target || target.dataset.t === undefined) { tip.hidden = true; return; }
    var tree = data[target.dataset.t], r = Number(target.dataset.r);
    var row = tree.rows[r];
    var first = Number(target.dataset.i), n = Number(target.dataset.n);
    var s = segmentAt(tree, r, first);
    var status = '\\n' + (target.classList.contains('reused') ? 'reused' : 'lost') + ' — ' + tree.sessions[row.session].label + ' #' + row.index;
    var tokens = function (counted, drawnTokens) { return 'tokens: ' + count(counted) + (Math.round(drawnTokens) !== counted ? ' counted, drawn as ' + count(drawnTokens) + ' (calibrated to the request’s total)' : ''); };
    if (n === 1) {
      tip.textContent = s[1] + '\\nkind: ' + s[0] + (s[4] ? ' (inherited)' : '') + '\\n' + tokens(s[2], drawn(row, s)) + '\\nhash: ' + s[3] + status;
    } else {
      var last = segmentAt(tree, r, first + n - 1), total = 0, drawnTotal = 0;
      for (var k = first; k < first + n; k++) { var each = segmentAt(tree, r, k); total += each[2]; drawnTotal += drawn(row, each); }
      tip.textContent = n + ' segments, ' + s[1] + ' … ' + last[1] + '\\nkind: ' + s[0] + (s[4] ? ' (inherited)' : '') + '\\n' + tokens(total, drawnTotal) + '\\nhash: ' + s[3] + ' … ' + last[3] + status;
    }
    tip.hidden = false;
    tip.style.left = Math.max(0, Math.min(event.clientX + 12, document.documentElement.clientWidth - 540)) + 'px';
    tip.style.top = (event.clientY + 14) + 'px';
  });
  }
  // The data is gzipped JSON in base64 (see embeddedPageData); inflating it is asynchronous.
  var data = null;
  var packed = document.getElementById('kvprefix-data').textContent;
  if (typeof DecompressionStream !== 'function') {
    root.appendChild(el('p', 'notes', 'This browser cannot unpack the page’s data (it needs DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 or later).'));
    return;
  }
  var bytes = Uint8Array.from(atob(packed), function (c) { return c.charCodeAt(0); });
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).json().then(function (trees) {
    data = trees;
    draw(trees);
    document.body.dataset.ready = 'true';
  }, function (error) {
    root.appendChild(el('p', 'notes', 'The page’s data could not be read: ' + error));
  });
})();
`;
