const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A message file's text with its {{placeholders}} filled, as the storefront's translator fills them
 * (client/src/i18n/translate.ts); a value not given is left empty.
 */
export function fillText(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? ''));
}
