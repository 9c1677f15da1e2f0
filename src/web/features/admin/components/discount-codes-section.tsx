/**
 * Admin 'Discount Codes' (back-office spec sections 2, 3, 5, 7, 8; DECISIONS.md "Admin
 * buttons whose behaviour the spec does not show ... do the obvious real thing"): every
 * code with its fields (code, Active/Inactive, percent or amount, minimum order, used /
 * max, valid dates as the store's calendar days, created) in the admin table; 'Create Code' (shared
 * CreateDiscountCodeBody: upper case, unique, validFrom <= validUntil, percent 1-100,
 * fixed > 0); per code Activate/Deactivate, Copy Code, Delete with confirmation (a used
 * code is deactivated instead and the toast says so); 'Import Customers' with a
 * confirmation and the spec's 'Customer Import Completed' toast with the counts.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDollars } from '@shared/money';
import { type AdminDiscountCode, CreateDiscountCodeBody } from '@shared/schemas/cart';
import { Copy, Plus, Power, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useStoreToday } from '@/lib/store-calendar';
import { toast } from '@/lib/toast';
import { MassEmailButton } from '../../campaigns/components/mass-email-button';
import {
  useCreateCode,
  useDeleteCode,
  useDiscountCodes,
  useImportCustomers,
  useSetCodeActive,
} from '../back-office-api';
import { formatAdminDate, formatCalendarDay } from '../format';
import { copyWithToast, runDelete, toastError } from '../notify';
import { activeFilter, type TableFilter } from '../table-state';
import { ActionBar } from './action-bar';
import {
  AdminForm,
  applyServerErrors,
  CheckboxField,
  FormActions,
  SelectField,
  TextField,
} from './admin-form';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, fromQuery } from './data-table';
import { DeleteAction } from './delete-action';
import { FormDialog } from './form-dialog';

/** "15% off" or "$5.00 off". */
export function discountLabel(code: Pick<AdminDiscountCode, 'discountType' | 'discountValue'>) {
  return code.discountType === 'percentage'
    ? `${code.discountValue}% off`
    : `${formatDollars(code.discountValue)} off`;
}

/**
 * What a code's status badge says: 'Inactive' (switched off), else whether checkout would
 * take it today: 'Used up', 'Expired' / 'Starts {day}' (its days against the store's
 * today, GET /api/calendar), else 'Active'. Before the store's today is known, by the
 * switch and the uses alone.
 */
export function codeStatus(
  code: Pick<
    AdminDiscountCode,
    'isActive' | 'usedCount' | 'maxUses' | 'validFromDay' | 'validUntilDay'
  >,
  today: string | undefined,
): { label: string; variant: 'success' | 'outline' | 'warning' } {
  if (!code.isActive) return { label: 'Inactive', variant: 'outline' };
  if (code.maxUses !== null && code.usedCount >= code.maxUses) {
    return { label: 'Used up', variant: 'warning' };
  }
  if (today && code.validUntilDay && code.validUntilDay < today) {
    return { label: 'Expired', variant: 'warning' };
  }
  if (today && code.validFromDay && code.validFromDay > today) {
    return { label: `Starts ${formatCalendarDay(code.validFromDay)}`, variant: 'outline' };
  }
  return { label: 'Active', variant: 'success' };
}

const filters: TableFilter<AdminDiscountCode>[] = [
  activeFilter<AdminDiscountCode>(),
  {
    id: 'type',
    label: 'Type',
    options: [
      { value: '', label: 'Any type' },
      { value: 'percentage', label: 'Percent' },
      { value: 'fixed', label: 'Fixed amount' },
    ],
    matches: (c, v) => c.discountType === v,
  },
];

export function DiscountCodesSection() {
  const codes = useDiscountCodes();
  const today = useStoreToday();
  const [createOpen, setCreateOpen] = useState(false);
  const toolbar = (
    <>
      <Button type="button" onClick={() => setCreateOpen(true)}>
        <Plus aria-hidden="true" />
        Create Code
      </Button>
      <ImportCustomersButton />
    </>
  );
  return (
    <>
      <DataTable
        label="Discount codes"
        {...fromQuery(codes)}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.code}
        searchText={(c) => [c.code, c.issuedToEmail]}
        searchPlaceholder="Code or e-mail"
        filters={filters}
        toolbar={toolbar}
        emptyTitle="No discount codes yet."
        columns={[
          { id: 'code', header: 'Code', primary: true, cell: (c) => <code>{c.code}</code> },
          {
            id: 'status',
            header: 'Status',
            cell: (c) => {
              const status = codeStatus(c, today);
              return <Badge variant={status.variant}>{status.label}</Badge>;
            },
          },
          { id: 'discount', header: 'Discount', cell: discountLabel },
          {
            id: 'minimum',
            header: 'Minimum order',
            numeric: true,
            cell: (c) => formatDollars(c.minimumOrderAmount),
          },
          {
            id: 'used',
            header: 'Used / max',
            numeric: true,
            cell: (c) => `${c.usedCount} / ${c.maxUses ?? '∞'}`,
          },
          {
            id: 'valid',
            header: 'Valid',
            // The store's calendar days (the server's STORE_TIME_ZONE), not the browser's or UTC's.
            cell: (c) =>
              c.validFromDay || c.validUntilDay
                ? `${formatCalendarDay(c.validFromDay) ?? 'now'} – ${formatCalendarDay(c.validUntilDay) ?? 'no end'}`
                : 'Always',
          },
          { id: 'created', header: 'Created', cell: (c) => formatAdminDate(c.createdAt) },
        ]}
        actions={(c) => <CodeActions code={c} />}
      />
      <CreateCodeDialog open={createOpen} onOpenChange={setCreateOpen} />
    </>
  );
}

