// Chat: start a session on one of the harnesses the hub admits (its operator's programs and the
// project's routes), send prompts, and read each answer as it streams. Questions the agent asks
// appear on the Approvals page.
import { el, header, errorBox } from '../dom.js';
import { followRun, describe, RUN_ENDS } from './runtime-events.js';

export async function mount(root, ctx) {
  const error = errorBox('chat-error');
  const harness = el('select', { id: 'chat-harness' });
  const started = el('p', { id: 'chat-session', role: 'status', 'aria-live': 'polite' }, 'No session yet.');
  const prompt = el('textarea', { id: 'chat-prompt', rows: '3' });
  const send = el('button', { type: 'submit', id: 'chat-send', disabled: true }, 'Send');
  const transcript = el('ol', { id: 'chat-transcript', 'aria-label': 'Conversation', 'aria-live': 'polite' });
  root.append(...header('Chat', 'Talk to an agent through the runtime supervisor.'), error,
    el('form', { id: 'chat-start', onsubmit: (e) => { e.preventDefault(); start(); } },
      el('div', { class: 'field' }, el('label', { for: 'chat-harness' }, 'Harness'), harness),
      el('button', { type: 'submit', id: 'chat-start-button' }, 'Start session')),
    started,
    el('form', { id: 'chat-form', onsubmit: (e) => { e.preventDefault(); submit(); } },
      el('div', { class: 'field' }, el('label', { for: 'chat-prompt' }, 'Prompt'), prompt), send),
    el('h2', {}, 'Conversation'), transcript);

  let session = null;
  const closers = [];

  try {
    const answer = await ctx.api('GET', '/v1/runtime/supervisor/harnesses');
    harness.replaceChildren(...(answer.harnesses || []).map((h) => el('option', { value: h.id }, h.label)));
    if (!(answer.harnesses || []).length) error.textContent = 'No harness is admitted: set KXM_CONSOLE_COMMANDS or list routes in .kxm/routes.yaml.';
  } catch (e) {
    ctx.showError(error, e);
  }

  async function start() {
    try {
      session = await ctx.api('POST', '/v1/runtime/supervisor/sessions', { harness: harness.value });
      started.textContent = `Session ${session.id} started in ${session.workspaceRoot}.`;
      send.disabled = false;
      error.textContent = '';
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  async function submit() {
    if (!session || !prompt.value.trim()) return;
    const text = prompt.value;
    try {
      const run = await ctx.api('POST', `/v1/runtime/supervisor/sessions/${encodeURIComponent(session.id)}/runs`, { prompt: text });
      prompt.value = '';
      transcript.append(el('li', { class: 'you' }, el('strong', {}, 'You: '), text));
      const reply = el('span', { class: 'answer' });
      const state = el('span', { class: 'help run-state' }, ' (queued)');
      transcript.append(el('li', { class: 'agent', dataset: { run: run.id } }, el('strong', {}, 'Agent: '), reply, state));
      let streamed = '';
      closers.push(followRun(run.id, (type, data) => {
        if (type === 'message.delta') { streamed += data.text || ''; reply.textContent = streamed; }
        if (type === 'message.completed') reply.textContent = data.text || streamed;
        if (type.endsWith('.required')) state.textContent = ` (${describe(type, data)})`;
        if (type === 'run.started') state.textContent = ' (running)';
        if (RUN_ENDS.includes(type)) state.textContent = ` (${type.replace('run.', '')})`;
      }));
      error.textContent = '';
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  return () => closers.forEach((close) => close());
}
