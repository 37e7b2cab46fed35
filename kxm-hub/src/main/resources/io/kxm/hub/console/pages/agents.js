// Agents: every agent of the project with its purpose and presence, kept live by the operations
// stream (agent.* events); while that stream is down, a short poll keeps the list current.
import { el, header, errorBox, time, every } from '../dom.js';

export async function mount(root, ctx) {
  const body = el('tbody', { id: 'agents-rows' });
  const error = errorBox('agents-error');
  const count = el('p', { id: 'agents-count', role: 'status', 'aria-live': 'polite' });
  root.append(
    ...header('Agents', 'Agents registered in the project: who is there, what for, and whether they are online.'),
    count,
    error,
    el('table', { class: 'grid', id: 'agents-table' },
      el('caption', { class: 'visually-hidden' }, 'Registered agents'),
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col' }, 'Name'),
        el('th', { scope: 'col' }, 'Purpose'),
        el('th', { scope: 'col' }, 'Presence'),
        el('th', { scope: 'col' }, 'Last seen'),
        el('th', { scope: 'col' }, 'Id'))),
      body),
  );

  async function load() {
    try {
      const agents = await listAgents(ctx);
      agents.sort((a, b) => a.name.localeCompare(b.name));
      body.replaceChildren(...agents.map((agent) => el('tr', { dataset: { agent: agent.name } },
        el('td', {}, agent.name),
        el('td', {}, agent.purpose || ''),
        el('td', {}, el('span', { class: `presence ${agent.presence || ''}` }, agent.presence || '')),
        el('td', {}, time(agent.lastSeenAt)),
        el('td', { class: 'mono' }, agent.id || agent.agentId || ''))));
      count.textContent = `${agents.length} agent${agents.length === 1 ? '' : 's'}`;
      error.textContent = '';
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  let pending = null;
  const unsubscribe = ctx.ops.subscribe((event) => {
    if (!String(event.kind || '').startsWith('agent.')) return;
    clearTimeout(pending);
    pending = setTimeout(load, 100);
  });
  const stopPoll = every(2000, () => { if (!ctx.ops.live) load(); });
  await load();
  return () => { unsubscribe(); stopPoll(); clearTimeout(pending); };
}

/** The snapshot of the operations stream when the hub has it, else the human agent's peers. */
async function listAgents(ctx) {
  const query = ctx.session.project ? `?project=${encodeURIComponent(ctx.session.project)}` : '';
  try {
    const snapshot = await ctx.api('GET', `/v1/ops/snapshot${query}`);
    return (snapshot.agents || []).map((a) => ({ ...a, id: a.id || a.agentId }));
  } catch (e) {
    if (e.status !== 404 && e.status !== 405) throw e;
  }
  const human = ctx.session.human;
  if (!human) return [];
  const answer = await ctx.api('GET', `/v1/agents/${encodeURIComponent(human.agentId)}/peers?includeOffline=true`);
  return answer.agents || [];
}
