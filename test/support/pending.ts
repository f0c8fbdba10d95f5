/**
 * What the pending-questionnaire e2e tests share: the model's script (ask, go on, echo the late answer),
 * the deferred advice and the late answer's first line as the model reads them, and the reader of the
 * newest user-role message (a late answer reaches the model as one).
 */
import { contentText, type ParsedRequest, type Step } from "./fake-model.ts";
import { askStep } from "./questions.ts";

/** The sentence a deferred tool result ends with. */
export const DEFERRED_ADVICE =
	"The user will answer later: do not assume answers, continue with work that does not depend on them and do not ask the same questions again meanwhile; the answers will arrive as a message.";

/** What the model reads when the answer timeout put an untouched questionnaire aside (`onTimeout: "defer"`). */
export const TIMED_OUT_PENDING =
	"The time to answer ran out before the user answered (they may be away), so the questionnaire stays pending: the user may answer it later, and the answers would arrive as a message. Do not assume answers: continue with work that does not depend on them and do not ask the same questions again meanwhile.";

/** The late answer's first line, for the first call of a session (`call_1`); any minute of any day. */
export const LATE =
	/^Late answer to the ask_user_question questionnaire asked at \d{4}-\d\d-\d\d \d\d:\d\d UTC \(tool call "call_1"\): /;

/** The text of the newest user-role message of a request. */
export function lastUserText(request: ParsedRequest | undefined): string {
	const user = [...(request?.messages ?? [])].reverse().find((m) => m.role === "user");
	return contentText(user?.content);
}

/** The model's turns: ask, go on with what does not depend on the answers, then echo the late answer. */
export function pendingScript(...questions: object[]): Step[] {
	return [askStep(...questions), { text: "Carrying on meanwhile." }, (r) => ({ text: `late: ${lastUserText(r)}` })];
}
