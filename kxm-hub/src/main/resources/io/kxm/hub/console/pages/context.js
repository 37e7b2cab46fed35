// Context proposals: the project's proposals with their status; a pending one can be promoted or
// rejected in the signed-in operator's name. The hub keeps the two-person rule: whoever proposed
// it may not decide it, and the refusal is shown with its code.
import { el, header, errorBox, time } from '../dom.js';

export async function mount(root, ctx) {
  root.append(...header('Context', 'Proposed changes to the shared context of the project. Promoting needs the admin token and a second person.'));
  const projectField = el('input', { id: 'context-project', type: 'text', value: ctx.session.project || '', maxlength: 64 });
  const statusField = el('select', { id: 'context-status' },
    ...['pending', 'promoted', 'rejected', ''].map((s) => el('option', { value: s }, s || 'any')));
  const error = errorBox('context-error');
  const body = el('tbody', { id: 'proposal-rows' });
  const filter = el('form', { class: 'row', id: 'context-filter' },
    el('div', {}, el('label', { for: 'context-project' }, 'Project'), projectField),
    el('div', {}, el('label', { for: 'context-status' }, 'Status'), statusField),
    el('button', { type: 'submit', class: 'secondary' }, 'Show'));
  root.append(filter, error,
    el('table', { class: 'grid' },
      el('caption', { class: 'visually-hidden' }, 'Context proposals'),
      el('thead', {}, el('tr', {},
        ...['Key', 'Summary', 'Proposed by', 'Status', 'Decided by', 'Actions'].map((h) => el('th', { scope: 'col' }, h)))),
      body));
  if (ctx.session.role !== 'admin') {
    error.textContent = 'Context proposals are listed and decided with the admin token; sign in with it to use this page.';
    return undefined;
  }

  async function load() {
    const project = projectField.value.trim();
    if (!project) {
      error.textContent = 'Name the project whose proposals to show.';
      return;
    }
    const status = statusField.value;
    try {
      const answer = await ctx.api('GET', `/v1/context/proposals?project=${encodeURIComponent(project)}${status ? `&status=${status}` : ''}`);
      body.replaceChildren(...(answer.proposals || []).map(row));
      error.textContent = '';
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  function row(p) {
    const id = p.id || p.proposalId;
    const result = el('p', { class: 'error', role: 'alert', id: `decision-${id}` });
    const decide = (verb, field) => el('button', {
      type: 'button',
      class: verb === 'reject' ? 'secondary' : '',
      dataset: { action: verb, proposal: id },
      'aria-label': `${verb === 'promote' ? 'Promote' : 'Reject'} ${p.key || id}`,
      onclick: async () => {
        result.textContent = '';
        try {
          await ctx.api('POST', `/v1/context/proposals/${encodeURIComponent(id)}/${verb}`, { [field]: ctx.session.operator });
          await load();
        } catch (e) {
          ctx.showError(result, e);
        }
      },
    }, verb === 'promote' ? 'Promote' : 'Reject');
    const pending = p.status === 'pending';
    return el('tr', { dataset: { proposal: id, status: p.status } },
      el('td', { class: 'mono' }, p.key || ''),
      el('td', {}, p.summary || ''),
      el('td', {}, p.proposedBy || ''),
      el('td', {}, p.status || ''),
      el('td', {}, p.decidedBy ? `${p.decidedBy} ${time(p.decidedAt)}` : ''),
      el('td', {}, pending ? el('div', { class: 'row' }, decide('promote', 'promotedBy'), decide('reject', 'rejectedBy')) : '', result));
  }

  filter.addEventListener('submit', (event) => { event.preventDefault(); load(); });
  statusField.addEventListener('change', load);
  await load();
  return undefined;
}
