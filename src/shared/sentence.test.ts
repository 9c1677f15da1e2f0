import { describe, expect, it } from 'vitest';
import { endSentence } from './sentence';

describe('endSentence', () => {
  it('adds a full stop when the text has none', () => {
    expect(endSentence('Welcome back to Fairway Pins')).toBe('Welcome back to Fairway Pins.');
  });
  it('keeps a name that already ends a sentence as it is', () => {
    expect(endSentence('Welcome back to Fairway Pin Co.')).toBe('Welcome back to Fairway Pin Co.');
    expect(endSentence('Yahoo!')).toBe('Yahoo!');
    expect(endSentence('Pins Co. ')).toBe('Pins Co.');
  });
});
