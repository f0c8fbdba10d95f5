/**
 * A synchronous event bus like Pi's `pi.events`, for the answer-channel tests: handlers run in order
 * inside `emit`, `on` returns a working unsubscribe, and everything emitted is recorded.
 */
import type { EventBus } from "../../src/tool/answer-events.ts";

export interface TestBus extends EventBus {
	/** Everything emitted, in order. */
	emitted: { channel: string; data: unknown }[];
	/** Handlers subscribed now, over all channels. */
	listeners(): number;
}

export function eventBus(): TestBus {
	const handlers = new Map<string, Set<(data: unknown) => void>>();
	const emitted: { channel: string; data: unknown }[] = [];
	return {
		emitted,
		emit(channel, data) {
			emitted.push({ channel, data });
			for (const handler of [...(handlers.get(channel) ?? [])]) handler(data);
		},
		on(channel, handler) {
			const set = handlers.get(channel) ?? new Set();
			set.add(handler);
			handlers.set(channel, set);
			return () => set.delete(handler);
		},
		listeners: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
	};
}
