/**
 * Type-level guards (checked by `tsc --noEmit`, which includes test/): the Action and Effect unions
 * stay closed, so adding a member forces every exhaustive switch and this list to be revisited.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { Action, Effect, OwnBindingId, QuestionnaireState } from "../../src/state/index.ts";

describe("closed unions", () => {
	it("actions", () => {
		expectTypeOf<Action["type"]>().toEqualTypeOf<
			| "nav/focusMoved"
			| "answer/optionChosen"
			| "multi/optionToggled"
			| "multi/committed"
			| "tab/switched"
			| "tab/chosen"
			| "draft/opened"
			| "draft/typedOnRow"
			| "draft/edited"
			| "draft/confirmed"
			| "draft/closed"
			| "notes/opened"
			| "notes/edited"
			| "notes/closed"
			| "dialog/submitRequested"
			| "dialog/cancelRequested"
			| "dialog/deferRequested"
			| "dialog/leaveChosen"
			| "view/collapseToggled"
			| "preview/scrolled"
			| "preview/paged"
			| "editor/externalRequested"
			| "editor/externalReturned"
			| "host/aborted"
			| "host/timedOut"
			| "host/failed"
		>();
	});

	it("effects", () => {
		expectTypeOf<Effect["type"]>().toEqualTypeOf<
			"host/requestRender" | "host/done" | "overlay/setHidden" | "editor/setText" | "editor/openExternal"
		>();
	});

	it("modes and own bindings", () => {
		expectTypeOf<QuestionnaireState["mode"]>().toEqualTypeOf<
			"options" | "editing" | "notes" | "submit" | "leave" | "done"
		>();
		expectTypeOf<OwnBindingId>().toExtend<`askUser.${string}`>();
	});
});
