import { z } from 'zod';
import { pageQuerySchema, type Page } from './paging.js';
import type { UserSummary } from './schemas.js';

/** Longest search the owner's users list takes: a name, an e-mail address or a phone number. */
export const USER_SEARCH_MAX_CHARS = 100;
/**
 * A search matching more accounts than this is not counted to the end: its total says "more than"
 * and its pages stop there, so a broad search ("pa", "9") costs what a narrow one does.
 */
export const USER_SEARCH_COUNT_LIMIT = 1000;

export const ADMIN_LIST_TEXTS = {
  invalidUserSearch: `q must be text of at most ${USER_SEARCH_MAX_CHARS} characters.`,
} as const;

const userSearch = z
  .string({ error: ADMIN_LIST_TEXTS.invalidUserSearch })
  .max(USER_SEARCH_MAX_CHARS, { error: ADMIN_LIST_TEXTS.invalidUserSearch })
  .transform((q) => q.trim());

/** GET /api/admin/users?q=&page=&limit=: a blank q lists every account. */
export const userListQuerySchema = pageQuerySchema.extend({ q: userSearch.default('') });
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** GET /api/admin/messages?page=&limit= */
export const messageListQuerySchema = pageQuerySchema;

/** A row of the owner's users list: the spec's summary and when the account was made. */
export interface AdminUserRow extends UserSummary {
  /** ISO time; null for an account stored without one. */
  createdAt: string | null;
  /** Whether the shopper confirmed their e-mail address (accounts made before verification count as confirmed); always sent by this server. */
  emailVerified?: boolean;
}

/** A page of the users list; `totalCapped`: more accounts match than `total` (the count stopped there). */
export interface AdminUserPage extends Page<AdminUserRow> {
  totalCapped: boolean;
}
