/**
 * What `pi-ask serve` shows: every questionnaire waiting in the person's running Pis, read with pi-ask's
 * own pairing (one connection per Pi, found in the registry, asked to `list` a few times a second), and
 * an answer sent to the Pi it waits in, for a device. A Pi that ends leaves its questionnaires marked as
 * gone for a minute, then they are reaped. No Pi imports.
 */
import { type AnswerVerdict, answerVerdict, openRelayLink, type RelayLink, request } from "../relay/client.ts";
import type { Credential } from "../relay/credentials.ts";
import type { AnswerFields, ListedQuestionnaire } from "../relay/protocol.ts";
import type { RegistryEntry } from "../relay/registry.ts";

/** One waiting questionnaire, as the page gets it. */
export interface InboxItem extends ListedQuestionnaire {
	/** Unique across Pis: `<pid>/<id>`; what the page answers by. */
	key: string;
	/** The Pi it waits in. */
	pi: { pid: number; cwd: string };
	/** Epoch ms when its Pi ended; it can no longer be answered. */
	gone?: number;
}

export interface InboxSnapshot {
	version: number;
	items: InboxItem[];
	/** Pis that could not be read (e.g. the pairing was revoked there), by their label. */
	problems: string[];
}

/** How an answer from a device ended. */
export type Verdict =
	| { verdict: "answered"; outcome: string }
	/** Put aside (Answer later): it stays pending in its Pi and on the page. */
	| { verdict: "later" }
	| { verdict: "first"; by?: string }
	| Extract<AnswerVerdict, { verdict: "refused" }>
	| { verdict: "gone" };

export interface InboxOptions {
	credential: Credential;
	/** The running Pis (the registry). */
	entries: () => RegistryEntry[];
	pollMs?: number;
	/** How long a gone Pi's questionnaires stay on the page. */
	goneMs?: number;
}

interface PiState {
	entry: RegistryEntry;
	link?: RelayLink;
	connecting?: Promise<RelayLink | undefined>;
	items: InboxItem[];
	problem?: string;
}

/** How long one Pi may take to list what waits in it before the round goes on without it. */
const LIST_TIMEOUT_MS = 3_000;

