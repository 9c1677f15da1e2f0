/**
 * Admin 'Home Page' (issue 10): the customer logos of the carousel (the first 12 show)
 * and the testimonials (the first 3 show), each with add / edit (image upload through the
 * shared ImageUpload) and delete. Invented demo entries carry a 'Sample' badge until the
 * owner replaces them; an empty list hides its section on the home page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  HOME_LOGO_LIMIT,
  HOME_TESTIMONIAL_LIMIT,
  type HomeLogo,
  HomeLogoInput,
  type HomeTestimonial,
  HomeTestimonialInput,
} from '@shared/schemas/home';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useAdminHome, useDeleteHomeEntry, useSaveHomeEntry } from '../home-api';
import { runDelete, toastError } from '../notify';
import { ActionBar } from './action-bar';
import {
  AdminForm,
  applyServerErrors,
  CheckboxField,
  FormActions,
  TextareaField,
  TextField,
} from './admin-form';
import { DataTable, type DataTableColumn } from './data-table';
import { DeleteAction } from './delete-action';
import { FormDialog } from './form-dialog';
import { ImageUpload } from './image-upload';

const sampleBadge = <Badge variant="warning">Sample</Badge>;

type Entry = HomeLogo | HomeTestimonial;

/** The Name column of both lists: the name, with the 'Sample' badge on invented entries. */
const nameColumn: DataTableColumn<Entry> = {
  id: 'name',
  header: 'Name',
  primary: true,
  cell: (e) => (
    <span className="flex flex-wrap items-center gap-2">
      {e.name}
      {e.isSample && sampleBadge}
    </span>
  ),
};

/** The Order column of both lists (the home page shows the entries in this order). */
const orderColumn: DataTableColumn<Entry> = {
  id: 'order',
  header: 'Order',
  numeric: true,
  cell: (e) => e.sortOrder,
};

export function HomeContentSection() {
  const home = useAdminHome();
  const [logo, setLogo] = useState<{ open: boolean; entry: HomeLogo | null }>({
    open: false,
    entry: null,
  });
  const [quote, setQuote] = useState<{ open: boolean; entry: HomeTestimonial | null }>({
    open: false,
    entry: null,
  });
  return (
    <div className="space-y-10">
      <EntryList
        kind="logos"
        heading="Customer logos"
        note={`The carousel shows the first ${HOME_LOGO_LIMIT} in order; with none it is hidden.`}
        rows={home.data?.logos}
        isLoading={home.isLoading}
        isError={home.isError}
        onRetry={() => void home.refetch()}
        searchText={(l) => [l.name]}
        emptyTitle="No logos: the carousel is hidden."
        addLabel="Add Logo"
        columns={[
          {
            id: 'image',
            header: 'Logo',
            cell: (l) => <img src={l.imageUrl} alt="" className="h-10 w-20 object-contain" />,
          },
          nameColumn,
          orderColumn,
        ]}
        onEdit={(entry) => setLogo({ open: true, entry })}
      />

      <EntryList
        kind="testimonials"
        heading="Testimonials"
        note={`The home page shows the first ${HOME_TESTIMONIAL_LIMIT} in order; with none the section is hidden.`}
        rows={home.data?.testimonials}
        isLoading={home.isLoading}
        isError={home.isError}
        onRetry={() => void home.refetch()}
        searchText={(t) => [t.name, t.title, t.quote]}
        emptyTitle="No testimonials: the section is hidden."
        addLabel="Add Testimonial"
        columns={[
          nameColumn,
          { id: 'title', header: 'Title', cell: (t) => t.title },
          {
            id: 'quote',
            header: 'Quote',
            cell: (t) => <span className="line-clamp-2">{t.quote}</span>,
          },
          orderColumn,
        ]}
        onEdit={(entry) => setQuote({ open: true, entry })}
      />

      <FormDialog
        open={logo.open}
        onOpenChange={(open) => setLogo((s) => ({ ...s, open }))}
        title={logo.entry ? `Edit ${logo.entry.name}` : 'Add Logo'}
        description="Logos show in the home page carousel in the order given."
      >
        {(close) => <LogoForm entry={logo.entry} onDone={close} />}
      </FormDialog>
      <FormDialog
        open={quote.open}
        onOpenChange={(open) => setQuote((s) => ({ ...s, open }))}
        title={quote.entry ? `Edit ${quote.entry.name}` : 'Add Testimonial'}
        description="Only real customers' words, with their permission."
        wide
      >
        {(close) => <TestimonialForm entry={quote.entry} onDone={close} />}
      </FormDialog>
    </div>
  );
}

/**
 * One list of home entries: its heading (`heading` also labels the table), `note` on what
 * the home page shows, and the table of `columns` with an 'Add' button (`addLabel`) and
 * each row's Edit and Delete. `onEdit` gets the row, or null for 'Add'.
 */
