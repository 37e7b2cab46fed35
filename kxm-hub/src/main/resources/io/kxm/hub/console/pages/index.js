// The console's pages, in menu order. Adding a page is one line: its id is the hash route
// (#/<id>) and its module exports mount(root, ctx), optionally returning a cleanup function.
export default [
  { id: 'agents', title: 'Agents', module: './agents.js' },
  { id: 'messages', title: 'Message flow', module: './messages.js' },
  { id: 'inbox', title: 'Inbox', module: './inbox.js' },
  { id: 'workflows', title: 'Workflows', module: './workflows.js' },
  { id: 'context', title: 'Context', module: './context.js' },
  { id: 'metrics', title: 'Spend and metrics', module: './metrics.js' },
];
