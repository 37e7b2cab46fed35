/** Requests pushed by kxm mcp, turned into Pi turns whose final answers become the replies. */
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { env, type Json, parseJson, textOf } from "./kxm.js";
import { KxmMcp, type McpTool } from "./mcp.js";

/** The logger name kxm mcp gives the notification that carries an arriving request. */
const INBOX_LOGGER = "kxm.inbox";
/** Used only when kxm_reply's schema does not state its limit. */
const FALLBACK_CONTENT_MAX = 32_000;
const STATUS_KEY = "kxm";
const WIDGET_KEY = "kxm";
const OPEN_MESSAGE_STATES = new Set(["queued", "delivered"]);

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

function lastAssistant(messages: Json[]): Json | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		if (messages[i]?.role === "assistant") return messages[i];
	}
	return undefined;
}

/** The extension's state for one Pi session. */
export class KxmSession {
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
