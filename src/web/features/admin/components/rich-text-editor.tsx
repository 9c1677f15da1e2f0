/**
 * The blog's rich-text editor (issue 10): Tiptap (StarterKit: headings, bold, italic,
 * lists, quotes, links, undo) with a toolbar of labelled buttons. Loaded lazily by the
 * post form (React.lazy), so neither the storefront nor the rest of the admin downloads
 * it. Produces HTML; the server sanitises it on save. Pasted HTML is fitted first
 * (pasted-html.ts: Word's and Docs' headings mapped to 2 and 3, tables to rows).
 */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { fitPastedHtml } from './pasted-html';

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active ?? undefined}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-40',
        active && 'bg-brand-soft text-brand',
      )}
    >
      {children}
    </button>
  );
}

/** A controlled HTML editor: `value` is read once at mount; `onChange` gets the HTML. */
export default function RichTextEditor({
  value,
  onChange,
  labelledBy,
  describedBy,
}: {
  value: string;
  onChange(html: string): void;
  labelledBy: string;
  describedBy?: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          protocols: ['http', 'https', 'mailto'],
          defaultProtocol: 'https',
          isAllowedUri: (url, ctx) =>
            /^(https?:|mailto:|\/)/i.test(url) && ctx.defaultValidate(url),
        },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'prose-post min-h-56 px-3 py-2 focus-visible:outline-none',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
      transformPastedHTML: (html) => {
        const fitted = fitPastedHtml(html);
        if (fitted.tables > 0) {
          toast({
            title: 'Table Pasted as Text',
            description:
              'Posts have no tables: each row became a line with its cells separated by |.',
          });
        }
        return fitted.html;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const chain = () => editor.chain().focus();
  const setLink = () => {
    const current = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt('Link address (https://... or /page)', current);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else if (!chain().extendMarkRange('link').setLink({ href: href.trim() }).run()) {
      // Refused by isAllowedUri (javascript:, data:, ...): say so instead of doing nothing.
      toast({
        title: 'Link Not Added',
        description:
          'A link must start with https://, http://, mailto: or / (a page of this shop).',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="rounded-md border focus-within:ring-2 focus-within:ring-ring/50">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b p-1">
        <ToolButton label="Bold" active={state?.bold} onClick={() => chain().toggleBold().run()}>
          <Bold className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Italic"
          active={state?.italic}
          onClick={() => chain().toggleItalic().run()}
        >
          <Italic className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Heading"
          active={state?.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          <Heading2 className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Subheading"
          active={state?.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          <Heading3 className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Bulleted list"
          active={state?.bullet}
          onClick={() => chain().toggleBulletList().run()}
        >
          <List className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Numbered list"
          active={state?.ordered}
          onClick={() => chain().toggleOrderedList().run()}
        >
          <ListOrdered className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Quote"
          active={state?.quote}
          onClick={() => chain().toggleBlockquote().run()}
        >
          <Quote className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Link" active={state?.link} onClick={setLink}>
          <LinkIcon className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Undo" disabled={!state?.canUndo} onClick={() => chain().undo().run()}>
          <Undo2 className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Redo" disabled={!state?.canRedo} onClick={() => chain().redo().run()}>
          <Redo2 className="size-4" aria-hidden="true" />
        </ToolButton>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
