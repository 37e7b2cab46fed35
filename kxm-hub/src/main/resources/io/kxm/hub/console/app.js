// The console shell: finds out who is signed in, builds the menu from pages/index.js, routes on
// the hash (#/agents) and gives each page a ctx with the hub API and the one operations stream.
import pages from './pages/index.js';
import { OpsStream } from './ops.js';

const PAGES_BASE = new URL('./pages/index.js', import.meta.url);

/** An error answer of the hub: the code, message and hint of its envelope. */
export class HubError extends Error {
  constructor(status, error) {
    super(error.message || `HTTP ${status}`);
    this.status = status;
    this.code = error.code || `http_${status}`;
    this.hint = error.hint || '';
  }
}

async function loadSession() {
  const response = await fetch('/console/session', { credentials: 'same-origin' });
  if (!response.ok) {
    location.assign('/console');
    return null;
  }
  return response.json();
}

function makeApi(session) {
  // Same routes as the CLI; the cookie is the credential, the CSRF header proves the page is ours.
  return async function api(method, path, body) {
    const headers = { 'X-KXM-CSRF': session.csrf, Accept: 'application/json' };
    const init = { method, headers, credentials: 'same-origin' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    const text = await response.text();
    const json = text ? JSON.parse(text) : {};
    if (!response.ok) {
      if (response.status === 401) location.assign('/console');
      throw new HubError(response.status, json.error || {});
    }
    return json;
  };
}

function renderNav(current) {
  const nav = document.getElementById('nav');
  nav.replaceChildren(...pages.map((page) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#/${page.id}`;
    a.textContent = page.title;
    if (page.id === current) a.setAttribute('aria-current', 'page');
    li.append(a);
    return li;
  }));
}

/** The seq of ?after=N in the console's URL, or null. */
function replayFrom() {
  const asked = new URLSearchParams(location.search).get('after');
  return asked && /^[0-9]{1,18}$/.test(asked) ? asked : null;
}

/**
 * Where the operations stream starts: after ?after=N of the console's URL when given (to look back
 * from a known point), else at the end of the log as the snapshot names it, so opening the console
 * never replays the whole retained history.
 */
async function streamStart(api, project) {
  const asked = replayFrom();
  if (asked) return asked;
  const query = project ? `?project=${encodeURIComponent(project)}` : '';
  const snapshot = await api('GET', `/v1/ops/snapshot${query}`).catch(() => null);
  return snapshot && Number.isInteger(snapshot.seq) ? String(snapshot.seq) : null;
}

async function main(session) {
  const api = makeApi(session);
  const project = session.role === 'admin' && session.project ? session.project : null;
  const ctx = {
    session,
    api,
    ops: new OpsStream(project, await streamStart(api, project)),
    /** The seq the stream replays from when the URL asked (?after=N); pages then skip snapshots. */
    replayFrom: replayFrom(),
    /** Shows an error of the hub in an element: code, message and hint. */
    showError(element, error) {
      element.textContent = error instanceof HubError
        ? `${error.code}: ${error.message} ${error.hint}`.trim()
        : String(error.message || error);
    },
  };
  const who = document.getElementById('who');
  who.textContent = `${session.operator} · ${session.role}${session.project ? ` · ${session.project}` : ''}`;
  const live = document.getElementById('live');
  ctx.ops.onStatus((state) => { live.textContent = state; live.dataset.state = state; });
  document.getElementById('sign-out').addEventListener('click', async () => {
    await ctx.api('POST', '/console/sign-out').catch(() => {});
    location.assign('/console');
  });

  // The operator's human agent stays online while a console is open.
  if (session.human) {
    const beat = () => ctx.api('POST', `/v1/agents/${encodeURIComponent(session.human.agentId)}/heartbeat`).catch(() => {});
    setInterval(beat, 20000);
  }

  let cleanup = null;
  let generation = 0;
  async function route() {
    const id = (location.hash.match(/^#\/([a-z0-9-]+)/) || [])[1] || pages[0].id;
    const page = pages.find((p) => p.id === id) || pages[0];
    renderNav(page.id);
    const mine = ++generation;
    if (typeof cleanup === 'function') cleanup();
    cleanup = null;
    const root = document.getElementById('page');
    root.replaceChildren();
    document.title = `${page.title} · KXM console`;
    const module = await import(new URL(page.module, PAGES_BASE).href);
    if (mine !== generation) return;
    cleanup = await module.mount(root, ctx);
    const heading = root.querySelector('h1');
    (heading || root).setAttribute('tabindex', '-1');
    (heading || root).focus();
  }
  window.addEventListener('hashchange', route);
  route();
}

loadSession().then((session) => { if (session) main(session); });
