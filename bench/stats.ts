/**
 * Sample statistics and the report table for `npm run bench`: min / median / p99 of a figure's
 * samples, its target, and pass or fail. Pure: no timing or I/O here.
 */

/** One row of the report. */
export interface Figure {
	/** What was measured, e.g. "tool call → first frame (cold)". */
	name: string;
	/** Unit shown after each number: "ms", "B", "MB". */
	unit: string;
	/** The samples; empty when the figure could not be measured (see `note`). */
	samples: number[];
	/** The statistic the target applies to and its bound; absent for information-only rows. */
	target?: { stat: "median" | "p50" | "p99" | "max"; max: number };
	/** Shown when there are no samples (why), or beside the row (how). */
	note?: string;
}

/** min, median and p99 (nearest rank) of `samples`; undefined when empty. */
export function summarize(
	samples: readonly number[],
): { min: number; median: number; p99: number; max: number } | undefined {
	if (samples.length === 0) return undefined;
	const sorted = [...samples].sort((a, b) => a - b);
	const at = (q: number) =>
		sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
	const mid = sorted.length / 2;
	const median =
		sorted.length % 2 === 1
			? (sorted[Math.floor(mid)] ?? Number.NaN)
			: ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
	return { min: sorted[0] ?? Number.NaN, median, p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
}

/** pass / fail / "-" (no target) / "n/a" (no samples). */
export function verdict(figure: Figure): "pass" | "FAIL" | "-" | "n/a" {
	const stats = summarize(figure.samples);
	if (!stats) return "n/a";
	if (!figure.target) return "-";
	const stat = figure.target.stat === "p50" ? "median" : figure.target.stat;
	return stats[stat] <= figure.target.max ? "pass" : "FAIL";
}

function format(value: number, unit: string): string {
	if (!Number.isFinite(value)) return "-";
	const digits =
		unit === "ms" ? (value < 1 ? 3 : value < 10 ? 2 : 1) : unit === "MB" || unit === "×" ? 2 : unit === "KB" ? 1 : 0;
	return `${value.toFixed(digits)} ${unit}`;
}

/** The report as an aligned text table, one line per figure, notes below. */
export function renderTable(figures: readonly Figure[]): string {
	const header = ["figure", "n", "min", "median", "p99", "target", "result"];
	const rows = figures.map((f) => {
		const stats = summarize(f.samples);
		const target = f.target ? `${f.target.stat} ≤ ${format(f.target.max, f.unit)}` : "-";
		if (!stats) return [f.name, "0", "-", "-", "-", target, f.note ? `n/a (${f.note})` : "n/a"];
		return [
			f.name,
			String(f.samples.length),
			format(stats.min, f.unit),
			format(stats.median, f.unit),
			format(stats.p99, f.unit),
			target,
			verdict(f),
		];
	});
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
	const line = (cells: readonly string[]) =>
		cells
			.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
			.join("  ")
			.trimEnd();
	const notes = figures.filter((f) => f.note && f.samples.length > 0).map((f) => `  ${f.name}: ${f.note}`);
	return [
		line(header),
		line(widths.map((w) => "-".repeat(w))),
		...rows.map(line),
		...(notes.length > 0 ? ["", "notes:", ...notes] : []),
	].join("\n");
}
