// The official MCP TypeScript client, major version 2, driving `kxm mcp` as a real child process
// over stdio: once negotiating ('auto': it probes server/discover and speaks 2026-07-28 when
// offered), once in its default 'legacy' mode (initialize, 2025-11-25). Each lists the tools and
// calls one. On 2026-07-28 it also listens for kxm://inbox changes (subscriptions/listen), bob
// sends it a request over the hub's HTTP API, and it reads the inbox once told. Prints one JSON
// report on stdout.
//
// Environment: MCP_CLIENT (the @modelcontextprotocol/client folder), KXM_COMMAND (a JSON array:
// the program and its arguments), KXM_AGENT_ENV (a JSON object: the agent's environment without
// its name), HUB, TOKEN, BOB_ID, BOB_KEY.
import { pathToFileURL } from 'node:url';

const env = process.env;
const { Client } = await import(pathToFileURL(`${env.MCP_CLIENT}/dist/index.mjs`));
const { StdioClientTransport } = await import(pathToFileURL(`${env.MCP_CLIENT}/dist/stdio.mjs`));
const [command, ...args] = JSON.parse(env.KXM_COMMAND);
const agentEnv = JSON.parse(env.KXM_AGENT_ENV);

async function session(agent, versionNegotiation) {
  const transport = new StdioClientTransport({
    command,
    args,
    env: { ...agentEnv, KXM_AGENT_NAME: agent },
    stderr: 'inherit',
  });
  const client = new Client(
    { name: 'kxm-stdio-client-v2-test', version: '1.0.0' },
    { capabilities: {}, ...(versionNegotiation ? { versionNegotiation } : {}) }
  );
  await client.connect(transport);
  const report = { protocolVersion: client.getNegotiatedProtocolVersion() };
  const tools = await client.listTools();
  report.tools = tools.tools.length;
  const listed = await client.callTool({ name: 'kxm_list', arguments: {} });
  report.listIsError = listed.isError ?? false;
  report.listText = listed.content[0].text;
  const sent = await client.callTool({ name: 'kxm_send', arguments: { target: 'nobody', content: 'x' } });
  report.refusal = sent.content[0].text.split(':')[0];
  if (versionNegotiation?.mode === 'auto') {
    report.pushed = await listenForARequest(client, agent);
  }
  await client.close();
  return report;
}

async function listenForARequest(client, agent) {
  const updates = [];
  client.setNotificationHandler('notifications/resources/updated', (n) => updates.push(n.params.uri));
  const subscription = await client.listen({ resourceSubscriptions: ['kxm://inbox'] });
  const response = await fetch(`${env.HUB}/v1/agents/${env.BOB_ID}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.TOKEN}`, 'X-KXM-Agent-Key': env.BOB_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ target: agent, content: 'Pushed over stdio.' }),
  });
  if (!response.ok) {
    throw new Error(`send to ${agent} answered ${response.status}: ${await response.text()}`);
  }
  const deadline = Date.now() + 30000;
  while (updates.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const inbox = await client.readResource({ uri: 'kxm://inbox' });
  await subscription.close();
  return {
    honored: subscription.honoredFilter,
    updates,
    inboxHasIt: inbox.contents[0].text.includes('Pushed over stdio.'),
  };
}

const report = {
  modern: await session('stdio-modern', { mode: 'auto' }),
  legacy: await session('stdio-legacy'),
};
console.log(JSON.stringify(report));
