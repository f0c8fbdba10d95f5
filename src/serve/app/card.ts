/// <reference lib="dom" />
/**
 * One waiting questionnaire on the page: where it waits and who asks, its questions as a form (one or
 * several options, your own words, a note per question and one overall), a review of what will be sent,
 * and the verdict. Keys: 1–9 pick an option of the question being answered, Enter reviews, Enter again
 * sends. Everything the model wrote goes in as text (dom.ts) or markdown built as elements (markdown.ts).
 */
import { type ListedQuestion, readListedQuestion } from "../../relay/answer-words.ts";
import type { InboxItem, Verdict } from "../inbox.ts";
import { call, el, show } from "./dom.ts";
import { renderMarkdown } from "./markdown.ts";
import type { Words } from "./words.ts";

export function ageText(askedAt: number, words: Words): string {
	const minutes = Math.max(0, Math.round((Date.now() - askedAt) / 60_000));
	if (minutes < 1) return words.justNow;
	return minutes < 60 ? `${minutes} ${words.minAgo}` : `${Math.round(minutes / 60)} ${words.hAgo}`;
}

/** The card of one questionnaire; `update` takes its newest listing (or undefined once it left). */
export class Card {
	readonly root: HTMLElement;
	private readonly questions: ListedQuestion[];
	private readonly form: HTMLFormElement;
	private readonly reviewBox: HTMLElement;
	private readonly verdictBox: HTMLElement;
	private readonly state: HTMLElement;
	private readonly age: HTMLElement;
	/** Answer later: shown while a call waits for it (a pending one is put aside already). */
	private readonly laterButton: HTMLButtonElement;
	private item: InboxItem;
	private readonly words: Words;
	/** Set once answered here, declined, or ended elsewhere: the card only shows how it ended. */
	done = false;
	/** An answer from here is on its way: its own verdict, not the listing, says how it ended. */
	private sending = false;

	constructor(item: InboxItem, words: Words) {
		this.item = item;
		this.words = words;
		this.questions = item.questions.map(readListedQuestion);
		const id = `c-${item.key.replace(/[^\w-]/g, "_")}`;
		const project = item.pi.cwd.split("/").filter(Boolean).at(-1) ?? item.pi.cwd;
		const who =
			item.from === undefined
				? words.yourAgent
				: `${words.askedBy} ${item.from.name ?? "subagent"} · ${words.depth} ${item.from.depth}`;
		this.state = el("span", { class: "state" });
		this.laterButton = el("button", { type: "button", class: "later", text: words.later });
		this.age = el("span", { class: "age" });
		const head = el(
			"header",
			{},
			el("span", { class: "project", title: item.pi.cwd, text: project }),
			el("span", { class: "who", text: who }),
			this.age,
			this.state,
		);
		this.form = el("form", { novalidate: true, "aria-labelledby": `${id}-h` });
		for (const [i, q] of this.questions.entries()) this.form.append(this.fieldset(q, i, id));
		this.form.append(
			el("label", { class: "global" }, words.globalNote, el("textarea", { name: "global", rows: "2" })),
			el(
				"div",
				{ class: "actions" },
				el("button", { type: "submit", class: "primary", text: words.review }),
				el("button", { type: "button", class: "decline", text: words.decline }),
				this.laterButton,
			),
		);
		this.reviewBox = el("section", { class: "review", hidden: true, "aria-label": words.review });
		this.verdictBox = el("p", { class: "verdict", role: "status" });
		this.root = el(
			"article",
			{ class: "card", id, "data-key": item.key },
			el("h2", { id: `${id}-h`, class: "sr-only", text: this.questions[0]?.text ?? "" }),
			head,
			this.form,
			this.reviewBox,
			this.verdictBox,
		);
		this.form.addEventListener("submit", (e) => {
			e.preventDefault();
			this.review(false);
		});
		this.form.querySelector(".decline")?.addEventListener("click", () => this.review(true));
		this.laterButton.addEventListener("click", () => void this.send({ later: true }));
		this.root.addEventListener("keydown", (e) => this.key(e));
		this.update(item);
	}

