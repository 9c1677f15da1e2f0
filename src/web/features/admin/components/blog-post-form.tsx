/**
 * Write / edit a blog post (issue 10) with the admin form pattern over the shared
 * BlogPostInput schema: title, slug (made from the title until the admin edits it; the
 * server keeps it unique), category, excerpt, content in the rich-text editor (Tiptap,
 * loaded lazily), featured image upload, tags (comma separated), meta title and meta
 * description, published; a Preview tab shows the post as readers will see it
 * (sanitised with DOMPurify). Server 400 field errors land on their fields.
 *
 * An edit sends the `updatedAt` it was opened on: when someone saved the post since, the
 * server answers 409 and the dialog stays open, brought up to date around the admin's
 * input (stale-edit.ts), so saving again keeps both changes.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { BLOG_CATEGORIES, type BlogPost, BlogPostInput } from '@shared/schemas/blog';
import slugify from '@sindresorhus/slugify';
import DOMPurify from 'dompurify';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CATEGORY_LABELS } from '@/features/blog/format';
import { toast } from '@/lib/toast';
import { useReloadPost, useSavePost } from '../blog-api';
import { toastError } from '../notify';
import { isConflict, rebaseForm, toastStaleEdit } from '../stale-edit';
import {
  AdminForm,
  applyServerErrors,
  CheckboxField,
  FormActions,
  SelectField,
  TextareaField,
  TextField,
} from './admin-form';
import { FormDialog } from './form-dialog';
import { ImageUpload } from './image-upload';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The shared schema with tags typed as one comma-separated line. */
const PostForm = BlogPostInput.omit({ tags: true }).extend({
  tagsText: z.string().max(1000, 'At most 1000 characters'),
});
type PostFormIn = z.input<typeof PostForm>;
type PostFormOut = z.output<typeof PostForm>;

/** A slug suggestion for a title (the server makes it unique). */
export const suggestSlug = (title: string) => slugify(title).slice(0, 80).replace(/-+$/, '');

/** The form's fields by name, as the toast of a refused edit names them. */
const FIELD_LABELS: Record<keyof PostFormIn, string> = {
  title: 'Title',
  slug: 'Slug',
  excerpt: 'Excerpt',
  content: 'Content',
  category: 'Category',
  featuredImage: 'Featured image',
  tagsText: 'Tags',
  metaTitle: 'Meta title',
  metaDescription: 'Meta description',
  isPublished: 'Published',
};

function defaults(post: BlogPost | null): PostFormIn {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    category: post?.category ?? 'tips',
    featuredImage: post?.featuredImage ?? null,
    tagsText: post?.tags.join(', ') ?? '',
    metaTitle: post?.metaTitle ?? '',
    metaDescription: post?.metaDescription ?? '',
    isPublished: post?.isPublished ?? false,
  };
}

export function BlogPostFormDialog({
  post,
  open,
  onOpenChange,
}: {
  /** null: a new post. */
  post: BlogPost | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={post ? `Edit ${post.title}` : 'New Blog Post'}
      description="Published posts show on /blog as soon as they are saved."
      wide
    >
      {(close) => <PostFormBody post={post} onDone={close} />}
    </FormDialog>
  );
}

