/// <reference lib="dom" />
/**
 * Building the page's elements: every text goes in through textContent (a Text node), never as HTML, so
 * nothing the model wrote is ever parsed as markup. Attributes are set one by one from a fixed list of
 * names the app chooses.
 */

type Child = Node | string | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
	tag: K,
	attrs: Record<string, string | boolean | undefined> = {},
	...children: Child[]
): HTMLElementTagNameMap[K] {
	const node = document.createElement(tag);
	for (const [name, value] of Object.entries(attrs)) {
		if (value === undefined || value === false) continue;
		if (name === "text") node.textContent = String(value);
		else node.setAttribute(name, value === true ? "" : value);
	}
	for (const child of children) {
		if (child === undefined || child === false) continue;
		node.append(typeof child === "string" ? document.createTextNode(child) : child);
	}
	return node;
}

/** Replaces what `parent` shows. */
export function show(parent: Element, ...children: Node[]): void {
	parent.replaceChildren(...children);
}

/** A JSON request to this server, from the page (the header and type the server checks). */
export async function call<T>(
	method: "GET" | "POST",
	path: string,
	body?: unknown,
): Promise<{ status: number; data: T }> {
	const init: RequestInit = { method, credentials: "same-origin", headers: { "X-Pi-Ask": "1" } };
	if (body !== undefined) {
		init.headers = { "X-Pi-Ask": "1", "Content-Type": "application/json" };
		init.body = JSON.stringify(body);
	}
	const res = await fetch(path, init);
	return { status: res.status, data: (await res.json()) as T };
}
