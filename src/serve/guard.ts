/**
 * The checks every request to `pi-ask serve` passes before it is served: which Host it names (a page
 * loaded under another name, DNS rebinding, is refused), whether a POST comes from the page itself
 * (Origin, a JSON body, a header a form cannot set), how many requests a client may make (token buckets,
 * bounded in memory), how large a body may be, and the cookie the device holds. Node built-ins only.
 */
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/** The limits of the web inbox (docs/serve.md lists them). */
export const SERVE_LIMITS = {
	/** Largest request body (an answer with notes). */
	bodyBytes: 64 * 1024,
	/** Requests a client that is not paired may make in a burst, and per second after it. */
	strangerBurst: 30,
	strangerPerSecond: 1,
	/** The same for a paired device. */
	deviceBurst: 120,
	devicePerSecond: 10,
	/** Clients whose buckets are remembered; past it the oldest are forgotten. */
	buckets: 4096,
	/** Live-update streams open at once. */
	streams: 32,
} as const;

/** Token buckets by key (a client's address, a device): `take` is false once one is empty. */
export class RateLimiter {
	private readonly buckets = new Map<string, { tokens: number; at: number }>();
	private readonly burst: number;
	private readonly perSecond: number;

	constructor(burst: number, perSecond: number) {
		this.burst = burst;
		this.perSecond = perSecond;
	}

	take(key: string, now = Date.now()): boolean {
		const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
		bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
		bucket.at = now;
		// Re-inserted: the map's order is the least recently seen first, which is what goes when it is full.
		this.buckets.delete(key);
		this.buckets.set(key, bucket);
		if (this.buckets.size > SERVE_LIMITS.buckets) {
			const oldest = this.buckets.keys().next().value;
			if (oldest !== undefined) this.buckets.delete(oldest);
		}
		if (bucket.tokens < 1) return false;
		bucket.tokens -= 1;
		return true;
	}
}

/** The host part of a Host header or URL authority (`[::1]:80` → `::1`), lower case. */
function hostOf(authority: string): string {
	const trimmed = authority.trim().toLowerCase();
	if (trimmed.startsWith("[")) return trimmed.slice(1, trimmed.indexOf("]"));
	const colon = trimmed.lastIndexOf(":");
	return colon > 0 && trimmed.indexOf(":") === colon ? trimmed.slice(0, colon) : trimmed;
}

/**
 * Whether the Host header names this server: an address (what --listen and the QR code give), `localhost`,
 * or a name the person allowed (`--origin`, for a TLS proxy). A page of another name that resolves here
 * (DNS rebinding) is refused.
 */
export function hostAllowed(host: string | undefined, names: ReadonlySet<string>): boolean {
	if (host === undefined || host === "") return false;
	const name = hostOf(host);
	return isIP(name) !== 0 || name === "localhost" || names.has(name);
}

/**
 * Whether a POST comes from the page itself: its Origin is this server's (as the Host header names it, or
 * an origin the person allowed), its body is JSON, and it carries `X-Pi-Ask: 1` (a cross-site form can
 * set neither; a cross-site fetch that sets them needs a preflight this server never grants).
 */
export function fromThePage(req: IncomingMessage, origins: ReadonlySet<string>): boolean {
	const origin = req.headers.origin;
	const host = req.headers.host;
	if (origin === undefined || host === undefined) return false;
	const type = req.headers["content-type"] ?? "";
	if (!/^application\/json(;|$)/i.test(type) || req.headers["x-pi-ask"] !== "1") return false;
	if (origins.has(origin.toLowerCase())) return true;
	try {
		const url = new URL(origin);
		return url.host.toLowerCase() === host.toLowerCase() && (url.protocol === "http:" || url.protocol === "https:");
	} catch {
		return false;
	}
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
	for (const part of (header ?? "").split(";")) {
		const eq = part.indexOf("=");
		if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
	}
	return undefined;
}

/** A body that is too large: answered 413 and the connection closed. */
export class TooLarge extends Error {}

/** The request's body as text, refused past `max` bytes (by Content-Length first, then as it streams). */
export function readBody(req: IncomingMessage, max: number = SERVE_LIMITS.bodyBytes): Promise<string> {
	return new Promise((resolve, reject) => {
		if (Number(req.headers["content-length"] ?? 0) > max) {
			reject(new TooLarge("too large"));
			return;
		}
		const chunks: Buffer[] = [];
		let size = 0;
		req.on("data", (chunk: Buffer) => {
			size += chunk.length;
			if (size > max) {
				req.removeAllListeners("data");
				reject(new TooLarge("too large"));
				return;
			}
			chunks.push(chunk);
		});
		req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
		req.on("error", reject);
	});
}
