// Studio: a workflow drawn as SVG from its layout (DAG, stepper, swimlanes), with a selected run's
// state over it, updated live: the current step is outlined and named in text. The edit view
// checks changed YAML (validation errors, diff, trust verdict) and writes it to the working tree
// only when asked; nothing is committed or applied.
import { el, header, errorBox, every } from '../dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const CURRENT = ['preparing', 'running', 'waiting', 'retry_pending'];

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export async function mount(root, ctx) {
  const error = errorBox('studio-error');
  const workflow = el('select', { id: 'studio-workflow' });
  const run = el('select', { id: 'studio-run' }, el('option', { value: '' }, '(no run)'));
  const current = el('p', { id: 'studio-current', role: 'status', 'aria-live': 'polite' });
  const tabs = el('div', { role: 'tablist', 'aria-label': 'Views', class: 'row' });
  const panel = el('div', { role: 'tabpanel', id: 'studio-panel', tabindex: '0' });
  const yaml = el('textarea', { id: 'studio-yaml', rows: '14', class: 'mono', spellcheck: 'false' });
  const result = el('div', { id: 'studio-result', 'aria-live': 'polite' });
  const project = el('p', { id: 'studio-project', class: 'help' });
  root.append(...header('Studio', 'A workflow as a graph, with a run\'s current step, and a checked editor for its YAML.'),
    project, error,
    el('div', { class: 'row' },
      el('div', { class: 'field' }, el('label', { for: 'studio-workflow' }, 'Workflow'), workflow),
      el('div', { class: 'field' }, el('label', { for: 'studio-run' }, 'Run'), run)),
    current, tabs, panel,
    el('h2', {}, 'Edit'),
    el('div', { class: 'field' }, el('label', { for: 'studio-yaml' }, 'Workflow YAML'), yaml),
    el('div', { class: 'row' },
      el('button', { type: 'button', id: 'studio-check', onclick: () => edit('check') }, 'Check'),
      el('button', { type: 'button', id: 'studio-write', class: 'secondary', onclick: () => edit('write') }, 'Write to working tree')),
    result);

  const views = [['dag', 'DAG'], ['stepper', 'Stepper'], ['swimlane', 'Swimlanes']];
  let view = 'dag';
  let layout = null;
  let steps = {};
  for (const [id, label] of views) {
    tabs.append(el('button', { type: 'button', role: 'tab', id: `tab-${id}`, class: 'secondary', 'aria-controls': 'studio-panel',
      'aria-selected': id === view ? 'true' : 'false', onclick: () => { view = id; draw(); } }, label));
  }
  panel.setAttribute('aria-labelledby', 'tab-dag');

  function currentStep() {
    return Object.entries(steps).find(([, s]) => CURRENT.includes(s))?.[0] || null;
  }

  function box(id, label, x, y, w) {
    const status = steps[id];
    const here = currentStep() === id;
    const text = status ? `${label} (${status})` : label;
    return svg('g', { class: here ? 'node current' : 'node', 'data-step': id, 'data-status': status || '' },
      svg('rect', { x, y, width: w, height: 40, rx: 6, fill: here ? '#fff4cc' : '#f5f7fa',
        stroke: here ? '#7a4b00' : '#4a5360', 'stroke-width': here ? 4 : 1, 'stroke-dasharray': here ? '6 3' : null }),
      svg('text', { x: x + 8, y: y + 25, fill: '#1b1f24', 'font-size': 13 }, here ? `▶ ${text}` : text));
  }

  function draw() {
    for (const b of tabs.children) b.setAttribute('aria-selected', b.id === `tab-${view}` ? 'true' : 'false');
    panel.setAttribute('aria-labelledby', `tab-${view}`);
    if (!layout) { panel.replaceChildren(); return; }
    const here = currentStep();
    current.textContent = here ? `Current step: ${here} (${steps[here]})`
      : (run.value ? `Run ${run.value}: no step is running` : 'No run selected.');
    const W = 190;
    let picture;
    if (view === 'dag') {
      const nodes = layout.dag.nodes;
      const at = Object.fromEntries(nodes.map((n) => [n.id, { x: 20 + n.layer * (W + 40), y: 20 + n.column * 70 }]));
      const width = 40 + (Math.max(0, ...nodes.map((n) => n.layer)) + 1) * (W + 40);
      const height = 40 + (Math.max(0, ...nodes.map((n) => n.column)) + 1) * 70;
      picture = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-labelledby': 'studio-svg-title', id: 'studio-svg' },
        svg('title', { id: 'studio-svg-title' }, `${layout.workflow}: graph of ${nodes.length} steps${here ? `, current ${here}` : ''}`),
        svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto' },
          svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#4a5360' }))),
        ...layout.dag.edges.map((e) => {
          const a = at[e.from]; const b = at[e.to];
          if (!a || !b) return null;
          return svg('line', { x1: a.x + W, y1: a.y + 20, x2: b.x, y2: b.y + 20, stroke: '#4a5360', 'marker-end': 'url(#arrow)' });
        }),
        ...nodes.map((n) => box(n.id, n.label, at[n.id].x, at[n.id].y, W)));
    } else if (view === 'stepper') {
      const list = layout.stepper;
      picture = svg('svg', { viewBox: `0 0 ${40 + list.length * (W + 30)} 80`, width: 40 + list.length * (W + 30), height: 80, role: 'img', 'aria-labelledby': 'studio-svg-title', id: 'studio-svg' },
        svg('title', { id: 'studio-svg-title' }, `${layout.workflow}: ${list.length} steps in order${here ? `, current ${here}` : ''}`),
        ...list.map((s, i) => box(s.id, `${i + 1}. ${s.label}`, 20 + i * (W + 30), 20, W)));
    } else {
      const lanes = layout.swimlane.lanes;
      const widest = Math.max(1, ...lanes.map((l) => l.steps.length));
      picture = svg('svg', { viewBox: `0 0 ${260 + widest * (W + 20)} ${20 + lanes.length * 60}`, width: 260 + widest * (W + 20), height: 20 + lanes.length * 60, role: 'img', 'aria-labelledby': 'studio-svg-title', id: 'studio-svg' },
        svg('title', { id: 'studio-svg-title' }, `${layout.workflow}: ${lanes.length} lanes${here ? `, current ${here}` : ''}`),
        ...lanes.map((lane, r) => svg('g', { class: 'lane' },
          svg('text', { x: 10, y: 45 + r * 60, fill: '#1b1f24', 'font-size': 13 }, lane.label),
          ...lane.steps.map((id, i) => box(id, id, 240 + i * (W + 20), 20 + r * 60, W)))));
    }
    panel.replaceChildren(picture);
  }

  async function loadRuns() {
    try {
      const answer = await ctx.api('GET', '/v1/runtime/supervisor/runs');
      const mine = (answer.runs || []).filter((r) => r.workflowId === workflow.value);
      const keep = run.value;
      run.replaceChildren(el('option', { value: '' }, '(no run)'),
        ...mine.map((r) => el('option', { value: r.runId }, `${r.runId} (${r.status})`)));
      if (mine.some((r) => r.runId === keep)) run.value = keep;
      else if (!keep && mine.length) run.value = mine[mine.length - 1].runId;
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  async function loadState() {
    if (!run.value) { steps = {}; draw(); return; }
    try {
      const d = await ctx.api('GET', `/v1/runtime/supervisor/runs/${encodeURIComponent(run.value)}`);
      steps = Object.fromEntries((d.steps || []).map((s) => [s.stepId, String(s.status).toLowerCase()]));
      draw();
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  async function open() {
    try {
      layout = await ctx.api('GET', `/v1/runtime/studio/workflows/${encodeURIComponent(workflow.value)}`);
      yaml.value = layout.yaml || '';
      yaml.disabled = !layout.yaml;
      error.textContent = '';
      await loadRuns();
      await loadState();
    } catch (e) {
      layout = null;
      draw();
      ctx.showError(error, e);
    }
  }

  async function edit(action) {
    if (action === 'write' && !confirm('Write this YAML to the working tree? Nothing is committed.')) return;
    try {
      const r = await ctx.api('POST', `/v1/runtime/studio/workflows/${encodeURIComponent(workflow.value)}/${action}`, { yaml: yaml.value });
      result.replaceChildren(
        el('p', { id: 'studio-valid' }, r.valid ? 'The tree validates with this edit.' : `${r.errors.length} validation error(s):`),
        el('ul', { id: 'studio-errors' }, ...(r.errors || []).map((x) => el('li', {}, `${x.file}:${x.line} ${x.message}`))),
        el('p', { id: 'studio-verdict' }, `Trust verdict against ${r.trust.base}: ${r.trust.verdict}`),
        el('ul', {}, ...(r.trust.changes || []).map((c) => el('li', {}, `${c.effect.toLowerCase()}: ${c.file} ${c.path} ${c.reason}`))),
        el('h3', {}, 'Diff'),
        el('pre', { id: 'studio-diff', class: 'mono' }, r.diff || '(no change)'),
        r.written ? el('p', { id: 'studio-written' }, `Wrote ${r.written}. ${r.note}`) : null);
      if (r.written) await open();
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  try {
    const answer = await ctx.api('GET', '/v1/runtime/studio/workflows');
    project.textContent = `Project: ${answer.projectRoot}`;
    workflow.replaceChildren(...answer.workflows.map((w) => el('option', { value: w }, w)));
    if (answer.workflows.length) await open();
    else current.textContent = 'This project has no workflows.';
  } catch (e) {
    ctx.showError(error, e);
  }
  workflow.addEventListener('change', open);
  run.addEventListener('change', loadState);
  const stop = every(2000, async () => { await loadRuns(); await loadState(); });
  return stop;
}
