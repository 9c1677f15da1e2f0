-- Catalogue cache invalidation (DECISIONS.md "Catalogue"; NOTES.md: the product list is served
-- from an in-process cache). Any write to products, by any module or by hand, notifies
-- listeners on channel catalog_changed once per statement; notifications are sent on commit.
CREATE OR REPLACE FUNCTION fp_notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_notify_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION fp_notify_catalog_changed();
