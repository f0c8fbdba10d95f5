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
import { join } from "node:path";
import { isRecord } from "../util/records.ts";
import { readJsonFile, writePrivateFile } from "./private-file.ts";

/** A client (or, for pi-ask serve, a device) the person paired. */
export interface Paired {
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

/**
 * A file of paired clients or devices, `{ v: 1, <key>: Paired[] }`: the Pis' paired clients, pi-ask
 * serve's devices (serve/devices.ts). An unreadable file lists none.
 */
export class PairedFile {
	readonly path: string;
	private readonly key: "clients" | "devices";

	constructor(path: string, key: "clients" | "devices") {
		this.path = path;
		this.key = key;
	}

	all(): Paired[] {
		const value = readJsonFile(this.path);
		const list = isRecord(value) && value.v === 1 ? value[this.key] : undefined;
		if (!Array.isArray(list)) return [];
		return list.flatMap((c): Paired[] => {
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

	/** Adds one under `name`; returns it and its credential (handed to it once, kept nowhere here). */
	add(name: string, now = Date.now()): { paired: Paired; credential: string } {
		const credential = newSecret();
		const paired: Paired = {
			id: randomBytes(4).toString("hex"),
			name,
			verifier: verifierOf(credential),
			pairedAt: now,
		};
		this.write([...this.all(), paired]);
		return { paired, credential };
	}

	/** Removes the ones `which` picks; returns how many went. */
	remove(which: (paired: Paired) => boolean): number {
		const all = this.all();
		const kept = all.filter((c) => !which(c));
		if (kept.length !== all.length) this.write(kept);
		return all.length - kept.length;
	}

	/** The one whose credential this is, compared in constant time; undefined for any other. */
	find(credential: string): Paired | undefined {
		if (credential.length < 20 || credential.length > 100) return undefined;
		const verifier = verifierOf(credential);
		return this.all().find((c) => sameSecret(c.verifier, verifier));
	}

	private write(list: readonly Paired[]): void {
		writePrivateFile(this.path, { v: 1, [this.key]: list });
	}
}

/** The clients paired with the Pis of `agentDir`: every Pi of it accepts them, so pairing is once. */
export function pairedClients(agentDir: string): PairedFile {
	return new PairedFile(join(agentDir, "ask-user-question", "paired-clients.json"), "clients");
}

export function verifierOf(credential: string): string {
	return createHash("sha256").update(credential).digest("base64url");
}

/** A fresh secret: a credential, the relay's ask secret. */
export function newSecret(): string {
	return randomBytes(32).toString("base64url");
}

/** Compares secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
	const a = Buffer.from(given);
	const b = Buffer.from(expected);
	return a.length === b.length && timingSafeEqual(a, b);
}

/** One pairing in progress: its code, its deadline, the tries left. */
export class PairingAttempt {
	readonly code: string;
	private readonly expiresAt: number;
	private triesLeft: number = PAIRING.tries;

	constructor(now: number, code: string = newCode()) {
		this.code = code;
		this.expiresAt = now + PAIRING.codeMs;
	}

	/** Checks a typed code: "ok" once, "wrong" while tries remain, then "spent"; "expired" after the deadline. */
	check(typed: string, now: number): "ok" | "wrong" | "spent" | "expired" {
		if (this.triesLeft <= 0) return "spent";
		if (now > this.expiresAt) return "expired";
		this.triesLeft--;
		if (sameSecret(typed.replace(/[\s-]/g, ""), this.code)) {
			this.triesLeft = 0;
			return "ok";
		}
		return this.triesLeft > 0 ? "wrong" : "spent";
	}

	get tries(): number {
		return this.triesLeft;
	}
}

function newCode(): string {
	return String(randomInt(0, 10 ** PAIRING.digits)).padStart(PAIRING.digits, "0");
}

/** "482 913": easier to read off one screen and type into another. */
export function spacedCode(code: string): string {
	return `${code.slice(0, 3)} ${code.slice(3)}`;
}