function PostFormBody({ post, onDone }: { post: BlogPost | null; onDone(): void }) {
  const save = useSavePost();
  const reload = useReloadPost();
  const form = useForm<PostFormIn, unknown, PostFormOut>({
    resolver: zodResolver(PostForm),
    defaultValues: defaults(post),
  });
  // The post as the form was last brought up to date with: the one opened, or the one read
  // again after a 409. An edit sends its updatedAt (refused if someone saved it since).
  const base = useRef(post);
  // The editor reads its content once: a new key shows content taken from a newer save.
  const [editorKey, setEditorKey] = useState(0);
  const slugTouched = useRef(Boolean(post));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const contentLabel = useId();
  const values = useWatch({ control: form.control });

  const titleField = form.register('title');

  const submit = async ({ tagsText, ...fields }: PostFormOut) => {
    const tags = tagsText
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const version = base.current ? { expectedUpdatedAt: base.current.updatedAt } : {};
    try {
      const saved = await save.mutateAsync({
        id: post?.id ?? null,
        body: { ...fields, tags, ...version },
      });
      toast({
        title: post ? 'Post Updated' : 'Post Created',
        description: saved.isPublished
          ? `${saved.title} is published at /blog/${saved.slug}.`
          : `${saved.title} is saved as a draft.`,
      });
      onDone();
    } catch (error) {
      if (post && isConflict(error)) await startAgainFromSaved(post.id, error.message);
      else if (!applyServerErrors(form, error)) toastError(error, 'Failed to save the post.');
    }
  };

  /**
   * After a 409: reads the post as it is now and brings the form up to it around the
   * admin's input (the dialog stays open), then says so. When it cannot be read, the
   * server's message alone (the next save is refused again: nothing is overwritten).
   */
  const startAgainFromSaved = async (id: number, message: string) => {
    const fresh = await reload(id).catch(() => null);
    if (!fresh || !base.current) {
      toastStaleEdit(message, null);
      return;
    }
    const content = form.getValues('content');
    const overlap = rebaseForm(form, defaults(base.current), defaults(fresh), FIELD_LABELS);
    base.current = fresh;
    if (form.getValues('content') !== content) setEditorKey((k) => k + 1);
    toastStaleEdit(message, overlap);
  };

  const previewHtml = DOMPurify.sanitize(values.content ?? '', { USE_PROFILES: { html: true } });

  return (
    <AdminForm form={form} onSubmit={submit} aria-label={post ? 'Edit post' : 'New post'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <TitleInput
            field={titleField}
            error={form.formState.errors.title?.message}
            onTitle={(title) => {
              if (!slugTouched.current) form.setValue('slug', suggestSlug(title));
            }}
          />
        </div>
        <TextField
          name="slug"
          label="Slug"
          autoComplete="off"
          description="The address: /blog/your-slug. Made from the title until you edit it."
          onInput={() => {
            slugTouched.current = true;
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="category"
          label="Category"
          options={BLOG_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        />
        <TextField
          name="tagsText"
          label="Tags"
          autoComplete="off"
          description="Comma separated, e.g. design, soft enamel."
        />
      </div>
      <TextareaField
        name="excerpt"
        label="Excerpt"
        rows={2}
        valueAs="nullableText"
        description="One or two sentences for the blog card."
      />

      <div className="space-y-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span id={contentLabel} className="text-sm font-medium">
            Content
          </span>
          <fieldset className="flex gap-1">
            <legend className="sr-only">Editor view</legend>
            <Button
              type="button"
              size="sm"
              variant={tab === 'write' ? 'default' : 'outline'}
              aria-pressed={tab === 'write'}
              onClick={() => setTab('write')}
            >
              Write
            </Button>
            <Button
              type="button"
              size="sm"
              variant={tab === 'preview' ? 'default' : 'outline'}
              aria-pressed={tab === 'preview'}
              onClick={() => setTab('preview')}
            >
              Preview
            </Button>
          </fieldset>
        </div>
        {tab === 'write' ? (
          <Suspense
            fallback={
              <p role="status" className="rounded-md border p-4 text-sm text-slate-600">
                Loading editor…
              </p>
            }
          >
            <RichTextEditor
              key={editorKey}
              value={form.getValues('content') ?? ''}
              labelledBy={contentLabel}
              onChange={(html) => form.setValue('content', html, { shouldDirty: true })}
            />
          </Suspense>
        ) : (
          <section aria-label="Preview" className="rounded-md border p-4">
            <h2 className="font-heading text-2xl">{values.title || 'Untitled'}</h2>
            {previewHtml ? (
              <div
                className="prose-post mt-4"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
                dangerouslySetInnerHTML={{ __html: previewHtml }}
              />
            ) : (
              <p className="mt-4 text-sm text-slate-600">Nothing written yet.</p>
            )}
          </section>
        )}
        {form.formState.errors.content?.message ? (
          <p className="text-destructive text-sm">{form.formState.errors.content.message}</p>
        ) : null}
      </div>

      <ImageUpload
        label="Featured image"
        previewAlt="Featured image preview"
        wide
        value={values.featuredImage ?? null}
        onChange={(url) => form.setValue('featuredImage', url, { shouldDirty: true })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="metaTitle"
          label="Meta title"
          valueAs="nullableText"
          description="The browser tab and search result title; empty: the title."
        />
        <TextField
          name="metaDescription"
          label="Meta description"
          valueAs="nullableText"
          description="The search result snippet; empty: the excerpt."
        />
      </div>
      <CheckboxField
        name="isPublished"
        label="Published"
        description="Unpublished posts are drafts: only admins see them."
      />
      <FormActions
        submitLabel={post ? 'Save Post' : 'Create Post'}
        pendingLabel="Saving..."
        onCancel={onDone}
      />
    </AdminForm>
  );
}

/** The title input; typing also suggests the slug. */
function TitleInput({
  field,
  error,
  onTitle,
}: {
  field: ReturnType<ReturnType<typeof useForm<PostFormIn>>['register']>;
  error?: string;
  onTitle(title: string): void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        Title
      </label>
      <input
        id={id}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="border-input flex h-9 w-full rounded-md border bg-transparent px-3 py-1 text-base shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none md:text-sm"
        {...field}
        onChange={(e) => {
          void field.onChange(e);
          onTitle(e.target.value);
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </>
  );
}
