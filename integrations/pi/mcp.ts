/** One `kxm mcp` child and the MCP client side of its stdio connection. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { childEnvironment, kxmCommand, type Json, parseJson, textOf } from "./kxm.js";

const PROTOCOL_VERSION = "2025-06-18";
const CLIENT_VERSION = "0.1.0";
const STDERR_LINES = 20;

export interface McpTool {
	name: string;
	description?: string;
	inputSchema?: Json;
}

export interface CallResult {
	text: string;
	isError: boolean;
}

/** Who kxm mcp registered as, from the line it writes to stderr once connected. */
export interface Identity {
	agent: string;
	project: string;
	hub: string;
	tokenSource: string;
}

/**
 * One `kxm mcp` child speaking MCP over stdio: line-delimited JSON-RPC, one message per line,
 * split on LF only.
 */
export class KxmMcp {
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