	private fieldset(q: ListedQuestion, i: number, id: string): HTMLFieldSetElement {
		const name = `${id}-q${i}`;
		const type = q.multi ? "checkbox" : "radio";
		const set = el(
			"fieldset",
			{ class: "question", "data-index": String(i) },
			el("legend", {}, q.header ? el("span", { class: "chip", text: q.header }) : undefined, q.text),
			el("p", { class: "hint", text: q.multi ? this.words.several : this.words.one }),
		);
		q.options.forEach((o, n) => {
			const input = el("input", { type, name, value: String(n), "data-label": o.label });
			const label = el(
				"label",
				{ class: "option" },
				input,
				el("span", { class: "num", "aria-hidden": "true", text: String(n + 1) }),
				el("span", { class: "label", text: o.label }),
				o.description ? el("span", { class: "desc", text: o.description }) : undefined,
			);
			set.append(label);
			if (o.preview !== undefined)
				set.append(
					el("details", { class: "preview" }, el("summary", { text: this.words.preview }), renderMarkdown(o.preview)),
				);
		});
		const own = el("input", {
			type: "text",
			class: "own",
			name: `${name}-own`,
			"aria-label": `${this.words.ownWords}: ${q.text}`,
		});
		const ownPick = el("input", { type, name, value: "own" });
		own.addEventListener("input", () => {
			ownPick.checked = own.value.trim() !== "";
		});
		set.append(
			el("label", { class: "option own-row" }, ownPick, el("span", { class: "label", text: this.words.ownWords })),
			own,
			el(
				"label",
				{ class: "note" },
				this.words.note,
				el("input", { type: "text", class: "note-input", name: `${name}-note` }),
			),
		);
		return set;
	}

	/** The answer fields as the relay takes them. */
	private fields(decline: boolean): Record<string, unknown> {
		const global = (this.form.elements.namedItem("global") as HTMLTextAreaElement).value.trim();
		const globalNote = global === "" ? {} : { globalNote: global };
		if (decline) return { decline: true, ...globalNote };
		const answers = [...this.form.querySelectorAll<HTMLFieldSetElement>("fieldset.question")].flatMap((set, i) => {
			const picked = [...set.querySelectorAll<HTMLInputElement>("input:checked")];
			const options = picked.filter((p) => p.value !== "own").map((p) => p.dataset.label ?? "");
			const own = set.querySelector<HTMLInputElement>("input.own")?.value.trim() ?? "";
			const text = picked.some((p) => p.value === "own") && own !== "" ? own : undefined;
			const note = set.querySelector<HTMLInputElement>("input.note-input")?.value.trim() ?? "";
			const entry: Record<string, unknown> = { question: i };
			if (options.length > 0 && (this.questions[i]?.multi || text === undefined)) entry.options = options;
			if (text !== undefined) entry.text = text;
			if (note !== "") entry.note = note;
			return Object.keys(entry).length > 1 ? [entry] : [];
		});
		return { answers, ...globalNote };
	}

	/** Shows what will be sent, with Send and Change. */
	private review(decline: boolean): void {
		if (this.done) return;
		const fields = this.fields(decline);
		const answers = (fields.answers ?? []) as { question: number; options?: string[]; text?: string; note?: string }[];
		const list = el("dl");
		if (decline) list.append(el("dt", { text: this.words.decline }));
		else
			this.questions.forEach((q, i) => {
				const a = answers.find((x) => x.question === i);
				const said =
					a === undefined ? this.words.left : [...(a.options ?? []), ...(a.text ? [`“${a.text}”`] : [])].join(", ");
				list.append(el("dt", { text: q.text }), el("dd", { text: said || this.words.left }));
				if (a?.note) list.append(el("dd", { class: "note", text: `${this.words.note}: ${a.note}` }));
			});
		if (typeof fields.globalNote === "string")
			list.append(el("dt", { text: this.words.globalNote }), el("dd", { text: fields.globalNote }));
		const send = el("button", { type: "button", class: "primary send", text: this.words.send });
		const change = el("button", { type: "button", text: this.words.change });
		send.addEventListener("click", () => void this.send(fields));
		change.addEventListener("click", () => this.back());
		show(this.reviewBox, el("h3", { text: this.words.review }), list, el("div", { class: "actions" }, send, change));
		this.form.hidden = true;
		this.reviewBox.hidden = false;
		send.focus();
	}

