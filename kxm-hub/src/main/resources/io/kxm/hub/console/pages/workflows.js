// Workflows: the hub's workflow runs with their stage timeline. Runs come from the operations
// snapshot; a run coordinated by the operator's human agent also shows its journal (evidence
// keys, checkpoints, retrospectives) through the coordinator's own routes.
import { el, header, errorBox, time } from '../dom.js';

export async function mount(root, ctx) {
  const error = errorBox('workflows-error');
  const list = el('div', { id: 'workflow-runs' });
  const detail = el('section', { id: 'workflow-detail', 'aria-label': 'Run detail' });
  root.append(...header('Workflows', 'Workflow runs of the hub: status, the stage they are in, and each stage\'s attempts.'), error, list, detail);
  const human = ctx.session.human;

  async function runs() {
    const query = ctx.session.project ? `?project=${encodeURIComponent(ctx.session.project)}` : '';
    try {
      return (await ctx.api('GET', `/v1/ops/snapshot${query}`)).workflowRuns || [];
    } catch (e) {
      if (e.status !== 404 || !human) throw e;
    }
    return (await ctx.api('GET', `/v1/agents/${encodeURIComponent(human.agentId)}/workflows/runs`)).runs || [];
  }

  async function load() {
    try {
      const all = await runs();
      list.replaceChildren(all.length ? el('ul', { class: 'runs' }, ...all.map((run) => el('li', {},
        el('button', { type: 'button', class: 'secondary', dataset: { run: run.id || run.runId }, onclick: () => show(run) },
          `${run.workflowId || ''} ${run.id || run.runId} · ${run.status || ''}${(run.currentStage || run.stage) ? ` · at ${run.currentStage || run.stage}` : ''}${run.coordinator ? ` · ${run.coordinator}` : ''}`)))) : el('p', {}, 'No workflow runs yet.'));
      error.textContent = '';
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  async function show(summary) {
    const id = summary.id || summary.runId;
    let run = { ...summary, currentStage: summary.currentStage || summary.stage };
    let journal = null;
    if (human) {
      try {
        const answer = await ctx.api('GET', `/v1/agents/${encodeURIComponent(human.agentId)}/workflows/runs/${encodeURIComponent(id)}`);
        run = answer.run || run;
        journal = answer.journal || [];
      } catch (e) {
        // Runs coordinated by another agent show their summary only.
      }
    }
    detail.replaceChildren(
      el('h2', {}, `Run ${id}`),
      el('p', {}, `${run.workflowId || ''} · ${run.status || ''} · created ${time(run.createdAt)}${run.finishedAt ? ` · finished ${time(run.finishedAt)}` : ''}`),
      el('ol', { class: 'timeline', 'aria-label': 'Stages' }, ...(run.stages || []).map((stage) => el('li', {
        dataset: { stage: stage.id, current: String(stage.id === run.currentStage), passed: String(!!stage.passed) },
      }, el('strong', {}, stage.id), ` · ${stage.passed ? 'passed' : stage.id === run.currentStage ? 'current' : 'not yet'} · attempts ${stage.attemptsUsed}/${stage.maxAttempts}`,
        (stage.requiredEvidence || []).length ? el('div', { class: 'help' }, `evidence: ${stage.requiredEvidence.join(', ')}`) : null))),
      journal === null
        ? el('p', { class: 'help' }, 'The journal shows for runs your human agent coordinates.')
        : el('div', {}, el('h2', {}, 'Journal'), el('ul', { id: 'workflow-journal' }, ...journal.map((entry) => el('li', {},
          `${time(entry.at || entry.createdAt)} ${entry.kind || entry.type || ''} ${entry.stage || ''} ${entry.key || ''}`.trim())))));
  }

  const unsubscribe = ctx.ops.subscribe((event) => { if (String(event.kind || '').startsWith('workflow.')) load(); });
  await load();
  return unsubscribe;
}
