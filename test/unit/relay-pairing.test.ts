/**
 * Pairing over a real relay socket (src/relay/pairing.ts, peer.ts): a peer that asks to pair may only
 * pair; the code exists only where Pi shows it; a wrong code costs a try, three end it; the credential it
 * yields lists and answers under the paired name, and is kept in the agent dir only as a verifier.
 * Neither the ask secret nor anything in the registry lists or answers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RelayHandlers } from "../../src/relay/handlers.ts";
import { PairingAttempt, pairedClients, verifierOf } from "../../src/relay/pairing.ts";
import type { RelayReply } from "../../src/relay/protocol.ts";
import { type RelayServer, startRelayServer } from "../../src/relay/server.ts";
import { type RawPeer, rawPeer } from "../support/relay-peer.ts";

let server: RelayServer | undefined;
let agentDir: string;
const peers: RawPeer[] = [];
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pairing-"));
});
afterEach(async () => {
	for (const peer of peers.splice(0)) peer.close();
	await server?.close();
	server = undefined;
	rmSync(agentDir, { recursive: true, force: true });
});

/** Handlers over a real paired-clients file; the codes Pi "shows" are collected, as the answers are. */
function pairingHandlers(options: { canShow?: boolean } = {}) {
	const shown: { name: string; code: string }[] = [];
	const answers: { questionnaire: string; client: string }[] = [];
	const handlers: RelayHandlers = {
		ask: async () => ({ ok: false, code: "unavailable", message: "not here" }),
		list: () => [],
		answer: async (questionnaire, _fields, client): Promise<RelayReply> => {
			answers.push({ questionnaire, client });
			return { ok: true, result: { outcome: "answered", answeredBy: { kind: "client", name: client } } };
		},
		pairedClient: (token) => pairedClients(agentDir).find(token)?.name,
		showPairingCode: (name, code) => {
			shown.push({ name, code });
			return options.canShow ?? true;
		},
		pair: (name) => pairedClients(agentDir).add(name).credential,
	};
	return { handlers, shown, answers };
}

async function peer(token?: string): Promise<RawPeer> {
	if (!server) throw new Error("no server");
	const made = await rawPeer(server.socketPath, token);
	peers.push(made);
	return made;
}

async function pairingPeer(): Promise<RawPeer> {
	const p = await peer();
	p.send({ type: "hello", pair: true, client: "test" });
	await p.waitFor((m) => m.type === "welcome", "welcome");
	return p;
}

const errorOf = (code: string, id?: string) => (m: Record<string, unknown>) =>
	m.type === "error" && m.code === code && (id === undefined || m.id === id);

