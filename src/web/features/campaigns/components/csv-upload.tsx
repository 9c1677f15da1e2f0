/**
 * Campaign CSV upload with preview (back-office spec: 'Invalid File' / 'Please upload a
 * CSV file.'; DECISIONS.md: a header row names `email`, optional `name`, `organization`).
 * A file whose name does not end in .csv is refused before upload; the server checks the
 * content. The preview lists the parsed rows with invalid ones flagged.
 */
import {
  CSV_INVALID_TEXT,
  CSV_INVALID_TITLE,
  type CsvUploadResponse,
} from '@shared/schemas/campaigns';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { toastError } from '../../admin/notify';
import { useUploadCsv } from '../api';

const PREVIEW_ROWS = 50;

export function CsvUpload({
  list,
  label,
  uploaded,
  onUploaded,
}: {
  list: 'tournament' | 'vip';
  label: string;
  uploaded: CsvUploadResponse | null;
  onUploaded(result: CsvUploadResponse): void;
}) {
  const id = useId();
  const upload = useUploadCsv(list);
  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!/\.csv$/i.test(file.name)) {
      toast({ title: CSV_INVALID_TITLE, description: CSV_INVALID_TEXT, variant: 'destructive' });
      return;
    }
    upload
      .mutateAsync(file)
      .then(onUploaded, (error: unknown) => toastError(error, CSV_INVALID_TEXT, 'Upload Failed'));
  };
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            onFile(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          A header row names the columns: email (required), name and organization (optional), in any
          order.
        </p>
      </div>
      {upload.isPending ? <p className="text-sm">Reading the file…</p> : null}
      {uploaded ? <CsvPreview result={uploaded} /> : null}
    </div>
  );
}

export function CsvPreview({ result }: { result: CsvUploadResponse }) {
  const rows = result.rows.slice(0, PREVIEW_ROWS);
  return (
    <section aria-label={`Preview of ${result.fileName}`} className="space-y-2">
      <p className="text-sm" data-testid="csv-count">
        <strong>{result.fileName}</strong>: {result.count} valid{' '}
        {result.count === 1 ? 'address' : 'addresses'}
        {result.invalid > 0 ? `, ${result.invalid} left out` : ''}.
      </p>
      {/* Scrollable, so reachable by keyboard (axe scrollable-region-focusable). */}
      <div
        className="focus-visible:ring-ring/50 max-h-72 overflow-auto rounded-md border outline-none focus-visible:ring-[3px]"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Parsed rows of {result.fileName}</caption>
          <thead className="bg-muted sticky top-0">
            <tr>
              <th scope="col" className="px-2 py-1">
                Line
              </th>
              <th scope="col" className="px-2 py-1">
                E-mail
              </th>
              <th scope="col" className="px-2 py-1">
                Name
              </th>
              <th scope="col" className="px-2 py-1">
                Organization
              </th>
              <th scope="col" className="px-2 py-1">
                Check
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line} className={r.error ? 'bg-destructive/10' : undefined}>
                <td className="px-2 py-1 tabular-nums">{r.line}</td>
                <td className="px-2 py-1 break-all">{r.email}</td>
                <td className="px-2 py-1">{r.name ?? '—'}</td>
                <td className="px-2 py-1">{r.organization ?? '—'}</td>
                <td className="px-2 py-1">
                  {r.error ? <Badge variant="destructive">{r.error}</Badge> : 'OK'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.rows.length > rows.length ? (
        <p className="text-muted-foreground text-xs">
          Showing the first {rows.length} rows of the preview.
        </p>
      ) : null}
    </section>
  );
}
