/**
 * Requests to a `pi-ask serve` server as a browser (or an attacker) would send them: any method, Host,
 * Origin, cookie and body (node:http, so no header is off limits).
 */
import { request } from "node:http";

export interface Sent {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

export interface SendOptions {
	method?: string;
	host?: string;
	origin?: string;
	cookie?: string;
	body?: string;
	headers?: Record<string, string>;
}

export function send(port: number, path: string, options: SendOptions = {}): Promise<Sent> {
	return new Promise((resolve, reject) => {
		const headers: Record<string, string> = { host: options.host ?? `127.0.0.1:${port}`, ...options.headers };
		if (options.origin !== undefined) headers.origin = options.origin;
		if (options.cookie !== undefined) headers.cookie = options.cookie;
		const req = request({ host: "127.0.0.1", port, path, method: options.method ?? "GET", headers }, (res) => {
			let body = "";
			res.setEncoding("utf8");
			res.on("data", (chunk: string) => (body += chunk));
			res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
		});
		req.on("error", reject);
		req.end(options.body);
	});
}

/** A POST as the page makes it: its Origin, JSON, and the page's header. */
export function post(port: number, path: string, value: unknown, cookie?: string): Promise<Sent> {
	const options: SendOptions = {
		method: "POST",
		origin: `http://127.0.0.1:${port}`,
		body: JSON.stringify(value),
		headers: { "content-type": "application/json", "x-pi-ask": "1" },
	};
	if (cookie !== undefined) options.cookie = cookie;
	return send(port, path, options);
}
