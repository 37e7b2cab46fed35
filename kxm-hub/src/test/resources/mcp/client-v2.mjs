// The official MCP TypeScript client, major version 2, against the hub's /mcp: once negotiating
// ('auto': it probes server/discover and speaks 2026-07-28 when offered), once in its default
// 'legacy' mode (initialize, 2025-11-25). Each lists the tools and calls one. Prints one JSON
// report on stdout.
//
// Environment: MCP_CLIENT (the @modelcontextprotocol/client folder), HUB, TOKEN.
import { pathToFileURL } from 'node:url';

const env = process.env;
const { Client, StreamableHTTPClientTransport } = await import(
  pathToFileURL(`${env.MCP_CLIENT}/dist/index.mjs`)
);

async function session(agent, versionNegotiation) {
  const transport = new StreamableHTTPClientTransport(new URL(`${env.HUB}/mcp?agent=${agent}`), {
    requestInit: { headers: { Authorization: `Bearer ${env.TOKEN}` } },
  });
  const client = new Client(
    { name: 'kxm-client-v2-test', version: '1.0.0' },
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
  await client.close();
  return report;
}

const report = {
  modern: await session('client-modern', { mode: 'auto' }),
  legacy: await session('client-legacy'),
};
console.log(JSON.stringify(report));
