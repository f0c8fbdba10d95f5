/**
 * The shape every messages table has (see `en.ts`). A locale is a complete `Messages` object;
 * there is no merging, so a missing string is a type error, not a blank row.
 */
import { en } from "./en.ts";

/** Every user-visible string of the dialog walker. */
export type Messages = typeof en;

/** The table used when the caller passes none. */
export const defaultMessages: Messages = en;
