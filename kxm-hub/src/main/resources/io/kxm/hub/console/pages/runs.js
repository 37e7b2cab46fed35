// Runs: the runtime supervisor's workflow runs of the hub's project and the runs of the user's
// sessions, with their status; the selected run's live events (deltas, tool calls, interactions)
// or, for a workflow run, its steps. Reached through the hub's /v1/runtime/supervisor bridge.
import { el, header, errorBox, time, every } from '../dom.js';
import { followRun, describe, RUN_ENDS } from './runtime-events.js';

export async function mount(root, ctx) {
  const error = errorBox('runs-error');
  const project = el('p', { id: 'runs-project', class: 'help' });
  const workflowRows = el('tbody', { id: 'workflow-runs' });
  const sessionRows = el('tbody', { id: 'session-runs' });
  const detail = el('section', { id: 'run-detail', 'aria-labelledby': 'run-detail-title' },
    el('h2', { id: 'run-detail-title' }, 'Selected run'),
    el('p', { class: 'help' }, 'Pick a run above to follow it.'));
  root.append(
    ...header('Runs', 'Runtime runs of this project and session runs, with the selected run followed live.'),
    project, error,
    el('h2', {}, 'Workflow runs'),
    table('Workflow runs of the project', ['Run', 'Workflow', 'Status', 'Updated', ''], workflowRows),
    el('h2', {}, 'Session runs'),
    table('Runs of sessions', ['Run', 'Session', 'Harness', 'Status', 'Outcome', ''], sessionRows),
    detail);

  let selected = null;
  let stopFollow = null;
  let stopSteps = null;

  async function load() {
    try {
      const answer = await ctx.api('GET', '/v1/runtime/supervisor/runs');
      project.textContent = `Project: ${answer.projectRoot}`;
      workflowRows.replaceChildren(...(answer.runs || []).map((r) => el('tr', { dataset: { run: r.runId } },
        el('td', { class: 'mono' }, r.runId), el('td', {}, r.workflowId || ''),
        el('td', { class: 'status' }, r.status), el('td', {}, time(r.updatedAt)),
        el('td', {}, showButton(r.runId, 'workflow')))));
      sessionRows.replaceChildren(...(answer.sessionRuns || []).slice().reverse().map((r) => el('tr', { dataset: { run: r.id } },
        el('td', { class: 'mono' }, r.id), el('td', { class: 'mono' }, r.sessionId),
        el('td', {}, r.harness || ''), el('td', { class: 'status' }, r.status),
        el('td', {}, r.outcome || ''), el('td', {}, showButton(r.id, 'session')))));
      error.textContent = '';
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  function showButton(runId, kind) {
    return el('button', { type: 'button', class: 'secondary', 'aria-label': `Show run ${runId}`,
      onclick: () => select(runId, kind) }, 'Show');
  }

  function stop() {
    if (stopFollow) stopFollow();
    if (stopSteps) stopSteps();
    stopFollow = null;
    stopSteps = null;
  }

  function select(runId, kind) {
    stop();
    selected = runId;
    const status = el('p', { id: 'run-status', role: 'status', 'aria-live': 'polite' }, `${runId}: loading`);
    const answer = el('pre', { id: 'run-answer', class: 'mono', 'aria-label': 'Streamed answer' });
    const log = el('ol', { id: 'run-log', 'aria-label': 'Run events' });
    detail.replaceChildren(el('h2', { id: 'run-detail-title' }, `Run ${runId}`), status);
    if (kind === 'session') {
      detail.append(el('h3', {}, 'Answer'), answer, el('h3', {}, 'Events'), log);
      status.textContent = `${runId}: following`;
      stopFollow = followRun(runId, (type, data) => {
        if (selected !== runId) return;
        if (type === 'message.delta') answer.textContent += data.text || '';
        if (type === 'message.completed') answer.textContent = data.text || answer.textContent;
        const line = describe(type, data);
        if (line) log.append(el('li', {}, line));
        if (RUN_ENDS.includes(type)) {
          status.textContent = `${runId}: ${type.replace('run.', '')}`;
          load();
        } else if (type === 'run.started') {
          status.textContent = `${runId}: running`;
        }
      });
    } else {
      const steps = el('tbody', { id: 'run-steps' });
      detail.append(table('Steps of the run', ['Step', 'Type', 'Status', 'Attempts', 'Detail'], steps));
      const refresh = async () => {
        try {
          const d = await ctx.api('GET', `/v1/runtime/supervisor/runs/${encodeURIComponent(runId)}`);
          status.textContent = `${runId}: ${d.run?.status || ''}${d.reason ? ` (${d.reason})` : ''}`;
          steps.replaceChildren(...(d.steps || []).map((s) => el('tr', { dataset: { step: s.stepId } },
            el('td', {}, s.stepId), el('td', {}, s.type), el('td', {}, s.status),
            el('td', {}, String(s.attempts)), el('td', {}, s.detail || ''))));
        } catch (e) {
          ctx.showError(error, e);
        }
      };
      refresh();
      stopSteps = every(2000, refresh);
    }
  }

  await load();
  const stopPoll = every(3000, load);
  return () => { stop(); stopPoll(); };
}

function table(caption, columns, body) {
  return el('table', { class: 'grid' },
    el('caption', { class: 'visually-hidden' }, caption),
    el('thead', {}, el('tr', {}, ...columns.map((c) => el('th', { scope: 'col' }, c || el('span', { class: 'visually-hidden' }, 'Action'))))),
    body);
}
