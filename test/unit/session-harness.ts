/**
 * A questionnaire session on a fake TUI (requestRender spy, fixed terminal size, stop/start spies) with
 * the real pi-tui Editor, plain themes, and pi-tui's own keybindings manager. Keys can be sent in the
 * legacy encoding or as Kitty CSI-u sequences, so every test runs in both.
 */

import {
	type EditorTheme,
	type KeybindingsConfig,
	KeybindingsManager,
	type TUI,
	TUI_KEYBINDINGS,
} from "@earendil-works/pi-tui";
import { vi } from "vitest";
import type { Messages } from "../../src/i18n/messages.ts";
import type { TextLimits } from "../../src/protocol/budget.ts";
import type { Progress } from "../../src/protocol/progress.ts";
import type { Question } from "../../src/protocol/questions.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import type { ReduceContext } from "../../src/state/answers.ts";
import type { HostKeybindings, RawInput, WidgetHost } from "../../src/tui/host-ui.ts";
import type { OwnKeyOverrides } from "../../src/tui/keys.ts";
import { type ExternalEditor, QuestionnaireSession } from "../../src/tui/session.ts";
import { Countdown } from "../../src/util/countdown.ts";
import { plainViewTheme } from "../support/plain-theme.ts";

/** A single-select and a multi-select question, the same ones the end-to-end tests ask. */
export { CACHE_QUESTION as CACHE, PLATFORM_QUESTION as PLATFORMS } from "../support/questions.ts";

/** Named keys in both encodings. */
export const KEYS = {
	legacy: {
		up: "\x1b[A",
		down: "\x1b[B",
		enter: "\r",
		escape: "\x1b",
		tab: "\t",
		shiftTab: "\x1b[Z",
		space: " ",
		backspace: "\x7f",
		shiftEnter: "\x1b[13;2u",
		ctrlG: "\x07",
		ctrlBracket: "\x1d",
		shiftDown: "\x1b[1;2B",
		ctrlN: "\x0e",
		ctrlC: "\x03",
		ctrlL: "\x0c",
		pageUp: "\x1b[5~",
		pageDown: "\x1b[6~",
	},
	kitty: {
		up: "\x1b[A",
		down: "\x1b[B",
		enter: "\x1b[13u",
		escape: "\x1b[27u",
		tab: "\x1b[9u",
		shiftTab: "\x1b[9;2u",
		space: "\x1b[32u",
		backspace: "\x1b[127u",
		shiftEnter: "\x1b[13;2u",
		ctrlG: "\x1b[103;5u",
		ctrlBracket: "\x1b[93;5u",
		shiftDown: "\x1b[1;2B",
		ctrlN: "\x1b[110;5u",
		ctrlC: "\x1b[99;5u",
		ctrlL: "\x1b[108;5u",
		pageUp: "\x1b[5~",
		pageDown: "\x1b[6~",
	},
} as const;

/** A key encoding. */
export type Encoding = keyof typeof KEYS;

/** Named keys of one encoding. */
export type KeySet = (typeof KEYS)[Encoding];

/** Printable text as key presses: plain characters (legacy) or one CSI-u sequence each (Kitty). */
export function typed(text: string, encoding: Encoding): string[] {
	return [...text].map((ch) => (encoding === "legacy" ? ch : `\x1b[${ch.codePointAt(0)}u`));
}

const same = (s: string) => s;
const editorTheme: EditorTheme = {
	borderColor: same,
	selectList: { selectedPrefix: same, selectedText: same, description: same, scrollInfo: same, noMatch: same },
};

