/**
 * Hidden is visible: while the overlay is really hidden (collapsed to read the transcript), one line in
 * Pi's widget slot says so and names the key that reopens it; it goes when the questionnaire is shown
 * again and whenever the questionnaire ends (answered, declined, aborted, disposed, failed). The line
 * fits every width, follows the remapped key and the locale, and is never shown for the one-line bar
 * (which says the same thing itself).
 */
import type { Component } from "@earendil-works/pi-tui";
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it, vi } from "vitest";
import { messagesIn } from "../../src/i18n/messages.ts";
import type { WidgetHost } from "../../src/tui/host-ui.ts";
import { CACHE, fakeRawInput, type HarnessOptions, KEYS, PLATFORMS, startSession } from "./session-harness.ts";

const k = KEYS.legacy;

/** A widget slot that keeps what is shown, as Pi's does: a factory replaces, undefined removes. */
function fakeWidgets() {
	const shown = new Map<string, Component>();
	const calls = vi.fn();
	const host: WidgetHost = {
		setWidget(key, content) {
			calls(key, content === undefined ? "removed" : "shown");
			if (content === undefined) shown.delete(key);
			else shown.set(key, content());
		},
	};
	const lines = (width: number): string[] => [...shown.values()].flatMap((c) => [...c.render(width)]);
	return { host, calls, shown, lines };
}

function hiddenSession(options: HarnessOptions = {}) {
	const widgets = fakeWidgets();
	const input = fakeRawInput();
	const h = startSession([CACHE, PLATFORMS], { rawInput: input.raw, widgets: widgets.host, ...options });
	const overlay = { setHidden: vi.fn() };
	h.session.setOverlay(overlay);
	return { h, widgets, input, overlay };
}

describe("the hidden questionnaire's line", () => {
	it("collapse shows one line naming the key; reopening removes it", () => {
		const { h, widgets, input } = hiddenSession();
		expect(widgets.shown.size).toBe(0);
		h.press(k.ctrlBracket);
		expect(widgets.lines(80)).toEqual([" Questionnaire collapsed — press Ctrl+] to reopen"]);
		input.send(k.ctrlBracket);
		expect(widgets.shown.size).toBe(0);
		h.press(k.ctrlBracket);
		expect(widgets.shown.size).toBe(1);
		expect(widgets.calls.mock.calls.map((c) => c[1])).toEqual(["shown", "removed", "shown"]);
	});

	it("is one line that fits every width from 1 to 120", () => {
		const { h, widgets } = hiddenSession({ messages: messagesIn("zh-CN") });
		h.press(k.ctrlBracket);
		for (let width = 1; width <= 120; width++) {
			const lines = widgets.lines(width);
			expect(lines).toHaveLength(1);
			expect(visibleWidth(lines[0] ?? ""), `width ${width}`).toBeLessThanOrEqual(width);
		}
		expect(widgets.lines(80)[0]).toContain("问题已收起");
	});

	it("names the remapped key, in the person's language", () => {
		const { h, widgets } = hiddenSession({ keys: { "askUser.collapse": "ctrl+o" }, messages: messagesIn("ja") });
		h.press("\x0f");
		expect(widgets.lines(80)[0]).toContain("Ctrl+O");
		expect(widgets.lines(80)[0]).toContain("質問を折りたたみました");
	});

	it.each([
		["aborted", (h: ReturnType<typeof startSession>) => h.session.abort()],
		["disposed by Pi", (h: ReturnType<typeof startSession>) => h.session.dispose()],
	])("goes away when the questionnaire ends while hidden (%s)", (_name, end) => {
		const { h, widgets } = hiddenSession();
		h.press("1", k.ctrlBracket);
		expect(widgets.shown.size).toBe(1);
		end(h);
		expect(h.results).toHaveLength(1);
		expect(widgets.shown.size).toBe(0);
	});

	it("never shown for a questionnaire that was not hidden, and gone after a normal end", () => {
		const widgets = fakeWidgets();
		const h = startSession([CACHE], { rawInput: fakeRawInput().raw, widgets: widgets.host });
		h.session.setOverlay({ setHidden: vi.fn() });
		h.press("2");
		expect(h.result().outcome).toBe("answered");
		expect(widgets.calls).not.toHaveBeenCalled();
	});

	it("the one-line bar (no raw input) says it itself: no widget", () => {
		const widgets = fakeWidgets();
		const h = startSession([CACHE], { widgets: widgets.host });
		h.session.setOverlay({ setHidden: vi.fn() });
		h.press(k.ctrlBracket);
		expect(h.lines()).toHaveLength(1);
		expect(widgets.calls).not.toHaveBeenCalled();
	});

	it("a host whose widget slot throws does not stop the questionnaire", () => {
		const input = fakeRawInput();
		const h = startSession([CACHE], {
			rawInput: input.raw,
			widgets: {
				setWidget: () => {
					throw new Error("no widgets here");
				},
			},
		});
		h.session.setOverlay({ setHidden: vi.fn() });
		h.press(k.ctrlBracket);
		input.send(k.ctrlBracket);
		h.press("2");
		expect(h.result().answers[0]?.answer).toBe("SQLite file");
	});
});
