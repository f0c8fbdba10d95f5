/**
 * Tells the person, where they are looking, that the session file cannot be written. A warning in Pi's chat
 * lands below the newest message, and while a questionnaire is open its overlay covers the bottom of the
 * screen, that line included: a person typing answers would see nothing (the fault this module exists
 * for). So while a questionnaire is asked the warning is a line across the top of the screen
 * (host/top-line.ts), and when the questionnaire goes it moves into the chat, where it stays in the
 * transcript; with none open it goes to the chat at once. Each failure is said once (the store's
 * writer decides when a failure starts). Never throws.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { showOnTop } from "../host/top-line.ts";
import { inPiTui, warn } from "./warn.ts";

/** Says a failure and its end. */
export interface StorageWarning {
	/** The session file would not take a record: `text` says what is not saved and what still works. */
	failed(ctx: ExtensionContext, text: string): void;
	/** Writing works again and what was kept is written. */
	resumed(ctx: ExtensionContext, text: string): void;
}

/** `asking`: whether a call's questionnaire is on screen now (it is checked at every frame). */
export function storageWarning(asking: () => boolean): StorageWarning {
	/** Ends the top line (it then moves into the chat); set while it is shown. */
	let close: (() => void) | undefined;
	return {
		failed(ctx, text) {
			// Only Pi's terminal UI draws the overlay (RPC hosts get the warning as a notification).
			if (close === undefined && inPiTui(ctx) && asking()) onTop(ctx, text);
			else warn(ctx, text);
		},
		resumed(ctx, text) {
			close?.();
			warn(ctx, text, "info");
		},
	};

	function onTop(ctx: ExtensionContext, text: string): void {
		let moved = false;
		// Once the questionnaire goes, the warning moves into the chat, where it stays in the transcript.
		const toChat = () => {
			if (moved) return;
			moved = true;
			close = undefined;
			warn(ctx, text);
		};
		const closer = showOnTop(ctx.ui, `Warning: ask_user_question: ${text}`, { showing: asking, gone: toChat });
		if (!moved) close = closer;
	}
}
