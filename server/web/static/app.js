// The hybridrag page: ask, entity, reconcile and quality views over the
// JSON API. No framework; every view renders from the URL's hash.
'use strict';

const $ = (sel, el = document) => el.querySelector(sel);
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const SVGNS = 'http://www.w3.org/2000/svg';

// outLink is a link to a URL from the data, shown as text: only an
// absolute http(s) URL becomes a link; anything else ("javascript:…",
// "data:…", a relative path) is shown as plain text.
const webURL = /^https?:\/\/[^\s/?#]+/i;
const outLink = (url, text) => {
  const u = String(url ?? '').trim();
  return webURL.test(u) ? '<a rel="noreferrer" href="' + esc(u) + '">' + esc(text) + '</a>' : esc(text);
};

// ---- API -------------------------------------------------------------

let keyWaiters = [];
async function api(path, body, extraHeaders) {
  for (;;) {
    const headers = Object.assign({}, extraHeaders);
    const key = sessionStorage.getItem('hybridrag-key');
    if (key) headers['X-API-Key'] = key;
    const init = { headers };
    if (body !== undefined) {
      init.method = 'POST';
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const resp = await fetch(path, init);
    if (resp.status === 401) {
      await askForKey();
      continue;
    }
    const data = await resp.json().catch(() => null);
    if (!resp.ok) {
      const msg = data && data.error ? data.error.message : resp.statusText;
      const err = new Error(msg);
      err.status = resp.status;
      throw err;
    }
    return data;
  }
}

function askForKey() {
  const box = $('#key-box');
  box.hidden = false;
  $('#key-input').focus();
  return new Promise((resolve) => keyWaiters.push(resolve));
}

function keySubmitted(ev) {
  ev.preventDefault();
  sessionStorage.setItem('hybridrag-key', $('#key-input').value);
  $('#key-box').hidden = true;
  const w = keyWaiters;
  keyWaiters = [];
  w.forEach((f) => f());
}

// ---- routing ---------------------------------------------------------

function parseHash() {
  const h = location.hash.replace(/^#\/?/, '');
  const [path, query] = h.split('?');
  const parts = path.split('/');
  return { page: parts[0] || 'ask', arg: parts.slice(1).join('/'), params: new URLSearchParams(query || '') };
}

function go(page, params) {
  const q = params ? params.toString() : '';
  location.hash = '#/' + page + (q ? '?' + q : '');
}

function route() {
  const r = parseHash();
  const page = { ask: 'ask', entity: 'entity', node: 'entity', reconcile: 'reconcile', quality: 'quality' }[r.page] || 'ask';
  document.querySelectorAll('.page').forEach((s) => { s.hidden = s.id !== 'page-' + page; });
  document.querySelectorAll('nav a').forEach((a) => {
    if (a.dataset.page === page) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  });
  if (page === 'ask') showAsk(r.params);
  else if (page === 'entity') showEntity(decodeURIComponent(r.arg), r.page === 'node');
  else if (page === 'reconcile') showReconcile();
  else if (page === 'quality') showQuality();
}

// ---- ask -------------------------------------------------------------

const askState = { key: '', resp: null };

// The answer's language: the page's choice (the URL's lang, else the one
// last chosen), sent as the request's lang; "browser" sends the browser's
// Accept-Language as it is; "" (the default) asks in the question's own
// language, so the page sends an Accept-Language naming none.
const langNames = { en: 'English', nl: 'Nederlands', de: 'Deutsch' };
function chosenLang(params) {
  const l = params.has('lang') ? params.get('lang') : (localStorage.getItem('hybridrag-lang') || '');
  return l in langNames || l === 'browser' ? l : '';
}
function langRequest(lang) {
  if (lang in langNames) return { body: { lang }, headers: {} };
  if (lang === 'browser') return { body: {}, headers: {} };
  return { body: {}, headers: { 'Accept-Language': '*' } };
}

async function showAsk(params) {
  const q = params.get('q') || '';
  const without = params.getAll('without');
  const lang = chosenLang(params);
  $('#q').value = q;
  $('#lang').value = lang;
  document.title = q ? q + ' · hybridrag' : 'hybridrag';
  if (!q) {
    $('#ask-out').innerHTML = '<p class="muted">Try: <a href="#/ask?q=Which+museums+are+part+of+National+Museums+Scotland%3F">Which museums are part of National Museums Scotland?</a> · <a href="#/ask?q=What+is+the+ISIL+code+of+Heimatstube+im+Elbtor%3F">What is the ISIL code of Heimatstube im Elbtor?</a> · <a href="#/ask?q=railway+museums%3A+Lincolnshire+vs+Suffolk">railway museums: Lincolnshire vs Suffolk</a></p>';
    $('#ask-status').textContent = '';
    return;
  }
  const key = JSON.stringify([q, without, lang]);
  if (askState.key === key && askState.resp) {
    renderAsk(askState.resp, params);
    return;
  }
  $('#ask-status').textContent = 'Asking…';
  const t0 = performance.now();
  try {
    const lr = langRequest(lang);
    const resp = await api('/v1/ask', Object.assign({ question: q, k: 30, without }, lr.body), lr.headers);
    askState.key = key;
    askState.resp = resp;
    $('#ask-status').textContent = '';
    renderAsk(resp, params);
    document.body.dataset.askMs = String(Math.round(performance.now() - t0));
  } catch (e) {
    askState.key = '';
    $('#ask-status').textContent = '';
    $('#ask-out').innerHTML = '<div class="notice err" role="alert">' + esc(e.message) + '</div>';
  }
}

function withCitations(text) {
  return esc(text).replace(/\[(\d+)\]/g, '<sup><a href="#cite-$1" class="cite" data-n="$1">[$1]</a></sup>');
}

function pager(name, page, pages, params) {
  if (pages <= 1) return '';
  const link = (p, label) => {
    const ps = new URLSearchParams(params);
    ps.set(name, String(p));
    return '<a href="#/ask?' + esc(ps.toString()) + '">' + label + '</a>';
  };
  return '<div class="pager" aria-label="pages">' + (page > 1 ? link(page - 1, '← previous') : '') +
    '<span>page ' + page + ' of ' + pages + '</span>' + (page < pages ? link(page + 1, 'next →') : '') + '</div>';
}

function renderAnswer(ans, params) {
  const text = ans.text || '';
  const colon = text.indexOf(': ');
  if (text.length > 600 && colon > 0 && text.indexOf('; ', colon) > 0) {
    const items = text.slice(colon + 2).split('; ');
    const per = 20;
    const pages = Math.ceil(items.length / per);
    const page = Math.min(Math.max(1, +params.get('apage') || 1), pages);
    const li = items.slice((page - 1) * per, page * per).map((s) => '<li>' + withCitations(s) + '</li>').join('');
    return '<p>' + withCitations(text.slice(0, colon)) + ':</p><ol start="' + ((page - 1) * per + 1) + '">' + li + '</ol>' + pager('apage', page, pages, params);
  }
  return '<p>' + withCitations(text) + '</p>';
}

function chipsOf(plan) {
  const c = plan.constraints || {};
  const out = [];
  const add = (kind, key, label) => out.push({ kind, key, label });
  (c.names || []).forEach((n) => add('entity', 'name:' + n.name, n.name));
  (c.bodies || []).forEach((b) => add('body', 'body:' + b.name, b.name));
  (c.places || []).forEach((p) => add('place', 'place:' + p.name, p.name + ' (' + p.level + ')'));
  (c.type_codes || []).forEach((t) => add('type', 'type:' + t, t));
  (c.subjects || []).forEach((s) => add('subject', 'subject:' + s, s));
  if (c.years) add('years', 'years', c.years.field + ' ' + (c.years.from || '…') + '–' + (c.years.to || '…'));
  (c.governance_codes || []).forEach((g) => add('governance', 'governance:' + g, g));
  (c.sizes || []).forEach((s) => add('size', 'size:' + s, s));
  (c.postcodes || []).forEach((p) => add('postcode', 'postcode:' + p, p));
  if (c.accreditation) add('accreditation', 'accreditation', c.accreditation);
  if (c.status) add('status', 'status', c.status);
  (c.has || []).forEach((f) => add('has', 'has:' + f, 'has ' + f));
  (c.lacks || []).forEach((f) => add('lacks', 'lacks:' + f, 'lacks ' + f));
  (c.except || []).forEach((p) => add('except', 'except:' + p.name, 'not in ' + p.name));
  (c.name_has || []).forEach((w) => add('name', 'name_has:' + w, 'name has ' + w));
  if (c.group) add('group', 'group', (c.group.fewest ? 'fewest' : 'most') + ' by ' + c.group.level + ', ' + c.group.n);
  if (c.order) add('order', 'order', (c.order.highest ? 'highest ' : 'lowest ') + c.order.attribute + ' first, ' + c.order.n);
  return out;
}

function renderPlan(plan, without) {
  let h = '<ul class="chips" aria-label="plan">';
  h += '<li class="chip fixed" data-kind="intent"><b>intent</b> ' + esc(plan.intent) + '</li>';
  h += '<li class="chip fixed" data-kind="frame"><b>frame</b> ' + esc(plan.frame) + '</li>';
  for (const ch of chipsOf(plan)) {
    h += '<li class="chip" data-kind="' + esc(ch.kind) + '"><b>' + esc(ch.kind) + '</b> ' + esc(ch.label) +
      '<button type="button" class="drop" data-key="' + esc(ch.key) + '" aria-label="Ask again without ' + esc(ch.kind + ' ' + ch.label) + '">×</button></li>';
  }
  h += '</ul>';
  if (without.length) {
    h += '<p class="removed">Answered without: ' + without.map((k) =>
      esc(k) + ' <button type="button" class="plain restore" data-key="' + esc(k) + '">restore</button>').join(' ') + '</p>';
  }
  return h;
}

function renderBars(sources) {
  return '<div class="bars">' + (sources || []).map((s) => {
    const w = Math.max(4, Math.round(100 / Math.max(1, s.rank)));
    return '<span>' + esc(s.source) + '</span><span>#' + s.rank + ' · ' + Number(s.raw_score).toPrecision(3) +
      '</span><span class="bar ' + esc(s.source) + '" data-source="' + esc(s.source) + '" title="' + esc(s.source) + ': rank ' + s.rank +
      ', raw score ' + s.raw_score + ', weight ' + s.weight + '"><span data-w="' + w + '"></span></span>';
  }).join('') + '</div>';
}

function renderAsk(resp, params) {
  const without = params.getAll('without');
  const hits = resp.hits || [];
  const per = 10;
  const pages = Math.max(1, Math.ceil(hits.length / per));
  const page = Math.min(Math.max(1, +params.get('page') || 1), pages);
  const lang = resp.lang in langNames ? resp.lang : 'en';
  let h = '<h2>Answer</h2><div class="answer" id="answer" lang="' + lang + '" data-lang="' + lang + '">' + renderAnswer(resp.answer || {}, params) + '</div>' +
    '<p class="muted" id="answer-lang">Answered in ' + langNames[lang] + '.</p>';
  for (const w of resp.warnings || []) h += '<div class="notice" role="note">' + esc(w) + '</div>';
  for (const e of resp.errors || []) h += '<div class="notice err" role="alert"><b>' + esc(e.source) + '</b>: ' + esc(e.error) + '</div>';
  // The sources the answer cites come first; the rest of the context's
  // sources are folded away.
  const cited = new Set((resp.answer && resp.answer.citations) || []);
  const source = (c) => '<li id="cite-' + c.n + '" value="' + c.n + '"><a href="#/entity/' + encodeURIComponent(c.id) + '">' + esc(c.name) + '</a> <span class="muted">' +
    esc(c.source) + ' · ' + esc(c.license) + ' · ' + esc(c.tier || '') + '</span></li>';
  const cits = resp.citations || [];
  const first = cits.filter((c) => cited.has(c.n) || !cited.size && c.n <= 3);
  const rest = cits.filter((c) => !first.includes(c));
  h += '<h2>Sources</h2><ol class="citations">' + first.map(source).join('') + '</ol>';
  if (rest.length) h += '<details><summary>' + rest.length + ' more sources in the context</summary><ol class="citations">' + rest.map(source).join('') + '</ol></details>';
  for (const wf of resp.wikidata || []) {
    h += '<h3>Wikidata</h3><p class="muted">' + esc(JSON.stringify(wf)).slice(0, 400) + '</p>';
  }
  h += '<h2>How it was read</h2>' + renderPlan(resp.plan || {}, without);
  h += '<h2>Ranking</h2><p class="muted">Fused by reciprocal rank; each bar is one retriever\'s rank and raw score for that institution.</p>';
  h += '<table class="hits"><thead><tr><th scope="col">#</th><th scope="col">Institution</th><th scope="col">Found by</th></tr></thead><tbody>';
  for (const hit of hits.slice((page - 1) * per, page * per)) {
    h += '<tr class="hit"><td>' + hit.rank + '</td><td><a href="#/entity/' + encodeURIComponent(hit.id) + '">' + esc(hit.name) + '</a><div class="muted">' +
      esc((hit.snippet || '').slice(0, 160)) + '</div></td><td>' + renderBars(hit.sources) + '</td></tr>';
  }
  h += '</tbody></table>' + pager('page', page, pages, params);
  const t = resp.timings || {};
  const legs = Object.entries(t.legs_ms || {}).map(([k, v]) => k + ' ' + v + ' ms').join(', ');
  h += '<p class="timings" id="timings">route ' + t.route_ms + ' ms · retrieve ' + t.retrieve_ms + ' ms (' + esc(legs) + ') · fuse ' + t.fuse_ms +
    ' ms · answer ' + t.answer_ms + ' ms · context ' + t.context_ms + ' ms · total ' + t.total_ms + ' ms' + (resp.cached ? ' (cached)' : '') + '</p>';
  $('#ask-out').innerHTML = h;
}

function askClicked(ev) {
  const b = ev.target.closest('button');
  if (!b) return;
  const r = parseHash();
  const ps = new URLSearchParams(r.params);
  const without = ps.getAll('without');
  ps.delete('without');
  ps.delete('page');
  ps.delete('apage');
  let next = without;
  if (b.classList.contains('drop')) next = without.concat([b.dataset.key]);
  else if (b.classList.contains('restore')) next = without.filter((k) => k !== b.dataset.key);
  else return;
  next.forEach((k) => ps.append('without', k));
  go('ask', ps);
}

function askSubmitted(ev) {
  ev.preventDefault();
  const q = $('#q').value.trim();
  if (!q) return;
  askState.key = '';
  const ps = new URLSearchParams({ q });
  const lang = $('#lang').value;
  if (lang) ps.set('lang', lang);
  go('ask', ps);
}

function langChosen() {
  const lang = $('#lang').value;
  localStorage.setItem('hybridrag-lang', lang);
  const r = parseHash();
  if (r.page !== 'ask' || !r.params.get('q')) return;
  const ps = new URLSearchParams(r.params);
  ps.delete('page');
  if (lang) ps.set('lang', lang); else ps.delete('lang');
  go('ask', ps);
}

// ---- entity ----------------------------------------------------------

const idLinks = {
  wikidata: (v) => 'https://www.wikidata.org/wiki/' + v,
  gnd: (v) => 'https://d-nb.info/gnd/' + v,
  ror: (v) => (/^https?:/i.test(v) ? v : 'https://ror.org/' + v),
  isni: (v) => 'https://isni.org/isni/' + v.replace(/\s+/g, ''),
  // ISIL agencies differ by country; Wikidata's ISIL property (P791) finds the holder.
  isil: (v) => 'https://www.wikidata.org/w/index.php?search=' + encodeURIComponent('haswbstatement:P791=' + v),
};

function identifierRows(rec) {
  const ids = [];
  const add = (scheme, v) => { if (v && !ids.some((x) => x[0] === scheme && x[1] === v)) ids.push([scheme, v]); };
  add('isil', rec.isil);
  add('wikidata', rec.wikidata);
  for (const [k, v] of Object.entries(rec.identifiers || {})) {
    const scheme = k === 'isil_all' ? 'isil' : k;
    for (const x of Array.isArray(v) ? v : [v]) add(scheme, String(x));
  }
  add('ghcid', rec.ghcid);
  return ids.map(([s, v]) => '<dt>' + esc(s) + '</dt><dd>' + (idLinks[s] ? outLink(idLinks[s](v), v) : esc(v)) + '</dd>').join('');
}

function pinSVG(lat, lon) {
  // An equirectangular box over Europe with a 5° graticule; no tiles.
  const [w0, e0, s0, n0] = [-12, 32, 34, 64];
  const W = 264, H = 180;
  const x = (lo) => ((lo - w0) / (e0 - w0)) * W, y = (la) => ((n0 - la) / (n0 - s0)) * H;
  let g = '';
  for (let lo = -10; lo <= 30; lo += 10) g += '<line x1="' + x(lo) + '" y1="0" x2="' + x(lo) + '" y2="' + H + '" stroke="#d0d7de"/>';
  for (let la = 35; la <= 60; la += 5) g += '<line x1="0" y1="' + y(la) + '" x2="' + W + '" y2="' + y(la) + '" stroke="#d0d7de"/>';
  const inside = lon >= w0 && lon <= e0 && lat >= s0 && lat <= n0;
  const pin = inside ? '<circle cx="' + x(lon).toFixed(1) + '" cy="' + y(lat).toFixed(1) + '" r="5" fill="#a0111f"/>' : '';
  return '<svg class="pin" role="img" aria-label="Position ' + lat + ', ' + lon + ' on a 10° by 5° grid" viewBox="0 0 ' + W + ' ' + H + '" width="' + W + '" height="' + H + '">' +
    '<rect width="' + W + '" height="' + H + '" fill="#f6f8fa"/>' + g + pin + '</svg>';
}

const kindColour = { institution: '#0b5cad', body: '#8a3ffc', place: '#0f7b3f', identifier: '#6e7781' };

function nodeHref(n) {
  return n.kind === 'institution' ? '#/entity/' + encodeURIComponent(n.id) : '#/node/' + encodeURIComponent(n.id);
}

function graphSVG(g, label) {
  const nodes = g.nodes.filter((n) => n.kind !== 'identifier');
  const start = nodes.find((n) => n.id === (g.id || g.from)) || nodes[0];
  if (!start) return '<p class="muted">No graph node.</p>';
  const others = nodes.filter((n) => n !== start);
  const max = 36;
  const shown = others.slice(0, max);
  const W = 760, H = 520, cx = W / 2, cy = H / 2, R = 210;
  const pos = new Map([[start.id, [cx, cy]]]);
  shown.forEach((n, i) => {
    const a = (2 * Math.PI * i) / Math.max(1, shown.length) - Math.PI / 2;
    pos.set(n.id, [cx + R * Math.cos(a), cy + 0.9 * R * Math.sin(a)]);
  });
  let lines = '';
  for (const e of g.edges) {
    const a = pos.get(e.from), b = pos.get(e.to);
    if (!a || !b) continue;
    lines += '<line x1="' + a[0].toFixed(1) + '" y1="' + a[1].toFixed(1) + '" x2="' + b[0].toFixed(1) + '" y2="' + b[1].toFixed(1) + '" stroke="#8c959f"><title>' +
      esc(e.from + ' ' + e.relation + ' ' + e.to) + '</title></line>';
    lines += '<text x="' + ((a[0] + b[0]) / 2).toFixed(1) + '" y="' + ((a[1] + b[1]) / 2).toFixed(1) + '" font-size="10" fill="#4a5360" text-anchor="middle">' + esc(e.relation) + '</text>';
  }
  let dots = '';
  for (const n of [start].concat(shown)) {
    const [x, y] = pos.get(n.id);
    const short = n.label.length > 30 ? n.label.slice(0, 29) + '…' : n.label;
    dots += '<a class="node" data-id="' + esc(n.id) + '" data-kind="' + esc(n.kind) + '" href="' + esc(nodeHref(n)) + '" aria-label="' + esc(n.kind + ': ' + n.label) + '">' +
      '<circle cx="' + x.toFixed(1) + '" cy="' + y.toFixed(1) + '" r="' + (n === start ? 11 : 8) + '" fill="' + kindColour[n.kind] + '"/>' +
      '<text x="' + x.toFixed(1) + '" y="' + (n === start ? y + 26 : y - 13).toFixed(1) + '" text-anchor="middle"' + (n === start ? ' font-weight="700"' : '') + '>' + esc(short) + '</text><title>' + esc(n.label) + '</title></a>';
  }
  const more = others.length > max ? '<text x="10" y="' + (H - 10) + '">+' + (others.length - max) + ' more not drawn</text>' : '';
  return '<svg class="graph" role="group" aria-label="' + esc(label) + '" viewBox="0 0 ' + W + ' ' + H + '" xmlns="' + SVGNS + '">' + lines + dots + more + '</svg>' +
    '<p class="legend muted">' + ['institution', 'body', 'place'].map((k) => '<span class="kind-' + k + '"></span>' + k).join('') + '</p>';
}

function pathSVG(g) {
  if (!g.found) return '<p id="path-none">No path links them in the graph.</p>';
  const byID = new Map(g.nodes.map((n) => [n.id, n]));
  const chain = [g.from];
  for (const e of g.edges) chain.push(e.from === chain[chain.length - 1] ? e.to : e.from);
  const step = 150, W = Math.max(300, step * chain.length), H = 120;
  let s = '';
  chain.forEach((id, i) => {
    const n = byID.get(id) || { id, kind: 'place', label: id };
    const x = 60 + i * step;
    if (i > 0) {
      s += '<line x1="' + (x - step) + '" y1="60" x2="' + x + '" y2="60" stroke="#8c959f"/><text x="' + (x - step / 2) + '" y="52" text-anchor="middle" font-size="10">' + esc(g.edges[i - 1].relation) + '</text>';
    }
    const short = n.label.length > 22 ? n.label.slice(0, 21) + '…' : n.label;
    s += '<a class="node" data-id="' + esc(n.id) + '" href="' + esc(nodeHref(n)) + '" aria-label="' + esc(n.kind + ': ' + n.label) + '"><circle cx="' + x + '" cy="60" r="9" fill="' + kindColour[n.kind] + '"/><text x="' + x + '" y="90" text-anchor="middle">' + esc(short) + '</text><title>' + esc(n.label) + '</title></a>';
  });
  return '<svg class="graph path" role="group" aria-label="Path" viewBox="0 0 ' + W + ' ' + H + '" xmlns="' + SVGNS + '">' + s + '</svg>';
}

const fieldOrder = ['name', 'type', 'city', 'district', 'county', 'region', 'country', 'address', 'postcode', 'website', 'year_opened', 'year_closed', 'status',
  'governance', 'accreditation', 'size', 'subjects', 'description', 'notes', 'source', 'tier'];

// years shows a year range of the record ("1854:1854", "1990:1995") as
// people write it; 9999 stands for "not closed".
function years(v) {
  if (!v) return '';
  const [a, b] = String(v).split(':');
  if (a === '9999') return '';
  return !b || a === b ? a : a + '–' + b;
}

async function showEntity(id, isNode) {
  const out = $('#entity-out');
  out.innerHTML = '<p role="status">Loading…</p>';
  delete out.dataset.shown;
  try {
    let h = '';
    if (!isNode) {
      const rec = await api('/v1/entities/' + encodeURIComponent(id));
      document.title = rec.name + ' · hybridrag';
      h += '<h1>' + esc(rec.name) + '</h1><p class="muted">' + esc(rec.id) + '</p><div id="graph-slot"></div>';
      h += '<h2>Record</h2><dl class="fields">';
      for (const k of fieldOrder) {
        let v = rec[k];
        if (k === 'year_opened' || k === 'year_closed') v = years(v);
        if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
        if (Array.isArray(v)) v = v.join('; ');
        const cell = k === 'website' ? outLink(v, v) : esc(v);
        h += '<dt>' + esc(k.replace('_', ' ')) + '</dt><dd>' + cell + '</dd>';
      }
      if (rec.alt_names && rec.alt_names.length) h += '<dt>other names</dt><dd>' + rec.alt_names.map((a) => esc(a.name)).join('; ') + '</dd>';
      if (rec.member_of && rec.member_of.length) h += '<dt>member of</dt><dd>' + rec.member_of.map((m) => esc(m.relation + ' ' + m.name)).join('; ') + '</dd>';
      if (rec.events && rec.events.length) h += '<dt>events</dt><dd>' + rec.events.map((e) => esc((e.date || '') + ' ' + e.description)).join('<br>') + '</dd>';
      h += identifierRows(rec);
      h += '<dt>licence</dt><dd id="licence">' + esc(rec.license) + '</dd><dt>attribution</dt><dd>' + esc(rec.attribution) + '</dd>';
      if (rec.lat != null && rec.lon != null) h += '<dt>coordinates</dt><dd id="coords">' + rec.lat + ', ' + rec.lon + ' <span class="muted">' + esc(rec.coord_precision || '') + '</span><br>' + pinSVG(rec.lat, rec.lon) + '</dd>';
      h += '</dl>';
    }
    const g = await api('/v1/entities/' + encodeURIComponent(id) + '/neighbours?depth=1&limit=400');
    const start = g.nodes.find((n) => n.id === id);
    if (isNode) {
      document.title = (start ? start.label : id) + ' · hybridrag';
      h += '<h1>' + esc(start ? start.label : id) + '</h1><p class="muted">' + esc(start ? start.kind : '') + ' · ' + esc(id) + '</p>';
    }
    let gh = '<h2>Neighbourhood</h2><p class="muted">Select a node to walk the graph.' + (g.truncated ? ' Only the first 400 edges are drawn.' : '') + '</p>' + graphSVG(g, 'Graph neighbourhood of ' + (start ? start.label : id));
    if (!isNode) {
      gh += '<h2>How is it connected to…</h2><form id="path-form" class="row"><label for="path-to" class="visually-hidden">Another institution (name or id)</label>' +
        '<input id="path-to" type="text" placeholder="another institution: name or id" required><button type="submit">Find path</button></form><div id="path-out" role="status" aria-live="polite"></div>';
    }
    h = isNode ? h + gh : h.replace('<div id="graph-slot"></div>', gh);
    out.innerHTML = h;
    out.dataset.shown = id;
    const pf = $('#path-form');
    if (pf) pf.addEventListener('submit', (ev) => { ev.preventDefault(); findPath(id, $('#path-to').value.trim()); });
  } catch (e) {
    out.innerHTML = '<div class="notice err" role="alert">' + esc(e.message) + '</div>';
  }
}

async function findPath(from, to) {
  const out = $('#path-out');
  out.textContent = 'Searching…';
  try {
    let target = to;
    if (!/^[a-z]+:/.test(to)) {
      const l = await api('/v1/link?limit=1&q=' + encodeURIComponent(to));
      if (!l.candidates.length) throw new Error('No institution matches “' + to + '”.');
      target = l.candidates[0].id;
    }
    const g = await api('/v1/path?from=' + encodeURIComponent(from) + '&to=' + encodeURIComponent(target));
    out.innerHTML = pathSVG(g);
  } catch (e) {
    out.innerHTML = '<div class="notice err" role="alert">' + esc(e.message) + '</div>';
  }
}

// ---- reconcile -------------------------------------------------------

const roles = ['name', 'city', 'country', 'type', 'postcode', 'isil', 'qid', 'ghcid', 'id'];
let rec = null; // {fp, columns, rows, mapping, results: [], decisions: {}}

function parseCSV(text) {
  const first = text.split('\n', 1)[0];
  const delim = [',', ';', '\t', '|'].reduce((best, d) => (first.split(d).length > first.split(best).length ? d : best), ',');
  const rows = [];
  let row = [], field = '', q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') q = false; else field += c;
    } else if (c === '"' && field === '') q = true;
    else if (c === delim) { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return { columns: rows[0] || [], rows: rows.slice(1) };
}

function parseJSONL(text) {
  const objs = text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const columns = [];
  objs.forEach((o) => Object.keys(o).forEach((k) => { if (!columns.includes(k)) columns.push(k); }));
  const str = (v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return { columns, rows: objs.map((o) => columns.map((c) => str(o[c]))) };
}

function fingerprint(t) {
  let h = 0;
  const s = JSON.stringify([t.columns, t.rows.length, t.rows[0], t.rows[t.rows.length - 1]]);
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return 'hybridrag-rec-' + (h >>> 0).toString(36);
}

function save() {
  try {
    localStorage.setItem('hybridrag-rec-last', rec.fp);
    localStorage.setItem(rec.fp, JSON.stringify(rec));
  } catch (e) { /* storage full: the rows stay on the page */ }
}

function showReconcile() {
  if (!rec) {
    const fp = localStorage.getItem('hybridrag-rec-last');
    const saved = fp && localStorage.getItem(fp);
    if (saved) rec = JSON.parse(saved);
  }
  if (rec) { renderMapping(); renderRec(); }
}

async function loadTable(text, name) {
  const t = /\.jsonl?$/i.test(name || '') || /^\s*\{/.test(text) ? parseJSONL(text) : parseCSV(text);
  const fp = fingerprint(t);
  const saved = localStorage.getItem(fp);
  rec = saved ? JSON.parse(saved) : { fp, name: name || 'pasted', columns: t.columns, rows: t.rows, mapping: null, results: [], decisions: {} };
  if (!rec.mapping) {
    const r = await api('/v1/enrich', { columns: rec.columns, rows: [] });
    rec.mapping = r.mapping;
  }
  save();
  renderMapping();
  renderRec();
}

function renderMapping() {
  let h = '<h2>Columns</h2><p class="muted">' + esc(rec.name) + ': ' + rec.rows.length + ' rows. Guessed from the header; change any.</p><div class="mapping">';
  for (const r of roles) {
    h += '<div><label for="map-' + r + '">' + r + '</label><select id="map-' + r + '" data-role="' + r + '"><option value="-">(none)</option>' +
      rec.columns.map((c) => '<option' + (rec.mapping[r] === c ? ' selected' : '') + '>' + esc(c) + '</option>').join('') + '</select></div>';
  }
  h += '</div><p class="row"><button type="button" id="rec-run">Link ' + rec.rows.length + ' rows</button>' +
    '<button type="button" class="plain" id="rec-clear">Start over</button></p>';
  $('#rec-map').innerHTML = h;
}

async function runLinking() {
  const mapping = {};
  for (const r of roles) mapping[r] = $('#map-' + r).value;
  rec.mapping = mapping;
  const batch = 25;
  const todo = [];
  for (let i = 0; i < rec.rows.length; i += batch) if (!rec.results[i] || !rec.results[Math.min(i + batch, rec.rows.length) - 1]) todo.push(i);
  let done = rec.rows.length - todo.length * batch;
  const progress = () => {
    const n = Math.min(rec.rows.length, Math.max(0, done));
    $('#rec-progress').innerHTML = '<div class="progress" role="progressbar" aria-label="rows linked" aria-valuemin="0" aria-valuemax="' + rec.rows.length + '" aria-valuenow="' + n + '"><span data-w="' + (100 * n / Math.max(1, rec.rows.length)) + '"></span></div>' + n + ' of ' + rec.rows.length + ' rows linked';
  };
  progress();
  $('#rec-run').disabled = true;
  const worker = async () => {
    while (todo.length) {
      const i = todo.shift();
      const rows = rec.rows.slice(i, i + batch);
      const r = await api('/v1/enrich', { columns: rec.columns, mapping, first_row: i + 1, rows });
      r.results.forEach((o, j) => { rec.results[i + j] = o; });
      done += rows.length;
      save();
      progress();
    }
  };
  try {
    await Promise.all([worker(), worker()]);
  } catch (e) {
    $('#rec-progress').innerHTML = '<div class="notice err" role="alert">' + esc(e.message) + '</div>';
  }
  $('#rec-run').disabled = false;
  renderRec();
}

function decisionOf(i) {
  return rec.decisions[i] || null;
}

function renderRec() {
  const res = rec.results;
  const n = res.filter(Boolean).length;
  if (!n) { $('#rec-out').innerHTML = ''; return; }
  const counts = {};
  res.forEach((o) => { if (o) counts[o.status] = (counts[o.status] || 0) + 1; });
  const params = new URLSearchParams(location.hash.split('?')[1] || '');
  const per = 25, pages = Math.ceil(rec.rows.length / per);
  const page = Math.min(Math.max(1, +params.get('page') || 1), pages);
  let h = '<h2>Review</h2><p>' + Object.entries(counts).map(([k, v]) => '<span class="status-' + k + '">' + v + ' ' + k + '</span>').join(' · ') + '</p>' +
    '<p class="row"><button type="button" id="rec-accept-all">Accept every match</button><button type="button" class="plain" id="rec-csv">Download CSV</button>' +
    '<button type="button" class="plain" id="rec-jsonl">Download JSONL</button></p>';
  h += '<table class="rec"><thead><tr><th scope="col">Row</th><th scope="col">Input</th><th scope="col">Status</th><th scope="col">Candidate</th><th scope="col">Decision</th></tr></thead><tbody>';
  for (let i = (page - 1) * per; i < Math.min(rec.rows.length, page * per); i++) {
    const o = res[i];
    const input = rec.rows[i].filter(Boolean).slice(0, 3).join(' · ');
    if (!o) { h += '<tr><td>' + (i + 1) + '</td><td>' + esc(input) + '</td><td colspan="3" class="muted">not linked yet</td></tr>'; continue; }
    const d = decisionOf(i);
    const chosen = d && d.id ? d.id : (o.candidates[0] || {}).id;
    const sel = o.candidates.length ? '<label class="visually-hidden" for="pick-' + i + '">Candidate for row ' + (i + 1) + '</label><select id="pick-' + i + '" class="pick" data-row="' + i + '">' +
      o.candidates.map((c) => '<option value="' + esc(c.id) + '"' + (c.id === chosen ? ' selected' : '') + '>' + esc(c.name) + ' (' + c.score.toFixed(2) + ', ' + esc(c.via) + ')</option>').join('') + '</select>' +
      ' <a href="#/entity/' + encodeURIComponent(chosen) + '">record</a>' : '<span class="muted">' + esc(o.error || 'no candidate') + '</span>';
    const dec = d ? d.decision : '';
    h += '<tr data-row="' + i + '"><td>' + (i + 1) + '</td><td>' + esc(input) + '</td><td class="status-' + esc(o.status) + '">' + esc(o.status) + '</td><td>' + sel + '</td><td>' +
      (o.candidates.length ? '<button type="button" class="plain accept" data-row="' + i + '" aria-pressed="' + (dec === 'accepted') + '">Accept</button> ' : '') +
      '<button type="button" class="plain reject" data-row="' + i + '" aria-pressed="' + (dec === 'rejected') + '">Reject</button> <span class="decision">' + esc(dec) + '</span></td></tr>';
  }
  h += '</tbody></table>';
  if (pages > 1) {
    h += '<div class="pager">' + (page > 1 ? '<a href="#/reconcile?page=' + (page - 1) + '">← previous</a>' : '') + '<span>page ' + page + ' of ' + pages + '</span>' +
      (page < pages ? '<a href="#/reconcile?page=' + (page + 1) + '">next →</a>' : '') + '</div>';
  }
  $('#rec-out').innerHTML = h;
}

function recClicked(ev) {
  const b = ev.target.closest('button');
  if (!b) return;
  const i = +b.dataset.row;
  if (b.id === 'rec-run') runLinking();
  else if (b.id === 'rec-clear') { localStorage.removeItem(rec.fp); rec = null; $('#rec-map').innerHTML = ''; $('#rec-out').innerHTML = ''; $('#rec-progress').innerHTML = ''; }
  else if (b.id === 'rec-accept-all') {
    rec.results.forEach((o, j) => { if (o && o.status === 'matched' && !rec.decisions[j]) rec.decisions[j] = { decision: 'accepted', id: o.match.id }; });
    save(); renderRec();
  } else if (b.classList.contains('accept')) {
    rec.decisions[i] = { decision: 'accepted', id: $('#pick-' + i).value };
    save(); renderRec();
  } else if (b.classList.contains('reject')) {
    rec.decisions[i] = { decision: 'rejected', id: '' };
    save(); renderRec();
  } else if (b.id === 'rec-csv') download('csv');
  else if (b.id === 'rec-jsonl') download('jsonl');
}

function outputOf(i) {
  const o = rec.results[i];
  const d = decisionOf(i);
  return Object.assign({}, o, { decision: d ? d.decision : '', decision_id: d ? d.id : '' });
}

function download(kind) {
  let text;
  if (kind === 'jsonl') text = rec.results.map((o, i) => (o ? JSON.stringify(outputOf(i)) : '')).filter(Boolean).join('\n') + '\n';
  else {
    const q = (v) => (/[",\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v);
    const head = rec.columns.concat(['status', 'match_id', 'match_name', 'score', 'decision', 'decision_id']);
    const lines = [head.map(q).join(',')];
    rec.rows.forEach((row, i) => {
      const o = rec.results[i] || { status: '', candidates: [] };
      const d = decisionOf(i);
      lines.push(row.concat([o.status, o.match ? o.match.id : '', o.match ? o.match.name : '', o.score != null ? String(o.score) : '', d ? d.decision : '', d ? d.id : '']).map((v) => q(String(v))).join(','));
    });
    text = lines.join('\n') + '\n';
  }
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: kind === 'csv' ? 'text/csv' : 'application/x-ndjson' }));
  a.download = rec.name.replace(/\.[^.]*$/, '') + '-linked.' + kind;
  a.id = 'download-' + kind;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  document.body.dataset.download = text;
}

// ---- quality ---------------------------------------------------------

async function showQuality() {
  const out = $('#quality-out');
  try {
    const resp = await fetch('/assets/quality.json');
    const q = await resp.json();
    let h = '<h1>Quality</h1><p>' + esc(q.about) + '</p>';
    for (const run of q.runs) {
      h += '<h2>' + esc(run.embedder) + '</h2>' + barChart(run) + '<table><thead><tr><th scope="col">config</th>' +
        q.summary_columns.map((c) => '<th scope="col">' + esc(c) + '</th>').join('') + '</tr></thead><tbody>' +
        run.summary.map((r) => '<tr><th scope="row">' + esc(r.config) + '</th>' + r.values.map((v) => '<td>' + esc(v) + '</td>').join('') + '</tr>').join('') + '</tbody></table>';
    }
    out.innerHTML = h;
  } catch (e) {
    out.innerHTML = '<div class="notice err" role="alert">' + esc(e.message) + '</div>';
  }
}

const configColour = ['#0b5cad', '#8a3ffc', '#0f7b3f', '#a14d00', '#1b1f24'];

function barChart(run) {
  const intents = run.recall_at_10.intents;
  const configs = run.recall_at_10.configs;
  const gw = 120, bw = gw / (configs.length + 1), H = 220, top = 20, base = 180, W = 60 + gw * intents.length;
  let s = '';
  for (let t = 0; t <= 4; t++) {
    const y = base - (t / 4) * (base - top);
    s += '<line x1="50" x2="' + W + '" y1="' + y + '" y2="' + y + '" stroke="#d0d7de"/><text x="44" y="' + (y + 4) + '" text-anchor="end">' + (t / 4).toFixed(2) + '</text>';
  }
  intents.forEach((intent, i) => {
    configs.forEach((c, j) => {
      const v = run.recall_at_10.values[i][j];
      const h = v * (base - top);
      s += '<rect x="' + (56 + i * gw + j * bw) + '" y="' + (base - h) + '" width="' + (bw - 2) + '" height="' + h + '" fill="' + configColour[j % 5] + '"><title>' + esc(intent + ', ' + c + ': ' + v) + '</title></rect>';
    });
    s += '<text x="' + (56 + i * gw + (gw - bw) / 2) + '" y="' + (base + 16) + '" text-anchor="middle">' + esc(intent) + '</text>';
  });
  const legend = configs.map((c, j) => '<span class="config-' + (j % 5) + '"></span>' + esc(c)).join('');
  return '<svg class="graph chart" role="img" aria-label="Recall at 10 by intent and configuration, ' + esc(run.embedder) + '" viewBox="0 0 ' + W + ' ' + H + '">' + s + '</svg><p class="legend muted">' + legend + '</p>';
}

// ---- start -----------------------------------------------------------

// Bar widths are set through the DOM (the policy forbids style attributes).
function applyWidths(root) {
  root.querySelectorAll('[data-w]').forEach((e) => { e.style.width = e.dataset.w + '%'; });
}

document.addEventListener('DOMContentLoaded', () => {
  $('#key-form').addEventListener('submit', keySubmitted);
  $('#ask-form').addEventListener('submit', askSubmitted);
  $('#lang').addEventListener('change', langChosen);
  $('#ask-out').addEventListener('click', askClicked);
  $('#page-reconcile').addEventListener('click', recClicked);
  $('#rec-out').addEventListener('change', (ev) => {
    const s = ev.target.closest('select.pick');
    if (s) { rec.decisions[+s.dataset.row] = { decision: 'picked', id: s.value }; save(); renderRec(); }
  });
  $('#rec-load').addEventListener('click', async () => {
    const f = $('#rec-file').files[0];
    try {
      if (f) await loadTable(await f.text(), f.name);
      else if ($('#rec-paste').value.trim()) await loadTable($('#rec-paste').value, 'pasted.csv');
    } catch (e) {
      $('#rec-progress').innerHTML = '<div class="notice err" role="alert">' + esc(e.message) + '</div>';
    }
  });
  new MutationObserver(() => applyWidths(document)).observe($('#main'), { childList: true, subtree: true });
  window.addEventListener('hashchange', route);
  route();
});
