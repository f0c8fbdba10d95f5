/**
 * The web inbox's HTTP server (node:http): the page, its script and style, and a small JSON API — `me`
 * (is this browser paired?), `pair` (the code from the terminal → a device cookie), `inbox` and `events`
 * (the waiting questionnaires, live over server-sent events), `answer`, and `devices` (list, revoke).
 * Every request passes guard.ts first: the Host, a rate limit, then the device's cookie; a POST also the
 * page's Origin and a bounded JSON body. A browser that is not paired gets nothing but the pairing form.
 * No Pi imports.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { checkAnswererName } from "../protocol/answered-by.ts";
import { type Paired, PairedFile } from "../relay/pairing.ts";
import { isRecord } from "../util/records.ts";
import { fromThePage, hostAllowed, RateLimiter, readBody, readCookie, SERVE_LIMITS, TooLarge } from "./guard.ts";
import type { Inbox } from "./inbox.ts";
import { PAGE, SECURITY_HEADERS } from "./page.ts";
import type { PairingDesk } from "./pairing-desk.ts";

/** The device's cookie: HttpOnly (no script reads it), SameSite=Strict (no other site sends it). */
const COOKIE = "pi_ask_device";

/** The longest device name kept (it reaches the model inside "<device> via <client>"). */
const DEVICE_NAME_MAX = 40;

export interface ServeAssets {
	js: string;
	css: string;
}

export interface ServeOptions {
	inbox: Pick<Inbox, "snapshot" | "onChange" | "answer">;
	desk: PairingDesk;
	/** The file of the paired devices (relay/pairing.ts's PairedFile). */
	devices: string;
	assets: ServeAssets;
	/** Names the person allowed besides addresses and localhost (`--origin`: a TLS proxy's name). */
	origins?: readonly string[];
	/** Told when a device pairs, a code is used up, or a device is revoked (the terminal shows it). */
	say?: (line: string) => void;
}

type Handler<D> = (req: IncomingMessage, res: ServerResponse, device: D) => Promise<void> | void;

