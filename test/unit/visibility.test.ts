/**
 * The visibility reconciler: the tool leaves the model's list where nobody can answer, comes back
 * when a UI session starts, and is never re-added when the user removed it themselves.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { installVisibilityReconciler } from "../../src/pi/visibility.ts";

type Handler = (event: unknown, ctx: ExtensionContext) => void;

function fakePi(active: string[]) {
	const handlers = new Map<string, Handler[]>();
	const state = { active: [...active] };
	const pi = {
		on(event: string, handler: Handler) {
			handlers.set(event, [...(handlers.get(event) ?? []), handler]);
			return () => {};
		},
		getActiveTools: () => [...state.active],
		setActiveTools: (names: string[]) => {
			state.active = [...names];
		},
	};
	const fire = (event: "session_start" | "before_agent_start", hasUI: boolean) => {
		for (const handler of handlers.get(event) ?? []) handler({}, { hasUI } as ExtensionContext);
	};
	return { pi: pi as unknown as ExtensionAPI, state, fire };
}

describe("installVisibilityReconciler", () => {
	it("removes the tool without a UI, on session start and before each agent run", () => {
		const { pi, state, fire } = fakePi(["read", "ask_user_question"]);
		installVisibilityReconciler(pi, "ask_user_question");
		fire("session_start", false);
		expect(state.active).toEqual(["read"]);
		state.active.push("ask_user_question"); // another extension re-activates it
		fire("before_agent_start", false);
		expect(state.active).toEqual(["read"]);
	});

	it("brings the tool back when a UI session resumes after we removed it", () => {
		const { pi, state, fire } = fakePi(["read", "ask_user_question"]);
		installVisibilityReconciler(pi, "ask_user_question");
		fire("session_start", false);
		fire("session_start", true);
		expect(state.active).toEqual(["read", "ask_user_question"]);
	});

	it("keeps the tool without a UI while an extension answers questionnaires, and removes it when none does", () => {
		const { pi, state, fire } = fakePi(["read", "ask_user_question"]);
		let answerer = true;
		installVisibilityReconciler(pi, "ask_user_question", () => answerer);
		fire("session_start", false);
		expect(state.active).toEqual(["read", "ask_user_question"]);
		answerer = false;
		fire("before_agent_start", false);
		expect(state.active).toEqual(["read"]);
		answerer = true;
		fire("before_agent_start", false);
		expect(state.active).toEqual(["read", "ask_user_question"]);
	});

	it("never re-adds a tool the user left out", () => {
		const { pi, state, fire } = fakePi(["read"]);
		installVisibilityReconciler(pi, "ask_user_question");
		fire("session_start", false);
		fire("session_start", true);
		fire("before_agent_start", true);
		expect(state.active).toEqual(["read"]);
	});

	it("leaves a UI session's tools alone", () => {
		const { pi, state, fire } = fakePi(["read", "ask_user_question"]);
		installVisibilityReconciler(pi, "ask_user_question");
		fire("session_start", true);
		fire("before_agent_start", true);
		expect(state.active).toEqual(["read", "ask_user_question"]);
	});

	it("does not duplicate the tool when it is already active again", () => {
		const { pi, state, fire } = fakePi(["ask_user_question"]);
		installVisibilityReconciler(pi, "ask_user_question");
		fire("session_start", false);
		state.active.push("ask_user_question");
		fire("session_start", true);
		expect(state.active).toEqual(["ask_user_question"]);
	});

	it("leaves alone a tool of that name that is another package's (ours stepped aside)", () => {
		const { pi, state, fire } = fakePi(["read", "ask_user_question"]);
		installVisibilityReconciler(
			pi,
			"ask_user_question",
			() => false,
			() => false,
		);
		fire("session_start", false);
		fire("before_agent_start", false);
		expect(state.active).toEqual(["read", "ask_user_question"]);
	});
});
