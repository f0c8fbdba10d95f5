/**
 * One connection's pairing (pairing.ts has the design): `pair` shows a code on Pi's screen, one pairing
 * per Pi at a time; `pair_code` checks what the person typed (three tries, two minutes) and, once right,
 * has the Pi record the client and hands it its credential. Each step returns the reply to send. No Pi
 * imports.
 */
import { checkAnswererName } from "../protocol/answered-by.ts";
import type { RelayHandlers } from "./handlers.ts";
import { PAIRING, PairingAttempt } from "./pairing.ts";
import { errorMessage, type ServerMessage } from "./protocol.ts";

/** What a pairing needs of the server: the handlers, and the one slot for a code on screen. */
interface PairingContext {
	handlers: Pick<RelayHandlers, "showPairingCode" | "pair">;
	pairing: { busy: boolean };
}

export class PeerPairing {
	private running: { attempt: PairingAttempt; name: string; timer: NodeJS.Timeout } | undefined;
	private readonly context: PairingContext;
	private readonly expired: () => void;

	/** `expired` runs when a code shown is not brought back in time. */
	constructor(context: PairingContext, expired: () => void) {
		this.context = context;
		this.expired = expired;
	}

	/** Shows a code for the client `given` names. */
	start(id: string, given: string): ServerMessage {
		const { pairing, handlers } = this.context;
		const named = checkAnswererName(given, "pair.name");
		if (!named.ok) return errorMessage("invalid_request", named.problem, id);
		if (this.running !== undefined)
			return errorMessage("invalid_request", "pair: a pairing runs on this connection", id);
		if (pairing.busy) return errorMessage("busy", "another client is pairing; try again in a moment", id);
		const { name } = named;
		const attempt = new PairingAttempt(Date.now());
		let shown = false;
		try {
			shown = handlers.showPairingCode(name, attempt.code);
		} catch {
			// A screen that throws showed no code.
		}
		if (!shown) return errorMessage("unavailable", "this Pi cannot show a pairing code now", id);
		pairing.busy = true;
		const timer = setTimeout(this.expired, PAIRING.codeMs);
		timer.unref();
		this.running = { attempt, name, timer };
		return { type: "pairing", id, tries: attempt.tries, expiresInMs: PAIRING.codeMs };
	}

	/** Checks a typed code; `end` when the connection should close (no tries left, expired). */
	check(id: string, code: string): { reply: ServerMessage; end: boolean } {
		const running = this.running;
		if (running === undefined)
			return {
				reply: errorMessage("not_found", "pair_code: no pairing runs on this connection; send pair first", id),
				end: false,
			};
		const { attempt, name } = running;
		const verdict = attempt.check(code, Date.now());
		if (verdict === "wrong") {
			const left = `${attempt.tries} ${attempt.tries === 1 ? "try" : "tries"} left`;
			return { reply: errorMessage("rejected", `wrong code; ${left}`, id), end: false };
		}
		this.stop();
		if (verdict !== "ok") {
			const why = verdict === "expired" ? "the code expired" : "wrong code; no tries left";
			return { reply: errorMessage("rejected", why, id), end: true };
		}
		try {
			const credential = this.context.handlers.pair(name);
			return { reply: { type: "paired", id, credential, name }, end: false };
		} catch (error) {
			const why = error instanceof Error ? error.message : String(error);
			return { reply: errorMessage("unavailable", `pairing could not be saved: ${why}`, id), end: false };
		}
	}

	/** Ends a pairing in progress (the connection closed, or it ended): the slot is free again. */
	stop(): void {
		if (this.running === undefined) return;
		clearTimeout(this.running.timer);
		this.running = undefined;
		this.context.pairing.busy = false;
	}
}
