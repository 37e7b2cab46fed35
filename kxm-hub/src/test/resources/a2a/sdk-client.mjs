// Drives a hub agent's A2A endpoint with the official @a2a-js/sdk client, as a client of the
// protocol would, and prints one JSON report on stdout for the Java test to check.
//
// Environment: A2A_SDK (the package folder), A2A_WIRE (1.0 or 0.3), A2A_BASE (the agent's URL with
// a trailing slash), HUB (the hub's URL), TOKEN (the project token), BOB_ID and BOB_KEY (the hub
// agent behind the endpoint, who acknowledges and replies over the hub's own HTTP API).
import { pathToFileURL } from 'node:url';

const env = process.env;
const legacy = env.A2A_WIRE === '0.3';
const sdk = await import(pathToFileURL(`${env.A2A_SDK}/dist/client/index.js`));
const core = await import(pathToFileURL(`${env.A2A_SDK}/dist/index.js`));

// Every call of the SDK carries the project token.
const authed = (url, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${env.TOKEN}`);
  return fetch(url, { ...init, headers });
};

const factory = new sdk.ClientFactory(
  sdk.ClientFactoryOptions.createFrom(sdk.ClientFactoryOptions.default, {
    transports: [new sdk.JsonRpcTransportFactory({ fetchImpl: authed })],
    cardResolver: new sdk.DefaultAgentCardResolver({ fetchImpl: authed }),
    clientConfig: { polling: true },
  })
);
const client = await factory.createFromUrl(env.A2A_BASE);

let counter = 0;
const freshId = () => `${env.A2A_WIRE}-${process.pid}-${++counter}`;

function message(text, id = freshId()) {
  if (legacy) {
    return { kind: 'message', messageId: id, role: 'user', parts: [{ kind: 'text', text }] };
  }
  return {
    messageId: id,
    role: core.Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }],
    taskId: '',
    contextId: '',
    extensions: [],
    metadata: {},
    referenceTaskIds: [],
  };
}

const sendParams = (msg) =>
  legacy ? { message: msg, configuration: { blocking: false } } : { tenant: '', message: msg, configuration: undefined, metadata: {} };
const taskParams = (id) => (legacy ? { id } : { tenant: '', id });

// States as the 0.3 wire spells them, whichever version is in use.
const state = (s) => (legacy ? s : core.TaskState[s].replace('TASK_STATE_', '').toLowerCase());
const taskView = (t) => ({
  id: t.id,
  state: state(t.status.state),
  reply: t.artifacts?.[0]?.parts?.map((p) => (legacy ? p.text : p.content?.value)).join('') ?? null,
});

function eventView(e) {
  if (legacy) {
    const isTask = e.kind === 'task';
    return { kind: e.kind, eventId: e.metadata?.kxmEventId, taskId: isTask ? e.id : e.taskId, state: e.status.state };
  }
  const { $case, value } = e.payload;
  return {
    kind: $case,
    eventId: value.metadata?.kxmEventId,
    taskId: $case === 'task' ? value.id : value.taskId,
    state: state(value.status.state),
  };
}

async function asBob(taskId, action, body = {}) {
  const response = await fetch(`${env.HUB}/v1/agents/${env.BOB_ID}/messages/${taskId}/${action}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.TOKEN}`, 'X-KXM-Agent-Key': env.BOB_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${action} of ${taskId} answered ${response.status}: ${await response.text()}`);
  }
}

async function refusal(call) {
  try {
    await call();
    return null;
  } catch (e) {
    return `${e.constructor.name}: ${e.message}`;
  }
}

const report = {};
const card = await client.getAgentCard();
report.card = { name: card.name, description: card.description, skills: card.skills.map((s) => s.description) };

// send, a retry of the same message, get after the agent replied
const firstId = freshId();
const sent = await client.sendMessage(sendParams(message('Review the parser change, please.', firstId)));
report.sent = taskView(sent);
report.retried = taskView(await client.sendMessage(sendParams(message('Review the parser change, please.', firstId))));
await asBob(sent.id, 'reply', { content: 'Looks right; one test is missing.' });
report.got = taskView(await client.getTask(taskParams(sent.id)));

// cancel an open task; an answered one cannot be
const second = await client.sendMessage(sendParams(message('Cancel me.')));
report.cancelled = taskView(await client.cancelTask(taskParams(second.id)));
report.cancelAnswered = await refusal(() => client.cancelTask(taskParams(sent.id)));
report.missingTask = await refusal(() => client.getTask(taskParams('msg_missing')));

// a stream dropped after its first event, resumed from that event's id once the agent answered
const controller = new AbortController();
const stream = client.sendMessageStream(sendParams(message('Stream this one.')), { signal: controller.signal });
const first = eventView((await stream.next()).value);
controller.abort();
await stream.return(undefined).catch(() => {});
report.streamFirst = first;
await asBob(first.taskId, 'ack');
await asBob(first.taskId, 'reply', { content: 'Streamed answer.' });
report.resumed = [];
for await (const e of client.resubscribeTask(taskParams(first.taskId), {
  serviceParameters: { 'Last-Event-ID': first.eventId },
})) {
  report.resumed.push(eventView(e));
}
report.fresh = [];
for await (const e of client.resubscribeTask(taskParams(first.taskId))) {
  report.fresh.push(eventView(e));
}
console.log(JSON.stringify(report));