/** Options of {@link startSession}. */
export interface HarnessOptions {
	columns?: number;
	rows?: number;
	rawInput?: RawInput;
	widgets?: WidgetHost;
	editExternally?: ExternalEditor;
	keys?: OwnKeyOverrides;
	hostBindings?: KeybindingsConfig;
	/** Replaces Pi's keybindings manager altogether. */
	hostKeys?: HostKeybindings;
	onError?: (error: unknown) => void;
	/** The locale's words; English when absent. */
	messages?: Messages;
	/** The answer timeout (config `timeout`) in ms. */
	timeoutMs?: number;
	/** What the timeout does (config `onTimeout`). */
	onTimeout?: "close" | "defer";
	/** What the model receives (config `limits`). */
	limits?: TextLimits;
	/** What a pending questionnaire had collected: the session is `/answer` reopening it. */
	progress?: Progress;
	/** Told what was given whenever it changes (the lifecycle's recording). */
	onProgress?: (progress: Progress) => void;
	/** Which questions apply (state/answers.ts). */
	applies?: ReduceContext["applies"];
}

/** A running session and helpers to drive it. */
export function startSession(questions: Question[], options: HarnessOptions = {}) {
	const terminal = { columns: options.columns ?? 100, rows: options.rows ?? 40 };
	const tui = {
		requestRender: vi.fn(),
		stop: vi.fn(),
		start: vi.fn(),
		terminal,
	};
	const results: QuestionnaireResult[] = [];
	const timeout = options.timeoutMs === undefined ? undefined : new Countdown(options.timeoutMs);
	const session = new QuestionnaireSession({
		questionnaire: { questions },
		tui: tui as unknown as TUI,
		theme: plainViewTheme,
		editorTheme,
		keybindings: options.hostKeys ?? new KeybindingsManager(TUI_KEYBINDINGS, options.hostBindings),
		// As tool/open-on-host.ts does, the countdown ends with the showing.
		done: (result) => {
			timeout?.disarm();
			results.push(result);
		},
		keys: options.keys,
		rawInput: options.rawInput,
		widgets: options.widgets,
		editExternally: options.editExternally,
		onError: options.onError,
		messages: options.messages,
		timeout,
		onTimeout: options.onTimeout,
		limits: options.limits,
		progress: options.progress,
		onProgress: options.onProgress,
		applies: options.applies,
	});
	session.focused = true;
	return {
		session,
		tui,
		terminal,
		results,
		/** Sends each key sequence to the session, as Pi's TUI does (one sequence per call). */
		press(...keys: (string | string[])[]) {
			for (const key of keys.flat()) session.handleInput(key);
		},
		/** The rendered lines at `width` (the terminal width by default). */
		lines(width = terminal.columns): readonly string[] {
			return session.render(width);
		},
		/** The rendered screen as one string. */
		screen(width = terminal.columns): string {
			return session.render(width).join("\n");
		},
		/** The one result; fails when there is none or more than one. */
		result(): QuestionnaireResult {
			if (results.length !== 1) throw new Error(`expected one result, got ${results.length}`);
			return results[0] as QuestionnaireResult;
		},
	};
}

/** A single-select question whose options carry long markdown previews. */
export const LAYOUT: Question = {
	question: "Which layout should the settings page use?",
	header: "Layout",
	options: [
		{
			label: "Tabs",
			description: "One tab per section.",
			preview: Array.from({ length: 60 }, (_, i) => `line ${i + 1} of the tabs sketch`).join("\n"),
		},
		{ label: "Single page", description: "Everything on one scrolling page.", preview: "# One page\n\nAll of it." },
	],
};

/** A host with `onTerminalInput`: keeps the handler so tests can feed raw input to it. */
export function fakeRawInput() {
	const handlers: ((data: string) => { consume?: boolean; data?: string } | undefined)[] = [];
	const unsubscribe = vi.fn();
	const raw: RawInput = {
		onTerminalInput(handler) {
			handlers.push(handler);
			return unsubscribe;
		},
	};
	return { raw, unsubscribe, send: (data: string) => handlers.map((h) => h(data)) };
}

/** Lets pending promise callbacks (fake external editor) run. */
export async function flush(): Promise<void> {
	for (let i = 0; i < 5; i++) await Promise.resolve();
	await new Promise((r) => setTimeout(r, 0));
}
