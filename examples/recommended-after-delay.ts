/**
 * An example answerer for ask_user_question's answer channel (docs/answer-channel.md:
 * "Answering from another extension"). When nobody answers a questionnaire within PI_ASK_AUTO_AFTER seconds (default 300), it
 * answers every single-select question that has a "(Recommended)" option with that option, and leaves
 * the rest unanswered; with no recommended option anywhere it declines. The model is told this extension
 * answered, not the user. A questionnaire the person put aside ("Answer later") is left to them. Because it announces itself, the tool is also offered in `pi -p` runs, where
 * it is the only one answering.
 *
 * Try it: pi -e ./path/to/pi-ask-user-question -e ./path/to/pi-ask-user-question/examples/recommended-after-delay.ts
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type {
	AnswererPayload,
	AnswerPayload,
	AnswerRejectedPayload,
	AskedPayload,
	ClosedPayload,
} from "pi-ask-user-question";

const NAME = "recommended-after-delay";

export default function recommendedAfterDelay(pi: ExtensionAPI): void {
	const seconds = Number(process.env.PI_ASK_AUTO_AFTER ?? 300);
	const delayMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 300_000;
	const pending = new Map<string, ReturnType<typeof setTimeout>>();

	// Announce at load, and again when ask_user_question says it listens (whichever loaded first).
	const announce = () => pi.events.emit("ask_user_question:answerer", { name: NAME } satisfies AnswererPayload);
	pi.events.on("ask_user_question:ready", announce);
	announce();

	pi.events.on("ask_user_question:asked", (data) => {
		const { id, questions, pending: putAside } = data as AskedPayload;
		clearTimeout(pending.get(id));
		pending.delete(id);
		// Put aside on purpose (or cut short): the person answers it later with /answer, not this extension.
		if (putAside === true) return;
		const timer = setTimeout(() => {
			pending.delete(id);
			const answers = questions.flatMap((question, index) => {
				const recommended = question.options.find((o) => /\(recommended\)\s*$/i.test(o.label));
				return question.multiSelect !== true && recommended ? [{ question: index, options: [recommended.label] }] : [];
			});
			const answer: AnswerPayload =
				answers.length > 0
					? { id, answers, by: NAME }
					: { id, decline: true, globalNote: "Nobody answered in time, and no option was recommended.", by: NAME };
			pi.events.emit("ask_user_question:answer", answer);
		}, delayMs);
		pending.set(id, timer);
	});

	// Answered at the terminal (or otherwise ended): nothing left to do for this one.
	pi.events.on("ask_user_question:closed", (data) => {
		const { id } = data as ClosedPayload;
		clearTimeout(pending.get(id));
		pending.delete(id);
	});

	pi.events.on("ask_user_question:answer_rejected", (data) => {
		const { problems } = data as AnswerRejectedPayload;
		console.error(`${NAME}: answer refused: ${problems.join("; ")}`);
	});
}
