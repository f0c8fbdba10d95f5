/**
 * Pairing a device with `pi-ask serve` (docs/serve.md): the terminal where the person started it shows a
 * six-digit code (and a QR code of the page's address, which holds no secret); the device types the code on
 * the page. One code at a time, good for two minutes and three tries (relay/pairing.ts's rules); a new one
 * only when the person asks for it at that terminal. No Pi imports.
 */
import { PairingAttempt } from "../relay/pairing.ts";

export type PairingCheck = "ok" | "wrong" | "spent" | "expired" | "none";

export class PairingDesk {
	private attempt: PairingAttempt | undefined;

	/** A new code (the one before is void); to show at the person's terminal only. */
	newCode(now = Date.now(), code?: string): string {
		this.attempt = new PairingAttempt(now, code);
		return this.attempt.code;
	}

	/** Checks a typed code; a code is used up by its right answer, its last wrong try, or its deadline. */
	check(typed: string, now = Date.now()): PairingCheck {
		const attempt = this.attempt;
		if (attempt === undefined) return "none";
		const verdict = attempt.check(typed, now);
		if (verdict !== "wrong") this.attempt = undefined;
		return verdict;
	}

	get triesLeft(): number {
		return this.attempt?.tries ?? 0;
	}
}