describe("pairing over the relay", () => {
	it("shows a code on Pi's screen only; the right code yields a credential that lists and answers as the paired name", async () => {
		const { handlers, shown, answers } = pairingHandlers();
		server = await startRelayServer(handlers);
		const p = await pairingPeer();
		expect(p.received[0]).toMatchObject({ type: "welcome", can: ["pair"] });
		p.send({ type: "list", id: "l" });
		await p.waitFor(errorOf("forbidden", "l"), "list refused before pairing");
		p.send({ type: "pair", id: "p", name: "pi-ask on pts/3" });
		const pairing = await p.waitFor((m) => m.type === "pairing", "pairing");
		expect(pairing).toMatchObject({ id: "p", tries: 3 });
		// The code travels to Pi's screen, never to the peer.
		expect(shown).toHaveLength(1);
		expect(shown[0]?.code).toMatch(/^\d{6}$/);
		expect(JSON.stringify(p.received)).not.toContain(shown[0]?.code);
		const code = shown[0]?.code ?? "";
		p.send({ type: "pair_code", id: "c", code: `${code.slice(0, 3)} ${code.slice(3)}` });
		const paired = await p.waitFor((m) => m.type === "paired", "paired");
		expect(paired).toMatchObject({ id: "c", name: "pi-ask on pts/3" });
		const credential = String(paired.credential);
		// Kept only as a verifier, 0600.
		const file = join(agentDir, "ask-user-question", "paired-clients.json");
		expect(readFileSync(file, "utf8")).not.toContain(credential);
		expect(readFileSync(file, "utf8")).toContain(verifierOf(credential));
		expect(statSync(file).mode & 0o777).toBe(0o600);
		const client = await peer(credential);
		expect(client.received[0]).toMatchObject({ type: "welcome", can: ["list", "answer"] });
		client.send({ type: "answer", id: "a", questionnaire: "q_1", answers: [] });
		await client.waitFor((m) => m.type === "answered", "answered");
		expect(answers).toEqual([{ questionnaire: "q_1", client: "pi-ask on pts/3" }]);
	});

	it("a wrong code costs a try; the third ends the pairing and the connection, and nothing is saved", async () => {
		const { handlers, shown } = pairingHandlers();
		server = await startRelayServer(handlers);
		const p = await pairingPeer();
		p.send({ type: "pair", id: "p", name: "laptop" });
		await p.waitFor((m) => m.type === "pairing", "pairing");
		const wrong = shown[0]?.code === "000000" ? "111111" : "000000";
		p.send({ type: "pair_code", id: "1", code: wrong });
		const first = await p.waitFor(errorOf("rejected", "1"), "first refusal");
		expect(first.message).toContain("2 tries left");
		p.send({ type: "pair_code", id: "2", code: wrong });
		await p.waitFor(errorOf("rejected", "2"), "second refusal");
		p.send({ type: "pair_code", id: "3", code: shown[0]?.code === "222222" ? "333333" : "222222" });
		const last = await p.waitFor(errorOf("rejected", "3"), "last refusal");
		expect(last.message).toContain("no tries left");
		await p.closed;
		expect(readdirSync(agentDir)).toEqual([]);
	});

	it("one pairing at a time per Pi; a Pi that cannot show a code refuses; a blank or user-claiming name is refused", async () => {
		const { handlers } = pairingHandlers();
		server = await startRelayServer(handlers);
		const first = await pairingPeer();
		first.send({ type: "pair", id: "p", name: "one" });
		await first.waitFor((m) => m.type === "pairing", "pairing");
		const second = await pairingPeer();
		second.send({ type: "pair", id: "p", name: "two" });
		await second.waitFor(errorOf("busy", "p"), "busy");
		second.send({ type: "pair", id: "q", name: " \u200b " });
		await second.waitFor(errorOf("invalid_request", "q"), "blank refused");
		second.send({ type: "pair", id: "r", name: "The User" });
		await second.waitFor(errorOf("invalid_request", "r"), "user-claiming refused");
		// The first connection gone: the slot is free again.
		first.close();
		await first.closed;
		await new Promise((resolve) => setTimeout(resolve, 20));
		second.send({ type: "pair", id: "s", name: "two" });
		await second.waitFor((m) => m.type === "pairing" && m.id === "s", "pairing after the first left");
		await server.close();
		server = await startRelayServer(pairingHandlers({ canShow: false }).handlers);
		const blind = await pairingPeer();
		blind.send({ type: "pair", id: "p", name: "x" });
		await blind.waitFor(errorOf("unavailable", "p"), "unavailable");
	});

	it("the ask secret never lists or answers; a revoked credential is unauthorized", async () => {
		const { handlers } = pairingHandlers();
		server = await startRelayServer(handlers);
		const child = await peer(server.askToken);
		child.send({ type: "list", id: "l" });
		child.send({ type: "pair", id: "p", name: "sneaky" });
		await child.waitFor(errorOf("forbidden", "p"), "pair refused to the ask secret");
		expect(child.received.filter(errorOf("forbidden")).map((m) => m.id)).toEqual(["l", "p"]);
		const { credential } = pairedClients(agentDir).add("old phone");
		expect(pairedClients(agentDir).remove((c) => c.name === "old phone")).toBe(1);
		const revoked = await peer();
		revoked.send({ type: "hello", token: credential });
		await revoked.waitFor(errorOf("unauthorized"), "unauthorized");
		await revoked.closed;
	});
});

describe("PairingAttempt", () => {
	it("accepts the code once, with spaces or a dash; refuses after the deadline", () => {
		const attempt = new PairingAttempt(0, "123456");
		expect(attempt.check("123-456", 1)).toBe("ok");
		expect(attempt.check("123456", 2)).toBe("spent");
		const late = new PairingAttempt(0, "123456");
		expect(late.check("123456", 3 * 60_000)).toBe("expired");
	});
});
