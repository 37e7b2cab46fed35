// The official MCP TypeScript client against the hub's /mcp: kxm_await run as a task and polled to
// its result, another cancelled while it waits. Prints one JSON report on stdout.
//
// Environment: MCP_SDK (the @modelcontextprotocol/sdk folder), HUB, TOKEN, BOB_ID and BOB_KEY
// (the peer who replies over the hub's HTTP API).
import { pathToFileURL } from 'node:url';

const env = process.env;
const load = (path) => import(pathToFileURL(`${env.MCP_SDK}/dist/esm/${path}`));
const { Client } = await load('client/index.js');
const { StreamableHTTPClientTransport } = await load('client/streamableHttp.js');
const { CallToolResultSchema, CreateTaskResultSchema } = await load('types.js');

const transport = new StreamableHTTPClientTransport(new URL(`${env.HUB}/mcp?agent=tasker`), {
  requestInit: { headers: { Authorization: `Bearer ${env.TOKEN}` } },
});
const client = new Client({ name: 'kxm-tasks-test', version: '1.0.0' }, { capabilities: {} });
await client.connect(transport);

async function send(content) {
  const sent = await client.callTool({ name: 'kxm_send', arguments: { target: 'bob', content } });
  return JSON.parse(sent.content[0].text).messageId;
}

async function replyAsBob(messageId, content) {
  const response = await fetch(`${env.HUB}/v1/agents/${env.BOB_ID}/messages/${messageId}/reply`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.TOKEN}`, 'X-KXM-Agent-Key': env.BOB_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  if (!response.ok) {
    throw new Error(`reply answered ${response.status}: ${await response.text()}`);
  }
}

async function refusal(call) {
  try {
    await call();
    return null;
  } catch (e) {
    return `${e.code ?? ''} ${e.message}`;
  }
}

const report = {};
report.capability = client.getServerCapabilities().tasks ?? null;
const tools = await client.listTools();
report.taskTools = tools.tools.filter((t) => t.execution?.taskSupport === 'optional').map((t) => t.name).sort();

// kxm_await as a task: created, polled while working, answered by bob, its result fetched
const first = await send('Review the parser change, please.');
report.stream = [];
let replied = false;
for await (const message of client.experimental.tasks.callToolStream(
  { name: 'kxm_await', arguments: { messageId: first, timeoutMs: 30000 } },
  CallToolResultSchema,
  { task: { ttl: 60000 } }
)) {
  report.stream.push(message.task ? `${message.type}:${message.task.status}` : message.type);
  if (message.type === 'taskStatus' && message.task.status === 'working' && !replied) {
    replied = true;
    await replyAsBob(first, 'Looks right.');
  }
  if (message.type === 'result') {
    report.result = JSON.parse(message.result.content[0].text);
    report.relatedTask = message.result._meta?.['io.modelcontextprotocol/related-task']?.taskId ?? null;
  }
  if (message.type === 'error') {
    report.error = String(message.error);
  }
}

// another kxm_await as a task, polled, then cancelled while it waits
const second = await send('Nobody will answer this one.');
const created = await client.request(
  { method: 'tools/call', params: { name: 'kxm_await', arguments: { messageId: second, timeoutMs: 60000 }, task: { ttl: 60000 } } },
  CreateTaskResultSchema
);
const taskId = created.task.taskId;
report.created = created.task.status;
report.polled = (await client.experimental.tasks.getTask(taskId)).status;
report.cancelled = (await client.experimental.tasks.cancelTask(taskId)).status;
report.afterCancel = (await client.experimental.tasks.getTask(taskId)).status;
report.listed = (await client.experimental.tasks.listTasks()).tasks.map((t) => t.status);
report.cancelAgain = await refusal(() => client.experimental.tasks.cancelTask(taskId));
report.unknown = await refusal(() => client.experimental.tasks.getTask('task_missing'));
report.notTaskTool = await refusal(() =>
  client.request({ method: 'tools/call', params: { name: 'kxm_list', arguments: {}, task: {} } }, CreateTaskResultSchema)
);
await client.close();
console.log(JSON.stringify(report));