export function createServeServer(options: ServeOptions): Server {
	const origins = new Set((options.origins ?? []).map((o) => o.toLowerCase().replace(/\/+$/, "")));
	const names = new Set([...origins].flatMap((o) => (URL.canParse(o) ? [new URL(o).hostname] : [])));
	const strangers = new RateLimiter(SERVE_LIMITS.strangerBurst, SERVE_LIMITS.strangerPerSecond);
	const known = new RateLimiter(SERVE_LIMITS.deviceBurst, SERVE_LIMITS.devicePerSecond);
	const say = options.say ?? (() => {});
	const devices = new PairedFile(options.devices, "devices");
	let streams = 0;

	const open: Record<string, Handler<Paired | undefined>> = {
		"GET /": (_req, res) => send(res, 200, "text/html; charset=utf-8", PAGE),
		"GET /app.js": (_req, res) => send(res, 200, "text/javascript; charset=utf-8", options.assets.js),
		"GET /app.css": (_req, res) => send(res, 200, "text/css; charset=utf-8", options.assets.css),
		"GET /api/me": (_req, res, device) =>
			json(res, 200, device === undefined ? { paired: false } : { paired: true, device: deviceView(device) }),
		"POST /api/pair": async (req, res) => {
			const body = await jsonBody(req);
			const named = checkAnswererName(
				typeof body.name === "string" ? body.name.slice(0, DEVICE_NAME_MAX) : body.name,
				"name",
			);
			if (!named.ok) return json(res, 400, { error: named.problem });
			const verdict = options.desk.check(typeof body.code === "string" ? body.code.slice(0, 32) : "");
			if (verdict !== "ok") {
				if (verdict !== "wrong") say("The pairing code is used up: press Enter here for a new one.");
				const left = options.desk.triesLeft;
				const why =
					verdict === "wrong"
						? `Wrong code; ${left} ${left === 1 ? "try" : "tries"} left.`
						: verdict === "expired"
							? "The code expired: ask for a new one in the terminal where pi-ask serve runs."
							: "No code is waiting: press Enter in the terminal where pi-ask serve runs for a new one.";
				return json(res, 403, { error: why });
			}
			const { paired: device, credential } = devices.add(named.name);
			say(`Paired "${device.name}" (${device.id}).`);
			const secure = (req.headers.origin ?? "").startsWith("https:") ? "; Secure" : "";
			res.setHeader(
				"Set-Cookie",
				`${COOKIE}=${credential}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${400 * 24 * 3600}${secure}`,
			);
			json(res, 200, { paired: true, device: deviceView(device) });
		},
	};
	// A browser that is not paired gets none of these.
	const paired: Record<string, Handler<Paired>> = {
		"GET /api/inbox": (_req, res) => json(res, 200, options.inbox.snapshot()),
		"GET /api/events": (req, res) => {
			if (streams >= SERVE_LIMITS.streams) return json(res, 503, { error: "too many open pages" });
			streams++;
			res.writeHead(200, { ...SECURITY_HEADERS, "Content-Type": "text/event-stream" });
			const push = () => res.write(`data: ${JSON.stringify(options.inbox.snapshot())}\n\n`);
			push();
			const stop = options.inbox.onChange(push);
			// Revoked meanwhile: the stream ends and the page finds itself unpaired.
			const check = setInterval(() => {
				if (devices.find(cookieOf(req) ?? "") === undefined) res.end();
				else res.write(": still here\n\n");
			}, 15_000);
			res.on("close", () => {
				streams--;
				stop();
				clearInterval(check);
			});
		},
		"POST /api/answer": async (req, res, device) => {
			const body = await jsonBody(req);
			if (typeof body.key !== "string") return json(res, 400, { error: "key: which questionnaire" });
			const { answers, decline, globalNote } = body;
			const fields = body.later === true ? { later: true as const } : { answers, decline, globalNote };
			json(res, 200, await options.inbox.answer(body.key, fields, device.name));
		},
		"GET /api/devices": (_req, res, device) =>
			json(res, 200, { you: device.id, devices: devices.all().map(deviceView) }),
		"POST /api/devices/revoke": async (req, res, device) => {
			const body = await jsonBody(req);
			const gone = devices.remove((d) => d.id === body.id);
			if (gone > 0) say(`Revoked device ${String(body.id)} from the page of "${device.name}".`);
			json(res, gone > 0 ? 200 : 404, { revoked: gone });
		},
	};

	const server = createServer((req, res) => {
		void handle(req, res).catch((error: unknown) => {
			if (error instanceof TooLarge) {
				res.setHeader("Connection", "close");
				return json(res, 413, { error: "too large" });
			}
			if (error instanceof SyntaxError) return json(res, 400, { error: "the body must be one JSON object" });
			if (!res.headersSent) json(res, 500, { error: "failed" });
		});
	});
	server.headersTimeout = 10_000;
	server.requestTimeout = 15_000;
	server.keepAliveTimeout = 5_000;
	server.maxConnections = 256;

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		if (!hostAllowed(req.headers.host, names)) return json(res, 421, { error: "unknown host name" });
		const credential = cookieOf(req);
		const client = req.socket.remoteAddress ?? "?";
		// A stranger's requests are refused before any file is read; a device has a budget of its own.
		const allowed =
			credential === undefined ? strangers.take(client) : known.take(`${client} ${credential.slice(0, 8)}`);
		if (!allowed) return json(res, 429, { error: "too many requests" });
		const device = credential === undefined ? undefined : devices.find(credential);
		if (credential !== undefined && device === undefined && !strangers.take(client))
			return json(res, 429, { error: "too many requests" });
		const path = (req.url ?? "/").split("?")[0] ?? "/";
		const key = `${req.method} ${path}`;
		if (open[key] === undefined && paired[key] === undefined)
			return json(res, req.method === "GET" || req.method === "POST" ? 404 : 405, { error: "not here" });
		if (req.method === "POST" && !fromThePage(req, origins)) return json(res, 403, { error: "not from this page" });
		const forDevices = paired[key];
		if (forDevices === undefined) await open[key]?.(req, res, device);
		else if (device === undefined) json(res, 401, { error: "this browser is not paired" });
		else await forDevices(req, res, device);
	}

	return server;
}

function cookieOf(req: IncomingMessage): string | undefined {
	return readCookie(req.headers.cookie, COOKIE);
}

/** A paired device as the page sees it: never its verifier. */
export type DeviceView = Omit<Paired, "verifier">;

function deviceView(device: Paired): DeviceView {
	return { id: device.id, name: device.name, pairedAt: device.pairedAt };
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
	const value: unknown = JSON.parse(await readBody(req));
	if (!isRecord(value)) throw new SyntaxError("not an object");
	return value;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
	res.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
	res.end(body);
}

function json(res: ServerResponse, status: number, value: unknown): void {
	send(res, status, "application/json; charset=utf-8", JSON.stringify(value));
}
