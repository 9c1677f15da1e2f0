-- Mail whose HTML part is rendered at delivery (issue 12; mail/html-later.ts): the order
-- confirmation stores what it is rendered from instead of the rendered HTML.
ALTER TABLE "mail_outbox" ADD COLUMN "html_source" jsonb;