// Approvals: every interaction of the runtime waiting for a person (tool approvals, clarifications,
// workflow waits, elicitations), each with the controls that answer it. An elicitation's form is
// generated from its JSON schema (string, number, integer, boolean, enum; required fields marked)
// and its values are sent typed.
import { el, header, errorBox, every } from '../dom.js';

export async function mount(root, ctx) {
  const error = errorBox('approvals-error');
  const status = el('p', { id: 'approvals-status', role: 'status', 'aria-live': 'polite' });
  const list = el('div', { id: 'approvals-list' });
  root.append(...header('Approvals', 'Questions runs are waiting on: approve, deny, answer or fill in the form.'),
    status, error, list);
  let shown = '';

  async function load() {
    try {
      const answer = await ctx.api('GET', '/v1/runtime/supervisor/interactions');
      const items = answer.interactions || [];
      const key = items.map((i) => i.interactionId).join(',');
      if (key !== shown) {
        shown = key;
        list.replaceChildren(...items.map((i) => card(i)));
        if (!items.length) list.append(el('p', { id: 'approvals-empty' }, 'Nothing is waiting.'));
      }
      error.textContent = '';
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  async function resolve(item, body) {
    try {
      await ctx.api('POST', `/v1/runtime/supervisor/runs/${encodeURIComponent(item.runId)}/interactions/${encodeURIComponent(item.interactionId)}/resolve`,
        { ...body, by: ctx.session.operator });
      status.textContent = `Answered ${item.interactionId} of run ${item.runId}.`;
      shown = '';
      await load();
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  function card(item) {
    const title = `${kindLabel(item.kind)} for run ${item.runId}`;
    const titleId = `title-${item.interactionId}`;
    const node = el('section', { class: 'card', dataset: { interaction: item.interactionId, kind: item.kind }, 'aria-labelledby': titleId },
      el('h2', { id: titleId }, title));
    const request = item.request || {};
    if (item.stepId) node.append(el('p', {}, `Workflow ${item.workflow || ''}, step ${item.stepId}`));
    if (item.question) node.append(el('p', {}, item.question));
    if (item.kind === 'approval') {
      if (request.tool) node.append(el('p', {}, `Tool: ${request.tool}`));
      if (request.reason) node.append(el('p', {}, `Reason: ${request.reason}`));
      if (request.input) node.append(el('pre', { class: 'mono' }, JSON.stringify(request.input, null, 2)));
      node.append(el('div', { class: 'row' },
        el('button', { type: 'button', class: 'approve', onclick: () => resolve(item, { approved: true }) }, 'Approve'),
        el('button', { type: 'button', class: 'secondary deny', onclick: () => resolve(item, { approved: false }) }, 'Deny')));
    } else if (item.kind === 'elicitation') {
      node.append(elicitationForm(item, request, (values) => resolve(item, { values })));
      node.append(el('div', { class: 'row' },
        el('button', { type: 'button', class: 'secondary decline', onclick: () => resolve(item, { action: 'decline' }) }, 'Decline'),
        el('button', { type: 'button', class: 'secondary cancel', onclick: () => resolve(item, { action: 'cancel' }) }, 'Cancel')));
    } else {
      if (request.question) node.append(el('p', {}, request.question));
      const id = `answer-${item.interactionId}`;
      const input = el('input', { id, type: 'text', required: true });
      node.append(el('form', { onsubmit: (e) => { e.preventDefault(); resolve(item, { answer: input.value }); } },
        el('div', { class: 'field' }, el('label', { for: id }, 'Answer'), input),
        el('button', { type: 'submit' }, 'Send answer')));
    }
    return node;
  }

  await load();
  return every(2000, load);
}

function kindLabel(kind) {
  return { approval: 'Approval', clarification: 'Clarification', elicitation: 'Input requested', wait: 'Wait' }[kind] || kind;
}

/** A form for an elicitation's schema; onValues gets the typed values when it is submitted. */
export function elicitationForm(item, request, onValues) {
  const schema = request.schema || {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields = [];
  const form = el('form', { class: 'elicitation', novalidate: false });
  if (request.message) form.append(el('p', {}, request.message));
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    const id = `field-${item.interactionId}-${name}`.replace(/[^A-Za-z0-9_-]/g, '_');
    const needed = required.has(name);
    const label = `${prop.title || name}${needed ? ' (required)' : ''}`;
    const help = prop.description ? el('p', { class: 'help', id: `${id}-help` }, prop.description) : null;
    let input;
    let read;
    if (Array.isArray(prop.enum)) {
      input = el('select', { id, name, required: needed, 'aria-describedby': help ? `${id}-help` : null },
        needed ? null : el('option', { value: '' }, '(none)'),
        ...prop.enum.map((v, i) => el('option', { value: String(i) }, String(v))));
      read = () => (input.value === '' ? undefined : prop.enum[Number(input.value)]);
    } else if (prop.type === 'boolean') {
      input = el('input', { id, name, type: 'checkbox', class: 'check', 'aria-describedby': help ? `${id}-help` : null });
      if (prop.default === true) input.checked = true;
      read = () => input.checked;
    } else if (prop.type === 'number' || prop.type === 'integer') {
      input = el('input', { id, name, type: 'number', required: needed, step: prop.type === 'integer' ? '1' : 'any',
        min: prop.minimum, max: prop.maximum, 'aria-describedby': help ? `${id}-help` : null });
      read = () => (input.value === '' ? undefined
        : (prop.type === 'integer' ? parseInt(input.value, 10) : Number(input.value)));
    } else {
      input = el('input', { id, name, type: 'text', required: needed, minlength: prop.minLength, maxlength: prop.maxLength,
        'aria-describedby': help ? `${id}-help` : null });
      read = () => (input.value === '' ? undefined : input.value);
    }
    fields.push({ name, read });
    form.append(el('div', { class: 'field' }, el('label', { for: id }, label), input, help));
  }
  const problem = el('p', { class: 'error', role: 'alert' });
  form.append(problem, el('button', { type: 'submit' }, 'Submit'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!form.checkValidity()) { form.reportValidity(); return; }
    const values = {};
    for (const f of fields) {
      const v = f.read();
      if (v !== undefined && !(typeof v === 'number' && Number.isNaN(v))) values[f.name] = v;
    }
    const missing = [...required].filter((n) => !(n in values));
    if (missing.length) { problem.textContent = `Required: ${missing.join(', ')}`; return; }
    onValues(values);
  });
  return form;
}
