/// <reference lib="dom" />
/**
 * An option's preview (markdown the model wrote), read by marked's lexer and built as elements with
 * textContent: the lexer only splits the text into tokens, no HTML is produced or parsed. Raw HTML in the
 * markdown is shown as its text; a link is a link only for http(s) (rel=noreferrer), else its text.
 */
import { lexer, type Token, type Tokens } from "marked";
import { el } from "./dom.ts";

export function renderMarkdown(source: string): HTMLElement {
	const root = el("div", { class: "md" });
	try {
		blocks(root, lexer(source.slice(0, 20_000)));
	} catch {
		root.replaceChildren(el("pre", { text: source }));
	}
	return root;
}

function blocks(parent: HTMLElement, tokens: readonly Token[]): void {
	for (const token of tokens) parent.append(block(token));
}

function block(token: Token): Node {
	const t = token as Tokens.Generic;
	switch (token.type) {
		case "heading":
			return inline(el("p", { class: "md-heading" }), t.tokens);
		case "paragraph":
			return inline(el("p"), t.tokens);
		case "code":
			return el("pre", {}, el("code", { text: String(t.text ?? "") }));
		case "blockquote": {
			const quote = el("blockquote");
			blocks(quote, t.tokens ?? []);
			return quote;
		}
		case "list": {
			const list = el((token as Tokens.List).ordered ? "ol" : "ul");
			for (const item of (token as Tokens.List).items) {
				const li = el("li");
				blocks(li, item.tokens);
				list.append(li);
			}
			return list;
		}
		case "table": {
			const table = token as Tokens.Table;
			const head = el("tr", {}, ...table.header.map((c) => inline(el("th"), c.tokens)));
			const rows = table.rows.map((r) => el("tr", {}, ...r.map((c) => inline(el("td"), c.tokens))));
			return el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows));
		}
		case "hr":
			return el("hr");
		case "space":
			return document.createTextNode("");
		case "text":
			return t.tokens ? inline(el("p"), t.tokens) : el("p", { text: String(t.text ?? "") });
		default:
			return el("p", { text: String(t.raw ?? "") });
	}
}

function inline<T extends HTMLElement>(parent: T, tokens: readonly Token[] | undefined): T {
	for (const token of tokens ?? []) {
		const t = token as Tokens.Generic;
		switch (token.type) {
			case "strong":
			case "em":
			case "del":
				parent.append(inline(el(token.type), t.tokens));
				break;
			case "codespan":
				parent.append(el("code", { text: String(t.text ?? "") }));
				break;
			case "br":
				parent.append(el("br"));
				break;
			case "link": {
				const href = String(t.href ?? "");
				const safe = /^https?:\/\//i.test(href);
				parent.append(
					safe
						? inline(el("a", { href, rel: "noreferrer noopener", target: "_blank" }), t.tokens)
						: inline(el("span", { class: "md-link" }), t.tokens),
				);
				break;
			}
			case "escape":
			case "text":
				if (t.tokens) inline(parent, t.tokens);
				else parent.append(document.createTextNode(String(t.text ?? "")));
				break;
			default:
				// html, image and anything new: as the text the model wrote.
				parent.append(document.createTextNode(String(t.raw ?? "")));
		}
	}
	return parent;
}
