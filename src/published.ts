/**
 * The package's TypeScript surface (package.json `exports["."].types`; scripts/build.ts writes its
 * declarations to dist/types/): the answer channel's event payloads and the models they carry, for
 * extensions that answer questionnaires (docs/answer-channel.md). Types only: the channel is Pi's
 * event bus, so the package has nothing to import at run time.
 */
export type { AnsweredBy } from "./protocol/answered-by.ts";
export type { Origin } from "./protocol/origin.ts";
export type { Question, QuestionOption } from "./protocol/questions.ts";
export type { AnswerEntry } from "./protocol/read-answer.ts";
export type { Answer, Outcome, QuestionnaireResult } from "./protocol/result.ts";
export type {
	AnswererPayload,
	AnswerPayload,
	AnswerRejectedPayload,
	AskedPayload,
	ClosedPayload,
} from "./tool/answer-events.ts";
