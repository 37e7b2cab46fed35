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
import { spawn, execFile, type ChildProcessWithoutNullStreams } from "node:child_process";
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";

const PROTOCOL_VERSION = "2025-06-18";
const CLIENT_VERSION = "0.1.0";
/** The logger name kxm mcp gives the notification that carries an arriving request. */
const INBOX_LOGGER = "kxm.inbox";
/** Used only when kxm_reply's schema does not state its limit. */
const FALLBACK_CONTENT_MAX = 32_000;
const STATUS_KEY = "kxm";
const WIDGET_KEY = "kxm";
const STDERR_LINES = 20;
/** Variables kxm mcp must never see: they belong to a hub, not to an agent. */
const WITHHELD = ["KXM_PROJECT_TOKENS"];
const TERMINAL_RUN_STATES = new Set(["completed", "failed", "cancelled"]);
const OPEN_MESSAGE_STATES = new Set(["queued", "delivered"]);

type Json = any;

interface McpTool {
	name: string;
	description?: string;
	inputSchema?: Json;
}

interface CallResult {
	text: string;
	isError: boolean;
}

/** Who kxm mcp registered as, from the line it writes to stderr once connected. */
interface Identity {
	agent: string;
	project: string;
	hub: string;
	tokenSource: string;
}

interface PeerRequest {
	id: string;
	from?: string;
	fromName?: string;
	content?: string;
	status?: string;
	correlationId?: string;
	workflowContext?: Json;
}

interface InFlight {
	request: PeerRequest;
	prompt: string;
	/** Pi took the prompt into the conversation (its user message ended). */
	started: boolean;
}

function env(name: string): string | undefined {
	const value = process.env[name];
	return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function kxmCommand(): string {
	return env("KXM_BIN") ?? "kxm";
}

function childEnvironment(): NodeJS.ProcessEnv {
	const out: NodeJS.ProcessEnv = { ...process.env };
	for (const name of WITHHELD) delete out[name];
	return out;
}

function codePoints(text: string): number {
	let n = 0;
	for (const _ of text) n++;
	return n;
}

/** `text` cut to at most `max` code points, with a note saying so when it was cut. */
export function cutToLimit(text: string, max: number): string {
	const points = Array.from(text);
	if (points.length <= max) return text;
	const note = `\n\n[cut by kxm: this reply was ${points.length} characters; the hub takes ${max}, so the rest was left out]`;
	const keep = Math.max(0, max - codePoints(note));
	return points.slice(0, keep).join("") + note;
}

function textOf(content: Json): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.filter((part: Json) => part && part.type === "text" && typeof part.text === "string")
		.map((part: Json) => part.text)
		.join("");
}

function lastAssistant(messages: Json[]): Json | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		if (messages[i]?.role === "assistant") return messages[i];
	}
	return undefined;
}

