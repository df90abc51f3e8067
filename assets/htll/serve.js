// htll serve: the live preview page's script.
//
// It asks /info for the devices, toggles and outputs and draws the controls from them; asks
// /render for the layout's contact sheet as the toggles say; listens on /events (server-sent
// events) and asks again when a new version is ready, without reloading the page. Text from the
// server (names, messages, code) goes into the page only as text nodes; the SVG is parsed as XML
// and stripped of anything active before it is shown.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const state = { devices: [], toggles: {}, tab: 'preview', output: null, shown: 0, latest: 0 };
  let info = null;
  let reply = null; // the last /render answer shown

  // MARK: helpers

  async function getJSON(url) {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(response.status + ' ' + (await response.text()));
    return response.json();
  }

  function element(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function setStatus(text, kind) {
    const s = $('status');
    s.textContent = text;
    s.className = 'status ' + kind;
  }

  function toast(text) {
    const t = $('toast');
    t.textContent = text;
    t.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { t.hidden = true; }, 1600);
  }

  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
    } catch (e) {
      // Not a secure context (served to the network over http): the old way.
      const area = element('textarea');
      area.value = text;
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    toast('Copied ' + text);
  }

  // MARK: saved choices

  function storageKey() { return 'htll-serve:' + (info ? info.file : ''); }

  function save() {
    try {
      localStorage.setItem(storageKey(), JSON.stringify({
        devices: state.devices, toggles: state.toggles, tab: state.tab, output: state.output,
      }));
    } catch (e) { /* storage may be off */ }
  }

  function restore() {
    let saved = {};
    try { saved = JSON.parse(localStorage.getItem(storageKey()) || '{}') || {}; } catch (e) { saved = {}; }
    const known = new Set(info.devices.map((d) => d.key));
    const devices = Array.isArray(saved.devices) ? saved.devices.filter((d) => known.has(d)) : [];
    state.devices = devices.length ? devices.slice(0, info.maxDevices) : info.defaultDevices.slice();
    for (const t of info.toggles) {
      const v = saved.toggles && saved.toggles[t.name];
      state.toggles[t.name] = t.values.includes(v) ? v : t.defaultValue;
    }
    state.output = info.outputs.some((o) => o.id === saved.output) ? saved.output : info.outputs[0].id;
    state.tab = saved.tab === 'code' ? 'code' : 'preview';
  }

  // MARK: controls

  function buildControls() {
    $('file').textContent = info.file;
    document.title = info.file + ' — htll serve';
    const devices = $('devices');
    for (const d of info.devices) {
      const label = element('label');
      const box = element('input');
      box.type = 'checkbox';
      box.value = d.key;
      box.checked = state.devices.includes(d.key);
      box.addEventListener('change', () => {
        if (box.checked) {
          if (state.devices.length >= info.maxDevices) { box.checked = false; toast('At most ' + info.maxDevices + ' devices'); return; }
          state.devices.push(d.key);
        } else {
          if (state.devices.length === 1) { box.checked = true; return; }
          state.devices = state.devices.filter((k) => k !== d.key);
        }
        changed();
      });
      label.append(box, ' ' + d.name);
      devices.appendChild(label);
    }
    const toggles = $('toggles');
    for (const t of info.toggles) {
      const group = element('div', 'group');
      group.appendChild(element('span', 'label', t.title));
      // Many values (the text sizes) make a menu; a few, a segmented control.
      if (t.values.length > 4) {
        const menu = element('select');
        menu.dataset.toggle = t.name;
        menu.setAttribute('aria-label', t.title);
        for (const v of t.values) {
          const o = element('option', null, v === t.defaultValue ? v + ' (default)' : v);
          o.value = v;
          menu.appendChild(o);
        }
        menu.value = state.toggles[t.name];
        menu.addEventListener('change', () => { state.toggles[t.name] = menu.value; changed(); });
        group.appendChild(menu);
        toggles.appendChild(group);
        continue;
      }
      const seg = element('div', 'segmented');
      seg.dataset.toggle = t.name;
      for (const v of t.values) {
        const b = element('button', null, v);
        b.type = 'button';
        b.dataset.value = v;
        b.setAttribute('aria-pressed', String(state.toggles[t.name] === v));
        b.addEventListener('click', () => {
          state.toggles[t.name] = v;
          for (const other of seg.children) other.setAttribute('aria-pressed', String(other === b));
          changed();
        });
        seg.appendChild(b);
      }
      group.appendChild(seg);
      toggles.appendChild(group);
    }
    const outputs = $('outputs');
    for (const o of info.outputs) {
      const b = element('button', null, o.title);
      b.type = 'button';
      b.dataset.output = o.id;
      b.setAttribute('aria-pressed', String(state.output === o.id));
      b.addEventListener('click', () => {
        state.output = o.id;
        for (const other of outputs.children) other.setAttribute('aria-pressed', String(other === b));
        save();
        refreshCode();
      });
      outputs.appendChild(b);
    }
    $('tab-preview').addEventListener('click', () => showTab('preview'));
    $('tab-code').addEventListener('click', () => showTab('code'));
    $('error-location').addEventListener('click', (e) => copy(e.currentTarget.textContent));
    $('code-error-location').addEventListener('click', (e) => copy(e.currentTarget.textContent));
    showTab(state.tab);
  }

  function showTab(tab) {
    state.tab = tab;
    $('tab-preview').setAttribute('aria-selected', String(tab === 'preview'));
    $('tab-code').setAttribute('aria-selected', String(tab === 'code'));
    $('preview-pane').hidden = tab !== 'preview';
    $('code-pane').hidden = tab !== 'code';
    hideHover();
    save();
    if (tab === 'code') refreshCode();
  }

  function changed() {
    save();
    refresh();
  }

  function query() {
    const q = new URLSearchParams();
    for (const d of state.devices) q.append('device', d);
    for (const t of info.toggles) q.set(t.name, state.toggles[t.name]);
    return q.toString();
  }

  // MARK: the preview

  // One run at a time: a call while it runs asks for one more run after it, so the page ends on
  // the latest state without piling up requests.
  function oneAtATime(body) {
    let running = false, again = false;
    return async function run() {
      if (running) { again = true; return; }
      running = true;
      try {
        do {
          again = false;
          await body();
        } while (again);
      } catch (e) {
        setStatus('no answer', 'down');
      } finally {
        running = false;
      }
    };
  }

  const refresh = oneAtATime(async () => {
    show(await getJSON('/render?' + query()));
    if (state.tab === 'code') await refreshCode();
  });

  function showError(card, where, message, problem) {
    card.hidden = !problem;
    if (!problem) return;
    where.textContent = problem.location || '';
    where.hidden = !problem.location;
    message.textContent = problem.location && problem.message.startsWith(problem.location + ': ')
      ? problem.message.slice(problem.location.length + 2) : problem.message;
  }

  function show(r) {
    reply = r;
    state.shown = r.version;
    hideHover();
    showError($('error'), $('error-location'), $('error-message'), r.error);
    const warnings = $('warnings');
    warnings.replaceChildren(...r.warnings.map((w) => element('li', null, w)));
    warnings.hidden = r.warnings.length === 0;
    const sheet = $('sheet');
    if (r.svg) {
      const svg = parseSVG(r.svg);
      if (svg) sheet.replaceChildren(svg);
      sheet.classList.remove('stale');
    } else {
      // The last good picture stays, greyed, under the error.
      sheet.classList.add('stale');
    }
    document.documentElement.dataset.version = String(r.version);
    document.documentElement.dataset.state = r.error ? 'error' : 'ok';
    if (state.latest <= r.version) setStatus('live', 'live');
  }

  const activeTags = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'a', 'animate',
    'animatemotion', 'animatetransform', 'set', 'handler', 'listener']);

  // The contact sheet as an SVG element, with nothing in it that could run or load anything.
  function parseSVG(text) {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    if (!root || root.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length) return null;
    for (const e of Array.from(root.querySelectorAll('*')).concat([root])) {
      if (activeTags.has(e.localName.toLowerCase())) { e.remove(); continue; }
      for (const a of Array.from(e.attributes)) {
        const name = a.name.toLowerCase();
        const href = name === 'href' || name.endsWith(':href') || name === 'src';
        if (name.startsWith('on') || (href && !a.value.startsWith('#'))) e.removeAttribute(a.name);
      }
    }
    // Every view answers the pointer over its whole frame, painted or not.
    for (const view of root.querySelectorAll('svg.view')) {
      const hit = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      hit.setAttribute('class', 'htll-hit');
      hit.setAttribute('width', '100%');
      hit.setAttribute('height', '100%');
      hit.setAttribute('fill', 'none');
      hit.setAttribute('pointer-events', 'all');
      view.insertBefore(hit, view.firstChild);
    }
    return document.importNode(root, true);
  }

  // MARK: hovering

  function viewAt(target) {
    if (!reply || !reply.screens || !target.closest) return null;
    const el = target.closest('svg.view');
    if (!el || !$('sheet').contains(el)) return null;
    const screens = Array.from($('sheet').querySelectorAll('g.screen'));
    const index = screens.indexOf(el.closest('g.screen'));
    const screen = reply.screens[index];
    if (!screen) return null;
    const view = screen.views.find((v) => v.name === el.getAttribute('data-name'));
    return view ? { el, view } : null;
  }

  function number(n) { return String(Math.round(n * 100) / 100); }

  function hideHover() {
    $('highlight').hidden = true;
    $('tooltip').hidden = true;
  }

  function hover(event) {
    const found = viewAt(event.target);
    if (!found) { hideHover(); return; }
    const box = found.el.getBoundingClientRect();
    const h = $('highlight');
    h.style.left = box.left - 2 + 'px';
    h.style.top = box.top - 2 + 'px';
    h.style.width = box.width + 4 + 'px';
    h.style.height = box.height + 4 + 'px';
    h.hidden = false;
    const v = found.view;
    const tip = $('tooltip');
    const name = element('div', 'name', v.name + ' ');
    name.appendChild(element('span', 'kind', '(' + v.kind + ')'));
    tip.replaceChildren(
      name,
      element('div', 'frame', 'x ' + number(v.x) + ', y ' + number(v.y) + ' — ' + number(v.width) + ' × ' + number(v.height) + ' pt'),
      element('div', 'where', v.location || 'no source location'),
      element('div', 'hint', v.location ? 'click to copy file:line:col' : ''));
    tip.hidden = false;
    const x = Math.min(event.clientX + 14, window.innerWidth - tip.offsetWidth - 8);
    const y = event.clientY + 18 + tip.offsetHeight > window.innerHeight ? event.clientY - tip.offsetHeight - 10 : event.clientY + 18;
    tip.style.left = Math.max(4, x) + 'px';
    tip.style.top = Math.max(4, y) + 'px';
  }

  function click(event) {
    const found = viewAt(event.target);
    if (found && found.view.location) copy(found.view.location);
  }

  // MARK: generated code

  const refreshCode = oneAtATime(async () => {
    // The same choice as the preview: the direction mirrors the code, the frames are its screens'.
    const r = await getJSON('/code?' + new URLSearchParams({ output: state.output }).toString() + '&' + query());
    showError($('code-error'), $('code-error-location'), $('code-error-message'), r.error);
    const code = $('code').firstChild;
    const output = info.outputs.find((o) => o.id === r.output);
    if (r.text !== undefined && r.text !== null) code.replaceChildren(highlight(r.text, output ? output.language : ''));
    $('code').classList.toggle('stale', !!r.error);
    document.documentElement.dataset.codeVersion = String(r.version);
  });

  const keywords = {
    objc: new Set(('if else for while do return switch case default break continue static const void int float double char ' +
      'unsigned long short signed struct enum typedef sizeof self super nil NULL YES NO BOOL id SEL Class instancetype ' +
      'nonatomic strong weak copy assign readonly readwrite atomic nullable nonnull __weak __strong').split(' ')),
    swift: new Set(('if else for in while repeat return switch case default break continue guard defer let var func init ' +
      'deinit class struct enum extension protocol import public private fileprivate internal open final override ' +
      'static lazy weak unowned self Self super nil true false as is try throws rethrows where get set willSet didSet ' +
      'private(set) @objc @MainActor').split(' ')),
    json: new Set(['true', 'false', 'null']),
  };

  // One pass over the text: comments, strings, preprocessor lines, @-words, numbers, words.
  const token = /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|(@?"(?:[^"\\\n]|\\.)*")|(^[ \t]*#[^\n]*)|(@[A-Za-z_]\w*)|(\b\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\b)|([A-Za-z_]\w*)/gm;

  function highlight(text, language) {
    const words = keywords[language] || new Set();
    const out = document.createDocumentFragment();
    let last = 0;
    for (const m of text.matchAll(token)) {
      const cls = m[1] ? 'com' : m[2] ? 'str' : m[3] ? 'pre' : m[4] ? (words.has(m[4]) ? 'kw' : 'at')
        : m[5] ? 'num' : words.has(m[6]) ? 'kw' : /^(UI|NS|CG|CA)[A-Z]/.test(m[6]) ? 'type' : null;
      if (!cls) continue;
      if (m.index > last) out.appendChild(document.createTextNode(text.slice(last, m.index)));
      out.appendChild(element('span', cls, m[0]));
      last = m.index + m[0].length;
    }
    if (last < text.length) out.appendChild(document.createTextNode(text.slice(last)));
    return out;
  }

  // MARK: live updates

  function listen() {
    const events = new EventSource('/events');
    events.addEventListener('open', () => { setStatus('live', 'live'); refresh(); });
    events.addEventListener('error', () => setStatus('reconnecting', 'down'));
    events.addEventListener('compiling', (e) => {
      const v = JSON.parse(e.data).version;
      state.latest = Math.max(state.latest, v);
      // A quick compile never shows the word: only one that takes a while.
      setTimeout(() => { if (state.shown < v) setStatus('compiling', 'busy'); }, 250);
    });
    events.addEventListener('update', (e) => {
      const v = JSON.parse(e.data).version;
      state.latest = Math.max(state.latest, v);
      if (v > state.shown) refresh();
    });
  }

  async function start() {
    try {
      info = await getJSON('/info');
    } catch (e) {
      setStatus('no answer', 'down');
      return;
    }
    restore();
    buildControls();
    const sheet = $('sheet');
    sheet.addEventListener('mousemove', hover);
    sheet.addEventListener('mouseleave', hideHover);
    sheet.addEventListener('click', click);
    window.addEventListener('scroll', hideHover, true);
    listen();
  }

  start();
}());
