/**
 * Who gave a result's answers (DESIGN.md §12): one field of the result model, set wherever an answer is
 * taken and read by everything that shows it. "User" is said for the person only: in this Pi's own UI
 * (the result's `host` says which), or through a client the person paired themselves (`pi-ask`, a
 * device). An extension answers under its own name and never reads as the person; a timeout is never
 * an answer. Pure: imports nothing from Pi, sockets or the terminal.
 */
import { lazyRegExp } from "../util/once.ts";
import { isRecord } from "../util/records.ts";

export type AnsweredBy =
	/** The person, in this Pi's own UI (or, for a relayed question, in the Pi above's). */
	| { kind: "person" }
	/** The person, through a client they paired with a code only Pi's screen showed; its name from the pairing. */
	| { kind: "client"; name: string }
	/** Another extension on Pi's event bus, by the name it gave: not the person. */
	| { kind: "extension"; name: string }
	/** Nobody: the answer timeout ended it. */
	| { kind: "timeout" };

/** The longest name kept (it names a client or an extension: a label, not a message). */
const ANSWERER_NAME_MAX = 100;

/** C0/C1 controls, bidi and invisible formatting characters: never part of a name. */
const INVISIBLE =
	/[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

/**
 * Words a name may not claim: whoever answers under a name is, by that very fact, not the person in Pi's
 * own UI, and the model must not be led to read it as them.
 */
// Built on first use from a string (util/once.ts): a \p{} literal costs V8 time while compiling.
const notWordChars = lazyRegExp(String.raw`[^\p{L}\p{N}]+`, "gu");

function claimsThePerson(name: string): boolean {
	const words = name.toLowerCase().replace(notWordChars(), " ").trim();
	return /\b(users?|humans?)\b/.test(words) || PERSON_WORDS.has(words.replace(/^the /, ""));
}

const PERSON_WORDS: ReadonlySet<string> = new Set([
	"person",
	"me",
	"myself",
	"i",
	"you",
	"yourself",
	"owner",
	"operator",
	"human",
]);

/**
 * A name someone answers under (an extension's `by`, a client's name at pairing), checked: the cleaned
 * name, or why it is refused. `field` names it in the problem.
 */
export function checkAnswererName(
	value: unknown,
	field = "by",
): { ok: true; name: string } | { ok: false; problem: string } {
	const what = field === "by" ? "your extension's name" : "this client's name";
	if (value === undefined || value === null)
		return { ok: false, problem: `${field}: name who answers (${what}); an answer without one is refused` };
	if (typeof value !== "string") return { ok: false, problem: `${field}: must be a string (${what})` };
	// Invisibles go before spacing is collapsed: a tab or a newline in a name is no space.
	const name = cleanName(value.replace(INVISIBLE, "").replace(/\s+/g, " "));
	if (name === undefined) return { ok: false, problem: `${field}: is blank or invisible; give ${what}` };
	if (claimsThePerson(name))
		return {
			ok: false,
			problem: `${field}: ${JSON.stringify(name)} claims to be the user; answer under ${what}, which the model and the person read beside the answers`,
		};
	return { ok: true, name };
}

/**
 * Reads who answered from a record or the relay's wire, defensively. A string is what older versions
 * wrote: another extension's name. Undefined when there is nothing readable.
 */
export function readAnsweredBy(value: unknown): AnsweredBy | undefined {
	if (typeof value === "string") {
		const name = cleanName(value);
		return name === undefined ? undefined : { kind: "extension", name };
	}
	if (!isRecord(value)) return undefined;
	switch (value.kind) {
		case "person":
			return { kind: "person" };
		case "timeout":
			return { kind: "timeout" };
		case "client":
		case "extension": {
			const name = typeof value.name === "string" ? cleanName(value.name) : undefined;
			return name === undefined ? undefined : { kind: value.kind, name };
		}
		default:
			return undefined;
	}
}

function cleanName(value: string): string | undefined {
	const name = value.replace(INVISIBLE, "").trim().slice(0, ANSWERER_NAME_MAX).trim();
	return name === "" ? undefined : name;
}
