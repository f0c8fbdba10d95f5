/**
 * What `pi-ask serve` lists (src/serve/inbox.ts), against real relay servers: every Pi's questionnaires
 * under keys unique across Pis; a Pi that ends (gone from the registry) or whose relay goes away leaves
 * its questionnaires marked gone, then reaped; one that comes back is listed again, not twice. And the
 * verdict a device reads: answered by it, put aside, someone answered first (and who), refused.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RelayHandlers } from "../../src/relay/handlers.ts";
import type { AnswerFields, ListedQuestionnaire, RelayReply } from "../../src/relay/protocol.ts";
import type { RegistryEntry } from "../../src/relay/registry.ts";
import { type RelayServer, startRelayServer } from "../../src/relay/server.ts";
import { Inbox } from "../../src/serve/inbox.ts";

const TOKEN = "paired-client-credential-0123456789abcdef0123";

const servers: RelayServer[] = [];
const inboxes: Inbox[] = [];
afterEach(async () => {
	for (const inbox of inboxes.splice(0)) inbox.stop();
	for (const s of servers.splice(0)) await s.close();
});

function listed(id: string): ListedQuestionnaire {
	return { id, state: "open", askedAt: 1, questions: [{ question: `Q ${id}?`, header: "H", options: [] }] };
}

async function relay(items: ListedQuestionnaire[], answer?: RelayHandlers["answer"]): Promise<RelayServer> {
	const handlers: RelayHandlers = {
		ask: async () => ({ ok: false, code: "unavailable", message: "no" }),
		list: () => items,
		answer: answer ?? (async () => ({ ok: false, code: "not_found", message: "no" })),
		pairedClient: (token) => (token === TOKEN ? "pi-ask in the test" : undefined),
		showPairingCode: () => false,
		pair: () => "",
	};
	const server = await startRelayServer(handlers);
	servers.push(server);
	return server;
}

const entry = (pid: number, server: RelayServer): RegistryEntry => ({
	v: 2,
	pid,
	socket: server.socketPath,
	cwd: `/work/p${pid}`,
	startedAt: 1,
	mode: "tui",
});

describe("the inbox of pi-ask serve", () => {
	it("lists every Pi's questionnaires; a Pi that ends is marked gone, then reaped", async () => {
		const a = await relay([listed("q_1"), listed("q_2")]);
		const b = await relay([listed("q_1")]);
		let entries = [entry(101, a), entry(102, b)];
		const inbox = new Inbox({
			credential: { credential: TOKEN, name: "pi-ask in the test" },
			entries: () => entries,
			pollMs: 60_000,
			goneMs: 200,
		});
		inboxes.push(inbox);
		await inbox.start();
		const keys = () => inbox.snapshot().items.map((i) => [i.key, i.gone === undefined ? "waiting" : "gone"]);
		expect(keys()).toEqual([
			["101/q_1", "waiting"],
			["101/q_2", "waiting"],
			["102/q_1", "waiting"],
		]);
		expect(inbox.snapshot().items[2]?.pi).toEqual({ pid: 102, cwd: "/work/p102" });

		entries = [entry(101, a)];
		await inbox.poll();
		expect(keys()).toContainEqual(["102/q_1", "gone"]);
		await new Promise((r) => setTimeout(r, 250));
		await inbox.poll();
		expect(keys()).toEqual([
			["101/q_1", "waiting"],
			["101/q_2", "waiting"],
		]);
	});

	it("marks gone the questionnaires of a Pi whose relay went away, and lists them once when it is back", async () => {
		const a = await relay([listed("q_1")]);
		let entries = [entry(201, a)];
		const inbox = new Inbox({
			credential: { credential: TOKEN, name: "pi-ask in the test" },
			entries: () => entries,
			pollMs: 60_000,
		});
		inboxes.push(inbox);
		await inbox.start();
		await a.close();
		await inbox.poll();
		expect(inbox.snapshot().items.map((i) => [i.key, i.gone !== undefined])).toEqual([["201/q_1", true]]);
		expect(inbox.snapshot().problems[0]).toMatch(/^\/work\/p201 \(pid 201\): /);

		const back = await relay([listed("q_1")]);
		entries = [entry(201, back)];
		await inbox.poll();
		expect(inbox.snapshot().items.map((i) => [i.key, i.gone !== undefined])).toEqual([["201/q_1", false]]);
	});

	it("tells the device how its answer ended: answered, put aside, someone first (and who), refused", async () => {
		const replies: Record<string, () => RelayReply> = {
			q_mine: () => ({
				ok: true,
				result: { outcome: "answered", answeredBy: { kind: "client", name: "Pixel 7 via pi-ask in the test" } },
			}),
			q_later: () => ({
				ok: true,
				result: { outcome: "deferred", answeredBy: { kind: "client", name: "Pixel 7 via pi-ask in the test" } },
			}),
			q_tui: () => ({ ok: true, result: { outcome: "answered", answeredBy: { kind: "person" } } }),
			q_other: () => ({
				ok: true,
				result: { outcome: "answered", answeredBy: { kind: "client", name: "iPad via pi-ask in the test" } },
			}),
			q_gone: () => ({ ok: false, code: "not_found", message: "no questionnaire with this id is waiting" }),
			q_bad: () => ({
				ok: false,
				code: "rejected",
				message: "the answer does not fit",
				problems: [{ path: "answer", message: 'no option is labelled "X"' }],
			}),
		};
		const sent: AnswerFields[] = [];
		const a = await relay(Object.keys(replies).map(listed), async (id, fields) => {
			sent.push(fields);
			return replies[id]?.() ?? { ok: false, code: "not_found", message: "no" };
		});
		const inbox = new Inbox({
			credential: { credential: TOKEN, name: "pi-ask in the test" },
			entries: () => [entry(301, a)],
			pollMs: 60_000,
		});
		inboxes.push(inbox);
		await inbox.start();
		const answer = (id: string, fields: AnswerFields = { answers: [{ question: 0, options: ["A"] }] }) =>
			inbox.answer(`301/${id}`, fields, "Pixel 7");
		expect(await answer("q_mine")).toEqual({ verdict: "answered", outcome: "answered" });
		expect(await answer("q_later", { later: true })).toEqual({ verdict: "later" });
		expect(sent[1]).toEqual({ later: true, device: "Pixel 7" });
		expect(await answer("q_tui")).toEqual({ verdict: "first", by: "in Pi" });
		expect(await answer("q_other")).toEqual({ verdict: "first", by: "iPad via pi-ask in the test" });
		expect(await answer("q_gone")).toEqual({ verdict: "first" });
		expect(await answer("q_bad")).toEqual({
			verdict: "refused",
			message: "the answer does not fit",
			problems: ['no option is labelled "X"'],
		});
		expect(await inbox.answer("999/q_none", { decline: true }, "Pixel 7")).toEqual({ verdict: "gone" });
	});
});
