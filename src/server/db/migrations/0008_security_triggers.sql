-- Issue 11 (security hardening).
-- 1. All sessions of a user end when the password changes, whichever code path (or a
--    person with psql) changes it: the sessions rows of that user are deleted in the same
--    statement. A route that lets a signed-in user change their own password signs them
--    in again afterwards.
CREATE OR REPLACE FUNCTION fp_end_sessions_on_password_change() RETURNS trigger AS $$
BEGIN
  DELETE FROM sessions WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_password_change_ends_sessions
  AFTER UPDATE OF password_hash ON users
  FOR EACH ROW
  WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION fp_end_sessions_on_password_change();
--> statement-breakpoint
-- 2. Payments created before capture was bound to its creator: a cart payment's creator
--    is the cart session it prices (its reference), so in-flight checkouts still capture.
UPDATE payments SET created_by_session = reference
  WHERE purpose = 'cart' AND created_by_session IS NULL AND status = 'created';
