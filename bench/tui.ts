/** placeholder */
import type { Figure } from "./stats.ts";
export async function tuiFigures(_quick: boolean): Promise<Figure[]> {
	return [{ name: "keystroke", unit: "ms", samples: [], note: "TUI not landed" }];
}
