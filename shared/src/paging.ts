import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZE_MIN } from './page-limits.js';

// In a file without zod, so the storefront's pages can read them without loading zod.
export { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZE_MIN } from './page-limits.js';

export const PAGING_TEXTS = {
  invalidPage: 'page must be a whole number from 1 to 10,000.',
  invalidPageSize: `limit must be a whole number from ${PAGE_SIZE_MIN} to ${PAGE_SIZE_MAX}.`,
} as const;

const wholeNumber = (error: string, min: number, max: number) =>
  z
    .string({ error })
    .regex(/^\d{1,6}$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });

/** ?page=&limit= of a paged list; both optional. */
export const pageQuerySchema = z.object({
  page: wholeNumber(PAGING_TEXTS.invalidPage, 1, PAGE_MAX).default(1),
  limit: wholeNumber(PAGING_TEXTS.invalidPageSize, PAGE_SIZE_MIN, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a list: its records, where it is, and how many records the whole filtered list has. */
export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}
