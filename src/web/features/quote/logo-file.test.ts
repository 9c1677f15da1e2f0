import { describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES } from '../../../shared/schemas/quotes';
import { logoFileProblem } from './logo-file';

describe('logoFileProblem', () => {
  it('accepts the four image types up to 10 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/svg+xml']) {
      expect(logoFileProblem({ type, size: 10 * 1024 * 1024 })).toBeNull();
    }
  });
  it('refuses other types and files over 10 MB with the spec texts', () => {
    expect(logoFileProblem({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid File Type',
      description: QUOTE_MESSAGES.invalidFile,
    });
    expect(logoFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toEqual({
      title: 'File Too Large',
      description: 'Please upload a file smaller than 10MB.',
    });
  });
});
