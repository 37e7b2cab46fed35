// The one operations stream of the console: a single EventSource on /v1/ops/events (the cookie is
// its credential), fanned out to the pages that subscribe. Events are metadata only.

// Events kept for the first page while it loads; a replay longer than this starts that page late.
const EARLY_MAX = 100000;

export class OpsStream {
  /** project: the admin's chosen project, or null; after: the seq to follow from, or null. */
  constructor(project, after) {
    this.listeners = new Set();
    this.statusListeners = new Set();
    this.state = 'connecting';
    this.lastSeq = 0;
    this.early = [];
    const query = new URLSearchParams();
    if (project) query.set('project', project);
    if (after) query.set('after', after);
    const url = query.size ? `/v1/ops/events?${query}` : '/v1/ops/events';
    // After a drop, EventSource resumes by itself with Last-Event-ID, which the hub prefers.
    this.source = new EventSource(url, { withCredentials: true });
    this.source.addEventListener('open', () => this.setState('live'));
    this.source.addEventListener('error', () => {
      this.setState(this.source.readyState === EventSource.CLOSED ? 'offline' : 'reconnecting');
    });
    this.source.addEventListener('ops', (message) => {
      let event;
      try {
        event = JSON.parse(message.data);
      } catch {
        return;
      }
      if (typeof event.seq === 'number') this.lastSeq = Math.max(this.lastSeq, event.seq);
      if (this.early) {
        // Nobody listens yet: the first page is still loading. Keep what comes until it does.
        if (this.early.length < EARLY_MAX) this.early.push(event);
        return;
      }
      for (const listener of this.listeners) {
        try { listener(event); } catch (e) { console.error('ops listener failed', e); }
      }
    });
  }

  /** Calls listener(event) for every ops event; returns the function that unsubscribes. */
  subscribe(listener) {
    this.listeners.add(listener);
    if (this.early) {
      // The first subscriber also gets what came while the console was starting.
      const early = this.early;
      this.early = null;
      for (const event of early) {
        try { listener(event); } catch (e) { console.error('ops listener failed', e); }
      }
    }
    return () => this.listeners.delete(listener);
  }

  /** Calls listener(state) now and whenever the stream goes live, reconnects or goes offline. */
  onStatus(listener) {
    this.statusListeners.add(listener);
    listener(this.state);
    return () => this.statusListeners.delete(listener);
  }

  get live() {
    return this.state === 'live';
  }

  setState(state) {
    this.state = state;
    for (const listener of this.statusListeners) listener(state);
  }
}
