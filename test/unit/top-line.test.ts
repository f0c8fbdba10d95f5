/**
 * What must be seen while a questionnaire covers Pi's chat goes on a line across the top (host/top-line.ts):
 * a non-capturing overlay at the top, fitting every width in at most three rows, gone once what it stood
 * beside is gone or it is closed, `gone` told once; where it cannot be drawn, at once. A pairing code is
 * such a line while a questionnaire is open (closed once paired), and only a notice otherwise.
 */

import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it, vi } from "vitest";
import { defaultConfig } from "../../src/config/schema.ts";
import { showOnTop } from "../../src/host/top-line.ts";
import { showPaired, showPairingCode } from "../../src/relay/pairing-screen.ts";
import type { HostUi } from "../../src/tui/host-ui.ts";

/** A ui whose custom() builds the component at once and keeps it, its options and its end. */
function fakeUi() {
	const shown: { render(width: number): readonly string[] }[] = [];
	const options: unknown[] = [];
	let ended = 0;
	const ui = {
		notify: vi.fn(),
		custom: vi.fn((factory: (...args: unknown[]) => { render(width: number): readonly string[] }, opts?: unknown) => {
			options.push(opts);
			return new Promise((resolve) => {
				const theme = { fg: (_c: string, text: string) => text };
				shown.push(
					factory({}, theme, {}, (result: unknown) => {
						ended++;
						resolve(result);
					}),
				);
			});
		}),
	};
	return { ui: ui as unknown as HostUi & typeof ui, shown, options, ended: () => ended };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("a line on top", () => {
	it("is a non-capturing overlay at the top that fits every width in at most three rows", () => {
		const f = fakeUi();
		showOnTop(f.ui, "Warning: the session file cannot be written ".repeat(5), { showing: () => true });
		expect(f.options[0]).toMatchObject({ overlay: true, overlayOptions: { anchor: "top-left", nonCapturing: true } });
		for (const width of [1, 5, 20, 80, 200]) {
			const rows = f.shown[0]?.render(width) ?? [];
			expect(rows.length).toBeGreaterThan(0);
			expect(rows.length).toBeLessThanOrEqual(3);
			for (const row of rows) expect(visibleWidth(row)).toBe(width);
		}
	});

	it("goes once what it stood beside is gone, or when closed; gone is told once", async () => {
		const f = fakeUi();
		let showing = true;
		const gone = vi.fn();
		const close = showOnTop(f.ui, "code", { showing: () => showing, gone });
		f.shown[0]?.render(40);
		await tick();
		expect(gone).not.toHaveBeenCalled();
		showing = false;
		f.shown[0]?.render(40);
		await tick();
		expect(f.ended()).toBe(1);
		close();
		await tick();
		expect(gone).toHaveBeenCalledOnce();
	});

	it("where it cannot be drawn, gone is told at once", () => {
		const gone = vi.fn();
		const ui = {
			custom: () => {
				throw new Error("no TUI");
			},
		} as unknown as HostUi;
		showOnTop(ui, "code", { showing: () => true, gone });
		expect(gone).toHaveBeenCalledOnce();
	});
});

describe("a pairing code while a questionnaire is open", () => {
	it("is on top as well as in the chat, until the client is paired", async () => {
		const f = fakeUi();
		expect(showPairingCode(f.ui, defaultConfig(), "pi-ask on pts/3", "123456", () => true)).toBe(true);
		expect(f.ui.notify).toHaveBeenCalledOnce();
		expect(f.shown[0]?.render(200).join("")).toContain("Pairing code 123 456");
		showPaired(f.ui, defaultConfig(), "pi-ask on pts/3");
		await tick();
		expect(f.ended()).toBe(1);
	});

	it("is only a notice in the chat when nothing covers it", () => {
		const f = fakeUi();
		showPairingCode(f.ui, defaultConfig(), "pi-ask on pts/3", "123456", () => false);
		expect(f.ui.notify).toHaveBeenCalledOnce();
		expect(f.ui.custom).not.toHaveBeenCalled();
	});
});
