/**
 * The dialog walker: the questionnaire on a host with `select` and `input` dialogs but no custom UI (Pi
 * `--mode rpc`, editor bridges such as pi-acp, the accessible prompts). A driver over the core: it asks
 * which dialog is due (state/dialog-step.ts), shows it (screens.ts, host.ts) and reports the person's
 * move, so every rule and the result are the TUI's. An internal error ends the walk as the core's
 * `giveUp` says; a cancelled input changes nothing.
 */
import { en } from "../i18n/en.ts";
import type { Messages } from "../i18n/messages.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { cutShortResult, type HostKind, type QuestionnaireResult } from "../protocol/result.ts";
import { initialAnswers, type ReduceContext } from "../state/answers.ts";
import {
	applyMove,
	type DialogStep,
	dialogStep,
	type Move,
	type Typing,
	type WalkState,
	walkFrom,
} from "../state/dialog-step.ts";
import { givenChanged, progressOfState, restoredAnswers } from "../state/restore.ts";
import type { Countdown } from "../util/countdown.ts";
import { type DialogHost, Dialogs, type InputReply, type SelectReply } from "./host.ts";
import { closingScreen, questionScreens } from "./screens.ts";

export interface WalkOptions {
	/** Recorded in the result. */
	host: HostKind;
	signal?: AbortSignal;
	messages?: Messages;
	/** The answer timeout (its owner started it and disarms it when the showing ends); absent: it waits. */
	timeout?: Countdown;
	/** Which questions apply (state/answers.ts); absent, every question does. */
	applies?: ReduceContext["applies"];
	/** What a pending questionnaire had collected (`/answer`): the walk reopens it (state/restore.ts). */
	progress?: Progress;
	/** Told what was given whenever it changes, and as the walk ends; must not throw (openOnHost sees to it). */
	onProgress?: (progress: Progress) => void;
}

/** Runs `questionnaire` on `host` and resolves with the result. Never rejects. */
export async function walkQuestionnaire(
	questionnaire: Questionnaire,
	host: DialogHost,
	options: WalkOptions,
): Promise<QuestionnaireResult> {
	const context: ReduceContext = { questions: questionnaire.questions, host: options.host, applies: options.applies };
	const { progress, onProgress } = options;
	const given = progress ? restoredAnswers(context.questions, progress) : initialAnswers(context.questions);
	let state = walkFrom(given, context);
	const settle = (move: Move): QuestionnaireResult | undefined => {
		const next = applyMove(state, move, context);
		const changed = givenChanged(state, next.state);
		state = next.state;
		if (changed || next.result) onProgress?.(progressOfState(state));
		return next.result;
	};
	// Text being typed is given before Enter (hosts that report it): recorded, not yet moved on from.
	const typing = (move: Typing) => onProgress?.(progressOfState(applyMove(state, move, context).state));
	const dialogs = new Dialogs(host, options.signal, options.timeout);
	try {
		for (;;) {
			const move = await ask(dialogStep(state, context), state, context, dialogs, options.messages ?? en, typing);
			const result = move && settle(move);
			if (result) return result;
		}
	} catch {
		// An internal error: the walk ends as one that cannot go on, below.
	}
	const bare = () => cutShortResult(options.host, context.questions.length);
	try {
		// Ending properly can fail too: then nothing is kept and nothing declined.
		return settle({ kind: "stop", reason: "failed" }) ?? bare();
	} catch {
		return bare();
	}
}

/** Shows `step` and returns the person's move; undefined when nothing changes (an input cancelled, previews). */
async function ask(
	step: DialogStep,
	state: WalkState,
	context: ReduceContext,
	dialogs: Dialogs,
	m: Messages,
	onTyping: (move: Typing) => void,
): Promise<Move | undefined> {
	if (step.kind !== "question") {
		const { title, rows } = closingScreen(step, state, context, m);
		const reply = await dialogs.select(title, rows, step.cancel);
		return reply.type === "row" ? reply.action : (stopped(reply) ?? { kind: "cancel" });
	}
	const screen = questionScreens(step, state, context, m);
	const reply = await dialogs.select(screen.title, screen.rows, step.cancel);
	if (reply.type !== "row") return stopped(reply) ?? { kind: "cancel" };
	const row = reply.action;
	if (row.kind === "type" || row.kind === "note") {
		const field = row.kind;
		// The input starts on what was given (a draft typed before, the note) and reports what is typed.
		const text = (field === "type" ? state.drafts : state.notes)[step.question] ?? "";
		let typing: Typing | undefined;
		const onTyped = (typed: string) => {
			typing = { kind: "typing", field, text: typed };
			onTyping(typing);
		};
		let held = "";
		const onLeft = (left: string) => {
			held = left.trim();
		};
		const input = await dialogs.input(screen[field].title, screen[field].placeholder, { text, onTyped, onLeft });
		if (input.type === "text") return { kind: field, text: input.text };
		if (input.type === "stop") return { kind: "stop", reason: input.reason, ...(typing ? { typing } : {}) };
		// Left without sending (hosts that say what it held): kept, as leaving the TUI's editor keeps it.
		return held === "" ? undefined : { kind: "kept", field, text: held };
	}
	if (row.kind === "previews")
		return stopped(await dialogs.select(screen.previews.title, screen.previews.rows, "back"));
	return row;
}

function stopped(reply: SelectReply<unknown> | InputReply): Move | undefined {
	return reply.type === "stop" ? { kind: "stop", reason: reply.reason } : undefined;
}
