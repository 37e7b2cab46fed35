// The console's pages, in menu order. Adding a page is one line: its id is the hash route
// (#/<id>) and its module exports mount(root, ctx), optionally returning a cleanup function.
export default [
  { id: 'agents', title: 'Agents', module: './agents.js' },
  { id: 'runs', title: 'Runs', module: './runs.js' },
  { id: 'chat', title: 'Chat', module: './chat.js' },
  { id: 'approvals', title: 'Approvals', module: './approvals.js' },
  { id: 'studio', title: 'Studio', module: './studio.js' },
];
