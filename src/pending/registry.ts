/**
 * The shared shape of pending questionnaires: asked and never settled, so the person may still answer.
 * Its call returned while it stays open (put aside, cut short) or never returned at all (Pi was closed, killed
 * or crashed while it was open). The store (src/pending/store.ts) keeps them; the footer status, `/answer`,
 * the answer channel and the late answer read them. Pure types; imports nothing from Pi or the terminal.
 */
import type { Origin } from "../protocol/origin.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";

/** One questionnaire waiting for its answers. */
export interface PendingQuestionnaire {
	/** Ours, unique for the session's life (the bus and `/answer` name it by this). */
	id: string;
	/** The tool call it was asked under: named in the late answer, so the model knows which call it answers. */
	callId?: string;
	/** Epoch ms of the original call. */
	askedAt: number;
	/** The validated questions. */
	questionnaire: Questionnaire;
	/** What was given so far. */
	progress: Progress;
	/** The Pi below that asked it, when it was relayed (src/relay): the late answer names it. */
	from?: Origin;
}
