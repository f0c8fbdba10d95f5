/**
 * The one keymap table: every binding the questionnaire reacts to, as data. Each entry has a binding
 * id (Pi's `tui.*` ids for navigation, confirm and cancel; our `askUser.*` ids for the rest), default
 * keys as pi-tui KeyId strings, a description, an `enabled(state)` predicate, a footer hint (an id the
 * view puts into words) and the action it produces. `routeKey` walks it and `footerHints` renders it
 * through the same predicate, so what works now and what the footer advertises cannot drift. No Pi or terminal imports: keys are
 * matched through the injected `KeyInput`.
 */
import type { Action } from "./actions.ts";
import { type BindingId, type KeyInput, OWN_KEY_DEFAULTS, type OwnBindingId } from "./bindings.ts";
import type { HintId } from "./hints.ts";
import { cancelAction, cancelHint, confirmAction, confirmHint, jumpAction } from "./key-actions.ts";
import { focusedPreviewOption, focusedRow, onTypeRow, tabCount } from "./layout.ts";
import { KINDS } from "./question-kinds.ts";
import type { QuestionnaireState } from "./types.ts";

/** One row of the keymap table. */
export interface KeyBinding {
	id: BindingId;
	/** Default keys as pi-tui KeyId strings ("up", "ctrl+]", "shift+tab"). Host ids list Pi's defaults. */
	defaultKeys: readonly string[];
	/** What the binding does, for keybinding configuration and docs. */
	description: string;
	/** True when the binding works in this state; disabled bindings neither match nor show in the footer. */
	enabled(state: QuestionnaireState): boolean;
	/** The footer hint in this state (an id the view translates), or undefined to leave it out of the footer. */
	hint(state: QuestionnaireState): HintId | undefined;
	/** The action this key means in this state (undefined: the key is swallowed without effect). */
	action(state: QuestionnaireState, data: string, keys: KeyInput): Action | undefined;
}

const browsing = (s: QuestionnaireState) => s.mode === "options" || s.mode === "submit";
/** Up/down move a list: the options, the Submit tab's choices, "Stop answering?"'s choices. */
const choosing = (s: QuestionnaireState) => browsing(s) || s.mode === "leave";
const inOptions = (s: QuestionnaireState) => s.mode === "options";
const inEditor = (s: QuestionnaireState) => s.mode === "editing" || s.mode === "notes";
const multiTabs = (s: QuestionnaireState) => tabCount(s) > 1;
const always = (s: QuestionnaireState) => s.mode !== "done";
const withPreview = (s: QuestionnaireState) => inOptions(s) && focusedPreviewOption(s) !== undefined;

const up = (): Action => ({ type: "nav/focusMoved", direction: "up" });
const down = (): Action => ({ type: "nav/focusMoved", direction: "down" });
const nextTab = (): Action => ({ type: "tab/switched", direction: "next" });
const prevTab = (): Action => ({ type: "tab/switched", direction: "prev" });
const label = (hint: HintId) => () => hint;
const none = () => undefined;

