/**
 * The web inbox's HTTP server (src/serve/http.ts) against a stand-in inbox: a browser that is not paired
 * gets the page and the pairing form, nothing of the questions; pairing takes the code the terminal shows
 * (three tries, two minutes) and sets an HttpOnly, SameSite=Strict cookie whose hash alone is kept; a POST
 * must come from the page (Origin, JSON, its header); another Host name is refused (DNS rebinding);
 * bodies and request rates are bounded; a revoked device is a stranger again.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PairedFile } from "../../src/relay/pairing.ts";
import { createServeServer } from "../../src/serve/http.ts";
import type { InboxSnapshot, Verdict } from "../../src/serve/inbox.ts";
import { SECURITY_HEADERS } from "../../src/serve/page.ts";
import { PairingDesk } from "../../src/serve/pairing-desk.ts";
import { post, send } from "../support/serve-http.ts";

const COOKIE = "pi_ask_device";
const CSP = SECURITY_HEADERS["Content-Security-Policy"] ?? "";

const SNAPSHOT: InboxSnapshot = {
	version: 1,
	problems: [],
	items: [
		{
			key: "42/q_1",
			id: "q_1",
			state: "open",
			askedAt: 1,
			pi: { pid: 42, cwd: "/home/me/app" },
			questions: [{ question: "Which cache?", header: "Cache", options: [{ label: "Redis", description: "" }] }],
		},
	],
};

const servers: Server[] = [];
const dirs: string[] = [];
afterEach(async () => {
	for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
	for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start() {
	const dir = mkdtempSync(join(tmpdir(), "serve-server-"));
	dirs.push(dir);
	const devices = join(dir, "pi-ask", "serve-devices.json");
	const desk = new PairingDesk();
	const answers: { key: string; device: string }[] = [];
	const server = createServeServer({
		inbox: {
			snapshot: () => SNAPSHOT,
			onChange: () => () => {},
			answer: async (key, _fields, device): Promise<Verdict> => {
				answers.push({ key, device });
				return { verdict: "answered", outcome: "answered" };
			},
		},
		desk,
		devices,
		assets: { js: "console.log(1)", css: "body{}" },
	});
	servers.push(server);
	await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
	const port = (server.address() as AddressInfo).port;
	const pair = async (name = "Pixel 7") => {
		const code = desk.newCode();
		const reply = await post(port, "/api/pair", { code, name });
		const cookie = String(reply.headers["set-cookie"] ?? "");
		return { reply, cookie, pair: cookie.split(";")[0] ?? "" };
	};
	return { port, desk, devices, answers, pair };
}

describe("pi-ask serve's HTTP server", () => {
	it("serves the page with a strict CSP and no inline script; the script and style as files", async () => {
		const { port } = await start();
		const page = await send(port, "/");
		expect(page.status).toBe(200);
		expect(page.headers["content-security-policy"]).toBe(CSP);
		expect(CSP).toContain("script-src 'self'");
		expect(CSP).not.toContain("unsafe");
		expect(page.headers["x-frame-options"]).toBe("DENY");
		expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]|<style|\son\w+=/);
		expect((await send(port, "/app.js")).headers["content-type"]).toMatch(/^text\/javascript/);
		expect((await send(port, "/app.css")).body).toBe("body{}");
	});

	it("shows a browser that is not paired nothing of the questions", async () => {
		const { port } = await start();
		expect(JSON.parse((await send(port, "/api/me")).body)).toEqual({ paired: false });
		for (const path of ["/api/inbox", "/api/events", "/api/devices"]) {
			const got = await send(port, path);
			expect(got.status, path).toBe(401);
			expect(got.body).not.toContain("Which cache");
		}
		expect((await post(port, "/api/answer", { key: "42/q_1", decline: true })).status).toBe(401);
		expect((await send(port, "/api/inbox", { cookie: `${COOKIE}=${"x".repeat(43)}` })).status).toBe(401);
	});

	it("pairs with the code the terminal shows: an HttpOnly, SameSite=Strict cookie; only its hash is kept", async () => {
		const { port, devices, pair, answers } = await start();
		const { reply, cookie, pair: jar } = await pair();
		expect(reply.status).toBe(200);
		expect(cookie).toMatch(/HttpOnly/);
		expect(cookie).toMatch(/SameSite=Strict/);
		const credential = jar.split("=")[1] ?? "";
		expect(readFileSync(devices, "utf8")).not.toContain(credential);
		expect(new PairedFile(devices, "devices").all().map((d) => d.name)).toEqual(["Pixel 7"]);
		expect(JSON.parse((await send(port, "/api/inbox", { cookie: jar })).body)).toEqual(SNAPSHOT);
		const answered = await post(port, "/api/answer", { key: "42/q_1", answers: [] }, jar);
		expect(JSON.parse(answered.body)).toEqual({ verdict: "answered", outcome: "answered" });
		expect(answers).toEqual([{ key: "42/q_1", device: "Pixel 7" }]);
	});

	it("refuses a wrong code (three tries), an expired one, one already used, and a name claiming to be the user", async () => {
		const { port, desk } = await start();
		desk.newCode(Date.now(), "123456");
		const wrong = await post(port, "/api/pair", { code: "000000", name: "phone" });
		expect(wrong.status).toBe(403);
		expect(wrong.body).toContain("2 tries left");
		await post(port, "/api/pair", { code: "000001", name: "phone" });
		const last = await post(port, "/api/pair", { code: "000002", name: "phone" });
		expect(last.status).toBe(403);
		// Spent: the right code no longer pairs.
		const spent = await post(port, "/api/pair", { code: "123456", name: "phone" });
		expect(spent.status).toBe(403);
		expect(spent.headers["set-cookie"]).toBeUndefined();
		desk.newCode(Date.now() - 3 * 60_000, "654321");
		expect(JSON.parse((await post(port, "/api/pair", { code: "654321", name: "phone" })).body).error).toMatch(
			/expired/,
		);
		desk.newCode(Date.now(), "111111");
		expect((await post(port, "/api/pair", { code: "111111", name: "User" })).status).toBe(400);
	});

	it("takes a POST only from the page: its Origin, a JSON body and its header", async () => {
		const { port, desk } = await start();
		const code = desk.newCode();
		const body = JSON.stringify({ code, name: "phone" });
		const json = { "content-type": "application/json", "x-pi-ask": "1" };
		const tries = [
			{ method: "POST", body, headers: json },
			{ method: "POST", body, headers: json, origin: "http://evil.example" },
			{ method: "POST", body, headers: json, origin: "null" },
			{
				method: "POST",
				body,
				origin: `http://127.0.0.1:${port}`,
				headers: { "content-type": "text/plain", "x-pi-ask": "1" },
			},
			{ method: "POST", body, origin: `http://127.0.0.1:${port}`, headers: { "content-type": "application/json" } },
		];
		for (const t of tries) expect((await send(port, "/api/pair", t)).status, JSON.stringify(t)).toBe(403);
		// None of them used up a try.
		expect(desk.triesLeft).toBe(3);
	});

	it("refuses another host name (DNS rebinding) and allows the one --origin names", async () => {
		const { port } = await start();
		expect((await send(port, "/", { host: "evil.example" })).status).toBe(421);
		expect((await send(port, "/", { host: `localhost:${port}` })).status).toBe(200);
	});

	it("bounds a body's size and a stranger's request rate; a device has a budget of its own", async () => {
		const { port, pair } = await start();
		const { pair: jar } = await pair();
		const huge = await post(port, "/api/answer", { key: "x", globalNote: "x".repeat(70_000) }, jar);
		expect(huge.status).toBe(413);
		const statuses: number[] = [];
		for (let i = 0; i < 40; i++) statuses.push((await send(port, "/api/inbox")).status);
		expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(5);
		expect((await send(port, "/api/inbox", { cookie: jar })).status).toBe(200);
	});

	it("lists the devices and revokes one: it is a stranger again", async () => {
		const { port, pair } = await start();
		const phone = await pair("phone");
		const laptop = await pair("laptop");
		const listed = JSON.parse((await send(port, "/api/devices", { cookie: phone.pair })).body) as {
			devices: { id: string; name: string }[];
		};
		expect(listed.devices.map((d) => d.name)).toEqual(["phone", "laptop"]);
		const id = listed.devices[1]?.id;
		expect((await post(port, "/api/devices/revoke", { id }, phone.pair)).status).toBe(200);
		expect((await send(port, "/api/inbox", { cookie: laptop.pair })).status).toBe(401);
	});
});
