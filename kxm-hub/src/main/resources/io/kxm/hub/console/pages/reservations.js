// Reservations: which agent holds which paths of the repository, exclusively or shared, until
// when; kept live by the operations stream (reservation.* events), polled while it is down.
import { el, header, errorBox, time, every } from '../dom.js';

export async function mount(root, ctx) {
  const body = el('tbody', { id: 'reservations-rows' });
  const error = errorBox('reservations-error');
  const count = el('p', { id: 'reservations-count', role: 'status', 'aria-live': 'polite' });
  root.append(
    ...header('Reservations', 'Paths agents hold while they edit them: others may not edit or commit an exclusively held path.'),
    count,
    error,
    el('table', { class: 'grid', id: 'reservations-table' },
      el('caption', { class: 'visually-hidden' }, 'Live reservations'),
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col' }, 'Holder'),
        el('th', { scope: 'col' }, 'Mode'),
        el('th', { scope: 'col' }, 'Paths'),
        el('th', { scope: 'col' }, 'Reason'),
        el('th', { scope: 'col' }, 'Until'),
        el('th', { scope: 'col' }, 'Token'))),
      body),
  );

  async function load() {
    try {
      const query = ctx.session.project ? `?project=${encodeURIComponent(ctx.session.project)}` : '';
      const snapshot = await ctx.api('GET', `/v1/ops/snapshot${query}`);
      const live = snapshot.reservations || [];
      body.replaceChildren(...live.map((r) => el('tr', { dataset: { reservation: r.id } },
        el('td', {}, r.holderName || r.holder || ''),
        el('td', {}, r.mode || ''),
        el('td', { class: 'mono' }, (r.paths || []).join(' ')),
        el('td', {}, r.reason || ''),
        el('td', {}, time(r.expiresAt)),
        el('td', { class: 'mono' }, String(r.fencingToken ?? '')))));
      count.textContent = `${live.length} live reservation${live.length === 1 ? '' : 's'}`;
      error.textContent = '';
    } catch (e) {
      ctx.showError(error, e);
    }
  }

  let pending = null;
  const unsubscribe = ctx.ops.subscribe((event) => {
    if (!String(event.kind || '').startsWith('reservation.')) return;
    clearTimeout(pending);
    pending = setTimeout(load, 100);
  });
  // a reservation also ends at its deadline, which no event announces
  const stopPoll = every(5000, load);
  await load();
  return () => { unsubscribe(); stopPoll(); clearTimeout(pending); };
}