function EntryList<T extends Entry>({
  kind,
  heading,
  note,
  rows,
  isLoading,
  isError,
  onRetry,
  searchText,
  emptyTitle,
  addLabel,
  columns,
  onEdit,
}: {
  kind: 'logos' | 'testimonials';
  heading: string;
  note: string;
  rows: readonly T[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
  searchText(row: NoInfer<T>): readonly string[];
  emptyTitle: string;
  addLabel: string;
  columns: readonly DataTableColumn<NoInfer<T>>[];
  onEdit(entry: NoInfer<T> | null): void;
}) {
  const add = (
    <Button type="button" onClick={() => onEdit(null)}>
      <Plus aria-hidden="true" />
      {addLabel}
    </Button>
  );
  return (
    <section aria-labelledby={`admin-${kind}`} className="space-y-3">
      <h3 id={`admin-${kind}`} className="text-lg font-semibold">
        {heading}
      </h3>
      <p className="text-sm text-slate-600">{note}</p>
      <DataTable
        label={heading}
        rows={rows}
        isLoading={isLoading}
        isError={isError}
        onRetry={onRetry}
        rowKey={(e) => e.id}
        rowLabel={(e) => e.name}
        searchText={searchText}
        emptyTitle={emptyTitle}
        emptyAction={add}
        toolbar={add}
        columns={columns}
        actions={(e) => (
          <EntryActions kind={kind} id={e.id} name={e.name} onEdit={() => onEdit(e)} />
        )}
      />
    </section>
  );
}

function EntryActions({
  kind,
  id,
  name,
  onEdit,
}: {
  kind: 'logos' | 'testimonials';
  id: number;
  name: string;
  onEdit(): void;
}) {
  const remove = useDeleteHomeEntry(kind);
  const noun = kind === 'logos' ? 'Logo' : 'Testimonial';
  return (
    <ActionBar
      className="justify-end"
      destructive={
        <DeleteAction
          itemName={name}
          title={`Delete ${name}?`}
          description={`This removes the ${noun.toLowerCase()} from the home page for good.`}
          confirmLabel={`Delete ${noun}`}
          onDelete={() => runDelete(remove.mutateAsync(id), { noun, name })}
        />
      }
    >
      <Button type="button" size="sm" variant="outline" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit<span className="sr-only"> {name}</span>
      </Button>
    </ActionBar>
  );
}

/** The fields of both forms after their own: the place in the order and the 'Sample' mark. */
function OrderAndSampleFields() {
  return (
    <>
      <TextField name="sortOrder" label="Order" inputMode="numeric" valueAs="number" />
      <CheckboxField
        name="isSample"
        label="Sample entry"
        description="Invented demo content; shown with a 'Sample' label."
      />
    </>
  );
}

function LogoForm({ entry, onDone }: { entry: HomeLogo | null; onDone(): void }) {
  const save = useSaveHomeEntry('logos');
  const form = useForm<z.input<typeof HomeLogoInput>, unknown, z.output<typeof HomeLogoInput>>({
    resolver: zodResolver(HomeLogoInput),
    defaultValues: {
      name: entry?.name ?? '',
      imageUrl: entry?.imageUrl ?? '',
      isSample: entry?.isSample ?? false,
      sortOrder: entry?.sortOrder ?? 0,
    },
  });
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' });
  const submit = async (body: z.output<typeof HomeLogoInput>) => {
    try {
      await save.mutateAsync({ id: entry?.id ?? null, body });
      toast({ title: entry ? 'Logo Updated' : 'Logo Added', description: body.name });
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error)) toastError(error, 'Failed to save the logo.');
    }
  };
  return (
    <AdminForm form={form} onSubmit={submit} aria-label={entry ? 'Edit logo' : 'New logo'}>
      <TextField name="name" label="Customer name" autoComplete="off" />
      <ImageUpload
        label="Logo image"
        previewAlt="Logo preview"
        value={imageUrl || null}
        onChange={(url) => form.setValue('imageUrl', url ?? '', { shouldValidate: true })}
      />
      {form.formState.errors.imageUrl ? (
        <p className="text-destructive text-sm">Upload the logo image.</p>
      ) : null}
      <OrderAndSampleFields />
      <FormActions
        submitLabel={entry ? 'Save Logo' : 'Add Logo'}
        pendingLabel="Saving..."
        onCancel={onDone}
      />
    </AdminForm>
  );
}

function TestimonialForm({ entry, onDone }: { entry: HomeTestimonial | null; onDone(): void }) {
  const save = useSaveHomeEntry('testimonials');
  const form = useForm<
    z.input<typeof HomeTestimonialInput>,
    unknown,
    z.output<typeof HomeTestimonialInput>
  >({
    resolver: zodResolver(HomeTestimonialInput),
    defaultValues: {
      name: entry?.name ?? '',
      title: entry?.title ?? '',
      quote: entry?.quote ?? '',
      avatarUrl: entry?.avatarUrl ?? null,
      imageUrl: entry?.imageUrl ?? null,
      isSample: entry?.isSample ?? false,
      sortOrder: entry?.sortOrder ?? 0,
    },
  });
  const [avatarUrl, imageUrl] = useWatch({
    control: form.control,
    name: ['avatarUrl', 'imageUrl'],
  });
  const submit = async (body: z.output<typeof HomeTestimonialInput>) => {
    try {
      await save.mutateAsync({ id: entry?.id ?? null, body });
      toast({ title: entry ? 'Testimonial Updated' : 'Testimonial Added', description: body.name });
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error)) toastError(error, 'Failed to save the testimonial.');
    }
  };
  return (
    <AdminForm
      form={form}
      onSubmit={submit}
      aria-label={entry ? 'Edit testimonial' : 'New testimonial'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" autoComplete="off" />
        <TextField
          name="title"
          label="Title"
          description="Role and club, e.g. Head Pro, Oak Hills GC."
        />
      </div>
      <TextareaField name="quote" label="Quote" rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ImageUpload
          label="Avatar"
          previewAlt="Avatar preview"
          value={avatarUrl ?? null}
          onChange={(url) => form.setValue('avatarUrl', url)}
        />
        <ImageUpload
          label="Image"
          previewAlt="Testimonial image preview"
          value={imageUrl ?? null}
          onChange={(url) => form.setValue('imageUrl', url)}
        />
      </div>
      <OrderAndSampleFields />
      <FormActions
        submitLabel={entry ? 'Save Testimonial' : 'Add Testimonial'}
        pendingLabel="Saving..."
        onCancel={onDone}
      />
    </AdminForm>
  );
}
