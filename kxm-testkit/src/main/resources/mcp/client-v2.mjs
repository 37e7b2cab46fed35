// The official MCP TypeScript client, major version 2, against the hub: once negotiating ('auto':
// it probes server/discover and speaks 2026-07-28 when offered), once in its default 'legacy'
// mode (initialize, 2025-11-25). Each lists the tools and calls one. On 2026-07-28 it also listens
// for kxm://inbox changes (subscriptions/listen), bob sends it a request over the hub's HTTP API,
// and it reads the inbox once told. Prints one JSON report on stdout.
//
// Over HTTP (/mcp) by default; over stdio when KXM_COMMAND is set, spawning that command (`kxm
// mcp`) once per session with KXM_AGENT_ENV and the session's agent name.
//
// Environment: MCP_CLIENT (the @modelcontextprotocol/client folder), HUB, TOKEN, BOB_ID, BOB_KEY;
// for stdio KXM_COMMAND (a JSON array: the program and its arguments) and KXM_AGENT_ENV (a JSON
// object: the agent's environment without its name).
import { pathToFileURL } from 'node:url';

const env = process.env;
const { Client, StreamableHTTPClientTransport } = await import(
  pathToFileURL(`${env.MCP_CLIENT}/dist/index.mjs`)
);

async function transportFor(agent) {
  if (!env.KXM_COMMAND) {
    return new StreamableHTTPClientTransport(new URL(`${env.HUB}/mcp?agent=${agent}`), {
      requestInit: { headers: { Authorization: `Bearer ${env.TOKEN}` } },
    });
  }
  const { StdioClientTransport } = await import(pathToFileURL(`${env.MCP_CLIENT}/dist/stdio.mjs`));
  const [command, ...args] = JSON.parse(env.KXM_COMMAND);
  return new StdioClientTransport({
    command,
    args,
    env: { ...JSON.parse(env.KXM_AGENT_ENV), KXM_AGENT_NAME: agent },
    stderr: 'inherit',
  });
}

async function session(agent, versionNegotiation) {
  const client = new Client(
    { name: 'kxm-client-v2-test', version: '1.0.0' },
    { capabilities: {}, ...(versionNegotiation ? { versionNegotiation } : {}) }
  );
  await client.connect(await transportFor(agent));
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
    body: JSON.stringify({ target: agent, content: 'Pushed over listen.' }),
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
    inboxHasIt: inbox.contents[0].text.includes('Pushed over listen.'),
  };
}

const report = {
  modern: await session('client-modern', { mode: 'auto' }),
  legacy: await session('client-legacy'),
};
console.log(JSON.stringify(report));
