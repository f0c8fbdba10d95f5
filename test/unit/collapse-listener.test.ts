/**
 * The collapse listener over a fake raw-input host, with the real pi-tui matcher for Ctrl+] in both
 * legacy and Kitty encodings: one toggle per press, repeat/release swallowed, everything else untouched.
 */
import { matchesKey, setKittyProtocolActive } from "@earendil-works/pi-tui";
import { afterEach, describe, expect, it } from "vitest";
import { installCollapseListener } from "../../src/tui/collapse-listener.ts";
import type { RawInput } from "../../src/tui/host-ui.ts";

type Handler = (data: string) => { consume?: boolean; data?: string } | undefined;

/** A host that keeps its listeners and delivers input the way Pi's TUI does. */
class FakeInput implements RawInput {
	readonly handlers = new Set<Handler>();
	unsubscribes = 0;
	onTerminalInput(handler: Handler): () => void {
		this.handlers.add(handler);
		return () => {
			this.unsubscribes++;
			this.handlers.delete(handler);
		};
	}
	/** What reaches the focused component after the listeners: undefined when consumed. */
	send(data: string): string | undefined {
		let current = data;
		for (const handler of this.handlers) {
			const result = handler(current);
			if (result?.consume) return undefined;
			if (result?.data !== undefined) current = result.data;
		}
		return current;
	}
}

function session(collapsed = true) {
	const state = { collapsed, toggles: 0 };
	const options = {
		matches: (data: string) => matchesKey(data, "ctrl+]"),
		onToggle: () => {
			state.toggles++;
			state.collapsed = !state.collapsed;
		},
		isCollapsed: () => state.collapsed,
	};
	return { state, options };
}

afterEach(() => setKittyProtocolActive(false));

const PRESS = "\x1b[93;5u";
const PRESS_EXPLICIT = "\x1b[93;5:1u";
const REPEAT = "\x1b[93;5:2u";
const RELEASE = "\x1b[93;5:3u";

