// The console's pages, in menu order. Adding a page is one line: its id is the hash route
// (#/<id>) and its module exports mount(root, ctx), optionally returning a cleanup function.
export default [
  { id: 'agents', title: 'Agents', module: './agents.js' },
  { id: 'messages', title: 'Message flow', module: './messages.js' },
  { id: 'inbox', title: 'Inbox', module: './inbox.js' },
  { id: 'approvals', title: 'Approvals', module: './approvals.js' },
  { id: 'workflows', title: 'Workflows', module: './workflows.js' },
  { id: 'reservations', title: 'Reservations', module: './reservations.js' },
  { id: 'runs', title: 'Runs', module: './runs.js' },
  { id: 'chat', title: 'Chat', module: './chat.js' },
  { id: 'studio', title: 'Studio', module: './studio.js' },
  { id: 'context', title: 'Context', module: './context.js' },
  { id: 'metrics', title: 'Spend and metrics', module: './metrics.js' },
];
