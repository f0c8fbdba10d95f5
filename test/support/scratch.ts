/**
 * Scratch folders made side by side (a packed tarball, Pi installs of a few hundred MB each): when one
 * step fails, the folders the others made are removed too, so a failed run leaves nothing in $TMPDIR.
 */
import { removeDir } from "./fake-model.ts";

/**
 * Waits for every step, also after one has failed (a step still running would make its folder after
 * the caller gave up on it). All succeeded: their results. Otherwise removes the folder of each one that
 * succeeded and throws the first failure.
 */
export async function allOrNone<T extends readonly unknown[]>(
	steps: { readonly [K in keyof T]: Promise<T[K]> },
	folderOf: (made: T[number]) => string,
): Promise<T> {
	const settled = await Promise.allSettled(steps);
	const failure = settled.find((step) => step.status === "rejected");
	if (failure === undefined)
		return settled.map((step) => (step as PromiseFulfilledResult<T[number]>).value) as unknown as T;
	for (const step of settled) if (step.status === "fulfilled") removeDir(folderOf(step.value));
	throw failure.reason;
}
