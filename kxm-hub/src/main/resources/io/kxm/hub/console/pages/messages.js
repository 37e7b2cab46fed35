// Message flow: message events of the operations stream as they happen, metadata only (who, to
// whom, status, size; never a body). The list keeps the newest MAX_ROWS rows in the DOM, so the
// page stays responsive however many messages pass; the counters cover every event seen.
import { el, header, time } from '../dom.js';

const MAX_ROWS = 200;

export async function mount(root, ctx) {
  const body = el('tbody', { id: 'message-rows' });
  const counts = el('p', { id: 'message-counts', role: 'status', 'aria-live': 'off' });
  const paused = el('input', { id: 'messages-paused', type: 'checkbox' });
  root.append(
    ...header('Message flow', 'Requests between agents as they move: sent, delivered, replied, cancelled or expired. Bodies are never shown here.'),
    el('div', { class: 'row toggle' }, paused, el('label', { for: 'messages-paused' }, 'Pause the list')),
    counts,
    el('table', { class: 'grid' },
      el('caption', { class: 'visually-hidden' }, `The newest ${MAX_ROWS} message events`),
      el('thead', {}, el('tr', {}, ...['Time', 'Event', 'From', 'To', 'Status', 'Bytes', 'Message'].map((h) => el('th', { scope: 'col' }, h)))),
      body));

  const seen = { total: 0 };
  const byKind = new Map();
  let queued = [];
  let frame = 0;

  function render() {
    frame = 0;
    if (!paused.checked && queued.length) {
      const rows = queued.slice(-MAX_ROWS).reverse().map(row);
      body.prepend(...rows);
      while (body.childElementCount > MAX_ROWS) body.lastElementChild.remove();
    }
    if (!paused.checked) queued = [];
    counts.dataset.seen = String(seen.total);
    counts.textContent = `${seen.total} message events seen · ${[...byKind].map(([k, n]) => `${k.replace('message.', '')} ${n}`).join(' · ')}`;
  }

  function row(event) {
    return el('tr', { dataset: { message: event.messageId || '', kind: event.kind } },
      el('td', {}, time(event.at)),
      el('td', {}, String(event.kind).replace('message.', '')),
      el('td', {}, event.from || ''),
      el('td', {}, event.to || ''),
      el('td', {}, event.status || ''),
      el('td', {}, event.bytes ?? ''),
      el('td', { class: 'mono' }, event.messageId || ''));
  }

  function accept(event) {
    if (!String(event.kind || '').startsWith('message.')) return;
    seen.total += 1;
    byKind.set(event.kind, (byKind.get(event.kind) || 0) + 1);
    queued.push(event);
    if (queued.length > MAX_ROWS * 2) queued = queued.slice(-MAX_ROWS);
    // One DOM update per frame however fast events come.
    if (!frame) frame = requestAnimationFrame(render);
  }

  // Subscribed before the snapshot is read, so nothing that happens meanwhile is missed; what
  // came meanwhile and is already in the snapshot (seq at or below its seq) is not counted twice.
  const early = [];
  let ready = false;
  const unsubscribe = ctx.ops.subscribe((event) => (ready ? accept(event) : early.push(event)));
  let after = 0;
  if (!ctx.replayFrom) {
    try {
      const query = ctx.session.project ? `?project=${encodeURIComponent(ctx.session.project)}` : '';
      const snapshot = await ctx.api('GET', `/v1/ops/snapshot${query}`);
      after = snapshot.seq || 0;
      // Oldest first, so the newest ends on top.
      (snapshot.messages || []).slice().sort((a, b) => (a.seq || 0) - (b.seq || 0))
        .forEach((m) => accept({ ...m, kind: m.lastKind || m.kind || 'message.sent', at: m.updatedAt || m.at }));
    } catch (e) {
      // Without the snapshot the list starts empty and fills from the stream.
    }
  }
  ready = true;
  early.filter((event) => !(event.seq <= after)).forEach(accept);
  render();
  return () => { unsubscribe(); if (frame) cancelAnimationFrame(frame); };
}
