/**
 * Renders captured terminal screens to PNG: headless Chromium (Debian's `/usr/bin/chromium`, driven
 * by playwright-core, a fresh profile per run, no network features) loads a blank page with xterm.js,
 * writes the captured SGR text into a terminal of the captured size and screenshots it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium } from "playwright-core";
import { removeDir } from "../../test/support/fake-model.ts";
import type { Capture } from "./capture.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const XTERM = join(ROOT, "node_modules", "@xterm", "xterm");

/** The browser binary (override with CHROMIUM=/path/to/chrome). */
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

const FLAGS = [
	"--headless",
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
];

/** A dark terminal palette (the colours Pi's dark theme is made for). */
const THEME = {
	background: "#1b1d23",
	foreground: "#d7dae0",
	cursor: "#1b1d23",
	black: "#1b1d23",
	red: "#e06c75",
	green: "#98c379",
	yellow: "#e5c07b",
	blue: "#61afef",
	magenta: "#c678dd",
	cyan: "#56b6c2",
	white: "#d7dae0",
	brightBlack: "#5c6370",
	brightRed: "#ef7b84",
	brightGreen: "#a9d48a",
	brightYellow: "#f0d08c",
	brightBlue: "#74bdf5",
	brightMagenta: "#d48ae8",
	brightCyan: "#67c7d3",
	brightWhite: "#ffffff",
};

/** An open browser that turns captures into PNG files. */
export interface Renderer {
	render(capture: Capture, outFile: string): Promise<void>;
	close(): Promise<void>;
}

/** Starts Chromium with a fresh profile. */
export async function startRenderer(): Promise<Renderer> {
	const profile = mkdtempSync(join(tmpdir(), "pi-ask-chromium-"));
	const context: BrowserContext = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: FLAGS,
		deviceScaleFactor: 2,
		viewport: { width: 1600, height: 1200 },
		offline: true,
	});
	const page = context.pages()[0] ?? (await context.newPage());
	await page.setContent(
		'<!doctype html><html><head><meta charset="utf-8"></head>' +
			`<body style="margin:0;background:#0e0f12"><div id="frame" style="display:inline-block;padding:18px 20px;background:${THEME.background};border-radius:10px"><div id="term"></div></div></body></html>`,
	);
	await page.addStyleTag({ path: join(XTERM, "css", "xterm.css") });
	await page.addScriptTag({ path: join(XTERM, "lib", "xterm.js") });
	return {
		async render(capture, outFile) {
			const data = toTerminalText(capture.ansi, capture.rows);
			await page.evaluate(
				async ({ data, cols, rows, theme }) => {
					const host = document.getElementById("term") as HTMLElement;
					host.innerHTML = "";
					// The UMD bundle puts the class on the global object.
					const { Terminal } = window as unknown as { Terminal: new (o: object) => XTermLike };
					const term = new Terminal({
						cols,
						rows,
						fontFamily: '"DejaVu Sans Mono", "WenQuanYi Micro Hei Mono", "WenQuanYi Micro Hei", monospace',
						fontSize: 14,
						lineHeight: 1.2,
						theme,
						cursorStyle: "bar",
						cursorInactiveStyle: "none",
						allowTransparency: false,
					});
					await document.fonts.ready;
					term.open(host);
					await new Promise<void>((resolve) => term.write(data, resolve));
				},
				{ data, cols: capture.cols, rows: capture.rows, theme: THEME },
			);
			await page.locator("#frame").screenshot({ path: outFile });
		},
		async close() {
			await context.close();
			removeDir(profile);
		},
	};
}

/** The xterm.js Terminal surface used in the page. */
interface XTermLike {
	open(element: HTMLElement): void;
	write(data: string, callback: () => void): void;
}

/** The captured lines for xterm.js: CR LF between rows, no trailing newline (no scroll), cursor hidden. */
export function toTerminalText(ansi: string, rows: number): string {
	const lines = ansi.replace(/\n$/, "").split("\n").slice(0, rows);
	return `\x1b[?25l${lines.map((line) => `${line}\x1b[0m`).join("\r\n")}`;
}