describe("installCollapseListener", () => {
	it("toggles once on legacy Ctrl+] and consumes it", () => {
		const input = new FakeInput();
		const { state, options } = session();
		const listener = installCollapseListener(input, options);
		expect(listener.available).toBe(true);
		expect(input.send("\x1d")).toBeUndefined();
		expect(state).toEqual({ collapsed: false, toggles: 1 });
	});

	it.each([
		["Kitty press", PRESS],
		["Kitty press with event type 1", PRESS_EXPLICIT],
		["Kitty press with Caps Lock", "\x1b[93;69u"],
		["Kitty press on another layout", "\x1b[1093::93;5u"],
		["xterm modifyOtherKeys", "\x1b[27;5;93~"],
	])("toggles on %s", (_name, data) => {
		setKittyProtocolActive(true);
		const input = new FakeInput();
		const { state, options } = session();
		installCollapseListener(input, options);
		expect(input.send(data)).toBeUndefined();
		expect(state.toggles).toBe(1);
	});

	it("toggles once per Kitty press: repeat and release are consumed but ignored", () => {
		setKittyProtocolActive(true);
		const input = new FakeInput();
		const { state, options } = session();
		installCollapseListener(input, options);
		for (const data of [REPEAT, RELEASE, REPEAT]) expect(input.send(data)).toBeUndefined();
		expect(state).toEqual({ collapsed: true, toggles: 0 });
		expect(input.send(PRESS)).toBeUndefined();
		expect(state).toEqual({ collapsed: false, toggles: 1 });
	});

	it("swallows the release of the press that collapsed it, so it does not expand straight back", () => {
		// The overlay handled the press and collapsed; only the release reaches the listener.
		setKittyProtocolActive(true);
		const input = new FakeInput();
		const { state, options } = session(true);
		installCollapseListener(input, options);
		expect(input.send(RELEASE)).toBeUndefined();
		expect(state.collapsed).toBe(true);
	});

	it("held key: press, repeats, release toggle exactly once", () => {
		setKittyProtocolActive(true);
		const input = new FakeInput();
		const { state, options } = session();
		installCollapseListener(input, options);
		for (const data of [PRESS, REPEAT, REPEAT, RELEASE]) input.send(data);
		expect(state).toEqual({ collapsed: false, toggles: 1 });
	});

	it.each([
		["a letter", "a"],
		["]", "]"],
		["Alt+]", "\x1b]"],
		["Ctrl+Shift+]", "\x1b[93;6u"],
		["Escape", "\x1b"],
		["Enter", "\r"],
		["Ctrl+C", "\x03"],
		["an arrow", "\x1b[A"],
		["a paste", "\x1b[200~\x1d\x1b[201~"],
	])("passes %s through untouched while collapsed", (_name, data) => {
		const input = new FakeInput();
		const { state, options } = session();
		installCollapseListener(input, options);
		expect(input.send(data)).toBe(data);
		expect(state.toggles).toBe(0);
	});

	it("passes the key through while expanded: the overlay handles it", () => {
		const input = new FakeInput();
		const { state, options } = session(false);
		installCollapseListener(input, options);
		for (const data of ["\x1d", PRESS, RELEASE]) expect(input.send(data)).toBe(data);
		expect(state.toggles).toBe(0);
	});

	it("uses the caller's matcher for a configured key", () => {
		const input = new FakeInput();
		const { state, options } = session();
		installCollapseListener(input, { ...options, matches: (d) => matchesKey(d, "ctrl+o") });
		expect(input.send("\x1d")).toBe("\x1d");
		expect(input.send("\x0f")).toBeUndefined();
		expect(state.toggles).toBe(1);
	});

	it("survives a throwing matcher or toggle without breaking the host's input loop", () => {
		const input = new FakeInput();
		const { options } = session();
		installCollapseListener(input, {
			...options,
			matches: (d) => {
				if (d === "x") throw new Error("boom");
				return d === "\x1d";
			},
			onToggle: () => {
				throw new Error("boom");
			},
		});
		expect(input.send("x")).toBe("x");
		expect(() => input.send("\x1d")).not.toThrow();
	});

	it("dispose removes the listener, once", () => {
		const input = new FakeInput();
		const { state, options } = session();
		const listener = installCollapseListener(input, options);
		listener.dispose();
		listener.dispose();
		expect(input.handlers.size).toBe(0);
		expect(input.unsubscribes).toBe(1);
		expect(input.send("\x1d")).toBe("\x1d");
		expect(state.toggles).toBe(0);
	});

	it("is unavailable without a host, without onTerminalInput, or when it throws", () => {
		const { options } = session();
		const hosts: (RawInput | undefined)[] = [
			undefined,
			{} as RawInput,
			{
				onTerminalInput: () => {
					throw new Error("not interactive");
				},
			},
		];
		for (const host of hosts) {
			const listener = installCollapseListener(host, options);
			expect(listener.available).toBe(false);
			expect(() => listener.dispose()).not.toThrow();
		}
	});

	it("tolerates a host that returns no unsubscribe function or one that throws", () => {
		const { options } = session();
		const noUnsubscribe = { onTerminalInput: () => undefined } as unknown as RawInput;
		const throwing: RawInput = {
			onTerminalInput: () => () => {
				throw new Error("gone");
			},
		};
		for (const host of [noUnsubscribe, throwing]) {
			const listener = installCollapseListener(host, options);
			expect(listener.available).toBe(true);
			expect(() => listener.dispose()).not.toThrow();
		}
	});
});

describe('pi-tui matchesKey(data, "ctrl+]") — the sequences documented in collapse-listener.ts', () => {
	const accepted = ["\x1d", PRESS, PRESS_EXPLICIT, REPEAT, RELEASE, "\x1b[93;69u", "\x1b[1093::93;5u", "\x1b[27;5;93~"];
	const rejected = ["]", "\x1b[93u", "\x1b]", "\x1b[93;3u", "\x1b[93;6u", "\x1b\x1d"];
	for (const kitty of [false, true]) {
		it(`with the Kitty protocol ${kitty ? "active" : "inactive"}`, () => {
			setKittyProtocolActive(kitty);
			for (const data of accepted) expect(matchesKey(data, "ctrl+]"), JSON.stringify(data)).toBe(true);
			for (const data of rejected) expect(matchesKey(data, "ctrl+]"), JSON.stringify(data)).toBe(false);
		});
	}
});
