/**
 * What keeps a language's message file (client/src/i18n/locales, server/src/locales) in step with the
 * English one: every key English has and no other, lists of the same length, and each text with
 * the same {{placeholders}}. Each problem is one line naming the key.
 */
export function messageFileProblems(english: unknown, other: unknown, at = ''): string[] {
  if (typeof english === 'string') {
    if (typeof other !== 'string') return [`${at}: not a text`];
    const [want, got] = [placeholdersOf(english), placeholdersOf(other)];
    return want === got ? [] : [`${at}: placeholders ${got || 'none'}, English has ${want || 'none'}`];
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(other) || other.length !== english.length) return [`${at}: not a list of ${english.length}`];
    return english.flatMap((item, i) => messageFileProblems(item, other[i], `${at}[${i}]`));
  }
  const [want, got] = [english as Record<string, unknown>, (other ?? {}) as Record<string, unknown>];
  if (typeof other !== 'object' || other === null || Array.isArray(other)) return [`${at}: not a group of texts`];
  const key = (name: string) => (at ? `${at}.${name}` : name);
  return [
    ...Object.keys(want).flatMap((name) =>
      name in got ? messageFileProblems(want[name], got[name], key(name)) : [`${key(name)}: missing`],
    ),
    ...Object.keys(got)
      .filter((name) => !(name in want))
      .map((name) => `${key(name)}: not in English`),
  ];
}

const placeholdersOf = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]))].sort().join(', ');
