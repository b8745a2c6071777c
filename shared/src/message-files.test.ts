import { describe, expect, it } from 'vitest';
import { messageFileProblems } from './message-files.js';

describe('messageFileProblems', () => {
  const english = { title: 'Hello {{name}}', list: ['a', 'b'], group: { one: 'One' } };

  it('finds nothing wrong in a complete translation', () => {
    expect(messageFileProblems(english, { title: 'नमस्ते {{name}}', list: ['क', 'ख'], group: { one: 'एक' } })).toEqual(
      [],
    );
  });

  it('names a missing key, an extra key, a placeholder mismatch and a short list', () => {
    expect(messageFileProblems(english, { title: 'नमस्ते {{naam}}', list: ['क'], group: { two: 'दो' } })).toEqual([
      'title: placeholders naam, English has name',
      'list: not a list of 2',
      'group.one: missing',
      'group.two: not in English',
    ]);
  });
});
