// @vitest-environment jsdom
/**
 * Admin 'Edit post' and two admins at once (a concurrency audit): every edit sends the
 * `updatedAt` of the post it was opened on (the publish / unpublish buttons too); when the
 * server answers 409 (someone saved the post since), the dialog stays open with the admin's
 * input, shows the message, and takes the saved post as its new base, so saving again
 * keeps both changes.
 */
import type { BlogPost } from '@shared/schemas/blog';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { openEditDialog } from '@/test/edit-dialog';
import { waitForToast } from '@/test/toasts';
import { postInput } from '../blog-api';
import { BlogPostFormDialog } from './blog-post-form';

const post: BlogPost = {
  id: 3,
  title: 'Choosing Pin Plating',
  slug: 'choosing-pin-plating',
  excerpt: 'Gold or silver?',
  content: '<p>Gold shines.</p>',
  category: 'tips',
  featuredImage: null,
  tags: ['plating'],
  isPublished: true,
  publishedAt: '2026-11-01T00:00:00.000Z',
  publishedDay: '2026-10-31',
  metaTitle: null,
  metaDescription: null,
  viewCount: 12,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.123Z',
};

const CHANGED =
  'This post was changed by someone else while you edited it. Reload to see the changes.';

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

/**
 * Opens the Edit dialog of the post; returns the PUT bodies it sends and its form.
 * `answer` gives the response to PUT number n (default: saved); `listed` is every post as
 * the server has it now (GET /api/admin/blog).
 */
async function openEdit(
  answer: (body: Record<string, unknown>, n: number) => Response = (body) =>
    jsonResponse(200, { ...post, ...body }),
  listed: () => BlogPost[] = () => [],
) {
  const opened = await openEditDialog({
    dialog: <BlogPostFormDialog post={post} open onOpenChange={() => {}} />,
    formLabel: 'Edit post',
    answer,
    isListRead: (url) => url.endsWith('/api/admin/blog'),
    listed,
  });
  container = opened.container;
  return opened;
}

describe('Edit post', () => {
  it('an edit sends the updatedAt it was opened on; so does Publish / Unpublish', async () => {
    const { sent, form, type } = await openEdit();
    await act(() => type('title', 'Choosing Pin Plating Well'));
    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      title: 'Choosing Pin Plating Well',
      expectedUpdatedAt: '2026-11-02T10:00:00.123Z',
    });
    expect(postInput(post, { isPublished: false })).toMatchObject({
      isPublished: false,
      expectedUpdatedAt: '2026-11-02T10:00:00.123Z',
    });
  });

  it('a 409 (saved by someone else meanwhile) keeps the dialog open with the admin input, shows the message, and saving again keeps both changes', async () => {
    // Another admin rewrote the excerpt and the content while this one changed the title.
    const saved: BlogPost = {
      ...post,
      excerpt: 'Gold, silver or black nickel?',
      content: '<p>Black nickel is bold.</p>',
      updatedAt: '2026-11-02T10:05:00.456Z',
    };
    const { sent, form, type, value } = await openEdit(
      (body, n) =>
        n === 1
          ? jsonResponse(409, { message: CHANGED })
          : jsonResponse(200, { ...saved, ...body }),
      () => [saved],
    );
    await act(() => type('title', 'Choosing Pin Plating Well'));
    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(1));
    await waitForToast({
      title: 'Not Saved',
      description: `${CHANGED} The form now shows their changes and still holds yours: save again to keep both.`,
    });
    // Still open, the admin's title kept, the other admin's excerpt taken in.
    expect(document.querySelector('form[aria-label="Edit post"]')).toBe(form);
    expect(value('title')).toBe('Choosing Pin Plating Well');
    expect(value('excerpt')).toBe('Gold, silver or black nickel?');

    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      title: 'Choosing Pin Plating Well',
      excerpt: 'Gold, silver or black nickel?',
      content: '<p>Black nickel is bold.</p>',
      expectedUpdatedAt: '2026-11-02T10:05:00.456Z',
    });
  });
});
