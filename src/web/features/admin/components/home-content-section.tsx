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
import { DataTable } from './data-table';
import { DeleteAction } from './delete-action';
import { FormDialog } from './form-dialog';
import { ImageUpload } from './image-upload';

const sampleBadge = <Badge variant="warning">Sample</Badge>;

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
  const addLogo = (
    <Button type="button" onClick={() => setLogo({ open: true, entry: null })}>
      <Plus aria-hidden="true" />
      Add Logo
    </Button>
  );
  const addQuote = (
    <Button type="button" onClick={() => setQuote({ open: true, entry: null })}>
      <Plus aria-hidden="true" />
      Add Testimonial
    </Button>
  );
  return (
    <div className="space-y-10">
      <section aria-labelledby="admin-logos" className="space-y-3">
        <h3 id="admin-logos" className="text-lg font-semibold">
          Customer logos
        </h3>
        <p className="text-sm text-slate-600">
          The carousel shows the first {HOME_LOGO_LIMIT} in order; with none it is hidden.
        </p>
        <DataTable
          label="Customer logos"
          rows={home.data?.logos}
          isLoading={home.isLoading}
          isError={home.isError}
          rowKey={(l) => l.id}
          rowLabel={(l) => l.name}
          searchText={(l) => [l.name]}
          emptyTitle="No logos: the carousel is hidden."
          emptyAction={addLogo}
          toolbar={addLogo}
          columns={[
            {
              id: 'image',
              header: 'Logo',
              cell: (l) => <img src={l.imageUrl} alt="" className="h-10 w-20 object-contain" />,
            },
            {
              id: 'name',
              header: 'Name',
              primary: true,
              cell: (l) => (
                <span className="flex flex-wrap items-center gap-2">
                  {l.name}
                  {l.isSample && sampleBadge}
                </span>
              ),
            },
            { id: 'order', header: 'Order', numeric: true, cell: (l) => l.sortOrder },
          ]}
          actions={(l) => (
            <EntryActions
              kind="logos"
              id={l.id}
              name={l.name}
              onEdit={() => setLogo({ open: true, entry: l })}
            />
          )}
        />
      </section>

      <section aria-labelledby="admin-testimonials" className="space-y-3">
        <h3 id="admin-testimonials" className="text-lg font-semibold">
          Testimonials
        </h3>
        <p className="text-sm text-slate-600">
          The home page shows the first {HOME_TESTIMONIAL_LIMIT} in order; with none the section is
          hidden.
        </p>
        <DataTable
          label="Testimonials"
          rows={home.data?.testimonials}
          isLoading={home.isLoading}
          isError={home.isError}
          rowKey={(t) => t.id}
          rowLabel={(t) => t.name}
          searchText={(t) => [t.name, t.title, t.quote]}
          emptyTitle="No testimonials: the section is hidden."
          emptyAction={addQuote}
          toolbar={addQuote}
          columns={[
            {
              id: 'name',
              header: 'Name',
              primary: true,
              cell: (t) => (
                <span className="flex flex-wrap items-center gap-2">
                  {t.name}
                  {t.isSample && sampleBadge}
                </span>
              ),
            },
            { id: 'title', header: 'Title', cell: (t) => t.title },
            {
              id: 'quote',
              header: 'Quote',
              cell: (t) => <span className="line-clamp-2">{t.quote}</span>,
            },
            { id: 'order', header: 'Order', numeric: true, cell: (t) => t.sortOrder },
          ]}
          actions={(t) => (
            <EntryActions
              kind="testimonials"
              id={t.id}
              name={t.name}
              onEdit={() => setQuote({ open: true, entry: t })}
            />
          )}
        />
      </section>

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
      <TextField name="sortOrder" label="Order" inputMode="numeric" valueAs="number" />
      <CheckboxField
        name="isSample"
        label="Sample entry"
        description="Invented demo content; shown with a 'Sample' label."
      />
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
      <TextField name="sortOrder" label="Order" inputMode="numeric" valueAs="number" />
      <CheckboxField
        name="isSample"
        label="Sample entry"
        description="Invented demo content; shown with a 'Sample' label."
      />
      <FormActions
        submitLabel={entry ? 'Save Testimonial' : 'Add Testimonial'}
        pendingLabel="Saving..."
        onCancel={onDone}
      />
    </AdminForm>
  );
}
