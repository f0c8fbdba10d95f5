/**
 * `pi-ask serve`: the web inbox (docs/serve.md). The person starts it in a terminal of their own; like
 * the rest of pi-ask it refuses to run for a process Pi started (below-pi.ts), and it reads the Pis with
 * pi-ask's own pairing (a client the person paired). It listens on 127.0.0.1 unless told otherwise
 * (`--listen ADDR[:PORT]`), shows the page's address as a QR code and a pairing code here, and a new code
 * each time the person presses Enter. A paired device holds a credential of its own in an HttpOnly cookie;
 * only its SHA-256 is kept, in `serve-devices.json` beside pi-ask's credentials (relay/credentials.ts).
 * `--devices` lists the paired devices, `--revoke ID` revokes one (the page can too).
 * The extension itself never listens on a network: only this command does, and only while it runs.
 * No Pi imports.
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { join, resolve } from "node:path";
import { renderUnicodeCompact } from "uqr";
import { clean, EXIT, heldCredential, type Run, refuseBelowPi, UsageError } from "../relay/cli-common.ts";
import { configFile } from "../relay/credentials.ts";
import { PAIRING, PairedFile, spacedCode } from "../relay/pairing.ts";
import { readEntries } from "../relay/registry.ts";
import { createServeServer, type ServeAssets } from "./http.ts";
import { Inbox } from "./inbox.ts";
import { Notifier } from "./notify.ts";
import { PairingDesk } from "./pairing-desk.ts";

/** A running inbox: its pairing desk, and how to stop it. */
interface Serving {
	/** Shows a new pairing code at the terminal. */
	newCode(): void;
	close(): Promise<void>;
}

/** Runs `pi-ask serve` until Ctrl+C (or SIGTERM). */
export async function serve(run: Run): Promise<number> {
	const devices = new PairedFile(configFile(run.surroundings.env, "serve-devices.json"), "devices");
	if (run.flags.has("devices")) return listDevices(run, devices);
	const revoke = run.flags.get("revoke");
	if (revoke !== undefined) {
		if (typeof revoke !== "string")
			throw new UsageError("--revoke ID: which device (pi-ask serve --devices lists them)");
		refuseBelowPi(run, readEntries(run.agentDir));
		const gone = devices.remove((d) => d.id === revoke);
		run.say(gone > 0 ? `Revoked device ${clean(revoke)}.` : `No device ${clean(revoke)} is paired.`);
		return gone > 0 ? EXIT.ok : EXIT.failed;
	}
	const serving = await startServe(run, devices.path);
	const { input } = run.terminal;
	const onInput = (chunk: Buffer | string) => {
		if (String(chunk).includes("\n") || String(chunk).includes("\r")) serving.newCode();
	};
	input.on("data", onInput);
	await new Promise<void>((done) => {
		process.once("SIGINT", done);
		process.once("SIGTERM", done);
	});
	input.removeListener("data", onInput);
	input.pause();
	await serving.close();
	run.say("Stopped.");
	return EXIT.ok;
}

function listDevices(run: Run, file: PairedFile): number {
	const devices = file.all();
	if (devices.length === 0) run.say("No device is paired with pi-ask serve.");
	for (const d of devices) run.say(`${d.id}  ${clean(d.name)}  paired ${new Date(d.pairedAt).toISOString()}`);
	return EXIT.ok;
}

