/**
 * KXM for Pi.
 *
 * Load it with `pi -e /path/to/integrations/pi/index.ts` (or `pi install /path/to/integrations/pi`).
 * The extension starts one `kxm mcp` child (`$KXM_BIN`, else `kxm` on PATH) as this session's
 * agent, and then:
 *  - registers every tool that server lists as a Pi tool, so the catalog is the hub's own;
 *  - adds `/kxm` (status, hub, memory, help) and `/workflow`, and a `kxm` status line;
 *  - turns each request another agent sends to this agent into a Pi turn (steered into a running
 *    turn, or started when Pi is idle) and sends that turn's final answer back as the reply.
 *
 * Settings come from the environment and are handed to `kxm mcp` as they are: KXM_SERVER_URL,
 * KXM_PROJECT, KXM_AUTH_TOKEN (a project token; without it kxm mcp uses the project token it saved),
 * KXM_AGENT_NAME, KXM_AGENT_PURPOSE. The extension never reads a token itself.
 */
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { env, failureText, type Json, parseJson, runKxm } from "./kxm.js";
import { KxmSession } from "./requests.js";

const TERMINAL_RUN_STATES = new Set(["completed", "failed", "cancelled"]);

const HELP = [
	"/kxm status   refresh and show the kxm status line (the default)",
	"/kxm hub      the hub, this agent and the agents online",
	"/kxm memory   the project memory brief (kxm memory brief)",
	"/kxm help     this list",
	"/workflow     the active runs of this project (kxm runs list)",
].join("\n");

export default async function kxm(pi: ExtensionAPI): Promise<void> {
	const session = new KxmSession(pi);
	const startTimeout = Number(env("KXM_PI_START_TIMEOUT_MS") ?? "60000");
	await session.connect(Number.isFinite(startTimeout) && startTimeout > 0 ? startTimeout : 60_000);

	for (const tool of session.tools) {
		pi.registerTool({
			name: tool.name,
			label: tool.name,
			description: tool.description ?? tool.name,
			parameters: (tool.inputSchema ?? { type: "object", properties: {} }) as Json,
			async execute(_toolCallId, params, signal) {
				const result = await session.mcp.call(tool.name, params, signal);
				if (result.isError) throw new Error(result.text || `${tool.name} failed`);
				if (tool.name === "kxm_reply") session.replied((params as Json)?.messageId);
				return { content: [{ type: "text", text: result.text }], details: {} };
			},
		});
	}

	pi.registerCommand("kxm", {
		description: "KXM: status, hub, memory, help",
		getArgumentCompletions: (prefix) =>
			["status", "hub", "memory", "help"].filter((s) => s.startsWith(prefix.trim())).map((s) => ({ value: s, label: s })),
		handler: async (args, ctx) => {
			session.ctx = ctx;
			const sub = args.trim().split(/\s+/)[0] || "status";
			if (sub === "help") {
				ctx.ui.notify(HELP, "info");
			} else if (sub === "status") {
				await session.refresh();
				ctx.ui.notify(session.failure ? `kxm: not connected: ${session.failure}` : session.statusText(), session.failure ? "error" : "info");
			} else if (sub === "hub") {
				if (session.failure) {
					ctx.ui.notify(`kxm: not connected: ${session.failure}`, "error");
					return;
				}
				const agents = await session.refresh();
				const id = session.mcp.identity;
				const lines = [
					`hub: ${id?.hub ?? env("KXM_SERVER_URL") ?? "unknown"}${agents ? "" : " (unreachable)"}`,
					`agent: ${id?.agent ?? env("KXM_AGENT_NAME") ?? "unknown"}`,
					`project: ${id?.project ?? env("KXM_PROJECT") ?? "unknown"}`,
					`token from: ${id?.tokenSource ?? "unknown"}`,
				];
				if (agents) {
					const online = agents.filter((a) => a.presence === "online");
					lines.push(`online: ${online.length} (${online.map((a) => a.name).join(", ")})`);
				}
				ctx.ui.notify(lines.join("\n"), agents ? "info" : "warning");
			} else if (sub === "memory") {
				const out = await runKxm(["memory", "brief"], ctx.cwd, 30_000);
				if (out.code !== 0) ctx.ui.notify(`kxm memory brief failed: ${failureText(out)}`, "error");
				else ctx.ui.notify(out.stdout.trim() || "no project memory", "info");
			} else {
				ctx.ui.notify(`unknown /kxm subcommand '${sub}'\n${HELP}`, "warning");
			}
		},
	});

	pi.registerCommand("workflow", {
		description: "KXM: the active runs of this project",
		handler: async (_args, ctx) => {
			const out = await runKxm(["runs", "list", "--json"], ctx.cwd, 60_000);
			if (out.code !== 0) {
				const why = failureText(out);
				if (why.includes("config_not_found")) {
					// no .kxm/ here: a folder that is no kxm project has no runs
					ctx.ui.notify(`no active run: ${why.replace(/^error: /, "")}`, "info");
				} else {
					ctx.ui.notify(`kxm runs list failed: ${why}`, "error");
				}
				return;
			}
			const answer = parseJson(out.stdout) ?? {};
			const active = ((answer.runs ?? []) as Json[]).filter((r) => !r.damage && !TERMINAL_RUN_STATES.has(String(r.status)));
			if (active.length === 0) {
				ctx.ui.notify("no active run in this project", "info");
				return;
			}
			const lines = active.map((r) => `${r.runId}  ${r.workflowId ?? ""}  ${r.status}  updated ${r.updatedAt ?? "?"}`);
			ctx.ui.notify(`${active.length} active run(s):\n${lines.join("\n")}\n(details: kxm runs status <runId>)`, "info");
		},
	});

	pi.on("session_start", async (_event, ctx) => {
		session.ctx = ctx;
		if (session.failure) {
			ctx.ui.notify(`kxm: no kxm tools in this session: ${session.failure}`, "error");
		}
		session.showStatus();
		void session.pump();
	});

	pi.on("message_end", async (event, ctx) => {
		session.ctx = ctx;
		if ((event.message as Json)?.role === "user") session.onUserMessage(event.message);
	});

	pi.on("turn_end", async (_event, ctx) => {
		session.ctx = ctx;
		session.refreshInBackground();
	});

	pi.on("agent_end", async (event, ctx) => {
		session.ctx = ctx;
		await session.onAgentEnd(event.messages as Json[]);
	});

	pi.on("session_shutdown", async () => {
		session.close();
	});
}
