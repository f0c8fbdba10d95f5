/**
 * A terminal that shows OSC 777 notifications (WezTerm, outside tmux) on a stdout that is a TTY, for the
 * rest of the current test: what the product writes to stdout is collected instead of printed.
 */
import { onTestFinished, vi } from "vitest";

export function captureStdoutNotifications(): string[] {
	vi.stubEnv("TERM_PROGRAM", "WezTerm");
	vi.stubEnv("TMUX", undefined);
	const tty = Object.getOwnPropertyDescriptor(process.stdout, "isTTY");
	Object.defineProperty(process.stdout, "isTTY", { value: true, configurable: true });
	const written: string[] = [];
	const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
		written.push(String(chunk));
		return true;
	});
	onTestFinished(() => {
		write.mockRestore();
		if (tty) Object.defineProperty(process.stdout, "isTTY", tty);
		else delete (process.stdout as { isTTY?: boolean }).isTTY;
		vi.unstubAllEnvs();
	});
	return written;
}