class TimedOut extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<never>((_, fail) => {
		timer = setTimeout(() => fail(new TimedOut(`no list within ${ms} ms`)), ms);
	});
	return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export class Inbox {
	private readonly pis = new Map<number, PiState>();
	private gone: InboxItem[] = [];
	private readonly listeners = new Set<() => void>();
	private current: InboxSnapshot = { version: 0, items: [], problems: [] };
	private timer: NodeJS.Timeout | undefined;
	private polling: Promise<void> | undefined;
	private requests = 0;
	private readonly options: InboxOptions;

	constructor(options: InboxOptions) {
		this.options = options;
	}

	/** Starts polling; resolves after the first round. */
	async start(): Promise<void> {
		await this.poll();
		this.timer = setInterval(() => void this.poll(), this.options.pollMs ?? 300);
		this.timer.unref();
	}

	stop(): void {
		clearInterval(this.timer);
		for (const pi of this.pis.values()) pi.link?.close();
		this.pis.clear();
	}

	snapshot(): InboxSnapshot {
		return this.current;
	}

	/** Called after every change; returns the unsubscribe. */
	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** One round now (or the one running). */
	poll(): Promise<void> {
		this.polling ??= this.round().finally(() => {
			this.polling = undefined;
		});
		return this.polling;
	}

	private async round(): Promise<void> {
		const now = Date.now();
		const entries = this.options.entries();
		const alive = new Set(entries.map((e) => e.pid));
		for (const [pid, pi] of this.pis)
			if (!alive.has(pid)) {
				this.bury(pi, now);
				this.pis.delete(pid);
			}
		for (const entry of entries)
			if (!this.pis.has(entry.pid) || this.pis.get(entry.pid)?.entry.socket !== entry.socket)
				this.pis.set(entry.pid, { entry, items: [] });
		await Promise.all([...this.pis.values()].map((pi) => this.read(pi)));
		this.gone = this.gone.filter((item) => now - (item.gone ?? now) < (this.options.goneMs ?? 60_000));
		this.publish();
	}

	/** Marks a Pi's questionnaires gone (it ended, or its relay cannot be reached). */
	private bury(pi: PiState, now: number): void {
		pi.link?.close();
		this.gone.push(...pi.items.map((item) => ({ ...item, gone: now })));
		pi.items = [];
	}

	private async read(pi: PiState): Promise<void> {
		const link = await this.linkOf(pi);
		// Its relay is gone or refuses us: nothing of it can be answered from here now.
		if (link === undefined) return this.bury(pi, Date.now());
		try {
			const reply = await withTimeout(request(link, { type: "list", id: `l${++this.requests}` }), LIST_TIMEOUT_MS);
			if (reply.type !== "questionnaires") throw new Error(reply.type === "error" ? reply.message : "unexpected reply");
			const { pid, cwd } = pi.entry;
			pi.items = reply.questionnaires.map((q) => ({ ...q, key: `${pid}/${q.id}`, pi: { pid, cwd } }));
			pi.problem = undefined;
			this.gone = this.gone.filter((item) => item.pi.pid !== pid);
		} catch (error) {
			// A Pi that does not answer in time must not hold up the others: the next round connects again.
			// One whose connection failed cannot be answered through it: its questionnaires are marked gone.
			if (error instanceof TimedOut) link.close();
			else this.bury(pi, Date.now());
			pi.problem = error instanceof Error ? error.message : String(error);
		}
	}

	private linkOf(pi: PiState): Promise<RelayLink | undefined> {
		if (pi.link !== undefined) return Promise.resolve(pi.link);
		pi.connecting ??= openRelayLink(pi.entry.socket, this.options.credential.credential, { client: "pi-ask serve" })
			.then((link) => {
				pi.link = link;
				pi.problem = undefined;
				void link.closed.then(() => {
					if (pi.link === link) pi.link = undefined;
				});
				return link;
			})
			.catch((error: unknown) => {
				pi.problem = error instanceof Error ? error.message : String(error);
				return undefined;
			})
			.finally(() => {
				pi.connecting = undefined;
			});
		return pi.connecting;
	}

	private publish(): void {
		const items = [...[...this.pis.values()].flatMap((pi) => pi.items), ...this.gone].sort(
			(a, b) => a.askedAt - b.askedAt,
		);
		const problems = [...this.pis.values()].flatMap((pi) =>
			pi.problem === undefined ? [] : [`${pi.entry.cwd} (pid ${pi.entry.pid}): ${pi.problem}`],
		);
		const same =
			JSON.stringify(items) === JSON.stringify(this.current.items) &&
			JSON.stringify(problems) === JSON.stringify(this.current.problems);
		if (same) return;
		this.current = { version: this.current.version + 1, items, problems };
		for (const listener of [...this.listeners]) listener();
	}

	/** Answers the questionnaire `key` names for `device`; how it ended. */
	async answer(key: string, fields: AnswerFields, device: string): Promise<Verdict> {
		const item = this.current.items.find((i) => i.key === key);
		const pi = item === undefined ? undefined : this.pis.get(item.pi.pid);
		if (item === undefined || item.gone !== undefined || pi === undefined) return { verdict: "gone" };
		const link = await this.linkOf(pi);
		if (link === undefined) return { verdict: "gone" };
		const message = { type: "answer", id: `a${++this.requests}`, questionnaire: item.id } as const;
		const reply = await request(link, { ...message, ...fields, device });
		void this.poll();
		const ended = answerVerdict(reply, `${device} via ${this.options.credential.name}`);
		if (ended.verdict === "answered") return ended.outcome === "deferred" ? { verdict: "later" } : ended;
		if (ended.verdict !== "first") return ended;
		const by = ended.by;
		const who = by?.kind === "person" ? "in Pi" : typeof by?.name === "string" ? by.name : undefined;
		return who === undefined ? { verdict: "first" } : { verdict: "first", by: who };
	}
}
