/**
 * The shop's e-mail layout built with React Email (`@react-email/components`): table-based
 * markup with inline styles that renders in the common clients (Gmail, Outlook, Apple
 * Mail), the store's name and colours, a hidden preview line, greeting, paragraphs, an
 * optional details table and one call-to-action button, and the contact footer (with the
 * one-click unsubscribe link on marketing mail). Rendered synchronously to static HTML
 * (`renderEmail`, react-dom/server) so the mail rules stay synchronous; React escapes every
 * value, so customer text can never become markup.
 */
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export const BRAND = { green: '#14532d', light: '#f4f7f4', text: '#1a1a1a', muted: '#555555' };

export interface ShopEmailProps {
  storeName: string;
  storeEmail: string;
  /** The line mail clients show after the subject. */
  preview: string;
  /** 'Hi Ann,' or 'Hello,'; none: the content greets. */
  greeting?: string;
  paragraphs: string[];
  rows?: [string, string][];
  action?: { label: string; url: string };
  /** Extra content after the paragraphs (e.g. order lines). */
  children?: ReactNode;
  /** Marketing mail: the one-click unsubscribe link in the footer. */
  unsubscribeUrl?: string;
}

/** Links: the brand green, underlined (readable and recognisable in a block of text). */
const link = { color: BRAND.green, textDecoration: 'underline' };
const text = { fontSize: '15px', lineHeight: '24px', color: BRAND.text, margin: '0 0 14px' };
const cell = {
  padding: '6px 8px',
  borderBottom: '1px solid #e5e7eb',
  fontSize: '14px',
  verticalAlign: 'top' as const,
};

/** Text with its line breaks kept (each line a text node, <br> between). */
function Lines({ value }: { value: string }) {
  const lines = value.split(/\r?\n/);
  return (
    <>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </>
  );
}

/**
 * Label/value rows as an e-mail-safe table. A value that is one http(s) address (a
 * tracking link) is a link (the text part shows it as it is).
 */
export function DetailRows({ rows }: { rows: [string, string][] }) {
  return (
    <Section style={{ margin: '8px 0 18px' }}>
      {rows.map(([label, value]) => (
        <Row key={label}>
          <Column style={{ ...cell, width: '38%', fontWeight: 'bold' }}>{label}</Column>
          {/* A long value (a tracking link) breaks anywhere rather than widen a phone's screen. */}
          <Column style={{ ...cell, wordBreak: 'break-word', overflowWrap: 'anywhere' }}>
            {/^https?:\/\/\S+$/.test(value) ? (
              <Link href={value} style={link}>
                {value}
              </Link>
            ) : (
              <Lines value={value} />
            )}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

/** Order lines (item, quantity, unit price, amount) and the totals under them. */
export function OrderLines({
  lines,
  totals,
}: {
  lines: { name: string; quantity: number; unit: string; total: string }[];
  totals: [string, string][];
}) {
  const left = { ...cell, textAlign: 'left' as const };
  const right = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
  // One table, so the columns line up (react-email's Row is a table of its own per row:
  // a buyer audit found '25' under 'Unit price' and the totals adrift).
  return (
    <Section style={{ margin: '8px 0 18px' }}>
      <table width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th scope="col" style={{ ...left, fontWeight: 'bold', width: '100%' }}>
              Item
            </th>
            <th scope="col" style={{ ...right, fontWeight: 'bold' }}>
              Qty
            </th>
            <th scope="col" style={{ ...right, fontWeight: 'bold' }}>
              Unit price
            </th>
            <th scope="col" style={{ ...right, fontWeight: 'bold' }}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two lines may share a name
            <tr key={i}>
              <td style={left}>{l.name}</td>
              <td style={right}>{l.quantity}</td>
              <td style={right}>{l.unit}</td>
              <td style={right}>{l.total}</td>
            </tr>
          ))}
          {totals.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row" colSpan={3} style={{ ...right, fontWeight: 'normal' }}>
                {label}
              </th>
              <td style={{ ...right, fontWeight: label === 'Total' ? 'bold' : 'normal' }}>
                {amount}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function ShopEmail(p: ShopEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{p.preview}</Preview>
      <Body style={{ backgroundColor: BRAND.light, fontFamily: 'Arial, Helvetica, sans-serif' }}>
        <Container style={{ maxWidth: '600px', margin: '0 auto', padding: '24px 12px' }}>
          <Section
            style={{
              backgroundColor: BRAND.green,
              borderRadius: '8px 8px 0 0',
              padding: '16px 24px',
            }}
          >
            <Heading as="h1" style={{ color: '#ffffff', fontSize: '20px', margin: 0 }}>
              {p.storeName}
            </Heading>
          </Section>
          <Section style={{ backgroundColor: '#ffffff', padding: '24px' }}>
            {p.greeting ? <Text style={text}>{p.greeting}</Text> : null}
            {p.paragraphs.map((para, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place
              <Text key={i} style={text}>
                <Lines value={para} />
              </Text>
            ))}
            {p.children}
            {p.rows?.length ? <DetailRows rows={p.rows} /> : null}
            {p.action ? (
              <Section style={{ margin: '8px 0 18px' }}>
                <Button
                  href={p.action.url}
                  style={{
                    backgroundColor: BRAND.green,
                    color: '#ffffff',
                    borderRadius: '6px',
                    padding: '12px 18px',
                    fontSize: '15px',
                    textDecoration: 'none',
                  }}
                >
                  {p.action.label}
                </Button>
                <Text style={{ ...text, fontSize: '12px', color: BRAND.muted }}>
                  Or open this link:{' '}
                  {/* A long address breaks anywhere rather than widen a phone's screen. */}
                  <Link href={p.action.url} style={{ ...link, wordBreak: 'break-all' }}>
                    {p.action.url}
                  </Link>
                </Text>
              </Section>
            ) : null}
          </Section>
          <Section
            style={{
              backgroundColor: '#ffffff',
              borderRadius: '0 0 8px 8px',
              padding: '0 24px 16px',
            }}
          >
            <Hr style={{ borderColor: '#e5e7eb', margin: '0 0 12px' }} />
            <Text style={{ fontSize: '12px', lineHeight: '18px', color: BRAND.muted, margin: 0 }}>
              Questions? Write to{' '}
              <Link href={`mailto:${p.storeEmail}`} style={link}>
                {p.storeEmail}
              </Link>
              .
              <br />
              {p.storeName}
              {p.unsubscribeUrl ? (
                <>
                  <br />
                  <Link href={p.unsubscribeUrl} style={{ ...link, color: BRAND.muted }}>
                    Unsubscribe
                  </Link>{' '}
                  from marketing e-mail with one click.
                </>
              ) : null}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** HTML that is already sanitised (DOMPurify), placed as is (the admin's marketing content). */
export function TrustedHtml({ html }: { html: string }) {
  return (
    <Section style={{ fontSize: '15px', lineHeight: '24px', color: BRAND.text }}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify by the caller */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Section>
  );
}

/** Static HTML of an e-mail element, with the XHTML doctype e-mail clients expect. */
export function renderEmail(element: ReactElement): string {
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">${renderToStaticMarkup(element)}`;
}
