/**
 * `pi-ask serve --notify-url URL`: for the page that is closed, one JSON POST per questionnaire that
 * starts waiting (not the ones already there when serve started), naming it and linking to the inbox.
 * The body is ntfy's JSON publish form (`topic` when `--notify-topic` gives one, `title`, `message`,
 * `click`) plus `url`, which chat bridges and generic webhooks read. Model text in it is sanitized and
 * cut; the link is the page's address, which holds no secret. Sending is bounded (a burst, then one a
 * while; the rest are counted into the next message; a timeout per POST; one at a time) and never
 * breaks serving: a failure is told once, until a POST succeeds again. Node built-ins only.
 */
import { readListedQuestion } from "../relay/answer-words.ts";
import { clean } from "../relay/cli-common.ts";
import { cutAtGrapheme } from "../util/graphemes.ts";
import type { InboxItem, InboxSnapshot } from "./inbox.ts";

const NOTIFY_LIMITS = {
	/** Notifications sent at once, and one per this many ms after it. */
	burst: 3,
	everyMs: 20_000,
	/** A POST that has not answered by then is abandoned. */
	timeoutMs: 5_000,
	/** The longest question text in a message (UTF-16 units), and title. */
	questionChars: 200,
	titleChars: 100,
} as const;

export interface NotifyOptions {
	url: string;
	/** ntfy's topic, for its JSON form (POSTed to the server's root URL). */
	topic?: string;
	/** The inbox's address (no secret in it). */
	inbox: string;
	/** Told once when sending fails (and again after it worked in between). */
	say: (line: string) => void;
	fetch?: typeof fetch;
	now?: () => number;
}

/** What one POST carries. */
export interface NotifyBody {
	topic?: string;
	title: string;
	message: string;
	click: string;
	url: string;
}

/** One-line, escape-free model text, cut at a grapheme. */
function shown(text: unknown, max: number): string {
	// Breaks and tabs become spaces; every other control, bidi or invisible character a visible escape.
	const line = clean((typeof text === "string" ? text : "").replace(/[\t\n\r\u2028\u2029]+/g, " ").trim());
	return line.length <= max ? line : `${cutAtGrapheme(line, max - 1)}…`;
}

/** The message for `item` (and `more` others that arrived since the last one could be sent). */
function notifyBody(item: InboxItem, more: number, options: Pick<NotifyOptions, "topic" | "inbox">): NotifyBody {
	const first = readListedQuestion(item.questions[0]);
	const project = item.pi.cwd.split("/").filter(Boolean).at(-1) ?? item.pi.cwd;
	const who = item.from === undefined ? "" : ` (${shown(item.from.name ?? "subagent", 40)}, depth ${item.from.depth})`;
	const count = item.questions.length > 1 ? ` (+${item.questions.length - 1} more in it)` : "";
	const header = shown(first.header, 40);
	const question = shown(first.text, NOTIFY_LIMITS.questionChars);
	const others = more > 0 ? ` And ${more} more waiting.` : "";
	const body: NotifyBody = {
		title: shown(`Pi asks in ${project}${who}`, NOTIFY_LIMITS.titleChars),
		message: `${header === "" ? "" : `${header}: `}${question}${count}${others}`,
		click: options.inbox,
		url: options.inbox,
	};
	return options.topic === undefined ? body : { topic: options.topic, ...body };
}

/** Watches the inbox and POSTs for each new questionnaire; returns the handler for each snapshot. */
export class Notifier {
	private seen: Set<string> | undefined;
	private tokens: number = NOTIFY_LIMITS.burst;
	private at: number;
	private held: InboxItem[] = [];
	private sending = false;
	private failing = false;
	private readonly options: NotifyOptions;
	private readonly now: () => number;
	private timer: NodeJS.Timeout | undefined;

	constructor(options: NotifyOptions) {
		this.options = options;
		this.now = options.now ?? Date.now;
		this.at = this.now();
	}

	/** Called with every snapshot; the first one is what was already waiting: not news. */
	saw(snapshot: InboxSnapshot): void {
		const waiting = snapshot.items.filter((i) => i.gone === undefined);
		if (this.seen === undefined) {
			this.seen = new Set(waiting.map((i) => i.key));
			return;
		}
		for (const item of waiting)
			if (!this.seen.has(item.key)) {
				this.seen.add(item.key);
				this.held.push(item);
			}
		// Forget what left, so the set stays as small as the inbox.
		const now = new Set(snapshot.items.map((i) => i.key));
		for (const key of this.seen) if (!now.has(key)) this.seen.delete(key);
		this.held = this.held.filter((i) => now.has(i.key));
		this.flush();
	}

	stop(): void {
		clearTimeout(this.timer);
	}

	private flush(): void {
		if (this.sending || this.held.length === 0) return;
		const now = this.now();
		this.tokens = Math.min(NOTIFY_LIMITS.burst, this.tokens + (now - this.at) / NOTIFY_LIMITS.everyMs);
		this.at = now;
		if (this.tokens < 1) {
			clearTimeout(this.timer);
			this.timer = setTimeout(() => this.flush(), ((1 - this.tokens) * NOTIFY_LIMITS.everyMs) | 0);
			this.timer.unref();
			return;
		}
		this.tokens -= 1;
		const [item, ...rest] = this.held;
		if (item === undefined) return;
		this.held = [];
		this.sending = true;
		void this.post(notifyBody(item, rest.length, this.options)).finally(() => {
			this.sending = false;
			this.flush();
		});
	}

	private async post(body: NotifyBody): Promise<void> {
		const send = this.options.fetch ?? fetch;
		try {
			const res = await send(this.options.url, {
				method: "POST",
				headers: { "Content-Type": "application/json" },
				body: JSON.stringify(body),
				redirect: "error",
				signal: AbortSignal.timeout(NOTIFY_LIMITS.timeoutMs),
			});
			await res.body?.cancel();
			if (!res.ok) throw new Error(`HTTP ${res.status}`);
			this.failing = false;
		} catch (error) {
			if (this.failing) return;
			this.failing = true;
			// The URL may hold a secret (an ntfy topic is one): only its origin is printed.
			const where = URL.canParse(this.options.url) ? new URL(this.options.url).origin : "the notify URL";
			const why = error instanceof Error ? error.message : String(error);
			this.options.say(`Could not notify ${where} (${why}); serving goes on. Told once until it works again.`);
		}
	}
}
