/** Shared helpers: the kxm command, its environment, and reading what it answers. */
import { execFile } from "node:child_process";

export type Json = any;

/** Variables kxm must never see from an agent's session: they belong to a hub. */
const WITHHELD = ["KXM_PROJECT_TOKENS"];

export function env(name: string): string | undefined {
	const value = process.env[name];
	return value === undefined || value.trim() === "" ? undefined : value.trim();
}

export function kxmCommand(): string {
	return env("KXM_BIN") ?? "kxm";
}

export function childEnvironment(): NodeJS.ProcessEnv {
	const out: NodeJS.ProcessEnv = { ...process.env };
	for (const name of WITHHELD) delete out[name];
	return out;
}

export function textOf(content: Json): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.filter((part: Json) => part && part.type === "text" && typeof part.text === "string")
		.map((part: Json) => part.text)
		.join("");
}

export function parseJson(text: string): Json | undefined {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/** Runs `kxm <args>` (no shell) and collects its output; never throws. */
export function runKxm(args: string[], cwd: string, timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string }> {
	return new Promise((resolve) => {
		execFile(kxmCommand(), args, { cwd, env: childEnvironment(), timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
			const code = error ? (typeof (error as Json).code === "number" ? (error as Json).code : 1) : 0;
			const why = error && typeof (error as Json).code === "string" ? `${kxmCommand()}: ${(error as Error).message}` : "";
			resolve({ code, stdout: String(stdout), stderr: String(stderr) || why });
		});
	});
}

/** What a failed kxm command said: from its `error:` line on, without the JVM's warnings. */
export function failureText(out: { stdout: string; stderr: string }): string {
	const lines = (out.stderr || out.stdout).split("\n");
	const at = lines.findIndex((line) => line.startsWith("error:"));
	const kept = at >= 0 ? lines.slice(at) : lines.filter((line) => !line.startsWith("WARNING:"));
	return kept.join("\n").trim();
}
