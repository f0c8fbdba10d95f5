/**
 * The base of every view component: props in, lines out. `setProps` is a no-op when the new props equal
 * the old ones (structurally, one plain-data level at a time, arrays by reference first), and `render`
 * returns the same cached array for the same props and width, a fresh one otherwise. Components whose
 * output has a natural height (before the dialog's height budget cuts it) keep a second cache of that
 * full content, keyed by the props that shape it and the width, so measuring and windowing stay cheap.
 * Every returned line is fitted to the width. Must not import the state.
 */
import { defaultMessages, type Messages } from "../../i18n/messages.ts";
import { fitLine } from "../../text/fit.ts";
import type { ViewTheme } from "./theme.ts";

/** True when `a` and `b` are the same plain data (functions and class instances compared by identity). */
function propsEqual(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
	if (Array.isArray(a)) {
		if (!Array.isArray(b) || a.length !== b.length) return false;
		for (let i = 0; i < a.length; i++) if (!propsEqual(a[i], b[i])) return false;
		return true;
	}
	if (
		Array.isArray(b) ||
		Object.getPrototypeOf(a) !== Object.prototype ||
		Object.getPrototypeOf(b) !== Object.prototype
	)
		return false;
	const ra = a as Record<string, unknown>;
	const rb = b as Record<string, unknown>;
	let count = 0;
	for (const key in ra) {
		if (!(key in rb) || !propsEqual(ra[key], rb[key])) return false;
		count++;
	}
	for (const _ in rb) count--;
	return count === 0;
}

/** A usable column count: whole and at least 1. */
export function clampWidth(width: number): number {
	return Number.isFinite(width) ? Math.max(1, Math.floor(width)) : 1;
}

/**
 * A component that renders props in the view's theme. `P` holds everything it draws; `C` is its full
 * content at a width (before the height budget applies), built by `content` from the props minus `windowKeys`.
 */
export abstract class PropsComponent<P extends object, C = readonly string[]> {
	protected props: P;
	/** Props keys that only choose which part of the content is shown (height, scroll offset). */
	protected readonly windowKeys: readonly (keyof P)[] = [];
	private rendered: { width: number; lines: readonly string[] } | undefined;
	private built: { width: number; key: unknown; content: C } | undefined;
	protected readonly theme: ViewTheme;
	/** The locale's words for what the component says itself (`messagesIn`); English by default. */
	protected readonly m: Messages;

	constructor(props: P, theme: ViewTheme, messages: Messages = defaultMessages) {
		this.props = props;
		this.theme = theme;
		this.m = messages;
	}

	/** Replaces the props; keeps the caches when nothing changed. */
	setProps(props: P): void {
		if (propsEqual(this.props, props)) return;
		this.props = props;
		this.rendered = undefined;
	}

	getProps(): P {
		return this.props;
	}

	/** The lines at `width`, every one fitted to it; the same array while props and width stay the same. */
	render(width: number): readonly string[] {
		const w = clampWidth(width);
		if (this.rendered?.width === w) return this.rendered.lines;
		const lines = this.fit(this.draw(this.contentAt(w), w), w);
		this.rendered = { width: w, lines };
		return lines;
	}

	/** Fits what `draw` returned to the width; a component whose lines are fitted already may skip those. */
	protected fit(lines: string[], width: number): string[] {
		for (let i = 0; i < lines.length; i++) lines[i] = fitLine(lines[i] ?? "", width);
		return lines;
	}

	/** Drops every cached line (theme change, full redraw). */
	invalidate(): void {
		this.rendered = undefined;
		this.built = undefined;
	}

	/** Draws again at the next `render`, the content kept (it learned more than it showed last time). */
	protected redraw(): void {
		this.rendered = undefined;
	}

	/** The full content at `width`, rebuilt only when the content props or the width change. */
	protected contentAt(width: number): C {
		const key = this.contentKey();
		if (this.built && this.built.width === width && propsEqual(this.built.key, key)) return this.built.content;
		const content = this.content(width);
		this.built = { width, key, content };
		return content;
	}

	private contentKey(): Record<string, unknown> {
		// Built without `delete`, which would turn the key into a slow dictionary-mode object.
		const props = this.props as Record<string, unknown>;
		const skip = this.windowKeys as readonly string[];
		const key: Record<string, unknown> = {};
		for (const k in props) if (!skip.includes(k)) key[k] = props[k];
		return key;
	}

	/** Builds the full content at `width` from the props. */
	protected abstract content(width: number): C;

	/** The lines to show: the content cut to the props' window, in a new array (the caller may change it). */
	protected abstract draw(content: C, width: number): string[];
}
