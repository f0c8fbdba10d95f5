/**
 * Real editor runs with fake editors (small shell scripts): the result, the terminal hand-over, and that
 * the temp file is gone afterwards in every ending (saved, failed, missing, killed, aborted, exception).
 */
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type EditExternallyOptions, editExternally } from "../../src/tui/external-editor.ts";

type TerminalControl = NonNullable<EditExternallyOptions["terminal"]>;

let root: string;
let scratch: string;
let log: string;

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "ask-editor-test-"));
	scratch = join(root, "tmp");
	mkdirSync(scratch);
	log = join(root, "log");
});
afterEach(() => {
	rmSync(root, { recursive: true, force: true });
	vi.restoreAllMocks();
});

/** Writes an executable /bin/sh script; `$last` is the file to edit, and the script logs what it saw. */
function fakeEditor(name: string, body: string): string {
	const path = join(root, name);
	mkdirSync(join(path, ".."), { recursive: true });
	const script = `#!/bin/sh\nfor last; do :; done\nprintf '%s\\n' "$#" "$@" "$(stat -c %a "$last")" > '${log}'\n${body}\n`;
	writeFileSync(path, script, { mode: 0o755 });
	chmodSync(path, 0o755);
	return path;
}

function env(editor: string): NodeJS.ProcessEnv {
	return { PATH: process.env.PATH, HOME: root, EDITOR: editor };
}

/** What the fake editor logged: the argument count, each argument, then the temp file's mode. */
function logged(): { args: string[]; file: string; mode: string } {
	const lines = readFileSync(log, "utf8").split("\n");
	const count = Number(lines[0]);
	const args = lines.slice(1, 1 + count);
	return { args, file: args[args.length - 1]!, mode: lines[1 + count]! };
}

function expectNoTempFiles(): void {
	expect(readdirSync(scratch)).toEqual([]);
}

