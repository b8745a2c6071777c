/** A list is a page: the owner's screens ask for one page of records at a time. */
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
/** Deep pages cost a skip over every record before them; past this, narrow the filter instead. */
export const PAGE_MAX = 10_000;
/** The owner's order search: an order number, invoice number, name, e-mail, phone or PIN code. */
export const ORDER_SEARCH_MAX_CHARS = 100;
