import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, messageFileProblems } from '@kesh/shared';

const dir = new URL('./', import.meta.url);
const read = (language: string, file: string): unknown =>
  JSON.parse(readFileSync(new URL(`${language}/${file}`, dir), 'utf8'));

describe('mail message files (server/src/locales)', () => {
  const english = readdirSync(new URL('en/', dir)).sort();

  it("each language has English's files, keys and placeholders", () => {
    for (const { code } of LANGUAGES) {
      expect(readdirSync(new URL(`${code}/`, dir)).sort(), code).toEqual(english);
      for (const file of english) {
        expect(messageFileProblems(read('en', file), read(code, file)), `${code}/${file}`).toEqual([]);
      }
    }
  });
});
