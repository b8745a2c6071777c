import { describe, expect, it } from 'vitest';
import * as shared from '@kesh/shared';
import { messageFileProblems } from '@kesh/shared';
import sharedTexts from './locales/shared-texts.json';

/** Every message file, as language -> namespace -> words. */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const byLanguage: Record<string, Record<string, unknown>> = {};
for (const [file, words] of Object.entries(files)) {
  const [, language, namespace] = /locales\/(\w+)\/(.+)\.json$/.exec(file) ?? [];
  if (language && namespace) (byLanguage[language] ??= {})[namespace] = words;
}
/** namespace -> key -> the @kesh/shared constant its English text is. */
const SHARED_TEXTS = sharedTexts as Record<string, Record<string, string>>;
const at = (words: unknown, path: string) =>
  path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], words);

describe('message files (client/src/i18n/locales)', () => {
  it('every language has every namespace English has, and no other', () => {
    for (const language of shared.LANGUAGES.map((l) => l.code)) {
      expect(Object.keys(byLanguage[language] ?? {}).sort(), language).toEqual(Object.keys(byLanguage.en!).sort());
    }
  });

  it("each language's file has English's keys, lists and placeholders", () => {
    // The server's exact English may have a number written in (30 minutes) that a translation takes
    // as {{minutes}}: only there may a translation name a placeholder English lacks.
    const serverText = (namespace: string, problem: string) =>
      / English has none$/.test(problem) && problem.split(':')[0]! in (SHARED_TEXTS[namespace] ?? {});
    for (const language of ['hi', 'mr', 'gu']) {
      for (const [namespace, english] of Object.entries(byLanguage.en!)) {
        const problems = messageFileProblems(english, byLanguage[language]?.[namespace]);
        expect(
          problems.filter((problem) => !serverText(namespace, problem)),
          `${language}/${namespace}.json`,
        ).toEqual([]);
      }
    }
  });

  it("English texts that are the spec's messages are still exactly those of @kesh/shared", () => {
    for (const [namespace, keys] of Object.entries(SHARED_TEXTS)) {
      for (const [key, constant] of Object.entries(keys)) {
        expect(at(byLanguage.en![namespace], key), `${namespace}: ${key}`).toBe(at(shared, constant));
      }
    }
  });
});
