/**
 * Keeps ask_user_question out of the model's tool list when nobody can answer (print and JSON modes
 * without an answering extension), and brings it back when someone can again — but only if we were the
 * ones who removed it: a tool the user left out (e.g. a `--tools` allowlist) is never re-added.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";

/**
 * Installs the reconciler on session_start and before_agent_start. `answeredElsewhere` says whether an
 * extension announced it answers questionnaires (tool/answer-events.ts): then a session without a UI keeps the tool.
 * `ours` says whether the tool of that name is ours: another package's (tool/coexist.ts) is left alone.
 */
export function installVisibilityReconciler(
	pi: ExtensionAPI,
	toolName: string,
	answeredElsewhere: () => boolean = () => false,
	ours: () => boolean = () => true,
): void {
	let removedByUs = false;
	const reconcile = (_event: unknown, ctx: ExtensionContext): void => {
		if (!ours()) return;
		const active = pi.getActiveTools();
		const isActive = active.includes(toolName);
		const answerable = ctx.hasUI || answeredElsewhere();
		if (!answerable && isActive) {
			pi.setActiveTools(active.filter((name) => name !== toolName));
			removedByUs = true;
		} else if (answerable && removedByUs) {
			if (!isActive) pi.setActiveTools([...active, toolName]);
			removedByUs = false;
		}
	};
	pi.on("session_start", reconcile);
	pi.on("before_agent_start", reconcile);
}
