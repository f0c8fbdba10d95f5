/**
 * The one effect runner of the TUI session: turns the plain `Effect` values `reduce` returns into calls
 * on the session's ports (the embedded editor, the overlay, the external editor, the host). Effects run
 * in order; `host/done` is forwarded once and every effect after it is dropped, so nothing touches the
 * terminal after the questionnaire has ended.
 */

import type { QuestionnaireResult } from "../protocol/result.ts";
import { assertNever, type Effect } from "../state/index.ts";

/** What the runner can do; the session implements it. */
export interface EffectPorts {
	/** Loads `text` into the embedded editor, one undo away from `undoTo` (no history without it). */
	setEditorText(text: string, undoTo: string | undefined): void;
	/** Starts the external editor on `text`; its answer comes back tagged with `requestId`. */
	openExternal(requestId: number, text: string): void;
	setHidden(hidden: boolean): void;
	requestRender(): void;
	done(result: QuestionnaireResult): void;
}

/** Runs `effects` in order against `ports`. Returns true when one of them ended the questionnaire. */
export function runEffects(effects: readonly Effect[], ports: EffectPorts): boolean {
	for (const effect of effects) {
		switch (effect.type) {
			case "editor/setText":
				ports.setEditorText(effect.text, effect.undoTo);
				break;
			case "editor/openExternal":
				ports.openExternal(effect.requestId, effect.text);
				break;
			case "overlay/setHidden":
				ports.setHidden(effect.hidden);
				break;
			case "host/requestRender":
				ports.requestRender();
				break;
			case "host/done":
				ports.done(effect.result);
				return true;
			default:
				assertNever(effect);
		}
	}
	return false;
}
