'use strict';
// The replay: the page's data (#r-data) holds the units at their start and
// one step per event of the log; showing step k replays steps 1..k over the
// start and draws the result on the map (#r-layer, over export/svg's
// picture). Keys: Left and Right step, Home and End jump, Page Up and Page
// Down go by turn. #step=K in the address opens step K.
(function () {
  const data = JSON.parse(document.getElementById('r-data').textContent);
  const steps = data.steps || [], units = data.units || [];
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.querySelector('#r-map svg');
  const $ = (id) => document.getElementById(id);
  const color = {};
  for (const s of data.sides || []) color[s.id] = s.color;
  const side = (id) => color[id] || '#333333';

  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Where each drawn place lies: a hex by its centre, an area by its box.
  const places = {};
  if (svg) {
    for (const u of svg.querySelectorAll('#hexes use[data-hex]')) {
      places[u.getAttribute('data-hex')] = { hex: true, x: +u.getAttribute('x'), y: +u.getAttribute('y') };
    }
    for (const g of svg.querySelectorAll('#areas g[data-area]')) {
      const r = g.querySelector('rect');
      if (r) places[g.getAttribute('data-area')] = { x: +r.getAttribute('x'), y: +r.getAttribute('y'), w: +r.getAttribute('width'), h: +r.getAttribute('height') };
    }
  }
  const layer = svg ? svg.appendChild(el('g', { id: 'r-layer' })) : null;

  // state replays the first k steps over the start.
  function state(k) {
    const s = { at: {}, gone: {}, markers: new Map(), control: {}, tracks: {}, turn: 0, phase: '' };
    for (const u of units) {
      if (u.at) s.at[u.id] = u.at;
      else s.gone[u.id] = u.note || 'not on the map';
    }
    const key = (m) => m.at + '|' + m.name + '|' + (m.side || '');
    for (const m of data.markers || []) s.markers.set(key(m), m);
    for (let i = 0; i < k; i++) {
      const st = steps[i];
      if (st.turn) s.turn = st.turn;
      if (st.kind === 'turn') s.phase = '';
      if (st.phase) s.phase = st.phase;
      for (const mv of st.moves || []) {
        if (mv.to) { s.at[mv.unit] = mv.to; delete s.gone[mv.unit]; }
        else { delete s.at[mv.unit]; s.gone[mv.unit] = mv.gone; }
      }
      if (st.control) s.control[st.control.at] = st.control.side;
      if (st.marker) {
        if (st.marker.remove) s.markers.delete(key(st.marker)); else s.markers.set(key(st.marker), st.marker);
      }
      Object.assign(s.tracks, st.tracks || {});
    }
    return s;
  }

  // An area lists its units and markers as the setup picture does; a hex
  // shows a counter in the colour of its first unit, with the stack's size.
  function drawArea(at, p, us, ms, moved) {
    const t = el('text', { class: 'r-list', x: p.x + 6, y: p.y + 26, 'data-at': at, 'data-units': us.map((u) => u.id).join(' ') });
    const lines = us.map((u) => ({ text: u.name, fill: side(u.side), cls: moved.has(u.id) ? 'r-moved' : '', unit: u.id }))
      .concat(ms.map((m) => ({ text: m.name, fill: side(m.side), cls: 'r-marker' })));
    const room = Math.max(1, Math.floor((p.h - 30) / 10) + 1);
    const shown = lines.length > room ? lines.slice(0, room - 1) : lines;
    shown.forEach((ln, i) => {
      const ts = el('tspan', { x: p.x + 6, dy: i ? 10 : 0, fill: ln.fill }, ln.text);
      if (ln.cls) ts.setAttribute('class', ln.cls);
      if (ln.unit) ts.setAttribute('data-unit', ln.unit);
      t.appendChild(ts);
    });
    if (shown.length < lines.length) t.appendChild(el('tspan', { x: p.x + 6, dy: 10, fill: '#333' }, '+' + (lines.length - shown.length) + ' more'));
    layer.appendChild(t);
  }

  function drawHex(at, p, us, ms, moved) {
    if (us.length) {
      const g = el('g', { class: 'r-stack', 'data-at': at, 'data-units': us.map((u) => u.id).join(' ') });
      if (us.some((u) => moved.has(u.id))) g.classList.add('r-moved');
      g.appendChild(el('title', {}, us.map((u) => u.name).join(', ')));
      g.appendChild(el('rect', { x: p.x - 17, y: p.y - 7, width: 34, height: 14, rx: 2, fill: side(us[0].side) }));
      g.appendChild(el('text', { x: p.x, y: p.y + 2.5 }, us[0].name.slice(0, 9)));
      if (us.length > 1) g.appendChild(el('text', { class: 'r-badge', x: p.x, y: p.y - 9 }, us.length + ' units'));
      layer.appendChild(g);
    }
    ms.forEach((m, i) => layer.appendChild(el('text', { class: 'r-marker r-badge', x: p.x, y: p.y + 15 + 7 * i, 'data-at': at }, m.name)));
  }

  function outline(at, cls) {
    const p = places[at];
    if (!p) return null;
    const e = p.hex ? el('use', { href: '#hex', x: p.x, y: p.y }) : el('rect', { x: p.x, y: p.y, width: p.w, height: p.h, rx: 4 });
    e.setAttribute('class', cls);
    e.setAttribute('data-at', at);
    return layer.appendChild(e);
  }

  function drawMap(s, cur) {
    if (!layer) return;
    layer.replaceChildren();
    const moved = new Set(((cur && cur.moves) || []).map((m) => m.unit));
    const at = {};
    const here = (id) => (at[id] = at[id] || { us: [], ms: [] });
    for (const u of units) if (s.at[u.id] && places[s.at[u.id]]) here(s.at[u.id]).us.push(u);
    for (const m of s.markers.values()) if (places[m.at]) here(m.at).ms.push(m);
    for (const id in at) (places[id].hex ? drawHex : drawArea)(id, places[id], at[id].us, at[id].ms, moved);
    for (const id in s.control) {
      const p = places[id];
      if (!p) continue;
      const c = p.hex ? { cx: p.x, cy: p.y + 12 } : { cx: p.x + p.w - 8, cy: p.y + 8 };
      layer.appendChild(el('circle', Object.assign(c, { r: 4, class: 'r-ctl', fill: side(s.control[id]), 'data-at': id, 'data-control': s.control[id] })));
    }
    let seen = null;
    for (const id of (cur && cur.focus) || []) seen = outline(id, 'r-focus') || seen;
    if (cur && cur.combat) seen = outline(cur.combat, 'r-combat') || seen;
    if (seen) seen.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    else if (!cur && layer.firstChild) layer.firstChild.scrollIntoView({ block: 'center', inline: 'center' }); // the start: show the counters, not the map's empty corner
  }

  // The event list, built once; stepping moves its highlight.
  const items = steps.map((st, i) => {
    const li = document.createElement('li');
    li.value = st.seq;
    li.textContent = (st.turn ? 'T' + st.turn + ' ' : '') + st.text + (st.rule ? ' [' + st.rule + ']' : '');
    if ((st.off || []).length) {
      const off = document.createElement('span');
      off.className = 'r-offnote';
      off.textContent = ' (not on the drawn map: ' + st.off.join(', ') + ')';
      li.appendChild(off);
    }
    li.addEventListener('click', () => go(i + 1));
    $('r-events').appendChild(li);
    return li;
  });

  if (!steps.length) $('r-events').outerHTML = '<p>The log holds no events.</p>';

  function status(s, k) {
    $('r-count').textContent = 'step ' + k + ' of ' + steps.length;
    $('r-turn').textContent = s.turn ? 'Turn ' + s.turn : 'Start';
    $('r-phase').textContent = s.phase ? 'Phase: ' + s.phase : '';
    const names = Object.keys(s.tracks).sort();
    const vp = names.filter((n) => /vp/i.test(n)), other = names.filter((n) => !/vp/i.test(n));
    const show = (list) => list.map((n) => n + ' ' + s.tracks[n]).join(' · ');
    $('r-vp').textContent = vp.length ? show(vp) : 'VP: not counted yet';
    $('r-tracks').textContent = show(other);
    const off = $('r-off');
    off.replaceChildren();
    for (const u of units) {
      if (s.at[u.id] && places[s.at[u.id]]) continue;
      const li = document.createElement('li');
      li.setAttribute('data-unit', u.id);
      li.textContent = u.name + (u.side ? ' (' + u.side + ')' : '') + ': ' + (s.gone[u.id] || 'at ' + s.at[u.id] + ', not drawn');
      off.appendChild(li);
    }
  }

  // The VP tracks over the game, one line each, with a cursor at the step
  // shown (hidden when the log sets no VP track).
  const vpNames = [...new Set(steps.flatMap((st) => Object.keys(st.tracks || {})).filter((n) => /vp/i.test(n)))].sort();
  const chart = $('r-chart'), W = 300, H = 40;
  let cursor = null;
  if (vpNames.length && steps.length) {
    const vals = steps.flatMap((st) => vpNames.map((n) => (st.tracks || {})[n]).filter((v) => v !== undefined)).concat([0]);
    const lo = Math.min(...vals), hi = Math.max(...vals, lo + 1);
    const x = (k) => (k / steps.length) * W, y = (v) => H - 2 - ((v - lo) / (hi - lo)) * (H - 4);
    const colors = ['#1c4f9c', '#8b2323', '#2e7d32', '#6a1b9a'];
    vpNames.forEach((n, i) => {
      let v = 0, pts = [[0, y(0)]];
      steps.forEach((st, k) => {
        if (st.tracks && st.tracks[n] !== undefined) { pts.push([x(k + 1), y(v)]); v = st.tracks[n]; pts.push([x(k + 1), y(v)]); }
      });
      pts.push([W, y(v)]);
      const line = el('polyline', { points: pts.map((p) => p.join(',')).join(' '), fill: 'none', stroke: colors[i % colors.length], 'data-track': n });
      line.appendChild(el('title', {}, n));
      chart.appendChild(line);
    });
    chart.appendChild(el('line', { x1: 0, x2: W, y1: y(0), y2: y(0), stroke: '#bbb', 'stroke-dasharray': '2 2' }));
    cursor = chart.appendChild(el('line', { y1: 0, y2: H, stroke: '#c000c0' }));
  } else {
    chart.style.display = 'none';
  }

  let now = -1;
  function go(k) {
    k = Math.max(0, Math.min(steps.length, k | 0));
    const s = state(k), cur = k > 0 ? steps[k - 1] : null;
    drawMap(s, cur);
    status(s, k);
    if (now > 0 && items[now - 1]) items[now - 1].classList.remove('r-now');
    items.forEach((li, i) => li.classList.toggle('r-done', i < k - 1));
    if (cur) {
      items[k - 1].classList.add('r-now');
      items[k - 1].scrollIntoView({ block: 'nearest' });
    }
    now = k;
    $('r-slider').value = k;
    document.body.setAttribute('data-step', k);
    if (cursor) { cursor.setAttribute('x1', (k / steps.length) * W); cursor.setAttribute('x2', (k / steps.length) * W); }
    try { history.replaceState(null, '', '#step=' + k); } catch (e) { /* a page opened from a file may refuse */ }
  }

  // byTurn finds the first step of the next (dir 1) or this or the
  // previous (dir -1) turn.
  function byTurn(dir) {
    const turnAt = (k) => (k > 0 ? steps[k - 1].turn || 0 : 0);
    let k = now;
    const t = turnAt(k);
    if (dir > 0) {
      while (k < steps.length && turnAt(k) <= t) k++;
      return k;
    }
    while (k > 0 && turnAt(k - 1) >= t) k--;
    if (k === now && k > 0) { const p = turnAt(k - 1); while (k > 0 && turnAt(k - 1) >= p) k--; }
    return k;
  }

  $('r-slider').max = steps.length;
  $('r-slider').addEventListener('input', (e) => go(+e.target.value));
  $('r-first').addEventListener('click', () => go(0));
  $('r-prev').addEventListener('click', () => go(now - 1));
  $('r-next').addEventListener('click', () => go(now + 1));
  $('r-last').addEventListener('click', () => go(steps.length));
  $('r-turn-prev').addEventListener('click', () => go(byTurn(-1)));
  $('r-turn-next').addEventListener('click', () => go(byTurn(1)));
  $('r-fit').addEventListener('click', () => $('r-map').classList.toggle('r-fit'));
  document.addEventListener('keydown', (e) => {
    if (e.target === $('r-slider') || e.altKey || e.ctrlKey || e.metaKey) return; // the slider steps itself
    const to = { ArrowRight: now + 1, ArrowLeft: now - 1, Home: 0, End: steps.length, PageDown: byTurn(1), PageUp: byTurn(-1) }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  const m = /step=(\d+)/.exec(location.hash);
  go(m ? +m[1] : 0);
  window.replay = { go: go, step: () => now, steps: steps.length };
})();