/** The keymap, in footer order. Keys of entries enabled in the same state never overlap by default. */
export const KEYMAP: readonly KeyBinding[] = [
	{
		id: "tui.select.up",
		defaultKeys: ["up"],
		description: "Move up",
		enabled: choosing,
		hint: label("navigate"),
		action: up,
	},
	{
		id: "tui.select.down",
		defaultKeys: ["down"],
		description: "Move down",
		enabled: choosing,
		hint: label("navigate"),
		action: down,
	},
	{
		id: "askUser.up",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.up"],
		description: "Move up",
		enabled: choosing,
		hint: none,
		action: up,
	},
	{
		id: "askUser.down",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.down"],
		description: "Move down",
		enabled: choosing,
		hint: none,
		action: down,
	},
	{
		id: "tui.select.confirm",
		defaultKeys: ["enter"],
		description: "Choose the focused row",
		enabled: choosing,
		hint: confirmHint,
		action: confirmAction,
	},
	{
		id: "tui.input.submit",
		defaultKeys: ["enter"],
		description: "Confirm the text",
		enabled: inEditor,
		hint: (s) => (s.mode === "editing" ? "confirm" : "saveNote"),
		action: (s) => (s.mode === "editing" ? { type: "draft/confirmed" } : { type: "notes/closed" }),
	},
	{
		id: "askUser.toggle",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.toggle"],
		description: "Check or uncheck the focused option",
		enabled: (s) => {
			const f = inOptions(s) ? focusedRow(s) : undefined;
			return f !== undefined && KINDS[f.shape.kind].ticks && f.row.kind === "option";
		},
		hint: label("toggle"),
		// Enter's action there: a ticked kind's option toggles.
		action: confirmAction,
	},
	{
		id: "askUser.jump",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.jump"],
		description: "Choose (or toggle) option N",
		enabled: inOptions,
		hint: none,
		action: jumpAction,
	},
	{
		id: "askUser.tabNext",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.tabNext"],
		description: "Next tab",
		enabled: (s) => multiTabs(s) && (browsing(s) || inEditor(s)),
		hint: label("switchTab"),
		action: nextTab,
	},
	{
		id: "askUser.tabPrev",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.tabPrev"],
		description: "Previous tab",
		enabled: (s) => multiTabs(s) && (browsing(s) || inEditor(s)),
		hint: label("switchTab"),
		action: prevTab,
	},
	// The Submit tab's choices sit in a row, so there ←/→ move between them, as a person expects of a row of
	// buttons; switching tabs instead wrapped → round to a question, where Enter changed an answer unseen.
	{
		id: "askUser.tabRight",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.tabRight"],
		description: "Next tab (on the Submit tab: the next choice)",
		enabled: (s) => multiTabs(s) && browsing(s),
		hint: (s) => (s.mode === "submit" ? "navigate" : "switchTab"),
		action: (s) => (s.mode === "submit" ? down() : nextTab()),
	},
	{
		id: "askUser.tabLeft",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.tabLeft"],
		description: "Previous tab (on the Submit tab: the previous choice)",
		enabled: (s) => multiTabs(s) && browsing(s),
		hint: (s) => (s.mode === "submit" ? "navigate" : "switchTab"),
		action: (s) => (s.mode === "submit" ? up() : prevTab()),
	},
	{
		id: "askUser.notes",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.notes"],
		description: "Write a note on this question (on the Submit tab: on the whole questionnaire)",
		enabled: browsing,
		// On the Type something. row `n` types (routeKey), so the footer does not offer it there.
		hint: (s) => (s.mode === "submit" ? "overallNote" : onTypeRow(s) ? undefined : "note"),
		action: () => ({ type: "notes/opened" }),
	},
	{
		id: "askUser.previewUp",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.previewUp"],
		description: "Scroll the preview up",
		enabled: withPreview,
		hint: label("scrollPreview"),
		action: () => ({ type: "preview/scrolled", delta: -1 }),
	},
	{
		id: "askUser.previewDown",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.previewDown"],
		description: "Scroll the preview down",
		enabled: withPreview,
		hint: label("scrollPreview"),
		action: () => ({ type: "preview/scrolled", delta: 1 }),
	},
	{
		id: "askUser.previewPageUp",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.previewPageUp"],
		description: "Scroll the preview up a page",
		enabled: withPreview,
		hint: label("scrollPreview"),
		action: () => ({ type: "preview/paged", direction: "up" }),
	},
	{
		id: "askUser.previewPageDown",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.previewPageDown"],
		description: "Scroll the preview down a page",
		enabled: withPreview,
		hint: label("scrollPreview"),
		action: () => ({ type: "preview/paged", direction: "down" }),
	},
	{
		id: "tui.select.pageUp",
		defaultKeys: ["pageUp"],
		description: "Jump to the first row (over an option with a preview, the key pages the preview instead)",
		enabled: (s) => inOptions(s) && !withPreview(s),
		hint: none,
		action: () => ({ type: "nav/focusMoved", direction: "first" }),
	},
	{
		id: "tui.select.pageDown",
		defaultKeys: ["pageDown"],
		description: "Jump to the last row (over an option with a preview, the key pages the preview instead)",
		enabled: (s) => inOptions(s) && !withPreview(s),
		hint: none,
		action: () => ({ type: "nav/focusMoved", direction: "last" }),
	},
	{
		id: "askUser.externalEditor",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.externalEditor"],
		description: "Edit the text in the external editor",
		enabled: inEditor,
		hint: label("externalEditor"),
		action: () => ({ type: "editor/externalRequested" }),
	},
	{
		id: "tui.select.cancel",
		defaultKeys: ["escape", "ctrl+c"],
		description: "Leave the editor; else leave the questionnaire (never declines what holds anything given)",
		enabled: always,
		hint: cancelHint,
		action: cancelAction,
	},
	{
		id: "askUser.collapse",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.collapse"],
		description: "Hide or show the questionnaire",
		enabled: (s) => always(s) && s.mode !== "leave",
		hint: (s) => (s.collapsed ? "show" : "hide"),
		action: () => ({ type: "view/collapseToggled" }),
	},
	{
		id: "askUser.answerLater",
		defaultKeys: OWN_KEY_DEFAULTS["askUser.answerLater"],
		description: "Put the questionnaire aside to answer later (/answer); an open draft or note is kept",
		// Also from the draft and note editors: the key types nothing (keys.answerLater takes only such keys).
		enabled: (s) => choosing(s) || inEditor(s),
		// Last in the footer: where the line is full it is the first hint left out ("…").
		hint: label("answerLater"),
		action: () => ({ type: "dialog/deferRequested" }),
	},
];

/** Our own bindings in pi-tui's `KeybindingDefinitions` shape, for a `KeybindingsManager` in the adapter. */
export function ownKeybindingDefinitions(): Record<OwnBindingId, { defaultKeys: string[]; description: string }> {
	const entries = KEYMAP.filter((b) => b.id.startsWith("askUser.")).map(
		(b) => [b.id, { defaultKeys: [...b.defaultKeys], description: b.description }] as const,
	);
	return Object.fromEntries(entries) as Record<OwnBindingId, { defaultKeys: string[]; description: string }>;
}
