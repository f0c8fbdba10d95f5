/**
 * What the lazily loaded TUI chunk (dist/tui.cjs, host/load-tui.ts) gives the host: running a
 * questionnaire, and the off-screen rehearsal the preload runs so the first one opens fast.
 */
export { runTuiQuestionnaire } from "./run.ts";
export { warmUpTui } from "./warm-up.ts";
