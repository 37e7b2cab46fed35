// Shared by the runtime pages: follows one supervisor event stream (a session run's) through the
// hub's bridge and turns its named events into calls. EventSource resumes with Last-Event-ID by
// itself after a drop; the bridge passes it on to the supervisor.
export const RUN_EVENTS = [
  'run.queued', 'run.started', 'message.delta', 'message.completed', 'tool.call', 'tool.result',
  'run.approval.required', 'run.clarification.required', 'run.elicitation.required',
  'interaction.resolved', 'usage', 'harness.protocol_error', 'run.completed', 'run.failed',
  'run.cancelled', 'run.interrupted',
];

export const RUN_ENDS = ['run.completed', 'run.failed', 'run.cancelled', 'run.interrupted'];

/** Calls onEvent(type, data) for each event of session run runId; returns a close function. */
export function followRun(runId, onEvent) {
  const source = new EventSource(`/v1/runtime/supervisor/runs/${encodeURIComponent(runId)}/events`);
  for (const type of RUN_EVENTS) {
    source.addEventListener(type, (e) => {
      let data = {};
      try { data = JSON.parse(e.data); } catch { data = {}; }
      onEvent(type, data.data || data);
      if (RUN_ENDS.includes(type)) source.close();
    });
  }
  return () => source.close();
}

/** A short line for one event, as the run's live log shows it. */
export function describe(type, data) {
  switch (type) {
    case 'message.delta': return null;
    case 'message.completed': return `message: ${data.text || ''}`;
    case 'tool.call': return `tool call ${data.name || ''} ${JSON.stringify(data.input || {})}`;
    case 'tool.result': return `tool result ${data.id || ''}${data.isError ? ' (error)' : ''}`;
    case 'run.approval.required': return `approval needed: ${data.request?.tool || data.tool || ''}`;
    case 'run.clarification.required': return 'clarification needed';
    case 'run.elicitation.required': return 'input needed (form on the Approvals page)';
    case 'interaction.resolved': return 'interaction answered';
    case 'usage': return `usage: ${data.inputTokens ?? '?'} in, ${data.outputTokens ?? '?'} out`;
    case 'harness.protocol_error': return `protocol error: ${data.reason || ''}`;
    default: return type;
  }
}
