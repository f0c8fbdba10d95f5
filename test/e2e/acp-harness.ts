/**
 * Drives the real `pi-acp` bridge (npm `pi-acp`) as an ACP client would (Zed, JetBrains, …): spawns
 * it under Node 22, makes it start the repo's pi 1.6.0 hermetically, and answers its
 * `session/request_permission` requests through a callback.
 *
 * pi-acp starts `$PI_ACP_PI_COMMAND --mode rpc --no-themes` with no way to add arguments, so the
 * command is a small shell script that runs our pi CLI with the hermetic arguments (`-ne -e <repo>`,
 * the fake provider, `--no-session`) before pi-acp's own. HOME is a throwaway dir: pi-acp reads
 * skills, prompts and extensions under `~/.pi` and `~/.agents`.
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import {
	type ClientContext,
	client,
	methods,
	ndJsonStream,
	type RequestPermissionRequest,
	type RequestPermissionResponse,
	type SessionNotification,
} from "@agentclientprotocol/sdk";
import { removeDir } from "../support/fake-model.ts";
import { piArgs, piCommand, piEnv, REPO_ROOT } from "../support/pi.ts";

/** The pi-acp entry script. */
const PI_ACP = join(REPO_ROOT, "node_modules", "pi-acp", "dist", "index.js");

/** What the client answers to one permission request (a pi `select` or `confirm` dialog). */
export type PermissionHandler = (
	request: RequestPermissionRequest,
) => RequestPermissionResponse | Promise<RequestPermissionResponse>;

/** A live pi-acp process with one ACP session. */
export interface AcpSession {
	/** Every `session/update` received, in order. */
	updates: SessionNotification[];
	/** Every permission request received, in order. */
	permissions: RequestPermissionRequest[];
	/** Sends a prompt turn, answering permission requests with `onPermission`; resolves with the stop reason. */
	prompt(text: string, onPermission: PermissionHandler): Promise<string>;
	/** pi-acp's stderr so far. */
	stderr(): string;
	close(): Promise<void>;
}

/** Starts pi-acp against `agentDir` (made by the fake-model harness) and opens a session in `cwd`. */
export async function startAcp(options: { agentDir: string; cwd: string; extraArgs?: string[] }): Promise<AcpSession> {
	const scratch = mkdtempSync(join(tmpdir(), "pi-ask-acp-"));
	const wrapper = join(scratch, "pi");
	const { command, args } = piCommand();
	const line = [command, ...args, ...piArgs({ extraArgs: options.extraArgs })].map(shellQuote).join(" ");
	// pi-acp drops pi's stderr; keep it for failure messages.
	const piStderr = join(scratch, "pi.stderr");
	writeFileSync(wrapper, `#!/bin/sh\nexec ${line} "$@" 2>>${shellQuote(piStderr)}\n`);
	chmodSync(wrapper, 0o755);
	const home = join(scratch, "home");

	// The same Node 22 that runs pi (pi-acp itself only needs Node ≥ 20).
	const child = spawn(command, [PI_ACP], {
		cwd: options.cwd,
		env: piEnv(options.agentDir, { PI_ACP_PI_COMMAND: wrapper, HOME: home }),
	});
	let stderr = "";
	child.stderr.setEncoding("utf8").on("data", (d: string) => {
		stderr += d;
	});
	const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));

	const updates: SessionNotification[] = [];
	const permissions: RequestPermissionRequest[] = [];
	let onPermission: PermissionHandler = () => ({ outcome: { outcome: "cancelled" } });
	const app = client({ name: "pi-ask-test-client" })
		.onRequest(methods.client.session.requestPermission, ({ params }) => {
			permissions.push(params);
			return onPermission(params);
		})
		.onNotification(methods.client.session.update, ({ params }) => {
			updates.push(params);
		});
	const stream = ndJsonStream(
		Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
		Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
	);
	const connection = app.connect(stream);
	const agent: ClientContext = connection.agent;
	const fail = (what: string) => (error: unknown) => {
		const pi = existsSync(piStderr) ? readFileSync(piStderr, "utf8") : "";
		const message = error instanceof Error ? error.message : JSON.stringify(error);
		throw new Error(`${what}: ${message}\npi-acp stderr:\n${stderr}\npi stderr:\n${pi}`);
	};
	await agent
		.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
		.catch(fail("initialize"));
	const session = await agent
		.request(methods.agent.session.new, { cwd: options.cwd, mcpServers: [] })
		.catch(fail("session/new"));

	return {
		updates,
		permissions,
		stderr: () => stderr,
		async prompt(text, handler) {
			onPermission = handler;
			const response = await agent
				.request(methods.agent.session.prompt, {
					sessionId: session.sessionId,
					prompt: [{ type: "text", text }],
				})
				.catch(fail("session/prompt"));
			return response.stopReason;
		},
		async close() {
			connection.close();
			child.stdin.end();
			const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
			await exited;
			clearTimeout(timer);
			removeDir(scratch);
		},
	};
}

/** Selects the permission option whose name satisfies `pick`; throws listing the options when none does. */
export function pickOption(
	request: RequestPermissionRequest,
	pick: (name: string) => boolean,
): RequestPermissionResponse {
	const found = request.options.find((o) => pick(o.name));
	if (!found) {
		const names = request.options.map((o) => o.name);
		throw new Error(`no matching option in ${JSON.stringify(request.toolCall.title)}: ${JSON.stringify(names)}`);
	}
	return { outcome: { outcome: "selected", optionId: found.optionId } };
}

/** The client dismissed the prompt (Escape in an editor). */
export const CANCELLED: RequestPermissionResponse = { outcome: { outcome: "cancelled" } };

function shellQuote(text: string): string {
	return `'${text.replaceAll("'", `'\\''`)}'`;
}