	private back(): void {
		this.reviewBox.hidden = true;
		this.form.hidden = false;
		this.form.querySelector<HTMLInputElement>("input")?.focus();
	}

	private async send(fields: Record<string, unknown>): Promise<void> {
		if (this.done) return;
		const buttons = [...this.reviewBox.querySelectorAll("button"), this.laterButton];
		for (const b of buttons) b.disabled = true;
		let verdict: Verdict;
		this.sending = true;
		try {
			verdict = (await call<Verdict>("POST", "/api/answer", { key: this.item.key, ...fields })).data;
		} catch {
			verdict = { verdict: "refused", message: this.words.offline, problems: [] };
		}
		this.sending = false;
		const w = this.words;
		this.laterButton.disabled = false;
		if (verdict.verdict === "later") {
			this.verdictBox.textContent = w.putAside;
			this.laterButton.hidden = true;
			this.back();
			return;
		}
		if (verdict.verdict === "refused") {
			this.verdictBox.textContent = [`${w.notAnswered} ${verdict.message}`, ...verdict.problems].join(" — ");
			this.back();
			return;
		}
		this.finish(
			verdict.verdict === "answered"
				? verdict.outcome === "partial"
					? w.partial
					: verdict.outcome === "declined"
						? w.declined
						: w.answered
				: verdict.verdict === "gone"
					? w.gone
					: `${w.first}${verdict.by ? ` (${verdict.by === "in Pi" ? w.inPi : verdict.by})` : ""}.`,
		);
	}

	/** The card only says how it ended now. */
	finish(text: string): void {
		this.done = true;
		this.form.hidden = true;
		this.reviewBox.hidden = true;
		this.root.classList.add("done");
		this.state.textContent = "";
		this.verdictBox.textContent = text;
	}

	update(item: InboxItem | undefined): void {
		if (this.done || (item === undefined && this.sending)) return;
		if (item === undefined || item.gone !== undefined) {
			this.finish(item === undefined ? this.words.answeredElsewhere : this.words.gone);
			return;
		}
		this.item = item;
		this.state.textContent = item.state === "open" ? this.words.open : this.words.pending;
		this.laterButton.hidden = item.state !== "open";
		this.tick();
	}

	tick(): void {
		this.age.textContent = ageText(this.item.askedAt, this.words);
	}

	/** 1–9: that option of the question holding the focus (or the first); Enter: review, then send. */
	private key(e: KeyboardEvent): void {
		const target = e.target as HTMLElement;
		const typing =
			target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === "text");
		if (e.key === "Enter" && !this.reviewBox.hidden && !(target instanceof HTMLButtonElement)) {
			e.preventDefault();
			this.reviewBox.querySelector<HTMLButtonElement>(".send")?.click();
			return;
		}
		if (typing || !/^[1-9]$/.test(e.key) || this.form.hidden) return;
		const set = target.closest("fieldset.question") ?? this.form.querySelector("fieldset.question");
		const input = set?.querySelectorAll<HTMLInputElement>("label.option input")[Number(e.key) - 1];
		if (input === undefined) return;
		e.preventDefault();
		input.checked = input.type === "checkbox" ? !input.checked : true;
		input.focus();
	}
}
