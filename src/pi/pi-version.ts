/**
 * Which Pi versions the extension supports: the oldest on which the whole compat smoke passes
 * (`npm run compat`, README "Pi versions"; package.json peerDependencies say the same), and the one
 * warning an older Pi gets at start instead of a crash or a silently missing tool. Pure.
 */

/** The oldest supported Pi. */
export const OLDEST_SUPPORTED_PI = "0.84.3";

/** True when dotted version `a` is older than `b` (pre-release tags ignored). */
export function isOlderVersion(a: string, b: string): boolean {
	const parts = (v: string) =>
		v
			.split(/[.-]/)
			.slice(0, 3)
			.map((n) => Number.parseInt(n, 10) || 0);
	const [x, y] = [parts(a), parts(b)];
	for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
	return false;
}

/** The warning for the running Pi's `version`, or undefined when it is supported (or unknown). */
export function piVersionWarning(version: unknown): string | undefined {
	if (typeof version !== "string" || !/^\d+\.\d+\.\d+/.test(version)) return undefined;
	if (!isOlderVersion(version, OLDEST_SUPPORTED_PI)) return undefined;
	return (
		`this is Pi ${version}; the extension is tested on Pi ${OLDEST_SUPPORTED_PI} and later, and some of it may not ` +
		`work here. Update Pi (npm install -g @earendil-works/pi-coding-agent) to be sure.`
	);
}
