// Human inbox: open requests addressed to the operator's human agent. Answering one is a reply
// through the same reply route an agent uses; the hub keeps the agent key, the page never sees it.
import { el, header, errorBox, time, every } from '../dom.js';

export async function mount(root, ctx) {
  const human = ctx.session.human;
  root.append(...header('Inbox', human
    ? `Requests addressed to ${human.name}, your human agent in ${ctx.session.project}. Agents reach you by that name.`
    : 'Sign in with a project (a project token, or the admin token for a project without one) to get a human inbox.'));
  if (!human) return undefined;
  const error = errorBox('inbox-error');
  const list = el('div', { id: 'inbox-list' });
  const count = el('p', { id: 'inbox-count', role: 'status', 'aria-live': 'polite' });
  root.append(count, error, list);
  const base = `/v1/agents/${encodeURIComponent(human.agentId)}`;
  const drafts = new Map();

  async function load() {
    try {
      const answer = await ctx.api('GET', `${base}/inbox`);
      const open = (answer.messages || []).filter((m) => m.status === 'queued' || m.status === 'delivered');
      for (const card of list.querySelectorAll('textarea')) drafts.set(card.dataset.message, card.value);
      list.replaceChildren(...open.map(card));
      count.textContent = `${open.length} open request${open.length === 1 ? '' : 's'}`;
      error.textContent = '';
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  function card(message) {
    const id = `reply-${message.id}`;
    const text = el('textarea', { id, rows: 3, dataset: { message: message.id } });
    text.value = drafts.get(message.id) || '';
    const status = errorBox(`reply-error-${message.id}`);
    const send = el('button', { type: 'submit' }, 'Reply');
    const form = el('form', { class: 'reply', dataset: { message: message.id } },
      el('label', { for: id }, 'Your reply'), text, el('div', { class: 'row' }, send), status);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      send.disabled = true;
      try {
        await ctx.api('POST', `${base}/messages/${encodeURIComponent(message.id)}/reply`, { content: text.value });
        drafts.delete(message.id);
        await load();
      } catch (e) {
        ctx.showError(status, e);
        send.disabled = false;
      }
    });
    return el('article', { class: 'card', dataset: { message: message.id }, 'aria-label': `Request from ${message.fromName || message.from}` },
      el('h2', {}, `From ${message.fromName || message.from}`),
      el('p', { class: 'help' }, `${message.status} · received ${time(message.createdAt)}${message.expiresAt ? ` · expires ${time(message.expiresAt)}` : ''}`),
      el('p', { class: 'content' }, message.content || ''),
      form);
  }

  const unsubscribe = ctx.ops.subscribe((event) => {
    if (String(event.kind || '').startsWith('message.') && (event.to === human.name || event.from === human.name)) load();
  });
  const stopPoll = every(2000, () => { if (!ctx.ops.live) load(); });
  await load();
  return () => { unsubscribe(); stopPoll(); };
}
