/// <reference lib="dom" />
/**
 * The web inbox's script (built into dist/serve-app.js, served as /app.js under a CSP that allows no
 * other script): an unpaired browser sees the pairing form only; a paired one sees every waiting
 * questionnaire, live from /api/events, and answers them (card.ts), and its devices.
 */
import type { DeviceView } from "../http.ts";
import type { InboxSnapshot } from "../inbox.ts";
import { ageText, Card } from "./card.ts";
import { call, el, show } from "./dom.ts";
import { pickWords } from "./words.ts";

const { words, lang } = pickWords(navigator.languages ?? [navigator.language]);
document.documentElement.lang = lang;
const app = document.getElementById("app") as HTMLElement;
const cards = new Map<string, Card>();

async function boot(): Promise<void> {
	const me = await call<{ paired: boolean; device?: DeviceView }>("GET", "/api/me");
	if (me.data.paired) inbox(me.data.device);
	else pairing();
}

/** "Safari on iPhone": a name for this device the person may change. */
function guessName(): string {
	const ua = navigator.userAgent;
	const kind = ["iPhone", "iPad", "Android", "Mac", "Windows"].find((k) => ua.includes(k)) ?? "Linux";
	const safari = ua.includes("Safari") && !ua.includes("Chrome");
	return `${ua.includes("Firefox") ? "Firefox" : safari ? "Safari" : "Browser"} on ${kind}`;
}

function pairing(): void {
	const code = el("input", {
		id: "code",
		inputmode: "numeric",
		autocomplete: "one-time-code",
		maxlength: "12",
		required: true,
	});
	const name = el("input", { id: "device-name", value: guessName(), maxlength: "40", required: true });
	const error = el("p", { class: "error", role: "alert" });
	const form = el(
		"form",
		{ class: "pair" },
		el("h1", { text: words.pairTitle }),
		el("p", { text: words.pairHelp }),
		el("label", { for: "code", text: words.code }),
		code,
		el("label", { for: "device-name", text: words.deviceName }),
		name,
		el("button", { type: "submit", class: "primary", text: words.pair }),
		error,
	);
	form.addEventListener("submit", (e) => {
		e.preventDefault();
		void call<{ error?: string; device?: DeviceView }>("POST", "/api/pair", {
			code: code.value,
			name: name.value,
		}).then(({ status, data }) => {
			if (status === 200) inbox(data.device);
			else error.textContent = data.error ?? String(status);
		});
	});
	show(app, form);
	code.focus();
}

function inbox(device: DeviceView | undefined): void {
	const list = el("div", { class: "cards" });
	const status = el("p", { class: "status", role: "status" });
	const devicesBox = el("section", { class: "devices", hidden: true, "aria-label": words.devices });
	const devicesButton = el("button", { type: "button", class: "link", "aria-expanded": "false", text: words.devices });
	devicesButton.addEventListener("click", () => {
		devicesBox.hidden = !devicesBox.hidden;
		devicesButton.setAttribute("aria-expanded", String(!devicesBox.hidden));
		if (!devicesBox.hidden) void devices(devicesBox);
	});
	show(
		app,
		el("header", { class: "top" }, el("h1", { text: words.title }), devicesButton),
		devicesBox,
		status,
		list,
		el("p", { class: "keys", text: words.keys }),
	);
	app.dataset.device = device?.name ?? "";
	const source = new EventSource("/api/events");
	source.onmessage = (e: MessageEvent<string>) => {
		status.textContent = "";
		render(list, status, JSON.parse(e.data) as InboxSnapshot);
	};
	source.onerror = () => {
		status.textContent = words.offline;
		void call<{ paired: boolean }>("GET", "/api/me").then(({ data }) => {
			if (!data.paired) {
				source.close();
				pairing();
			}
		});
	};
	setInterval(() => {
		for (const card of cards.values()) card.tick();
	}, 20_000);
}

function render(list: HTMLElement, status: HTMLElement, snapshot: InboxSnapshot): void {
	const seen = new Set<string>();
	for (const item of snapshot.items) {
		seen.add(item.key);
		const card = cards.get(item.key);
		if (card) card.update(item);
		else {
			const added = new Card(item, words);
			cards.set(item.key, added);
			list.append(added.root);
		}
	}
	for (const [key, card] of [...cards])
		if (!seen.has(key)) {
			// Answered elsewhere, or its Pi ended: its verdict stays a while, then the card goes.
			card.update(undefined);
			cards.delete(key);
			setTimeout(() => card.root.remove(), 8_000);
		}
	if (cards.size === 0) status.textContent = words.empty;
	app.dataset.version = String(snapshot.version);
}

async function devices(box: HTMLElement): Promise<void> {
	const { data } = await call<{ you: string; devices: DeviceView[] }>("GET", "/api/devices");
	const rows = data.devices.map((d) => {
		const revoke = el("button", { type: "button", text: words.revoke, "aria-label": `${words.revoke}: ${d.name}` });
		revoke.addEventListener("click", () => {
			void call("POST", "/api/devices/revoke", { id: d.id }).then(() =>
				d.id === data.you ? location.reload() : devices(box),
			);
		});
		return el(
			"li",
			{},
			el("span", { text: `${d.name} ${d.id === data.you ? words.thisDevice : ""}` }),
			el("span", { class: "age", text: ageText(d.pairedAt, words) }),
			revoke,
		);
	});
	show(box, el("ul", {}, ...rows));
}

void boot();
