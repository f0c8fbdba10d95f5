/**
 * The label of a relayed questionnaire on every surface it shows on: the overlay's top border, each
 * dialog title, and the line above Pi's editor while it is collapsed (widgets of ours); every line fits.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it, vi } from "vitest";
import { labelledUi } from "../../src/host/labelled-ui.ts";
import type { HostUi } from "../../src/tui/host-ui.ts";

const LABEL = 'Asked by subagent "scout" · depth 1 · /work/app';

function host() {
	const widgets = new Map<string, (() => { render(width: number): readonly string[] }) | undefined>();
	const ui = {
		setWidget: vi.fn((key: string, content: (() => { render(width: number): readonly string[] }) | undefined) =>
			widgets.set(key, content),
		),
		select: vi.fn(async () => undefined),
		input: vi.fn(async () => undefined),
	};
	return { ui: ui as unknown as HostUi, widgets, raw: ui };
}

describe("labelledUi", () => {
	it("the collapsed questionnaire's line above the editor names who asks, on a line of its own", () => {
		const { ui, widgets } = host();
		const notice = { render: () => [" Questionnaire collapsed — press Ctrl+] to reopen"], invalidate() {} };
		labelledUi(ui, LABEL).setWidget("ask_user_question", () => notice);
		const shown = widgets.get("ask_user_question")?.();
		expect(shown?.render(80)).toEqual([" Questionnaire collapsed — press Ctrl+] to reopen", ` ${LABEL}`]);
		for (let width = 1; width <= 60; width++)
			expect(visibleWidth(shown?.render(width)[1] ?? "")).toBeLessThanOrEqual(width);
		labelledUi(ui, LABEL).setWidget("ask_user_question", undefined);
		expect(widgets.get("ask_user_question")).toBeUndefined();
	});

	it("each dialog's title starts with who asks", async () => {
		const { ui, raw } = host();
		await labelledUi(ui, LABEL).select("Which cache?", ["Redis"]);
		expect(raw.select).toHaveBeenCalledWith(`${LABEL}\nWhich cache?`, ["Redis"], undefined);
	});
});
