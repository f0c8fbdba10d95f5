/** A notice to the person; one that cannot be shown costs nothing else. */
export function notice(ui: { notify(message: string, type?: "info" | "warning" | "error"): void }, text: string): void {
	try {
		ui.notify(text, "info");
	} catch {
		// The questionnaire matters more than the notice.
	}
}