function parseJson(text: string): Json | undefined {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/**
 * One `kxm mcp` child speaking MCP over stdio: line-delimited JSON-RPC, one message per line,
 * split on LF only.
 */
class KxmMcp {
	private child: ChildProcessWithoutNullStreams | undefined;
	private buffer = "";
	private nextId = 1;
	private readonly pending = new Map<number, { resolve: (v: Json) => void; reject: (e: Error) => void }>();
	private readonly stderr: string[] = [];
	identity: Identity | undefined;
	/** Why the child is gone, once it is. */
	ended: string | undefined;

	constructor(private readonly onNotification: (method: string, params: Json) => void) {}

	start(): void {
		const command = kxmCommand();
		const child = spawn(command, ["mcp"], { env: childEnvironment(), stdio: ["pipe", "pipe", "pipe"] });
		this.child = child;
		child.stdout.setEncoding("utf8");
		child.stderr.setEncoding("utf8");
		child.stdout.on("data", (chunk: string) => this.read(chunk));
		let errBuffer = "";
		child.stderr.on("data", (chunk: string) => {
			errBuffer += chunk;
			let nl: number;
			while ((nl = errBuffer.indexOf("\n")) >= 0) {
				this.noteStderr(errBuffer.slice(0, nl));
				errBuffer = errBuffer.slice(nl + 1);
			}
		});
		child.stdin.on("error", () => {
			// the child went away; its exit handler says why
		});
		child.on("error", (error: NodeJS.ErrnoException) => {
			const why =
				error.code === "ENOENT"
					? `'${command}' was not found: install kxm or set KXM_BIN to its path`
					: `'${command} mcp' failed: ${error.message}`;
			this.end(why);
		});
		child.on("close", (code, signal) => {
			const last = this.lastError();
			this.end(`kxm mcp exited (${signal ?? `code ${code}`})${last ? `: ${last}` : ""}`);
		});
	}

	private noteStderr(line: string): void {
		const trimmed = line.trim();
		if (trimmed === "") return;
		this.stderr.push(trimmed);
		if (this.stderr.length > STDERR_LINES) this.stderr.shift();
		const m = /^kxm mcp: agent (\S+) in project (\S+) at (\S+) \(token from (.+)\)$/.exec(trimmed);
		if (m) this.identity = { agent: m[1], project: m[2], hub: m[3], tokenSource: m[4] };
	}

	/** The last line kxm mcp wrote that reads like an error, for messages to the user. */
	lastError(): string | undefined {
		const lines = this.stderr.filter((line) => !line.startsWith("WARNING:"));
		const error = lines.findIndex((line) => line.startsWith("error:"));
		if (error >= 0) return lines.slice(error, error + 2).join(" ");
		for (let i = lines.length - 1; i >= 0; i--) {
			if (/error|refused|failed|denied|not /i.test(lines[i])) return lines[i];
		}
		return lines[lines.length - 1];
	}

	private end(why: string): void {
		if (this.ended) return;
		this.ended = why;
		for (const { reject } of this.pending.values()) reject(new Error(why));
		this.pending.clear();
	}

	private read(chunk: string): void {
		this.buffer += chunk;
		let nl: number;
		while ((nl = this.buffer.indexOf("\n")) >= 0) {
			let line = this.buffer.slice(0, nl);
			this.buffer = this.buffer.slice(nl + 1);
			if (line.endsWith("\r")) line = line.slice(0, -1);
			if (line.trim() !== "") this.dispatch(line);
		}
	}

	private dispatch(line: string): void {
		const message = parseJson(line);
		if (!message || typeof message !== "object") return;
		if (message.id !== undefined && message.id !== null && !message.method) {
			const waiting = this.pending.get(message.id);
			if (!waiting) return;
			this.pending.delete(message.id);
			if (message.error) waiting.reject(new Error(message.error.message ?? JSON.stringify(message.error)));
			else waiting.resolve(message.result);
			return;
		}
		if (typeof message.method !== "string") return;
		if (message.id !== undefined && message.id !== null) {
			// A request from the server: answer ping, refuse the rest.
			if (message.method === "ping") this.write({ jsonrpc: "2.0", id: message.id, result: {} });
			else this.write({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: `not supported: ${message.method}` } });
			return;
		}
		try {
			this.onNotification(message.method, message.params);
		} catch {
			// a notification handler must never break the reader
		}
	}

	private write(message: Json): void {
		if (this.ended || !this.child) throw new Error(this.ended ?? "kxm mcp is not running");
		this.child.stdin.write(JSON.stringify(message) + "\n");
	}

	request(method: string, params: Json, timeoutMs?: number, signal?: AbortSignal): Promise<Json> {
		if (this.ended) return Promise.reject(new Error(this.ended));
		const id = this.nextId++;
		return new Promise((resolve, reject) => {
			let timer: NodeJS.Timeout | undefined;
			const done = () => {
				if (timer) clearTimeout(timer);
				signal?.removeEventListener("abort", onAbort);
			};
			const onAbort = () => {
				if (!this.pending.delete(id)) return;
				done();
				try {
					this.write({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id, reason: "cancelled in Pi" } });
				} catch {
					// gone already
				}
				reject(new Error("cancelled"));
			};
			this.pending.set(id, {
				resolve: (v) => {
					done();
					resolve(v);
				},
				reject: (e) => {
					done();
					reject(e);
				},
			});
			if (timeoutMs) {
				timer = setTimeout(() => {
					if (this.pending.delete(id)) {
						done();
						reject(new Error(`kxm mcp did not answer ${method} within ${timeoutMs} ms`));
					}
				}, timeoutMs);
			}
			signal?.addEventListener("abort", onAbort, { once: true });
			try {
				this.write({ jsonrpc: "2.0", id, method, params });
			} catch (e) {
				this.pending.delete(id);
				done();
				reject(e as Error);
			}
		});
	}

	notify(method: string, params?: Json): void {
		this.write(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
	}

	/** Handshake, then the whole tool list (following cursors). */
	async open(timeoutMs: number): Promise<McpTool[]> {
		await this.request(
			"initialize",
			{ protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "kxm-pi", version: CLIENT_VERSION } },
			timeoutMs,
		);
		this.notify("notifications/initialized");
		const tools: McpTool[] = [];
		let cursor: string | undefined;
		do {
			const page = await this.request("tools/list", cursor ? { cursor } : {}, timeoutMs);
			tools.push(...(page?.tools ?? []));
			cursor = page?.nextCursor ?? undefined;
		} while (cursor);
		return tools;
	}

	async call(name: string, args: Json, signal?: AbortSignal): Promise<CallResult> {
		const result = await this.request("tools/call", { name, arguments: args ?? {} }, undefined, signal);
		return { text: textOf(result?.content), isError: result?.isError === true };
	}

	/** A tool call whose answer is JSON; throws with the tool's own message on an error result. */
	async callJson(name: string, args: Json): Promise<Json> {
		const result = await this.call(name, args);
		if (result.isError) throw new Error(result.text);
		return parseJson(result.text) ?? {};
	}

	close(): void {
		const child = this.child;
		if (!child || this.ended) return;
		child.stdin.end();
		// kxm mcp leaves the hub and exits when stdin ends; a stuck one is ended after a while.
		setTimeout(() => {
			if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
		}, 10_000).unref();
	}
}

