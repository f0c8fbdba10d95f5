/**
 * Pairing (DESIGN.md §12): the person's right to answer from outside Pi's own UI comes from a step only
 * they take. A client asks to pair under a name; the serving Pi shows a six-digit code on its own screen
 * (never to the model, never in a file or the environment); the person types it into the client; the
 * client gets a credential of its own, which it keeps where it lives (pi-ask: the user's config dir, never
 * the agent dir). The Pis keep only a verifier (a SHA-256 of it) with the name, in
 * `<agent dir>/ask-user-question/paired-clients.json` (0600): a verifier cannot answer, and every Pi of
 * the same agent dir accepts the client from then on, so pairing is once. docs/relay-protocol.md has the
 * threat model. Node built-ins only; no Pi imports.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isRecord } from "../util/records.ts";

/** A client the person paired. */
export interface PairedClient {
	/** Short id, to name it when revoking. */
	id: string;
	name: string;
	/** SHA-256 of its credential, base64url. */
	verifier: string;
	/** Epoch ms. */
	pairedAt: number;
}

/** How long a code shown on Pi's screen stays good, and how many tries it allows. */
export const PAIRING = { codeMs: 2 * 60_000, tries: 3, digits: 6 } as const;

const FILE_VERSION = 1;

function pairedFile(agentDir: string): string {
	return join(agentDir, "ask-user-question", "paired-clients.json");
}

/** Every paired client; none when the file is missing or unreadable. */
function readPairedClients(agentDir: string): PairedClient[] {
	let value: unknown;
	try {
		value = JSON.parse(readFileSync(pairedFile(agentDir), "utf8"));
	} catch {
		return [];
	}
	if (!isRecord(value) || value.v !== FILE_VERSION || !Array.isArray(value.clients)) return [];
	return value.clients.flatMap((c): PairedClient[] => {
		if (!isRecord(c)) return [];
		const { id, name, verifier, pairedAt } = c;
		return typeof id === "string" &&
			typeof name === "string" &&
			typeof verifier === "string" &&
			typeof pairedAt === "number"
			? [{ id, name, verifier, pairedAt }]
			: [];
	});
}

function writePairedClients(agentDir: string, clients: readonly PairedClient[]): void {
	const path = pairedFile(agentDir);
	mkdirSync(join(agentDir, "ask-user-question"), { recursive: true, mode: 0o700 });
	const temp = `${path}.${process.pid}.tmp`;
	writeFileSync(temp, `${JSON.stringify({ v: FILE_VERSION, clients }, null, "\t")}\n`, { mode: 0o600 });
	chmodSync(temp, 0o600);
	renameSync(temp, path);
}

/** Adds a client under `name`; returns its credential (shown to that client once, kept nowhere here). */
export function addPairedClient(agentDir: string, name: string, now = Date.now()): { id: string; credential: string } {
	const credential = randomBytes(32).toString("base64url");
	const id = randomBytes(4).toString("hex");
	const clients = readPairedClients(agentDir);
	writePairedClients(agentDir, [...clients, { id, name, verifier: verifierOf(credential), pairedAt: now }]);
	return { id, credential };
}

/** Removes the clients `which` picks; returns how many went. */
export function removePairedClients(agentDir: string, which: (client: PairedClient) => boolean): number {
	const clients = readPairedClients(agentDir);
	const kept = clients.filter((c) => !which(c));
	if (kept.length !== clients.length) writePairedClients(agentDir, kept);
	return clients.length - kept.length;
}

/** The paired client whose credential this is, compared in constant time; undefined for any other. */
export function pairedClientFor(agentDir: string, credential: string): PairedClient | undefined {
	const given = Buffer.from(verifierOf(credential));
	return readPairedClients(agentDir).find((c) => {
		const expected = Buffer.from(c.verifier);
		return expected.length === given.length && timingSafeEqual(expected, given);
	});
}

export function verifierOf(credential: string): string {
	return createHash("sha256").update(credential).digest("base64url");
}

/** One pairing in progress on one connection: its code, its deadline, the tries left. */
export class PairingAttempt {
	readonly name: string;
	readonly code: string;
	private readonly expiresAt: number;
	private triesLeft: number = PAIRING.tries;

	constructor(name: string, now: number, code: string = newCode()) {
		this.name = name;
		this.code = code;
		this.expiresAt = now + PAIRING.codeMs;
	}

	/** Checks a typed code: "ok" once, "wrong" while tries remain, then "spent"; "expired" after the deadline. */
	check(typed: string, now: number): "ok" | "wrong" | "spent" | "expired" {
		if (this.triesLeft <= 0) return "spent";
		if (now > this.expiresAt) return "expired";
		this.triesLeft--;
		const a = Buffer.from(typed.replace(/[\s-]/g, ""));
		const b = Buffer.from(this.code);
		if (a.length === b.length && timingSafeEqual(a, b)) {
			this.triesLeft = 0;
			return "ok";
		}
		return this.triesLeft > 0 ? "wrong" : "spent";
	}

	get tries(): number {
		return this.triesLeft;
	}
}

/** Six random digits. */
function newCode(): string {
	return String(randomInt(0, 10 ** PAIRING.digits)).padStart(PAIRING.digits, "0");
}

/** "482 913": easier to read off one screen and type into another. */
export function spacedCode(code: string): string {
	return `${code.slice(0, 3)} ${code.slice(3)}`;
}
