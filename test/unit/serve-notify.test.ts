/**
 * `pi-ask serve --notify-url` (src/serve/notify.ts) against a local HTTP receiver: what was waiting when
 * serve started is not news; each new questionnaire is one JSON POST in ntfy's publish form (topic,
 * title, message, click) plus `url`, naming it with the model's text made inert and short, linking to
 * the inbox; a burst folds into "N more"; a receiver that fails is told once and serving goes on.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { InboxItem, InboxSnapshot } from "../../src/serve/inbox.ts";
import { Notifier } from "../../src/serve/notify.ts";

/** notify.ts's bounds: three at once, then one per 20 s; a question cut at 200 characters. */
const NOTIFY_LIMITS = { burst: 3, everyMs: 20_000, questionChars: 200 };

interface Received {
	method: string;
	path: string;
	type: string;
	body: Record<string, unknown>;
}

const servers: Server[] = [];
afterEach(async () => {
	for (const s of servers.splice(0)) {
		s.closeAllConnections();
		await new Promise((r) => s.close(r));
	}
});

async function receiver(status = 200): Promise<{ url: string; got: Received[] }> {
	const got: Received[] = [];
	const server = createServer((req: IncomingMessage, res) => {
		let text = "";
		req.on("data", (c: Buffer) => (text += c.toString()));
		req.on("end", () => {
			got.push({
				method: req.method ?? "",
				path: req.url ?? "",
				type: req.headers["content-type"] ?? "",
				body: JSON.parse(text) as Record<string, unknown>,
			});
			res.writeHead(status).end("{}");
		});
	});
	servers.push(server);
	await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, got };
}

function item(key: string, question: string, extra: Partial<InboxItem> = {}): InboxItem {
	return {
		key,
		id: key.split("/")[1] ?? key,
		state: "open",
		askedAt: 1,
		pi: { pid: 7, cwd: "/home/me/shop" },
		questions: [{ question, header: "Cache", options: [] }],
		...extra,
	};
}

let version = 0;
function snap(...items: InboxItem[]): InboxSnapshot {
	return { version: ++version, items, problems: [] };
}

async function until(what: string, check: () => boolean): Promise<void> {
	const deadline = Date.now() + 5_000;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 10));
	}
}

const INBOX = "http://127.0.0.1:8377/";

describe("pi-ask serve --notify-url", () => {
	it("POSTs one JSON message per new questionnaire, in ntfy's form, linking to the inbox", async () => {
		const { url, got } = await receiver();
		const said: string[] = [];
		const notifier = new Notifier({ url, topic: "pi-ask-7f3k", inbox: INBOX, say: (l) => said.push(l) });
		notifier.saw(snap(item("7/q_old", "Already waiting")));
		notifier.saw(snap(item("7/q_old", "Already waiting"), item("7/q_new", "Which cache?")));
		await until("the POST", () => got.length === 1);
		expect(got[0]).toEqual({
			method: "POST",
			path: "/",
			type: "application/json",
			body: {
				topic: "pi-ask-7f3k",
				title: "Pi asks in shop",
				message: "Cache: Which cache?",
				click: INBOX,
				url: INBOX,
			},
		});
		// The same listing again, or one that lost a questionnaire, is no news.
		notifier.saw(snap(item("7/q_new", "Which cache?")));
		notifier.saw(snap(item("7/q_new", "Which cache?"), item("7/q_gone", "Dead", { gone: 5 })));
		await new Promise((r) => setTimeout(r, 100));
		expect(got).toHaveLength(1);
		expect(said).toEqual([]);
		notifier.stop();
	});

	it("names a subagent's question, with the model's text inert and bounded", async () => {
		const { url, got } = await receiver();
		const notifier = new Notifier({ url, inbox: INBOX, say: () => {} });
		notifier.saw(snap());
		const hostile = `<script>x</script>\u001b[31mred\u202eevil\u202c\n\n${"long ".repeat(200)}`;
		const from = { name: "scout\u001b]0;title\u0007", cwd: "/x", depth: 2 };
		notifier.saw(snap(item("7/q_1", hostile, { from })));
		await until("the POST", () => got.length === 1);
		const body = got[0]?.body ?? {};
		expect(body.topic).toBeUndefined();
		expect(String(body.title)).toMatch(/^Pi asks in shop \(scout.*, depth 2\)$/);
		const message = String(body.message);
		expect(message.length).toBeLessThanOrEqual(NOTIFY_LIMITS.questionChars + 20);
		expect(message).toMatch(/…$/);
		// Escapes and bidi controls are shown as visible stand-ins, never sent raw; no line breaks.
		expect(`${message}${String(body.title)}`).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
		expect(message).toContain("<script>x</script>");
		notifier.stop();
	});

	it("folds a burst past its budget into the next message as 'N more'", async () => {
		const { url, got } = await receiver();
		let now = 1_000_000;
		const notifier = new Notifier({ url, inbox: INBOX, say: () => {}, now: () => now });
		notifier.saw(snap());
		const items: InboxItem[] = [];
		for (let i = 0; i < NOTIFY_LIMITS.burst; i++) {
			items.push(item(`7/q_${i}`, `Question ${i}`));
			notifier.saw(snap(...items));
			await until(`POST ${i + 1}`, () => got.length === i + 1);
		}
		for (let i = NOTIFY_LIMITS.burst; i < NOTIFY_LIMITS.burst + 4; i++) items.push(item(`7/q_${i}`, `Question ${i}`));
		notifier.saw(snap(...items));
		await new Promise((r) => setTimeout(r, 100));
		expect(got).toHaveLength(NOTIFY_LIMITS.burst);
		now += NOTIFY_LIMITS.everyMs;
		notifier.saw(snap(...items));
		await until("the folded POST", () => got.length === NOTIFY_LIMITS.burst + 1);
		expect(got.at(-1)?.body.message).toBe(`Cache: Question ${NOTIFY_LIMITS.burst} And 3 more waiting.`);
		notifier.stop();
	});

	it("tells a failing receiver once, without its path, and goes on", async () => {
		const { url, got } = await receiver(500);
		const said: string[] = [];
		const secretUrl = `${url}my-secret-topic`;
		const notifier = new Notifier({ url: secretUrl, inbox: INBOX, say: (l) => said.push(l) });
		notifier.saw(snap());
		const items: InboxItem[] = [];
		for (let i = 0; i < 3; i++) {
			items.push(item(`7/q_${i}`, `Question ${i}`));
			notifier.saw(snap(...items));
			await until(`POST ${i + 1}`, () => got.length === i + 1);
		}
		await until("the failure told", () => said.length === 1);
		expect(said[0]).toContain("HTTP 500");
		expect(said.join("")).not.toContain("my-secret-topic");
		notifier.stop();

		// Nothing listening at all: also once, and saw() never throws.
		const gone = new Notifier({ url: "http://127.0.0.1:9/", inbox: INBOX, say: (l) => said.push(l) });
		gone.saw(snap());
		expect(() => gone.saw(snap(item("7/q_9", "Anyone?")))).not.toThrow();
		await until("the refusal told", () => said.length === 2);
		gone.stop();
	});
});