/** The extension's state for one Pi session. */
class KxmSession {
	readonly mcp: KxmMcp;
	tools: McpTool[] = [];
	/** Why there is no connection, when there is none. */
	failure: string | undefined;
	contentMax = FALLBACK_CONTENT_MAX;
	ctx: ExtensionContext | undefined;
	private readonly answerRequests = env("KXM_PI_ANSWER_REQUESTS") !== "0";
	private readonly seen = new Set<string>();
	private readonly queue: PeerRequest[] = [];
	private current: InFlight | undefined;
	/** A request whose model call failed: Pi may still retry that call on its own. */
	private failed: InFlight | undefined;
	private readonly leftOpen = new Map<string, string>();
	private hubReachable: boolean | undefined;
	private refreshing = false;
	private pumping = false;

	constructor(private readonly pi: ExtensionAPI) {
		this.mcp = new KxmMcp((method, params) => this.onNotification(method, params));
	}

	async connect(timeoutMs: number): Promise<void> {
		try {
			this.mcp.start();
			this.tools = await this.mcp.open(timeoutMs);
			const reply = this.tools.find((t) => t.name === "kxm_reply");
			const max = reply?.inputSchema?.properties?.content?.maxLength;
			if (Number.isInteger(max) && max > 0) this.contentMax = max;
			this.hubReachable = true;
		} catch (e) {
			const last = this.mcp.lastError();
			this.failure = this.mcp.ended ?? `${(e as Error).message}${last ? ` (${last})` : ""}`;
			this.hubReachable = false;
			this.mcp.close();
		}
	}

	// ---- status line and widget ----

	statusText(): string {
		if (this.failure) return "kxm: not connected";
		const who = this.mcp.identity?.agent ?? "agent";
		const hub = this.mcp.ended ? "kxm mcp stopped" : this.hubReachable === false ? "hub unreachable" : "hub ok";
		return `kxm ${who} · ${hub} · ${this.openCount()} open`;
	}