function CodeActions({ code }: { code: AdminDiscountCode }) {
  const setActive = useSetCodeActive();
  const remove = useDeleteCode();
  const toggle = () =>
    setActive.mutateAsync({ id: code.id, isActive: !code.isActive }).then(
      (saved) =>
        toast({
          title: saved.isActive ? 'Code Activated' : 'Code Deactivated',
          description: `${saved.code} is now ${saved.isActive ? 'active' : 'inactive'}.`,
        }),
      (error: unknown) => toastError(error, 'Failed to update the code.'),
    );
  const doDelete = () => runDelete(remove.mutateAsync(code.id), { noun: 'Code', name: code.code });
  return (
    <ActionBar
      className="justify-end"
      destructive={
        <DeleteAction
          itemName={code.code}
          title={`Delete ${code.code}?`}
          description={`Customers can no longer use ${code.code} (${discountLabel(code)}). If it was ever used it is deactivated instead, so orders keep their record of it.`}
          confirmLabel="Delete Code"
          onDelete={doDelete}
        />
      }
    >
      <Button
        type="button"
        size="sm"
        variant="outline"
        pending={setActive.isPending}
        onClick={() => void toggle()}
      >
        <Power aria-hidden="true" />
        {code.isActive ? 'Deactivate' : 'Activate'}
        <span className="sr-only"> {code.code}</span>
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() =>
          void copyWithToast(code.code, {
            title: 'Code Copied',
            description: `${code.code} is on the clipboard.`,
          })
        }
      >
        <Copy aria-hidden="true" />
        Copy Code<span className="sr-only"> {code.code}</span>
      </Button>
      <MassEmailButton code={code.code} offer={discountLabel(code)} />
    </ActionBar>
  );
}

type CodeIn = z.input<typeof CreateDiscountCodeBody>;
type CodeOut = z.output<typeof CreateDiscountCodeBody>;

function CreateCodeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(o: boolean): void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Discount Code"
      description="Codes are stored in upper case and must be unique."
    >
      {(close) => <CreateCodeForm onDone={close} />}
    </FormDialog>
  );
}

function CreateCodeForm({ onDone }: { onDone(): void }) {
  const create = useCreateCode();
  const form = useForm<CodeIn, unknown, CodeOut>({
    resolver: zodResolver(CreateDiscountCodeBody),
    defaultValues: {
      code: '',
      discountType: 'percentage',
      minimumOrderAmount: 0,
      maxUses: null,
      validFrom: null,
      validUntil: null,
      isActive: true,
    },
  });
  const submit = (body: CodeOut) =>
    create.mutateAsync(body).then(
      (saved) => {
        toast({ title: 'Code Created', description: `${saved.code}: ${discountLabel(saved)}.` });
        onDone();
      },
      (error: unknown) => {
        if (error instanceof Error && /already exists/.test(error.message)) {
          form.setError('code', { message: error.message }, { shouldFocus: true });
        } else if (!applyServerErrors(form, error)) {
          toastError(error, 'Failed to create the code.');
        }
      },
    );
  return (
    <AdminForm form={form} onSubmit={submit} aria-label="New discount code">
      <TextField
        name="code"
        label="Code"
        autoCapitalize="characters"
        autoComplete="off"
        description="3-32 letters, digits, - or _. Stored in upper case."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="discountType"
          label="Type"
          options={[
            { value: 'percentage', label: 'Percent off' },
            { value: 'fixed', label: 'Fixed amount off ($)' },
          ]}
        />
        <TextField
          name="discountValue"
          label="Discount"
          inputMode="decimal"
          valueAs="number"
          description="Percent 1-100, or dollars above 0."
        />
        <TextField
          name="minimumOrderAmount"
          label="Minimum order ($)"
          inputMode="decimal"
          valueAs="number"
        />
        <TextField
          name="maxUses"
          label="Max uses"
          inputMode="numeric"
          valueAs="nullableNumber"
          description="Empty: unlimited."
        />
        <TextField
          name="validFrom"
          label="Valid from"
          type="date"
          valueAs="nullableText"
          description="From the start of this day, shop time."
        />
        <TextField
          name="validUntil"
          label="Valid until"
          type="date"
          valueAs="nullableText"
          description="Through the end of this day, shop time."
        />
      </div>
      <CheckboxField name="isActive" label="Active" />
      <FormActions submitLabel="Create Code" pendingLabel="Creating..." onCancel={onDone} />
    </AdminForm>
  );
}

/** 'Import Customers' with its confirmation (spec section 5) and result toast (section 8). */
function ImportCustomersButton() {
  const [open, setOpen] = useState(false);
  const run = useImportCustomers();
  const doImport = () =>
    run.mutateAsync().then(
      ({ result }) => {
        setOpen(false);
        toast({
          title: 'Customer Import Completed',
          description: `Imported ${result.imported}, skipped ${result.skipped}, duplicates ${result.duplicates}.`,
        });
      },
      () =>
        toast({
          title: 'Error',
          description: 'Failed to import customers.',
          variant: 'destructive',
        }),
    );
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Users aria-hidden="true" />
        Import Customers
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="default"
        title="Import customers?"
        description="This collects every customer e-mail address from orders, custom orders, quote requests and accounts into the customer list that campaigns are sent to. Addresses already on the list are skipped; nothing is deleted."
        confirmLabel="Import Customers"
        pendingLabel="Importing..."
        onConfirm={doImport}
      />
    </>
  );
}
