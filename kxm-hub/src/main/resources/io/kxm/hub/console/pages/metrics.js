// Spend and metrics: small live charts of what the hub's /metrics exposes (requests answered, the
// store's and fan-out's meters) and the operations stream's message rate, sampled every few
// seconds while the page is open. Nothing is stored; a reload starts the charts again.
import uPlot from '../vendor/uplot/uPlot.esm.js';
import { el, header, errorBox, every } from '../dom.js';

const SAMPLE_MS = 3000;
const POINTS = 100;

/** Sums the samples of one Prometheus metric name (every label set). */
export function sumMetric(text, name) {
  let total = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== '{' && rest[0] !== ' ') continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (!Number.isNaN(value)) { total += value; found = true; }
  }
  return found ? total : null;
}

export async function mount(root, ctx) {
  const error = errorBox('metrics-error');
  root.append(...header('Spend and metrics', 'Live samples every few seconds: hub requests, message events on the operations stream and store commits per second, and the hub JVM\'s memory (from /metrics, admin token). Runtime spend shows on the runtime pages.'), error);
  const charts = [
    chart(root, 'requests', 'Hub requests per second'),
    chart(root, 'messages', 'Message events per second'),
    chart(root, 'heap', 'JVM memory used (MiB)'),
    chart(root, 'commits', 'Store commits per second'),
  ];
  let messages = 0;
  const unsubscribe = ctx.ops.subscribe((event) => { if (String(event.kind || '').startsWith('message.')) messages += 1; });
  let last = null;

  async function sample() {
    try {
      const response = await fetch('/metrics', { credentials: 'same-origin', headers: { 'X-KXM-CSRF': ctx.session.csrf } });
      if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
      const text = await response.text();
      const now = Date.now() / 1000;
      const requests = sumMetric(text, 'http_server_requests_seconds_count') ?? sumMetric(text, 'kxm_http_requests_total') ?? 0;
      const heap = (sumMetric(text, 'jvm_memory_used_bytes') ?? 0) / 1048576;
      const commits = sumMetric(text, 'kxm_store_commits_total') ?? 0;
      if (last) {
        const dt = now - last.at;
        charts[0].push(now, Math.max(0, (requests - last.requests) / dt));
        charts[1].push(now, messages / dt);
        charts[3].push(now, Math.max(0, (commits - last.commits) / dt));
      }
      charts[2].push(now, heap);
      last = { at: now, requests, commits };
      messages = 0;
      error.textContent = '';
    } catch (e) {
      ctx.showError(error, e);
    }
  }
  await sample();
  const stop = every(SAMPLE_MS, sample);
  return () => { stop(); unsubscribe(); charts.forEach((c) => c.destroy()); };
}

function chart(root, id, title) {
  const box = el('figure', { class: 'chart', id: `chart-${id}` }, el('figcaption', {}, title));
  root.append(box);
  const xs = [];
  const ys = [];
  const plot = new uPlot({
    width: Math.min(720, Math.max(320, root.clientWidth - 40)),
    height: 160,
    series: [{}, { label: title, stroke: '#0b57d0', width: 2 }],
    axes: [{}, { size: 60 }],
    legend: { show: false },
  }, [xs, ys], box);
  return {
    push(x, y) {
      xs.push(x); ys.push(y);
      if (xs.length > POINTS) { xs.shift(); ys.shift(); }
      plot.setData([xs, ys]);
    },
    destroy() { plot.destroy(); },
  };
}