	private openCount(): number {
		return this.queue.length + (this.current ? 1 : 0) + this.leftOpen.size;
	}

	showStatus(): void {
		this.ctx?.ui.setStatus(STATUS_KEY, this.statusText());
	}

	/** Checks the hub with kxm_list and redraws the status line; returns the online agents. */
	async refresh(): Promise<Json[] | undefined> {
		if (this.failure || this.mcp.ended) {
			this.showStatus();
			return undefined;
		}
		try {
			const answer = await this.mcp.callJson("kxm_list", {});
			this.hubReachable = true;
			return (answer.agents ?? []) as Json[];
		} catch {
			this.hubReachable = false;
			return undefined;
		} finally {
			this.showStatus();
		}
	}

	refreshInBackground(): void {
		if (this.refreshing) return;
		this.refreshing = true;
		this.refresh().finally(() => {
			this.refreshing = false;
		});
	}

	private showWidget(): void {
		const ui = this.ctx?.ui;
		if (!ui) return;
		if (!this.current) {
			ui.setWidget(WIDGET_KEY, undefined);
			return;
		}
		const r = this.current.request;
		const lines = [`kxm: answering ${r.id} from ${r.fromName ?? r.from ?? "a peer"}`];
		if (this.queue.length > 0) lines.push(`kxm: ${this.queue.length} more request(s) waiting`);
		ui.setWidget(WIDGET_KEY, lines);
	}

	private tell(message: string, type: "info" | "warning" | "error" = "info"): void {
		this.ctx?.ui.notify(message, type);
	}

	// ---- inbound requests ----

	private onNotification(method: string, params: Json): void {
		if (method !== "notifications/message" || params?.logger !== INBOX_LOGGER) return;
		const data = typeof params.data === "string" ? parseJson(params.data) : params.data;
		if (data?.event !== "request_arrived" || typeof data.message?.id !== "string") return;
		if (!this.answerRequests || this.seen.has(data.message.id)) return;
		this.seen.add(data.message.id);
		this.queue.push(data.message as PeerRequest);
		this.showStatus();
		void this.pump();
	}

	/** Hands the next request to Pi when none is being answered. */
	async pump(): Promise<void> {
		if (this.pumping || this.current || !this.ctx) return;
		this.pumping = true;
		try {
			while (!this.current && this.queue.length > 0) {
				const next = this.queue.shift()!;
				let request: PeerRequest;
				try {
					// Reading it is how this session takes the request: it is then delivered.
					request = (await this.mcp.callJson("kxm_get", { messageId: next.id })) as PeerRequest;
				} catch (e) {
					this.tell(`kxm: could not read request ${next.id}: ${(e as Error).message}`, "warning");
					continue;
				}
				if (request.status && !OPEN_MESSAGE_STATES.has(request.status)) continue;
				const merged: PeerRequest = { ...next, ...request, id: next.id };
				this.current = { request: merged, prompt: promptFor(merged), started: false };
				this.deliver();
			}
		} finally {
			this.pumping = false;
			this.showStatus();
			this.showWidget();
		}
	}

	private deliver(): void {
		const turn = this.current;
		if (!turn || !this.ctx) return;
		if (this.ctx.isIdle()) this.pi.sendUserMessage(turn.prompt);
		else this.pi.sendUserMessage(turn.prompt, { deliverAs: "steer" });
	}

	/** A user message ended: a request prompt was taken in, or a person typed something new. */
	onUserMessage(message: Json): void {
		const text = textOf(message?.content);
		if (this.current && !this.current.started && text.includes(marker(this.current.request.id))) {
			this.current.started = true;
			return;
		}
		// Anything else a person sends ends the chance that Pi retries a failed request turn.
		this.failed = undefined;
	}

