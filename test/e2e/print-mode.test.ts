/**
 * No-UI modes through the real binary: in `-p` and `--mode json` nobody can answer, so the model
 * must never be offered ask_user_question; in RPC mode it is offered, unless the user's `--tools`
 * allowlist left it out — then the extension must not re-add it.
 */
import { describe, expect, it } from "vitest";
import { sharedHarness } from "../support/lifecycle.ts";
import { runJson, runPrint } from "../support/pi.ts";
import { ASK } from "../support/questions.ts";

const pi = sharedHarness();

function lastTools(): string[] {
	const request = pi.h.fake.requests.at(-1);
	if (!request) throw new Error("the fake model received no request");
	return request.tools;
}

describe("print and json modes hide the tool", () => {
	it("-p: the model is offered read but not ask_user_question", async () => {
		pi.h.fake.enqueue({ text: "print answer" });
		const result = await runPrint("hello", pi.h.options());
		expect(result.stderr).not.toMatch(/Failed to load extension/);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("print answer");
		expect(lastTools()).toContain("read");
		expect(lastTools()).not.toContain(ASK);
	});

	it("--mode json: the model is offered read but not ask_user_question", async () => {
		pi.h.fake.enqueue({ text: "json answer" });
		const result = await runJson("hello", pi.h.options());
		expect(result.code).toBe(0);
		expect(result.events.some((e) => e.type === "agent_end")).toBe(true);
		expect(lastTools()).toContain("read");
		expect(lastTools()).not.toContain(ASK);
	});
});

describe("rpc mode offers the tool, but respects an allowlist", () => {
	it("offers ask_user_question by default (the extension is loaded)", async () => {
		const rpc = pi.h.rpc();
		pi.h.fake.enqueue({ text: "rpc answer" });
		await rpc.prompt("hello");
		expect(lastTools()).toContain(ASK);
		expect(lastTools()).toContain("read");
	});

	// Pi itself keeps tools outside a `--tools` allowlist unregistered, so this pins the contract users
	// see (Pi + extension together): no extension code path may bring the tool back.
	it("--tools read: ask_user_question stays out, also on a second prompt", async () => {
		const rpc = pi.h.rpc({ extraArgs: ["--tools", "read"] });
		pi.h.fake.enqueue({ text: "first" }, { text: "second" });
		await rpc.prompt("one");
		expect(lastTools()).toEqual(["read"]);
		await rpc.prompt("two");
		expect(lastTools()).toEqual(["read"]);
	});

	it("--tools read,ask_user_question: the allowlisted tool is offered", async () => {
		const rpc = pi.h.rpc({ extraArgs: ["--tools", `read,${ASK}`] });
		pi.h.fake.enqueue({ text: "ok" });
		await rpc.prompt("hello");
		expect([...lastTools()].sort()).toEqual([ASK, "read"].sort());
	});
});
