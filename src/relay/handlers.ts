/**
 * What a relay server serves, as the connection (peer.ts) and the server (server.ts) both see it: the
 * handlers the Pi adapter supplies and what each answers. Types only.
 */
import type { Origin } from "../protocol/origin.ts";
import type { AnswerFields, ListedQuestionnaire, RelayReply } from "./protocol.ts";

/** What the server serves. */
export interface RelayHandlers {
	/**
	 * Runs one ask until it ends or `signal` fires (its cancel, its connection closed, the server closing);
	 * `accepted` tells the asker the questionnaire's id once it has one. Should not throw (a throw is a reply).
	 */
	ask(
		request: { questions: unknown; from: Origin },
		signal: AbortSignal,
		accepted: (id: string) => void,
	): Promise<RelayReply>;
	/** The questionnaires waiting now. */
	list(): ListedQuestionnaire[];
	/** Answers one of them, for the paired client named `client`. */
	answer(questionnaire: string, answer: AnswerFields, client: string): Promise<RelayReply>;
	/** The name of the paired client whose credential `token` is; undefined for any other. */
	pairedClient(token: string): string | undefined;
	/** Shows the person a pairing code for the client `name` on Pi's own screen; false when it cannot now. */
	showPairingCode(name: string, code: string): boolean;
	/** Pairs the client `name` (the person typed the code): its credential. */
	pair(name: string): string;
}