	/** A prompt settled: send its final answer as the reply to the request it carried. */
	async onAgentEnd(messages: Json[]): Promise<void> {
		const final = lastAssistant(messages ?? []);
		let turn = this.current;
		if (!turn && this.failed && final && final.stopReason !== "error" && final.stopReason !== "aborted") {
			// Pi retried the failed model call by itself, and this time it answered.
			turn = this.failed;
		}
		if (!turn) return;
		if (!turn.started) {
			// Steered in as the last turn ended: Pi did not take it, so start it once Pi is idle.
			this.whenIdle(() => {
				if (this.current === turn && !turn.started) this.deliver();
			});
			return;
		}
		const r = turn.request;
		const sender = r.fromName ?? r.from ?? "the sender";
		if (!final || final.stopReason === "error" || final.stopReason === "aborted") {
			const why = final?.errorMessage ?? (final?.stopReason === "aborted" ? "the turn was aborted" : "no answer");
			this.failed = turn;
			this.leftOpen.set(r.id, why);
			this.tell(`kxm: request ${r.id} from ${sender} stays open (the model call failed: ${why}); it was not answered`, "error");
		} else {
			const answer = textOf(final.content).trim();
			if (answer === "") {
				this.leftOpen.set(r.id, "empty answer");
				this.tell(`kxm: request ${r.id} from ${sender} stays open: the turn ended without an answer`, "warning");
			} else {
				try {
					await this.mcp.callJson("kxm_reply", { messageId: r.id, content: cutToLimit(answer, this.contentMax) });
					this.leftOpen.delete(r.id);
					this.tell(`kxm: replied to ${sender} (${r.id})`);
				} catch (e) {
					this.leftOpen.set(r.id, (e as Error).message);
					this.tell(`kxm: the reply to ${r.id} was not sent: ${(e as Error).message}`, "error");
				}
			}
			if (this.failed === turn) this.failed = undefined;
		}
		if (this.current === turn) this.current = undefined;
		this.showWidget();
		this.showStatus();
		this.whenIdle(() => void this.pump());
	}

	/** The model answered a request itself with kxm_reply. */
	replied(messageId: unknown): void {
		if (typeof messageId === "string") this.leftOpen.delete(messageId);
	}

	private whenIdle(action: () => void, triesLeft = 200): void {
		setTimeout(() => {
			if (!this.ctx || this.ctx.isIdle() || triesLeft <= 0) action();
			else this.whenIdle(action, triesLeft - 1);
		}, 50);
	}

	close(): void {
		this.mcp.close();
	}
}

function marker(id: string): string {
	return `[kxm request ${id}]`;
}

function promptFor(r: PeerRequest): string {
	const sender = r.fromName ?? r.from ?? "another agent";
	const lines = [`${marker(r.id)} ${sender}${r.from && r.fromName ? ` (${r.from})` : ""} asks you through kxm:`, "", r.content ?? "", ""];
	if (r.correlationId) lines.push(`Correlation: ${r.correlationId}`);
	if (r.workflowContext) lines.push(`Workflow: ${JSON.stringify(r.workflowContext)}`);
	lines.push(
		`Your final message of this turn is sent to ${sender} as the reply to ${r.id}: make it the answer itself (result, evidence, open risks). Do not call kxm_reply for this request.`,
	);
	return lines.join("\n");
}

function run(args: string[], cwd: string, timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string }> {
	return new Promise((resolve) => {
		execFile(kxmCommand(), args, { cwd, env: childEnvironment(), timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
			const code = error ? (typeof (error as Json).code === "number" ? (error as Json).code : 1) : 0;
			const why = error && typeof (error as Json).code === "string" ? `${kxmCommand()}: ${(error as Error).message}` : "";
			resolve({ code, stdout: String(stdout), stderr: String(stderr) || why });
		});
	});
}

/** What a failed kxm command said: from its `error:` line on, without the JVM's warnings. */
function failureText(out: { stdout: string; stderr: string }): string {
	const lines = (out.stderr || out.stdout).split("\n");
	const at = lines.findIndex((line) => line.startsWith("error:"));
	const kept = at >= 0 ? lines.slice(at) : lines.filter((line) => !line.startsWith("WARNING:"));
	return kept.join("\n").trim();
}

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
				const out = await run(["memory", "brief"], ctx.cwd, 30_000);
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
			const out = await run(["runs", "list", "--json"], ctx.cwd, 60_000);
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
