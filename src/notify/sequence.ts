/**
 * The bytes of a desktop notification, and the text that goes in it. The text is the model's (a question,
 * its headers), so it is sanitized like all model text and then cut to a number of graphemes: nothing in
 * it can end the OSC early or start a sequence of its own (no C0, ESC, BEL, ST, DEL or C1 survives), and
 * nothing in it can make the notification huge.
 *
 * - OSC 777: `ESC ] 777 ; notify ; title ; body BEL`; a `;` in the title would move the split, so it
 *   becomes `,` there (the body keeps it: everything after the second `;` is the body).
 * - OSC 9: `ESC ] 9 ; text BEL` with "title: body" as the text, which never starts with a digit (ConEmu
 *   and Windows Terminal read `9;4;…` as progress and `9;9;…` as a directory).
 * - OSC 99 (kitty): title and body as two chunks of one notification, base64 (`e=1`), shown only while
 *   the window is unfocused (`o=unfocused`): a person looking at it sees the questionnaire already.
 * - BEL: the one byte.
 * - tmux passthrough: `ESC P tmux ; <sequence, every ESC doubled> ESC \`.
 * Pure apart from the sanitizer and the grapheme segmenter.
 */
import type { Questionnaire } from "../protocol/questions.ts";
import { ELLIPSIS } from "../text/fit.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import { graphemeSegmenter } from "../util/graphemes.ts";
import type { NotificationPlan } from "./method.ts";

const BEL = "\x07";
const ESC = "\x1b";
const ST = `${ESC}\\`;

/** Graphemes of the body kept: about two lines of a desktop notification. */
const BODY_MAX_GRAPHEMES = 120;
/** Graphemes of the title kept. */
const TITLE_MAX_GRAPHEMES = 60;

/** kitty's notification id: one at a time, so a newer one replaces ours rather than stacking. */
const KITTY_ID = "pi-ask-user-question";

/** A notification's words, already fitted ({@link notificationText}). */
export interface NotificationText {
	title: string;
	body: string;
}

/** Anything left in sanitized text that a terminal could read as a control (belt and braces). */
const CONTROL = /[\x00-\x1f\x7f-\x9f]/g;

/**
 * `text` made safe and short: sanitized as inline text (controls become visible stand-ins, line breaks
 * spaces), runs of spaces squeezed, trimmed, and cut to `maxGraphemes` (the last one an ellipsis).
 */
function fitNotificationText(text: string, maxGraphemes: number): string {
	const clean = sanitizeInline(text).replace(CONTROL, "").replace(/ {2,}/g, " ").trim();
	// Cheap when short: no segmenter for text that cannot exceed the cap.
	if (clean.length <= maxGraphemes) return clean;
	const graphemes: string[] = [];
	for (const { segment } of graphemeSegmenter().segment(clean)) {
		if (graphemes.length === maxGraphemes) {
			graphemes[maxGraphemes - 1] = ELLIPSIS;
			return graphemes.join("").trimEnd();
		}
		graphemes.push(segment);
	}
	return graphemes.join("");
}

/** Both parts fitted. */
export function notificationText(title: string, body: string): NotificationText {
	return {
		title: fitNotificationText(title, TITLE_MAX_GRAPHEMES),
		body: fitNotificationText(body, BODY_MAX_GRAPHEMES),
	};
}

/**
 * What a questionnaire asks, in one line (raw: fit it before showing): a single question's text; with
 * several, their headers joined by " · " (a question's text stands in for a blank header).
 */
export function askedSubject(questionnaire: Questionnaire): string {
	const { questions } = questionnaire;
	if (questions.length === 1) return questions[0]?.question ?? "";
	return questions.map((q) => (q.header.trim() === "" ? q.question : q.header)).join(" · ");
}

/** What a questionnaire asks, fitted and sanitized: a notification's body, and Pi's `blocked` message. */
export function askedLine(questionnaire: Questionnaire): string {
	return fitNotificationText(askedSubject(questionnaire), BODY_MAX_GRAPHEMES);
}

/** The bytes that send `text` by `plan`. */
export function notificationSequence(plan: NotificationPlan, text: NotificationText): string {
	const sequence = bare(plan, text);
	return plan.tmux && plan.method !== "bell" ? wrapForTmux(sequence) : sequence;
}

/** `sequence` wrapped for tmux's passthrough: tmux hands it to the outer terminal unchanged. */
function wrapForTmux(sequence: string): string {
	return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ST}`;
}

function bare(plan: NotificationPlan, { title, body }: NotificationText): string {
	switch (plan.method) {
		case "bell":
			return BEL;
		case "osc777":
			return `${ESC}]777;notify;${title.replaceAll(";", ",")};${body}${BEL}`;
		case "osc9": {
			const text = body === "" ? title : title === "" ? body : `${title}: ${body}`;
			return `${ESC}]9;${/^\d/.test(text) ? ` ${text}` : text}${BEL}`;
		}
		case "osc99":
			return (
				`${ESC}]99;i=${KITTY_ID}:d=0:o=unfocused:e=1:p=title;${base64(title)}${ST}` +
				`${ESC}]99;i=${KITTY_ID}:d=1:o=unfocused:e=1:p=body;${base64(body)}${ST}`
			);
	}
}

function base64(text: string): string {
	return Buffer.from(text, "utf8").toString("base64");
}