/** Starts the inbox: refused below a Pi or without pi-ask's pairing; prints the address, QR and code. */
async function startServe(run: Run, devices: string): Promise<Serving> {
	refuseBelowPi(run, readEntries(run.agentDir));
	const credential = heldCredential(run);
	const { host, port } = listenAddress(run.flags.get("listen"));
	const notify = notifyTarget(run);
	const origin = run.flags.get("origin");
	const inbox = new Inbox({ credential, entries: () => readEntries(run.agentDir) });
	const desk = new PairingDesk();
	const origins = typeof origin === "string" ? [origin] : [];
	const server = createServeServer({
		inbox,
		desk,
		devices,
		assets: readAssets(),
		origins,
		say: run.say,
	});
	await new Promise<void>((done, fail) => {
		server.once("error", fail);
		server.listen(port, host, done);
	});
	await inbox.start();
	const bound = server.address() as AddressInfo;
	const url = origins[0] ?? `http://${urlHost(host)}:${bound.port}/`;
	const notifier = notify === undefined ? undefined : new Notifier({ ...notify, inbox: url, say: run.say });
	if (notifier !== undefined) {
		notifier.saw(inbox.snapshot());
		inbox.onChange(() => notifier.saw(inbox.snapshot()));
	}
	run.say(`pi-ask serve: the inbox of your running Pis at ${url}`);
	if (!isLoopback(host) && origins.length === 0)
		run.say(
			"Plain HTTP beyond this machine: anyone on the network path can read and change it. Put it behind TLS (tailscale serve, ssh -L, a reverse proxy): docs/serve.md.",
		);
	run.say(renderUnicodeCompact(url, { border: 1 }));
	const newCode = () => {
		const code = desk.newCode();
		run.say(
			`Pairing code: ${spacedCode(code)} (type it on the page; ${PAIRING.codeMs / 60_000} minutes, ${PAIRING.tries} tries).`,
		);
		run.say("Enter: a new code. Ctrl+C: stop.");
	};
	newCode();
	return {
		newCode,
		close: async () => {
			notifier?.stop();
			inbox.stop();
			server.closeAllConnections();
			await new Promise<void>((done) => server.close(() => done()));
		},
	};
}

/** `--notify-url URL [--notify-topic TOPIC]`: an http(s) URL, checked before anything listens. */
function notifyTarget(run: Run): { url: string; topic?: string } | undefined {
	const url = run.flags.get("notify-url");
	const topic = run.flags.get("notify-topic");
	if (url === undefined) return undefined;
	if (typeof url !== "string" || !/^https?:\/\//i.test(url) || !URL.canParse(url))
		throw new UsageError("--notify-url URL: an http(s) address to POST each new question to (docs/serve.md)");
	if (topic === true) throw new UsageError("--notify-topic TOPIC: the ntfy topic");
	return topic === undefined ? { url } : { url, topic };
}

/** `--listen ADDR[:PORT]`: 127.0.0.1 and a free port unless given. */
function listenAddress(given: string | true | undefined): { host: string; port: number } {
	if (given === undefined) return { host: "127.0.0.1", port: 0 };
	if (given === true) throw new UsageError("--listen ADDR[:PORT]: an address to listen on, like 100.64.0.7:8080");
	const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(given);
	const plain = /^([^:]+)(?::(\d+))?$/.exec(given);
	const match = bracketed ?? plain ?? [given, given, undefined];
	const port = match[2] === undefined ? 0 : Number(match[2]);
	if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`--listen ${given}: not a port`);
	return { host: match[1] ?? given, port };
}

function isLoopback(host: string): boolean {
	return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** The address a device types or scans: for 0.0.0.0 / ::, this machine's first outside IPv4 address. */
function urlHost(host: string): string {
	if (host === "0.0.0.0" || host === "::") {
		const outside = Object.values(networkInterfaces())
			.flat()
			.find((a) => a !== undefined && a.family === "IPv4" && !a.internal);
		return outside?.address ?? "127.0.0.1";
	}
	return host.includes(":") ? `[${host}]` : host;
}

/** The page's script and style, built beside the pi-ask bundle (dist/serve-app.js, dist/serve-app.css). */
function readAssets(): ServeAssets {
	const dir = typeof __dirname === "string" ? __dirname : resolve("dist");
	return {
		js: readFileSync(join(dir, "serve-app.js"), "utf8"),
		css: readFileSync(join(dir, "serve-app.css"), "utf8"),
	};
}
