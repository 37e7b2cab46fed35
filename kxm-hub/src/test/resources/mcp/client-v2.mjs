// The official MCP TypeScript client, major version 2, against the hub's /mcp in its default
// ('auto') version negotiation: it probes server/discover and, since the hub serves 2025-11-25,
// falls back to initialize. Lists the tools and calls one. Prints one JSON report on stdout.
//
// Environment: MCP_CLIENT (the @modelcontextprotocol/client folder), HUB, TOKEN.
import { pathToFileURL } from 'node:url';

const env = process.env;
const { Client, StreamableHTTPClientTransport } = await import(
  pathToFileURL(`${env.MCP_CLIENT}/dist/index.mjs`)
);
const transport = new StreamableHTTPClientTransport(new URL(`${env.HUB}/mcp?agent=client-v2`), {
  requestInit: { headers: { Authorization: `Bearer ${env.TOKEN}` } },
});
const client = new Client({ name: 'kxm-client-v2-test', version: '1.0.0' }, { capabilities: {} });
await client.connect(transport);

const report = { protocolVersion: client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion ?? null };
const tools = await client.listTools();
report.tools = tools.tools.length;
const listed = await client.callTool({ name: 'kxm_list', arguments: {} });
report.listIsError = listed.isError ?? false;
report.listText = listed.content[0].text;
await client.close();
console.log(JSON.stringify(report));
