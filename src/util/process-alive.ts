/** True when a process with `pid` exists (signal 0 checks without sending anything). */
export function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: it exists but is another user's (not ours to talk to, but alive).
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}
