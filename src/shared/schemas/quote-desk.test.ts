/** The annotation and quote-desk rules with the spec's texts (back-office spec section 5). */
import { describe, expect, it } from 'vitest';
import { AnnotationInput, QUOTE_DESK_MESSAGES, quoteAmountInput } from './quote-desk';

const valid = { content: 'Nice', authorName: 'Robin', authorEmail: 'robin@example.com' };
const firstMessage = (input: unknown) => {
  const r = AnnotationInput.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('AnnotationInput', () => {
  it('uses the spec texts and defaults', () => {
    expect(firstMessage({ ...valid, content: '  ' })).toBe(QUOTE_DESK_MESSAGES.commentEmpty);
    expect(firstMessage({ ...valid, authorName: '' })).toBe(QUOTE_DESK_MESSAGES.authorName);
    expect(firstMessage({ ...valid, authorEmail: 'nope' })).toBe(QUOTE_DESK_MESSAGES.authorEmail);
    expect(firstMessage({ ...valid, annotationType: 'like' })).toBe('Unknown annotation type');
    expect(AnnotationInput.parse(valid)).toMatchObject({
      annotationType: 'comment',
      authorType: 'client',
    });
  });

  it('keeps pins, replies and approvals consistent', () => {
    expect(firstMessage({ ...valid, positionX: 0.2, positionY: 0.3 })).toBe(
      'A pin needs the revision it is on',
    );
    expect(
      firstMessage({ ...valid, positionX: 0.2, positionY: 0.3, revisionNumber: 1 }),
    ).toBeNull();
    expect(firstMessage({ ...valid, annotationType: 'approval' })).toBe(
      'Choose the proof to approve',
    );
    expect(firstMessage({ ...valid, annotationType: 'revision_request', parentId: 3 })).toBe(
      'Only comments can be replies',
    );
    expect(
      firstMessage({ ...valid, parentId: 3, positionX: 0.1, positionY: 0.1, revisionNumber: 1 }),
    ).toBe('A reply belongs to its pin and has no position of its own');
  });
});

describe('quoteAmountInput', () => {
  it('takes dollars above 0 with at most two decimals', () => {
    for (const bad of [0, -1, Number.NaN, 1_000_000.01]) {
      expect(quoteAmountInput.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(quoteAmountInput.safeParse(1.005).success).toBe(false);
    expect(quoteAmountInput.parse(1250.5)).toBe(1250.5);
  });
});
