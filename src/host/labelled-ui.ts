/**
 * Says who asks. A questionnaire relayed from a Pi below (a subagent) runs on the same host paths as this
 * Pi's own, through a `ctx.ui` that adds one line naming where it comes from: in the TUI the overlay's top
 * border carries it (the dialog keeps its height), above the accessible prompts it is a line of its own,
 * and every RPC dialog's title starts with it; collapsed, the line above Pi's editor names it too. The
 * questions themselves are untouched. The label is built
 * from untrusted text, sanitized here; the person reads it in their locale.
 */
import { type Component, stripTerminalSequences, visibleWidth } from "@earendil-works/pi-tui";
import type { Messages } from "../i18n/messages.ts";
import type { Origin } from "../protocol/origin.ts";
import { fitLine } from "../text/fit.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import type { HostTheme, HostUi, Shown } from "../tui/host-ui.ts";

/**
 * The line the person reads above a relayed questionnaire, sanitized, e.g.
 * `Asked by subagent "scout" · depth 1 · /home/me/app · Task: find the auth code` (not fitted to a width).
 */
export function originLabel(origin: Origin, m: Messages): string {
	const cwd = sanitizeInline(origin.cwd);
	const who =
		origin.name === undefined
			? m.relayFrom(origin.depth, cwd)
			: m.relayFromNamed(sanitizeInline(origin.name), origin.depth, cwd);
	return origin.task === undefined ? who : `${who} · ${m.relayTask(sanitizeInline(origin.task))}`;
}

type Labelled = Shown & { focused?: boolean };

/** `ui` with every questionnaire it shows labelled with `label` (already sanitized, one line). */
export function labelledUi(ui: HostUi, label: string): HostUi {
	const custom: HostUi["custom"] = (factory, options) =>
		ui.custom(
			(tui, theme, keybindings, done) => {
				const inner = factory(tui, theme, keybindings, done);
				const wrap = (component: Labelled) => new LabelledComponent(component, label, theme);
				return inner instanceof Promise ? inner.then(wrap) : wrap(inner);
			},
			options?.blocked
				? { ...options, blocked: { ...options.blocked, message: `${label} — ${options.blocked.message}` } }
				: options,
		);
	const titled = (title: string) => `${label}\n${title}`;
	const overrides: Partial<HostUi> = {
		custom,
		select: (title, options, opts) => ui.select(titled(title), options, opts),
		input: (title, placeholder, opts) => ui.input(titled(title), placeholder, opts),
		// The line above the editor while the questionnaire is collapsed names who asks, as its border did.
		setWidget: (key, content) => ui.setWidget(key, content && (() => underLabel(content(), label))),
	};
	return new Proxy(ui, {
		get(target, property, receiver) {
			if (typeof property === "string" && property in overrides) return overrides[property as keyof HostUi];
			const value = Reflect.get(target, property, receiver);
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
}

/** `component`'s lines, then the label on a line of its own, cut to the width as Pi indents widgets. */
function underLabel(component: Component, label: string): Component {
	return {
		render: (width) => [...component.render(width), fitLine(` ${label}`, Math.max(1, width))],
		invalidate: () => component.invalidate(),
	};
}

/** The shown component with the label on its top border (or above it, when it has none). */
class LabelledComponent implements Component {
	private readonly inner: Labelled;
	private readonly label: string;
	private readonly theme: HostTheme;

	constructor(inner: Labelled, label: string, theme: HostTheme) {
		this.inner = inner;
		this.label = label;
		this.theme = theme;
	}

	render(width: number): readonly string[] {
		const lines = this.inner.render(width);
		const first = lines[0];
		const isBorder = first !== undefined && /^─+$/.test(stripTerminalSequences(first));
		const banner = this.banner(width);
		return isBorder ? [banner, ...lines.slice(1)] : [banner, ...lines];
	}

	/** `── <label> ─────` in the accent colour, exactly `width` columns (or fewer at tiny widths). */
	private banner(width: number): string {
		const text = fitLine(`── ${this.label} `, Math.max(1, width));
		const rest = Math.max(0, width - visibleWidth(text));
		return this.theme.fg("accent", text + "─".repeat(rest));
	}

	handleInput(data: string): void {
		this.inner.handleInput?.(data);
	}

	invalidate(): void {
		this.inner.invalidate();
	}

	dispose(): void {
		this.inner.dispose?.();
	}

	get focused(): boolean {
		return this.inner.focused === true;
	}

	set focused(value: boolean) {
		if ("focused" in this.inner) this.inner.focused = value;
	}

	get wantsKeyRelease(): boolean | undefined {
		return this.inner.wantsKeyRelease;
	}

	get capturesViewportInput(): boolean | undefined {
		return this.inner.capturesViewportInput;
	}
}