describe("editExternally", () => {
	it("returns the saved text, with one trailing newline stripped", async () => {
		const editor = fakeEditor("append", `printf ' and more\\n\\n' >> "$last"`);
		const result = await editExternally("draft", { env: env(editor), tmpDir: scratch });
		expect(result).toEqual({ ok: true, text: "draft and more\n" });
		const seen = logged();
		expect(seen.file).toMatch(/\.md$/);
		expect(seen.file.startsWith(scratch)).toBe(true);
		expect(seen.mode).toBe("600");
		expect(existsSync(seen.file)).toBe(false);
		expectNoTempFiles();
	});

	it("passes the draft through unchanged, Unicode included, and strips a BOM", async () => {
		const text = "日本語 ✔\n\tline two\r\nthree";
		const same = await editExternally(text, { env: env(fakeEditor("noop", ":")), tmpDir: scratch });
		expect(same).toEqual({ ok: true, text });
		const bom = await editExternally("x", {
			env: env(fakeEditor("bom", `printf '\\357\\273\\277saved\\r\\n' > "$last"`)),
			tmpDir: scratch,
		});
		expect(bom).toEqual({ ok: true, text: "saved" });
		expectNoTempFiles();
	});

	it("passes the command's own arguments before the file, and runs paths with spaces", async () => {
		const editor = fakeEditor("dir with spaces/my editor", `printf 'edited' > "$last"`);
		const result = await editExternally("d", { env: env(`"${editor}" -w --flag='a b' ''`), tmpDir: scratch });
		expect(result).toEqual({ ok: true, text: "edited" });
		const seen = logged();
		expect(seen.args.slice(0, 3)).toEqual(["-w", "--flag=a b", ""]);
		expectNoTempFiles();
	});

	it("prefers $VISUAL", async () => {
		const visual = fakeEditor("visual", `printf 'from visual' > "$last"`);
		const editor = fakeEditor("editor", `printf 'from editor' > "$last"`);
		const result = await editExternally("", {
			env: { PATH: process.env.PATH, VISUAL: visual, EDITOR: editor },
			tmpDir: scratch,
		});
		expect(result).toEqual({ ok: true, text: "from visual" });
	});

	it("keeps the draft when the editor exits non-zero", async () => {
		const editor = fakeEditor("fail", `printf 'half' > "$last"; exit 1`);
		const result = await editExternally("draft", { env: env(editor), tmpDir: scratch });
		expect(result).toEqual({ ok: false, error: `$EDITOR "${editor}" exited with code 1` });
		expectNoTempFiles();
	});

	it("reports a missing editor in one line", async () => {
		const result = await editExternally("draft", { env: env("no-such-editor-xyz --wait"), tmpDir: scratch });
		expect(result).toEqual({ ok: false, error: '$EDITOR "no-such-editor-xyz" not found' });
		expectNoTempFiles();
	});

	it("reports an editor that is not executable", async () => {
		const path = join(root, "not-exec");
		writeFileSync(path, "#!/bin/sh\n", { mode: 0o644 });
		const result = await editExternally("draft", { env: env(path), tmpDir: scratch });
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error).toMatch(/is not executable|could not be started/);
		expectNoTempFiles();
	});

	it("reports an editor killed by a signal", async () => {
		const editor = fakeEditor("killed", `printf 'x' > "$last"; kill -KILL $$`);
		const result = await editExternally("draft", { env: env(editor), tmpDir: scratch });
		expect(result).toEqual({ ok: false, error: `$EDITOR "${editor}" was killed by SIGKILL` });
		expectNoTempFiles();
	});

	it("reports an unparsable command without creating a file", async () => {
		const result = await editExternally("draft", { env: env("vim 'oops"), tmpDir: scratch });
		expect(result).toEqual({ ok: false, error: `$EDITOR "vim 'oops" cannot be parsed: unterminated single quote` });
		expectNoTempFiles();
	});

	it("sanitizes the command shown in messages", async () => {
		const result = await editExternally("draft", { env: env("\x1b[31mevil"), tmpDir: scratch });
		expect(result.ok).toBe(false);
		if (!result.ok) {
			expect(result.error).not.toContain("\x1b");
			expect(result.error).toContain("␛[31mevil");
		}
	});

	it("fails cleanly when the editor deletes the file", async () => {
		const editor = fakeEditor("deleter", `rm -f "$last"`);
		const result = await editExternally("draft", { env: env(editor), tmpDir: scratch });
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error).toMatch(/^ENOENT/);
		expectNoTempFiles();
	});

	it("fails cleanly when the temp directory cannot be made", async () => {
		const result = await editExternally("draft", { env: env(fakeEditor("noop", ":")), tmpDir: join(root, "missing") });
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error).toMatch(/^ENOENT/);
	});

	it("ends the editor on abort and removes the file", async () => {
		const editor = fakeEditor("slow", `echo started >> '${log}.started'; exec sleep 30`);
		const controller = new AbortController();
		const pending = editExternally("draft", { env: env(editor), tmpDir: scratch, signal: controller.signal });
		await vi.waitFor(() => expect(existsSync(`${log}.started`)).toBe(true), { timeout: 5000 });
		const started = Date.now();
		controller.abort();
		expect(await pending).toEqual({ ok: false, error: "cancelled" });
		expect(Date.now() - started).toBeLessThan(5000);
		expectNoTempFiles();
	});

	it("does not start when already aborted", async () => {
		const controller = new AbortController();
		controller.abort();
		const editor = fakeEditor("never", `printf 'ran' > '${log}.ran'`);
		const result = await editExternally("d", { env: env(editor), tmpDir: scratch, signal: controller.signal });
		expect(result).toEqual({ ok: false, error: "cancelled" });
		expect(existsSync(`${log}.ran`)).toBe(false);
		expectNoTempFiles();
	});

	describe("terminal hand-over", () => {
		function fakeTerminal(): TerminalControl & { calls: string[] } {
			const calls: string[] = [];
			return {
				calls,
				stop: () => calls.push("stop"),
				start: () => calls.push("start"),
				requestRender: (force?: boolean) => calls.push(`render(${force})`),
			};
		}

		it("stops the TUI while the editor runs, then restarts and fully redraws", async () => {
			const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
			const terminal = fakeTerminal();
			const editor = fakeEditor("check", `printf 'ok' > "$last"`);
			const result = await editExternally("", { env: env(editor), tmpDir: scratch, terminal });
			expect(result).toEqual({ ok: true, text: "ok" });
			expect(terminal.calls).toEqual(["stop", "start", "render(true)"]);
			expect(write).toHaveBeenCalledWith(expect.stringMatching(/external editor/));
		});

		it("restarts the TUI when the editor is missing or fails", async () => {
			vi.spyOn(process.stdout, "write").mockImplementation(() => true);
			for (const command of ["no-such-editor-xyz", fakeEditor("fail", "exit 3")]) {
				const terminal = fakeTerminal();
				const result = await editExternally("", { env: env(command), tmpDir: scratch, terminal });
				expect(result.ok).toBe(false);
				expect(terminal.calls).toEqual(["stop", "start", "render(true)"]);
			}
			expectNoTempFiles();
		});

		it("does not touch the TUI when the command cannot be parsed", async () => {
			const terminal = fakeTerminal();
			await editExternally("", { env: env("'"), tmpDir: scratch, terminal });
			expect(terminal.calls).toEqual([]);
		});
	});
});
